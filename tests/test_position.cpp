// Position files (spec/position.md) and the rule file's start board: reading, resolving, setting up, writing.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "pipeline/pipeline.hpp"
#include "runtime/engine.hpp"
#include "io/position.hpp"
#include "io/position_text.hpp"
#include "common/prng.hpp"
#include "support.hpp"

using namespace ri;

namespace {

// A game with a value of every kind a variable holds, a per-player zone, a kind without 'at' and a turn of two
// steps.
const char* kRules = R"RULES(game: {name: Positions}
players: [Red, Blue]
topology:
  grids: [{width: 3, height: 3}]
zones:
  hand: {per_player: true}
pieces:
  stone: {per_player: 3, at: hand}
  tower:
    per_player: 1
    attributes:
      height: "size(hand[me]) + 1"
chance:
  coin: {dice: {count: 1, faces: [0, 1]}}
variables:
  quiet: 0
  done: "false"
  leader: {type: player, init: Blue}
  last: {type: site, init: none}
  moved: {type: piece, init: none}
  favourite: {type: kind, init: stone}
  score: {per_player: true, init: "owned(a1, me)"}
moves:
  place:
    params:
      to: site
    requires:
      - vacant(to)
      - size(hand[me]) > 0
    effects:
      - move(top(hand[me]), to)
      - set last = to
      - set moved = top(to)
turn:
  - roll: coin
  - choose: [place]
end:
  - when: size(c3) > 0
    result: win(me)
)RULES";

std::shared_ptr<const Program> game() {
  static std::shared_ptr<const Program> p = testing::compile_text(kRules, "positions.rules");
  return p;
}

// "LINE:COL: message" for each diagnostic, in the order reported.
std::vector<std::string> problems(const Diagnostics& d) {
  std::vector<std::string> out;
  for (auto& x : d.all()) out.push_back(fmt::format("{}:{}: {}", x.pos.line, x.pos.col, x.message));
  return out;
}

bool load(const std::string& text, Position& out, Diagnostics& d, std::shared_ptr<const Program> p = game()) {
  return parse_position(std::make_shared<SourceFile>("p.position", text), *p, out, d);
}

// Sets up a game at the position; fails the test when the position has problems.
Game at(const std::string& text, std::shared_ptr<const Program> p = game()) {
  Position pos;
  Diagnostics d;
  bool ok = load(text, pos, d, p);
  INFO(d.format());
  REQUIRE(ok);
  Game g(p);
  g.reset(pos);
  return g;
}

// The first problem ("LINE:COL: message") of a position that must not load; "(it loads)" when it loads.
std::string first_problem(const std::string& text, std::shared_ptr<const Program> p) {
  Position pos;
  Diagnostics d;
  if (load(text, pos, d, p)) return "(it loads)";
  std::vector<std::string> got = problems(d);
  REQUIRE_FALSE(got.empty());
  return got[0];
}

int site(const Program& P, const std::string& name) {
  auto it = std::find(P.site_names.begin(), P.site_names.end(), name);
  REQUIRE(it != P.site_names.end());
  return static_cast<int>(it - P.site_names.begin());
}

int var(const Program& P, const std::string& name, int player = 0) {
  auto it = std::find_if(P.vars.begin(), P.vars.end(), [&](const VarInfo& v) { return v.name == name; });
  REQUIRE(it != P.vars.end());
  return it->offset + player;
}

// Plays up to n random actions (fewer when the game ends).
void play_randomly(Game& g, Prng& rng, int n) {
  MoveList ml;
  for (int i = 0; i < n && g.node() != Game::NodeKind::Over; ++i) {
    g.legal(ml);
    if (ml.size == 0) return;
    g.apply(ml[static_cast<int>(rng.below(static_cast<uint64_t>(ml.size)))]);
  }
}

}  // namespace

TEST_CASE("every problem of a position file is reported at its line and column") {
  struct Row {
    std::string text;
    std::string problem;  // the first one reported: "LINE:COL: message"
  };
  const std::vector<Row> rows = {
      // structure
      {"", "0:0: the file has no content: a position file is a YAML mapping (player, board, variables, ...)"},
      {"- a\n", "1:1: the file is a list: a position file is a YAML mapping (player, board, variables, ...)"},
      {"board: {a1: [}\n", "1:14: invalid YAML: unmatched '}'"},
      {"player: Red\n", "0:0: missing key 'board' (write 'board: {}' for an empty board)"},
      {"plyer: Red\nboard: {}\n", "1:1: unknown key 'plyer' (did you mean 'player'?)"},
      {"board: {}\nboard: {}\n", "2:1: duplicate key 'board' (first at line 1)"},
      {"board: {a1: {stone: Red}, a1: {stone: Red}}\n", "1:27: duplicate key 'a1' (first at line 1)"},
      {"board: {a1: stone}\n",
       "1:13: a piece is written {KIND: OWNER} or {KIND: OWNER, ATTRIBUTE: VALUE, ...}, not a scalar"},
      {"board: {a1: {stone: }}\n", "1:21: a piece's owner must be a scalar, not nothing"},
      {"board: {}\nvariables: [quiet]\n", "2:12: 'variables' must be a mapping, not a list"},
      {"board: {}\nover: yes\n", "2:7: 'over' is true or false, not 'yes'"},
      // the turn
      {"player: Green\nboard: {}\n", "1:9: undeclared player 'Green' (declared: 'Red', 'Blue')"},
      {"step: 2\nboard: {}\n", "1:7: 'step' is the index of a step of 'turn', 0 to 1 (the turn has 2 steps), not '2'"},
      {"turn: 0\nboard: {}\n", "1:7: 'turn' is a whole number from 1 to 2147483647, not '0'"},
      // the board
      {"board:\n  hand[Rde]: {stone: Red}\n", "2:3: undeclared site 'hand[Rde]' (did you mean 'hand[Red]'?)"},
      {"board: {hand: {stone: Red}}\n", "1:9: 'hand' is a zone of each player: write hand[PLAYER]"},
      {"board: {a1: {ston: Red}}\n", "1:14: undeclared piece kind 'ston' (did you mean 'stone'?)"},
      {"board: {a1: {stone: Green}}\n", "1:21: undeclared player 'Green' (declared: 'Red', 'Blue')"},
      {"board: {a1: {tower: Red, hieght: 2}}\n", "1:26: pieces have no attribute 'hieght' (did you mean 'height'?)"},
      {"board: {a1: {tower: Red, height: tall}}\n", "1:34: attribute 'height' is int, not 'tall'"},
      {"board: {a1: {tower: Red, height: 2147483648}}\n",
       "1:34: 2147483648 does not fit in a variable or attribute (32-bit integers)"},
      // a piece of a kind none of whose pieces is left takes another of its owner: Red has 3 stones and a tower
      {"board: {a1: [{tower: Red}, {tower: Red}, {tower: Red}, {tower: Red}, {stone: Red}]}\n",
       "1:57: the position places 5 pieces of 'Red' (1 'stone', 4 'tower'); the rule file has 4"},
      {"board: {}\noff_board: [{stone: Red}, {stone: Red}, {stone: Red}, {tower: Red}, {tower: Red}]\n",
       "2:70: the position places 5 pieces of 'Red' (3 'stone', 2 'tower'); the rule file has 4"},
      {"board: {}\noff_board: {ston: Red}\n", "2:13: undeclared piece kind 'ston' (did you mean 'stone'?)"},
      {"board: {}\noff_board: stone\n",
       "2:12: a piece is written {KIND: OWNER} or {KIND: OWNER, ATTRIBUTE: VALUE, ...}, not a scalar"},
      // the variables
      {"board: {}\nvariables: {quite: 1}\n", "2:13: undeclared variable 'quite' (did you mean 'quiet'?)"},
      {"board: {}\nvariables: {score: 1}\n", "2:13: 'score' has a value for each player: write score[PLAYER]"},
      {"board: {}\nvariables:\n  quiet[Red]: 1\n", "3:3: 'quiet' is not a per-player variable: write quiet"},
      {"board: {}\nvariables:\n  score[Rde]: 1\n", "3:9: undeclared player 'Rde' (did you mean 'Red'?)"},
      {"board: {}\nvariables: {quiet: many}\n", "2:20: variable 'quiet' is int, not 'many'"},
      {"board: {}\nvariables: {quiet: 3000000000}\n",
       "2:20: 3000000000 does not fit in a variable or attribute (32-bit integers)"},
      {"board: {}\nvariables: {done: 1}\n", "2:19: variable 'done' is bool but '1' is int"},
      {"board: {}\nvariables: {last: Red}\n", "2:19: variable 'last' is site but 'Red' is player"},
      {"board: {}\nvariables: {last: d4}\n", "2:19: undeclared site 'd4'"},
      {"board: {}\nvariables: {leader: none}\n", "2:21: variable 'leader' is player but 'none' is none"},
      {"board: {}\nvariables: {moved: stone#9}\n", "2:20: there is no piece 'stone#9': the rule file has 8 pieces"},
      {"board: {}\nvariables: {moved: tower#0}\n", "2:20: there is no piece 'tower#0': piece 0 is stone#0"},
      {"board: {}\nvariables: {favourite: towr}\n", "2:24: undeclared piece kind 'towr' (did you mean 'tower'?)"},
      // the end
      {"board: {}\nwinners: [Red]\n", "2:10: 'winners' needs 'over: true'"},
      {"board: {}\nover: true\nwinners: [Red, Red]\n", "3:16: 'Red' is listed twice"},
      // a value quoted from the file is cut to 80 bytes
      {"board:\n  " + std::string(1000, 's') + ": {stone: Red}\n", "2:3: undeclared site '" + std::string(80, 's') + "...'"},
      {"board: {}\nvariables: {quiet: " + std::string(1000, 'm') + "}\n",
       "2:20: variable 'quiet' is int, not '" + std::string(80, 'm') + "...'"},
      {"board: {}\n" + std::string(1000, 'k') + ": 1\n",
       "2:1: unknown key '" + std::string(80, 'k') + "...' (expected one of: rules, params, player, step, turn, board, "
       "off_board, variables, over, winners)"},
  };
  for (const Row& r : rows) {
    INFO(r.text);
    Position pos;
    Diagnostics d;
    CHECK_FALSE(load(r.text, pos, d));
    std::vector<std::string> got = problems(d);
    REQUIRE_FALSE(got.empty());
    CHECK(got[0] == r.problem);
  }
}

TEST_CASE("a position's problems are all reported, with the file's name, line, source line and caret") {
  Position pos;
  Diagnostics d;
  CHECK_FALSE(load("player: Bleu\nboard:\n  a1: {stone: Red, height: x}\n", pos, d));
  CHECK(d.format() ==
        "p.position:1:9: error: undeclared player 'Bleu' (did you mean 'Blue'?)\n"
        "    1 | player: Bleu\n"
        "      |         ^\n"
        "p.position:3:28: error: attribute 'height' is int, not 'x'\n"
        "    3 |   a1: {stone: Red, height: x}\n"
        "      |                            ^\n");
}

TEST_CASE("loading a position places its pieces, then computes the values it does not give") {
  const Program& P = *game();
  Game g = at(
      "player: Blue\nstep: 1\nturn: 7\n"
      "board:\n"
      "  b2: [{stone: Red}, {tower: Blue, height: 9}, {stone: Red}]\n"
      "  a1: {stone: Blue}\n"
      "  hand[Red]: {stone: Red}\n"
      "  hand[Blue]: {stone: Blue}\n"
      "variables:\n  quiet: 4\n  last: hand[Blue]\n  moved: stone#1\n  score[Blue]: 5\n");
  const State& S = g.state();
  // each piece is the lowest-numbered of its kind and owner not placed yet: stones 0-2 are Red's, 3-5 Blue's,
  // towers 6 (Red) and 7 (Blue)
  CHECK(S.site[0] == site(P, "b2"));
  CHECK(S.site[1] == site(P, "b2"));
  CHECK(S.site[2] == site(P, "hand[Red]"));
  CHECK(S.site[3] == site(P, "a1"));
  CHECK(S.site[4] == site(P, "hand[Blue]"));
  CHECK(S.site[5] == -1);  // not listed: off the board
  CHECK(S.site[6] == -1);
  CHECK(S.site[7] == site(P, "b2"));
  CHECK(S.stack[static_cast<size_t>(site(P, "b2")) * S.cap + 1] == 7);  // bottom to top
  // attributes: the given value, else the initial value computed on the loaded board (me = the owner)
  CHECK(S.attrs[7 * S.nattrs] == 9);
  CHECK(S.attrs[6 * S.nattrs] == 2);  // size(hand[Red]) + 1
  // variables: the given values, the others computed on the loaded board
  CHECK(S.vars[var(P, "quiet")] == 4);
  CHECK(S.vars[var(P, "last")] == site(P, "hand[Blue]"));
  CHECK(S.vars[var(P, "moved")] == 1);
  CHECK(S.vars[var(P, "score", 1)] == 5);
  CHECK(S.vars[var(P, "score", 0)] == 0);  // owned(a1, Red)
  CHECK(S.vars[var(P, "leader")] == 1);    // Blue, its initial value
  CHECK(S.vars[var(P, "favourite")] == 0);
  // the turn; no history
  CHECK(S.player == 1);
  CHECK(S.step == 1);
  CHECK(S.turn == 7);
  CHECK(S.hist_len == 0);
  CHECK(g.node() == Game::NodeKind::Decision);
}

TEST_CASE("a position that is over stays over; one that is not settles as after setup") {
  struct Row {
    const char* what;
    std::string text;
    const char* result;
    Game::NodeKind node;
  };
  const std::vector<Row> rows = {
      {"over with a winner", "board: {}\nover: true\nwinners: [Blue]\n", "Blue wins", Game::NodeKind::Over},
      {"over with no winner: a draw", "board: {}\nover: true\nwinners: []\n", "draw", Game::NodeKind::Over},
      {"over: false is not over", "board: {}\nover: false\n", "not over", Game::NodeKind::Chance},
      {"at the roll: a chance node", "board:\n  hand[Red]: {stone: Red}\n", "not over", Game::NodeKind::Chance},
      // Red has no stone in hand: Red passes (settling), and Blue rolls
      {"no legal move: the player passes", "step: 1\nboard:\n  hand[Blue]: {stone: Blue}\n", "not over",
       Game::NodeKind::Chance},
  };
  for (const Row& r : rows) {
    INFO(r.what);
    Game g = at(r.text);
    CHECK(g.result_text() == r.result);
    CHECK(g.node() == r.node);
  }
  Game passed = at("step: 1\nboard:\n  hand[Blue]: {stone: Blue}\n");
  CHECK(passed.player() == 1);
  CHECK(passed.last_passers() == std::vector<int>{0});  // Red passed
}

TEST_CASE("a position is written in a fixed order: the turn, the board by site, every variable, the end") {
  Game g = at(
      "player: Blue\nstep: 1\nturn: 3\n"
      "board:\n"
      "  hand[Red]: [{stone: Red}, {stone: Red}]\n"
      "  b2: [{stone: Red}, {tower: Blue, height: 9}]\n"
      "  hand[Blue]: {stone: Blue}\n"
      "variables:\n  moved: stone#0\n  last: b2\n  done: true\n");
  CHECK(write_position(g, "positions.rules") ==
        "rules: positions.rules\n"
        "player: Blue\n"
        "step: 1\n"
        "turn: 3\n"
        "board:\n"
        "  b2: [{stone: Red}, {tower: Blue, height: 9}]\n"
        "  hand[Red]: [{stone: Red}, {stone: Red}]\n"
        "  hand[Blue]: {stone: Blue}\n"
        "variables:\n"
        "  coin: 0\n"
        "  quiet: 0\n"
        "  done: true\n"
        "  leader: Blue\n"
        "  last: b2\n"
        "  moved: stone#1\n"  // the number it has once loaded: b2 comes first, and takes stone#0
        "  favourite: stone\n"
        "  score[Red]: 0\n"
        "  score[Blue]: 0\n");
  Game over = at("player: Blue\nboard: {}\nvariables: {coin: 1}\nover: true\nwinners: [Red, Blue]\n");
  CHECK(write_position(over) ==
        "player: Blue\nstep: 0\nturn: 1\nboard: {}\n"
        "variables:\n  coin: 1\n  quiet: 0\n  done: false\n  leader: Blue\n  last: none\n  moved: none\n"
        "  favourite: stone\n  score[Red]: 0\n  score[Blue]: 0\n"
        "over: true\nwinners: [Red, Blue]\n");
}

TEST_CASE("write(load(write(state))) is write(state) for every rule file, after random moves") {
  // the shipped games, the variants of them and the rule files of the tests
  std::vector<std::string> files;
  for (const char* dir : {"rules", "tests/variants", "tests/rules"})
    for (auto& e : std::filesystem::directory_iterator(std::string(RULEINTERP_SOURCE_DIR) + "/" + dir))
      if (e.path().extension() == ".rules") files.push_back(std::string(dir) + "/" + e.path().filename().string());
  std::sort(files.begin(), files.end());
  REQUIRE(std::count(files.begin(), files.end(), "rules/ur.rules") == 1);
  // generated pieces, matched by kind only when a position is read, whose owners change during the game
  REQUIRE(std::count(files.begin(), files.end(), "tests/rules/computed-topology.rules") == 1);
  for (const std::string& file : files) {
    auto prog = testing::compile_file(file);
    for (uint64_t seed = 1; seed <= 3; ++seed)
      for (int plies : {0, 1, 7, 30, 100000}) {  // the last: to the end of the game
        INFO(file << ", seed " << seed << ", " << plies << " plies");
        Game g(prog);
        Prng rng(seed);
        play_randomly(g, rng, plies);
        std::string written = write_position(g, file);
        Game h = at(written, prog);
        CHECK(write_position(h, file) == written);
        CHECK(h.hash() == g.hash());
      }
  }
}

TEST_CASE("the start board places pieces after those with 'at', each the first of its kind and owner off the board") {
  auto prog = testing::compile_text(
      "game: {name: Start}\nplayers: [A, B]\ntopology: {sites: [s, t]}\n"
      "pieces:\n"
      "  stone: {per_player: 2, at: s}\n"
      "  guard:\n"
      "    per_player: 2\n"
      "    attributes: {power: \"size(s)\"}\n"
      "start:\n"
      "  board:\n"
      "    s: [{guard: B, power: 7}, {guard: A}]\n"
      "    t: {guard: B}\n"
      "moves: {wait: {}}\nturn: [{choose: all}]\nend: []\n");
  Game g(prog);
  const State& S = g.state();
  // stones 0-3 (A, A, B, B) at s by 'at'; guards 4-5 are A's, 6-7 B's
  std::vector<int> on_s(S.stack.begin(), S.stack.begin() + S.count[0]);
  CHECK(on_s == std::vector<int>{0, 1, 2, 3, 6, 4});
  CHECK(S.site[7] == 1);
  CHECK(S.site[5] == -1);  // a guard the board does not place: off the board
  CHECK(S.attrs[6 * S.nattrs] == 7);  // given
  CHECK(S.attrs[4 * S.nattrs] == 6);  // computed on the board: size(s)
  CHECK(S.attrs[5 * S.nattrs] == 6);
}

TEST_CASE("an expression checked and compiled with the rule file is evaluated against the state") {
  struct Row {
    const char* expression;
    const char* shown;
  };
  const std::vector<Row> rows = {
      {"owned(hand[me], me) * 10 + size(a1)", "30"},
      {"me", "Red"},
      {"quiet == 0 and not done", "true"},
      {"pieces_at(hand[Blue])", "[stone#3, stone#4, stone#5]"},
      {"neighbours(b2, north)", "[b3]"},
      {"pieces_at(a1)", "[]"},
      {"last", "none"},
      {"1 .. 3", "[1, 2, 3]"},
  };
  for (const Row& r : rows) {
    INFO(r.expression);
    std::vector<std::string> expression{r.expression};
    Diagnostics d;
    auto p = load_rules_text("positions.rules", kRules, d, &expression);
    INFO(d.format());
    REQUIRE(p);
    REQUIRE(p->expressions.size() == 1);
    Game g(p);
    Machine& M = g.machine();
    M.begin_operation();
    int e = p->expressions[0];
    CHECK(M.show_value(M.evaluate(e), p->code[e].type) == r.shown);
  }
  // an expression's problems are reported in a file of its own; with several, numbered from 1
  struct Bad {
    std::vector<std::string> expressions;
    std::string diagnostics;
  };
  const Bad bad[] = {
      {{"owned(a1, me) +\n  quite"},
       "<expression>:2:3: error: undeclared name 'quite' (did you mean 'quiet'?)\n"
       "    2 |   quite\n"
       "      |   ^\n"},
      {{"1 + 1", "quite"},
       "<expression 2>:1:1: error: undeclared name 'quite' (did you mean 'quiet'?)\n"
       "    1 | quite\n"
       "      | ^\n"},
  };
  for (const Bad& b : bad) {
    Diagnostics d;
    CHECK_FALSE(load_rules_text("positions.rules", kRules, d, &b.expressions));
    CHECK(d.format() == b.diagnostics);
  }
  Diagnostics d2;
  std::vector<std::string> two{"1 + 1", "quiet"};
  auto p = load_rules_text("positions.rules", kRules, d2, &two);
  REQUIRE(p);
  CHECK(p->expressions.size() == 2);
}

TEST_CASE("a board may write a piece by its name: that very piece, with the owner and attributes written") {
  // two named kinds: cards (generated, named by rank) and per-player tokens named by owner
  auto p = testing::compile_text(R"RULES(
game: {name: Named}
players: [A, B]
topology: {sites: [x, y]}
pieces:
  card: {each: "i in 1..3", name: "c{i}", attributes: {rank: i}}
  token: {per_player: 1, name: "t{me}"}
moves: {wait: {}}
turn: [{choose: all}]
end: []
)RULES", "named.rules");
  struct Row {
    std::string board;
    std::string problem;  // empty: it loads, and `x` then holds these pieces, bottom to top
    std::vector<std::string> on_x;
  };
  const std::vector<Row> rows = {
      {"{x: [{c3: B, rank: 3}, {c1: A}]}", "", {"c3", "c1"}},
      {"{x: [{c1: A}, {card: A}]}", "", {"c1", "c2"}},  // by kind: the first card not placed yet
      {"{x: [{tB: B}, {tA: A}]}", "", {"tB", "tA"}},
      {"{x: [{c2: A}], y: {c2: B}}", "1:27: piece 'c2' is already on the board", {}},
      {"{x: {tA: B}}", "1:17: piece 'tA' belongs to 'A', not 'B'", {}},
      {"{x: {c9: A}}", "1:13: undeclared piece kind or piece 'c9' (declared: 'card', 'token', 'c1', 'c2', 'c3', 'tA', 'tB')", {}},
  };
  for (const Row& r : rows) {
    INFO(r.board);
    const std::string text = "board: " + r.board + "\n";
    if (!r.problem.empty()) {
      CHECK(first_problem(text, p) == r.problem);
      continue;
    }
    Game g = at(text, p);
    std::vector<std::string> names;
    int x = site(*p, "x");
    for (int h = 0; h < g.state().count[x]; ++h)
      names.push_back(p->piece_names[g.state().stack[static_cast<size_t>(x) * g.state().cap + h]]);
    CHECK(names == r.on_x);
  }
}

TEST_CASE("a position may give a piece another kind than the one it is created with") {
  // runners 0-2 are A's, 3-5 B's; champions 6 (A) and 7 (B); a runner that is crowned becomes a champion
  auto p = testing::compile_file("tests/rules/crowning.rules");
  struct Row {
    std::string text;
    std::string problem;              // empty: it loads, and the pieces are these
    std::vector<std::string> pieces;  // "NUMBER KIND OWNER SITE ATTRIBUTES..." of each piece, in number order
    std::string crowned;              // the variable 'crowned'
  };
  const std::vector<Row> rows = {
      {"board: {a1: {runner: A}}\n", "",
       {"0 runner A a1 0 0", "1 runner A none 0 0", "2 runner A none 0 0", "3 runner B none 0 0",
        "4 runner B none 0 0", "5 runner B none 0 0", "6 champion A none 0 2", "7 champion B none 0 2"},
       "none"},
      // the first champion is the one created so; the second a runner, which gets a champion's initial values
      {"board: {a1: {champion: A, steps: 3}, b1: {champion: A}}\nvariables: {crowned: champion#0}\n", "",
       {"0 champion A b1 0 2", "1 runner A none 0 0", "2 runner A none 0 0", "3 runner B none 0 0",
        "4 runner B none 0 0", "5 runner B none 0 0", "6 champion A a1 3 2", "7 champion B none 0 2"},
       "champion#0"},
      // the exact matches first, whatever the order: the runner written after the champions is runner 0
      {"board: {a1: {champion: A}, b1: {champion: A}, c1: {runner: A}}\n", "",
       {"0 runner A c1 0 0", "1 champion A b1 0 2", "2 runner A none 0 0", "3 runner B none 0 0",
        "4 runner B none 0 0", "5 runner B none 0 0", "6 champion A a1 0 2", "7 champion B none 0 2"},
       "none"},
      // off the board: matched, not placed, with their kinds and attributes
      {"board: {b4: {champion: A, power: 0, steps: 3}}\noff_board: [{runner: A, steps: 1}, {champion: A}]\n", "",
       {"0 runner A none 1 0", "1 champion A none 0 2", "2 runner A none 0 0", "3 runner B none 0 0",
        "4 runner B none 0 0", "5 runner B none 0 0", "6 champion A b4 3 0", "7 champion B none 0 2"},
       "none"},
      {"board: {a1: {champion: A}, b1: {champion: A}}\nvariables: {crowned: runner#0}\n",
       "2:22: there is no piece 'runner#0': piece 0 is champion#0", {}, ""},
      {"board: {a1: [{champion: B}, {runner: B}, {runner: B}, {champion: B}, {champion: B}]}\n",
       "1:71: the position places 5 pieces of 'B' (2 'runner', 3 'champion'); the rule file has 4", {}, ""},
  };
  const Program& P = *p;
  for (const Row& r : rows) {
    INFO(r.text);
    if (!r.problem.empty()) {
      CHECK(first_problem(r.text, p) == r.problem);
      continue;
    }
    Game g = at(r.text, p);
    const State& S = g.state();
    std::vector<std::string> got;
    for (size_t i = 0; i < P.pieces.size(); ++i) {
      std::string line = fmt::format("{} {} {} {}", i, P.kinds[S.kind[i]].name, P.players[S.owner[i]],
                                     S.site[i] < 0 ? "none" : P.site_names[S.site[i]]);
      for (int a = 0; a < S.nattrs; ++a) line += fmt::format(" {}", S.attrs[i * S.nattrs + a]);
      got.push_back(line);
    }
    CHECK(got == r.pieces);
    CHECK(g.machine().show(Value{S.vars[var(P, "crowned")], 0, 0}, Type::Piece) == r.crowned);
    // and it is written back as it was read, once more
    std::string written = write_position(g);
    CHECK(write_position(at(written, p)) == written);
    CHECK(at(written, p).hash() == g.hash());
  }
}

TEST_CASE("the pieces off the board are written when the board alone would leave others there") {
  auto p = testing::compile_file("tests/rules/crowning.rules");
  struct Row {
    std::string board;      // a position's board (and off_board)
    std::string off_board;  // how it is written back: "" when it has none
  };
  const std::vector<Row> rows = {
      {"board: {a1: {runner: A}}\n", ""},
      // two champions on the board, one a runner crowned: the board alone leaves runners off the board
      {"board: {a1: {champion: A}, b1: {champion: A}}\n", ""},
      // a crowned runner on the board and the champion that never entered: the board alone would leave a runner
      // off the board in place of the champion
      {"board: {a1: {champion: A}}\noff_board: [{champion: A}]\n",
       "off_board:\n  - {runner: A, steps: 0}\n  - {runner: A, steps: 0}\n  - {champion: A, power: 2}\n"
       "  - {runner: B, steps: 0}\n  - {runner: B, steps: 0}\n  - {runner: B, steps: 0}\n  - {champion: B, power: 2}\n"},
      // a crowned runner off the board, beside the champion that never entered
      {"board: {}\noff_board: [{champion: A}, {champion: A, steps: 2}]\n",
       "off_board:\n  - {runner: A, steps: 0}\n  - {runner: A, steps: 0}\n  - {champion: A, power: 2}\n"
       "  - {champion: A, power: 2, steps: 2}\n  - {runner: B, steps: 0}\n  - {runner: B, steps: 0}\n"
       "  - {runner: B, steps: 0}\n  - {champion: B, power: 2}\n"},
      // a runner made a champion and the champion a runner: the board alone leaves a runner and the champion off
      {"board: {a1: {champion: A}, b1: {runner: A}, c1: {runner: A}, a2: {runner: A}}\n", ""},
  };
  for (const Row& r : rows) {
    INFO(r.board);
    std::string written = write_position(at(r.board, p));
    size_t from = written.find("off_board:"), to = written.find("variables:");
    CHECK((from == std::string::npos ? "" : written.substr(from, to - from)) == r.off_board);
  }
}

TEST_CASE("a position written as text is read and written as the rule file's position_text says") {
  auto p = testing::compile_file("tests/rules/text-positions.rules");
  struct Row {
    std::string text;
    std::string expected;  // "LINE:COL: message" of the first problem, or the text written back after reading
  };
  const std::vector<Row> rows = {
      {"2k1/pppp/4/PPPP/1K2 w Cc - 0 1", "2k1/pppp/4/PPPP/1K2 w Cc - 0 1"},  // the start
      {"1k2/pppp/4/PP1P/1K2 b c c3 0 4", "1k2/pppp/4/PP1P/1K2 b c c3 0 4"},
      {"k3/4/4/4/3K b - - 7 12", "k3/4/4/4/3K b - - 7 12"},
      // not canonical: spaces, flags out of order, fields left out (their initial values)
      {"  2k1/pppp/4/PPPP/1K2   w cC  ", "2k1/pppp/4/PPPP/1K2 w Cc - 0 1"},
      {"2k1/pppp/4/PPPP/1K2", "2k1/pppp/4/PPPP/1K2 w Cc - 0 1"},
      // a king more than the rule file creates: one of White's pawns, made a king
      {"KK2/4/4/4/k3 w - - 0 1", "KK2/4/4/4/k3 w - - 0 1"},
      // problems, at their column
      {"", "1:1: the position text is empty: it starts with the board"},
      {"1k2/pppx/4/PPPP/1K2 w", "1:8: unknown piece symbol 'x' (the rule file's position_text has 'K', 'P', 'k' or 'p')"},
      {"1k2/ppppp/4/PPPP/1K2 w", "1:5: row 2 has 5 squares; the grid has 4"},
      {"1k2/pp1/4/PPPP/1K2 w", "1:5: row 2 has 3 squares; the grid has 4"},
      {"1k2/pppp/4/PPPP w", "1:16: the board has 4 rows; the grid has 5 (rows are separated by '/')"},
      {"1k2/pppp/4/PPPP/1K2/4 w", "1:21: the board has 6 rows; the grid has 5 (rows are separated by '/')"},
      {"1k2/pppp/0/PPPP/1K2", "1:10: a run of empty squares is 1 to 4, not '0'"},
      {"1k2/pppp/4/PPPP/1K2 x", "1:21: unknown player symbol 'x' (expected 'w' or 'b')"},
      {"1k2/pppp/4/PPPP/1K2 w CX", "1:24: unknown flag 'X' (expected 'C' or 'c', or '-' for none)"},
      {"1k2/pppp/4/PPPP/1K2 w CC", "1:24: flag 'C' is written twice"},
      {"1k2/pppp/4/PPPP/1K2 w - e9", "1:25: undeclared site 'e9'"},
      {"1k2/pppp/4/PPPP/1K2 w - - x", "1:27: variable 'quiet' is int, not 'x'"},
      {"1k2/pppp/4/PPPP/1K2 w - - 0 1 z", "1:31: the text has 6 fields after the board; the rule file's position_text has 5"},
      {"KKK3/4/4/4/PPPk w", "1:1: row 1 has 6 squares; the grid has 4"},
      // the exact matches first: the king at a5 and the four pawns; then b5 finds no piece of White left
      {"KKKP/P3/4/4/PPk1 w", "1:2: the position places 7 pieces of 'White' (3 'king', 4 'pawn'); the rule file has 5"},
      {"1k2/pppp\n/4/PPPP/1K2 w", "1:9: a position text is one line"},
  };
  for (const Row& r : rows) {
    INFO(r.text);
    Position pos;
    Diagnostics d;
    bool ok = parse_position_text(r.text, *p, pos, d);
    if (!ok) {
      std::vector<std::string> got = problems(d);
      REQUIRE_FALSE(got.empty());
      CHECK(got[0] == r.expected);
      continue;
    }
    Game g(p);
    g.reset(pos);
    std::string written, why;
    REQUIRE(write_position_text(g, written, why));
    CHECK(written == r.expected);
  }
  // a rule file without position_text reads and writes none
  Position pos;
  Diagnostics d;
  CHECK_FALSE(parse_position_text("3/3/3", *game(), pos, d));
  CHECK(problems(d) == std::vector<std::string>{
                           "1:1: the rule file has no 'position_text': it says how a position is written as text"});
  std::string written, why;
  CHECK_FALSE(write_position_text(Game(game()), written, why));
  CHECK(why == "the rule file has no 'position_text': it says how a position is written as text");
}

TEST_CASE("a state that a position text cannot hold is not written as one") {
  auto p = testing::compile_text(R"RULES(
game: {name: Stacks}
players: [A, B]
topology:
  grids: [{width: 2, height: 1}]
  sites: [pile]
pieces:
  stone: {per_player: 2, attributes: {age: 0}}
moves: {wait: {}}
turn: [{choose: all}]
end: []
position_text:
  empty: "."
  pieces: {o: {stone: A, age: 1}, s: {stone: A}, S: {stone: B, age: 0}}
)RULES", "stacks.rules");
  struct Row {
    std::string board;  // a position file's
    std::string text;   // the text written, or why it is not
  };
  const std::vector<Row> rows = {
      {"{a1: {stone: A}}", "s."},
      {"{b1: {stone: A, age: 1}}", ".o"},  // the first symbol whose attributes fit
      {"{b1: {stone: A, age: 2}}", ".s"},  // (a symbol that gives no attribute fits any value)
      {"{a1: {stone: B, age: 2}}", "the piece on 'a1' (stone of 'B') has no symbol in the rule file's position_text"},
      {"{a1: [{stone: A}, {stone: B}]}", "'a1' holds 2 pieces, and a square of a position text holds one"},
      {"{pile: {stone: B}}", "'pile' holds a piece, and a position text holds the grid's squares only"},
  };
  for (const Row& r : rows) {
    INFO(r.board);
    Game g = at("board: " + r.board + "\n", p);
    std::string text, why;
    bool ok = write_position_text(g, text, why);
    CHECK((ok ? text : why) == r.text);
  }
}

TEST_CASE("text(read(text(state))) is text(state), with the same hash, after random moves") {
  auto p = testing::compile_file("tests/rules/text-positions.rules");
  for (uint64_t seed = 1; seed <= 5; ++seed)
    for (int plies : {0, 1, 5, 12, 100000}) {
      INFO("seed " << seed << ", " << plies << " plies");
      Game g(p);
      Prng rng(seed);
      play_randomly(g, rng, plies);
      if (g.node() == Game::NodeKind::Over) continue;  // (a text has no result)
      std::string text, why;
      REQUIRE(write_position_text(g, text, why));
      Position pos;
      Diagnostics d;
      REQUIRE(parse_position_text(text, *p, pos, d));
      Game h(p);
      h.reset(pos);
      std::string again;
      REQUIRE(write_position_text(h, again, why));
      CHECK(again == text);
      CHECK(h.hash() == g.hash());
    }
}
