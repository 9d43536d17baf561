// The runtime on small rule files: expression semantics (through a display template), effects, the turn
// state machine, chance, the end, undo and perft, and the requirements that generation records as rejecting
// candidates (record_rejections).
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "pipeline/pipeline.hpp"
#include "support.hpp"
#include "runtime/closures.hpp"
#include "compile/memo.hpp"
#include "runtime/engine.hpp"
#include "analysis/playouts.hpp"

using namespace ri;

namespace {

const char* kBase = R"RULES(
game: {name: test}
players: [A, B]
topology:
  sites: [a1, a2, a3, a4]
  regions: {corners: [a1, a4]}
  tracks:
    lane: {A: [a1, a2, a3, a4], B: [a4, a3, a2, a1]}
zones:
  hand: {per_player: true, label: Hand}
pieces:
  man: {per_player: 2, at: hand, attributes: {power: 3}}
variables:
  score: {init: 0, per_player: true}
  total: 10
  in_hands: "size(hand[A]) + size(hand[B])"
functions:
  double(int x): "x * 2"
  fact(int n) -> int: "if n <= 1 then 1 else n * fact(n - 1)"
  pair(int a) -> ints: "[a, a + 1]"
  second(ints l, int unused) -> int: "nth(l, 1)"
moves:
  nothing: {}
turn: [{choose: all}]
end: []
)RULES";

std::shared_ptr<const Program> build(const std::string& text) { return testing::compile_text(text); }

// Evaluates an expression by rendering it as the display of the rule file `base`.
std::string eval_in(const char* base, const std::string& expr) {
  std::string text = std::string(base) + "display: \"{" + expr + "}\"\n";
  Game g(build(text));
  std::string out = g.render();
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

// Two grids, a named site and a zone; a stack of two pieces on b2. The functions show lists (a template shows
// single values), build them recursively, and walk the grid as in the language reference (language.md, section 4 (Aggregates)).
const char* kLists = R"RULES(
game: {name: lists}
players: [A, B]
topology:
  sites: [R1]
  grids: [{width: 8, height: 8}, {width: 3, height: 3, names: "g{x}_{y}", directions: false, name: small}]
zones:
  hand: {per_player: true, label: Hand}
pieces:
  man: {per_player: 1, at: b2}
  spare: {per_player: 1, at: hand}
functions:
  show_ints(ints l, int i) -> string: "if i >= len(l) then '' else (if i > 0 then ',' else '') ++ l[i] ++ show_ints(l, i + 1)"
  show_sites(sites l, int i) -> string: "if i >= len(l) then '' else (if i > 0 then ',' else '') ++ l[i] ++ show_sites(l, i + 1)"
  upto(int n) -> ints: "if n == 0 then [0] else upto(n - 1) ++ [n]"
  evens(int n) -> ints: "if n < 2 then [] else evens(n - 1) ++ (if n % 2 == 0 then [n] else [])"
  spin(int n) -> ints: "if n == 0 then [0] else unique(spin(n - 1) ++ spin(n - 1))"
  around(site s) -> sites: >-
    filter(t in [offset(s, 0, 1), offset(s, 1, 0), offset(s, 0, -1), offset(s, -1, 0)] : t != none and size(t) == 0)
  spread(sites l, int i) -> sites: "if i == len(l) - 1 then around(l[i]) else around(l[i]) ++ spread(l, i + 1)"
  reach(sites l, int n) -> sites: "if n == 0 then l else reach(unique(l ++ spread(l, 0)), n - 1)"
moves: {nothing: {}}
turn: [{choose: all}]
end: []
)RULES";

// The legal moves, as written.
std::vector<std::string> legal_written(Game& g) {
  MoveList ml;
  g.legal(ml);
  std::vector<std::string> out;
  for (const Move& m : ml) out.push_back(g.write(m));
  return out;
}

// A row of an expression table: the expression, and what it shows or the message of its runtime error.
struct Expect {
  const char* expr;
  const char* expected;
};

void check_values(const char* base, const std::vector<Expect>& rows) {
  for (auto& r : rows) {
    INFO(r.expr);
    CHECK(eval_in(base, r.expr) == r.expected);
  }
}

void check_errors(const char* base, const std::vector<Expect>& rows) {
  for (auto& r : rows) {
    INFO(r.expr);
    try {
      eval_in(base, r.expr);
      FAIL("no error");
    } catch (const RuntimeError& e) {
      CHECK(std::string(e.what()) == r.expected);
      CHECK(e.pos.line > 0);
    }
  }
}

}  // namespace

TEST_CASE("expressions evaluate as the language specifies") {
  check_values(kBase, {
      {"1 + 2 * 3", "7"},
      {"(1 + 2) * 3", "9"},
      {"10 - 4 - 3", "3"},            // left-associative
      {"-7 / 2", "-4"},               // floor division
      {"-7 % 2", "1"},
      {"7 % -2", "-1"},
      {"2 < 3 and 3 < 2", "false"},
      {"not 1 == 2", "true"},
      {"true or 1 / 0 == 1", "true"},  // short-circuit
      {"if 1 > 2 then 'yes' else 'no'", "no"},
      {"let x = 4; x * x", "16"},
      {"double(21)", "42"},
      {"fact(5)", "120"},
      {"min(3, -2)", "-2"},
      {"abs(-5)", "5"},
      {"len(lane[A])", "4"},
      {"nth(lane[B], 0)", "a4"},
      {"lane[A][2]", "a3"},
      {"index(lane[B], a3)", "1"},
      {"index(lane[B], hand[A])", "-1"},
      {"a4 in corners", "true"},
      {"a2 not in corners", "true"},
      {"count(s in sites where s in corners)", "2"},
      {"sum(x in 1..4 : x)", "10"},
      {"max(x in [3, 9, 2] : x)", "9"},
      {"min(x in 1..3 : 10 - x)", "7"},
      {"any(p in players : p == B)", "true"},
      {"all(x in 1..3 : x > 1)", "false"},
      {"count(x in 5..4)", "0"},
      {"next(A)", "B"},
      {"next(B)", "A"},
      {"opponent(A)", "B"},
      {"me", "A"},
      {"size(hand[A])", "2"},
      {"owned(hand[B], B)", "2"},
      {"top(hand[A]).owner", "A"},
      {"top(a1) == none", "true"},
      {"top(hand[B]).power", "3"},
      {"hand[A]", "Hand"},
      {"score[B] + total", "10"},
      {"forward(lane[A], a2, 5)", "a4"},   // the standard library clamps at the end
      {"owned_in(lane[A], A)", "0"},
      {"'quoted ' == 'quoted '", "true"},
      {"second(pair(7), 100)", "8"},            // a list literal keeps the values of its own scope
      {"let l = (let t = 5; [t]); let u = 9; nth(l, 0)", "5"},
      {"in_hands", "4"},                         // initial values see the pieces already placed
  });
}

TEST_CASE("runtime errors carry the position of the failing expression") {
  check_errors(kBase, {
      {"1 / (2 - 2)", "division by zero"},
      {"nth(lane[A], 9)", "position 9 is outside the list (length 4)"},
      {"max(x in 5..4 : x)", "'max' over an empty list"},
      {"top(a1).owner", "no piece here (the value is none)"},
      {"9223372036854775807 + 1", "integer overflow"},
      {"-9223372036854775807 - 2", "integer overflow"},
      {"3037000500 * 3037000500", "integer overflow"},
      {"len(1..3000000000)", "range 1..3000000000 is out of bounds"},
  });
}

TEST_CASE("the evaluation budget and call depth stop runaway rules") {
  std::string text = std::string(kBase) + "display: \"{loop(1)}\"\n";
  text.replace(text.find("functions:"), 10, "functions:\n  loop(int n) -> int: \"loop(n + 1)\"");
  Game g(build(text));
  CHECK_THROWS_AS(g.render(), RuntimeError);
}

TEST_CASE("effects, the turn state machine and undo") {
  const char* rules = R"RULES(
game: {name: race}
players: [A, B]
topology:
  sites: [s1, s2, s3]
  regions: {bonus: [s2]}
  tracks:
    lane: {A: [hand, s1, s2, s3], B: [hand, s1, s2, s3]}
zones:
  hand: {per_player: true}
pieces:
  man: {per_player: 1, at: hand}
variables:
  moves_made: {init: 0, per_player: true}
chance:
  die: {outcomes: {1: 1, 2: 1}}
moves:
  go:
    params:
      from: site in lane[me]
    let:
      to: forward(lane[me], from, die)
    requires:
      - check: owned(from, me) > 0 and from != s3
        error: NoMan
    effects:
      - move(top(from), to)
      - set moves_made[me] = moves_made[me] + 1
      - if to in bonus then extra_turn
turn:
  - roll: die
  - choose: [go]
end:
  - each: p
    when: owned(s3, p) > 0
    result: win(p)
)RULES";
  auto prog = build(rules);
  Game g(prog);
  auto act = [&](const std::string& s) {
    auto r = g.read(s);
    INFO(s << ": " << r.message);
    REQUIRE(r.ok);
    return g.apply(r.move);
  };
  CHECK(g.node() == Game::NodeKind::Chance);
  act("die 2");
  MoveList ml;
  g.legal(ml);
  REQUIRE(ml.size == 1);
  CHECK(g.write(ml[0]) == "go hand");  // default notation: the move's name and its parameters
  uint64_t h0 = g.hash();
  size_t mark = act("go hand");
  CHECK(g.player() == 0);  // landed on the bonus site: extra turn for A
  CHECK(g.node() == Game::NodeKind::Chance);
  act("1");
  const State early = g.state();
  act("go s2");
  // State::copy_from gives what a copy gives, into a state of the same game (its buffers reused) or a new one
  const auto same_state = [](const State& a, const State& b) {
    return a.vars == b.vars && a.kind == b.kind && a.owner == b.owner && a.site == b.site && a.height == b.height &&
           a.attrs == b.attrs && a.count == b.count && a.owned == b.owned && a.stack == b.stack &&
           a.site_words == b.site_words && a.held == b.held && a.topped == b.topped &&
           std::vector<int32_t>(a.history.begin(), a.history.end()) ==
               std::vector<int32_t>(b.history.begin(), b.history.end()) &&
           a.positions == b.positions && a.nplayers == b.nplayers && a.cap == b.cap && a.nattrs == b.nattrs &&
           a.hist_len == b.hist_len && a.hist_width == b.hist_width && a.player == b.player && a.step == b.step &&
           a.over == b.over && a.winners == b.winners && a.turn == b.turn && a.ply == b.ply && a.flags == b.flags &&
           a.ended_by == b.ended_by && a.board_key == b.board_key && a.keyed == b.keyed;
  };
  for (State into : {early, State{}}) {
    into.copy_from(g.state());
    CHECK(same_state(into, g.state()));
    CHECK_FALSE(same_state(into, early));
  }
  CHECK(g.node() == Game::NodeKind::Over);
  CHECK(g.result_text() == "A wins");
  g.undo(mark);
  CHECK(g.hash() == h0);
  CHECK(g.node() == Game::NodeKind::Decision);
  auto bad = g.read("go s3");
  CHECK_FALSE(bad.ok);
  CHECK(bad.code == "NoMan");
}

TEST_CASE("if_none: end finishes the game with the end rules, or a draw") {
  const char* rules = R"RULES(
game: {name: stuck}
players: [A, B]
moves:
  never:
    requires: ["false"]
turn: [{choose: all, if_none: end}]
end:
  - when: "me == B"
    result: win(A)
)RULES";
  Game g(build(rules));
  CHECK(g.node() == Game::NodeKind::Over);
  CHECK(g.result_text() == "draw");
}

TEST_CASE("chance outcomes from dice are the exact distribution of the sum") {
  const char* rules = R"RULES(
game: {name: dice}
players: [A]
chance:
  two: {dice: {count: 2, faces: [1, 2, 3, 4, 5, 6]}}
moves: {m: {}}
turn: [{roll: two}, {choose: all}]
end: []
)RULES";
  auto p = build(rules);
  const ChanceInfo& c = p->chance[0];
  CHECK(c.values == std::vector<int64_t>{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
  CHECK(c.weights == std::vector<uint64_t>{1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1});
  CHECK(c.total == 36);
}

TEST_CASE("a move's lets take their values from the state before its effects") {
  const char* rules = R"RULES(
game: {name: lets}
players: [A]
topology: {sites: [s1]}
zones: {hand: {per_player: true}}
pieces: {man: {per_player: 1, at: hand}}
variables: {seen: 99}
moves:
  put:
    let: {n: size(s1)}
    requires: ["size(hand[me]) > 0"]
    effects: ["move(top(hand[me]), s1)", "set seen = n"]
turn: [{choose: all}]
end: []
display: "{seen}"
)RULES";
  Game g(build(rules));
  MoveList ml;
  g.legal(ml);
  REQUIRE(ml.size == 1);
  g.apply(ml[0]);
  CHECK(g.render() == "0\n");
}

TEST_CASE("move generation is bounded by the number of parameter combinations") {
  const char* rules = R"RULES(
game: {name: huge}
players: [A]
moves:
  m:
    params:
      a: int in 1..1000
      b: int in 1..1000
      c: int in 1..1000
    requires: ["a + b + c < 0"]
turn: [{choose: all}]
end: []
)RULES";
  auto p = build(rules);
  try {
    Game g(p);
    FAIL("no error");
  } catch (const RuntimeError& e) {
    CHECK(std::string(e.what()) == "move 'm' has more than 10000000 parameter combinations to examine");
    CHECK(e.pos.line == 5);
  }
}

TEST_CASE("a decision node has at most 65536 legal moves, listed straight or after their post-conditions") {
  const char* const moves[] = {
      "  m:\n    params: {a: int in 0..256, b: int in 0..256}\n",
      "  m:\n    params: {a: int in 0..256, b: int in 0..256}\n    ensures: [\"a >= 0\"]\n",
      ("  m:\n    params: {a: int in 0..256, b: int in 0..256}\n    requires: [\"not continuing\"]\n"
       "    effects: [continue_move]\n  n: {requires: [continuing]}\n"),  // (one entry: two moves)
  };
  for (const char* m : moves) {
    INFO(m);
    auto p = build(std::string("game: {name: many}\nplayers: [A]\nmoves:\n") + m +
                   "turn: [{choose: all}]\nend: []\n");
    try {
      Game g(p);
      MoveList ml;
      g.legal(ml);
      FAIL("no error");
    } catch (const RuntimeError& e) {
      CHECK(std::string(e.what()) == "more than 65536 legal moves");
      CHECK(e.pos.line == 4);  // the move
    }
  }
}

TEST_CASE("generation checks each requirement once its parameters are bound, in the declared order") {
  auto moves_of = [](const std::string& requires_) {
    std::string rules = R"RULES(
game: {name: pairs}
players: [A]
moves:
  pair:
    params:
      a: int in 1..4
      b: int in 1..4
    notation: "{a}{b}"
    requires: )RULES" + requires_ + R"RULES(
turn: [{choose: all}]
end: []
)RULES";
    auto p = build(rules);
    Game g(p);
    MoveList ml;
    g.legal(ml);
    std::string out;
    for (auto& m : ml) out += g.write(m) + " ";
    return out;
  };
  struct Row {
    const char* requires_;
    const char* moves;
  };
  const std::vector<Row> rows = {
      {R"(["a % 2 == 0", "b > a", "a + b < 7"])", "23 24 "},
      {R"(["b > a", "a % 2 == 0"])", "23 24 "},
      {R"(["true"])", "11 12 13 14 21 22 23 24 31 32 33 34 41 42 43 44 "},
      // the second requirement depends on 'a' only, but an earlier one depends on 'b': it is still checked
      // after the first, so its division by zero is never reached
      {R"(["b > 5", "1 / (a - a) == 0"])", ""},
  };
  for (auto& r : rows) {
    INFO(r.requires_);
    CHECK(moves_of(r.requires_) == r.moves);
  }
}

TEST_CASE("a runtime error inside a function names the function's file and the calls that led there") {
  std::string text = std::string(kBase) + "display: \"{forward(lane[A], hand[B], 1)}\"\n";
  auto p = build(text);
  Game g(p);
  try {
    g.render();
    FAIL("no error");
  } catch (const RuntimeError& e) {
    CHECK(std::string(e.what()) == "position -1 is outside the list (length 4)");
    CHECK(p->files.at(e.pos.file)->path == "stdlib/prelude.rules");
    REQUIRE(e.calls.size() == 1);
    CHECK(e.calls[0].file == 0);  // the call is in the rule file, on its last line
    CHECK(e.calls[0].line == static_cast<int>(std::count(text.begin(), text.end(), '\n')));
  }
}

TEST_CASE("counting a player's pieces on a site reads a table that moves, owner changes and undo keep") {
  const char* rules = R"RULES(
game: {name: owners}
players: [A, B]
topology: {sites: [s1, s2]}
zones: {hand: {per_player: true}}
pieces: {man: {per_player: 2, at: hand}}
moves:
  put:
    params:
      to: site in [s1, s2]
    requires: ["size(hand[me]) > 0"]
    effects: ["move(top(hand[me]), to)"]
  turn_over:
    params:
      at: site in [s1, s2]
    requires: ["size(at) > 0"]
    effects: ["set top(at).owner = next(top(at).owner)"]
turn: [{choose: all}]
end: []
display: "{count(x in pieces_at(s1) : x.owner == A)} {count(x in pieces_at(s1) where true : x.owner == A)} {count(x in pieces_at(s2) : B == x.owner)} {count(x in pieces_at(s2) where true : x.owner == B)}"
)RULES";
  auto p = build(rules);
  Game g(p);
  auto same = [&] {
    std::string r = g.render();
    int a1, a2, b1, b2;
    REQUIRE(sscanf(r.c_str(), "%d %d %d %d", &a1, &a2, &b1, &b2) == 4);
    CHECK(a1 == a2);
    CHECK(b1 == b2);
  };
  // walk a few hundred random-ish plies (always the first and last legal move alternately), then undo all
  std::vector<size_t> marks;
  MoveList ml;
  for (int ply = 0; ply < 40; ++ply) {
    g.legal(ml);
    if (ml.size == 0) break;
    marks.push_back(g.apply(ml[ply % 2 ? 0 : ml.size - 1]));
    same();
  }
  uint64_t end_hash = g.hash();
  (void)end_hash;
  while (!marks.empty()) {
    g.undo(marks.back());
    marks.pop_back();
    same();
  }
  CHECK(g.render() == "0 0 0 0\n");
}

TEST_CASE("requirements on no parameter guard the first parameter's domain") {
  const char* rules = R"RULES(
game: {name: guard}
players: [A]
variables: {z: 0}
moves:
  m:
    params:
      y: int in 1..(10 / z)
    requires: ["z != 0"]
turn: [{choose: all}]
end: []
)RULES";
  auto p = build(rules);
  Game g(p);  // no division by zero: the requirement fails before the domain is computed
  CHECK(g.node() == Game::NodeKind::Over);  // nobody can ever move: the game ends, a draw
  CHECK(g.result_text() == "draw");
}

TEST_CASE("lists made for one element of an aggregate, one binding or one loop item do not pile up") {
  const char* rules = R"RULES(
game: {name: arena}
players: [A]
variables: {hits: 0}
moves:
  m:
    params:
      n: int in 1..1000
    requires: ["count(i in 1..600 : i in [n, 2]) > 0"]
    effects: ["for i in 1..5000: if i in [1, 2, 3] then set hits = hits + 1"]
turn: [{choose: all}]
end: []
display: "{hits}"
)RULES";
  auto p = build(rules);
  Game g(p);
  MoveList ml;
  g.legal(ml);  // 1000 bindings x 600 elements x 2 items: far beyond the arena if nothing were dropped
  CHECK(ml.size == 1000);
  g.apply(ml[0]);
  CHECK(g.render() == "3\n");
}

TEST_CASE("lines: explicit and derived families, lines_through and line_sites") {
  const char* rules = R"RULES(
game: {name: lines}
players: [A, B]
topology:
  grids: [{width: 3, height: 3}]
  lines:
    threes: {along: [east, north, northeast, southeast], length: 3}
    pairs: {along: [east], length: 2}
    picked: [[a1, b2], [c3]]
moves:
  nothing: {}
turn: [{choose: all}]
end: []
)RULES";
  check_values(rules, {
      {"len(threes)", "8"},                               // 3 rows, 3 columns, 2 diagonals
      {"nth(threes, 0)", "a1-b1-c1"},                     // a line is written as its sites
      {"len(lines_through(b2, threes))", "4"},
      {"len(lines_through(a2, threes))", "2"},
      {"count(l in lines_through(b2, threes) : c3 in line_sites(l))", "1"},
      {"len(pairs)", "6"},                                // along a one-way relation: no line twice
      {"len(picked)", "2"},
      {"nth(picked, 1)", "c3"},
      {"len(lines_through(b1, picked))", "0"},
      {"nth(threes, 0) == nth(lines_through(a1, threes), 0)", "true"},
  });
}

TEST_CASE("'++' joins the written forms of two values") {
  check_values(kBase, {
      {"'a' ++ 'b'", "ab"},
      {"'x' ++ 1 ++ true", "x1true"},
      {"a1 ++ '-' ++ a2", "a1-a2"},
      {"hand[A] ++ ''", "Hand"},
      {"('a' ++ 'b') == 'ab'", "true"},        // strings compare by their text
      {"('a' ++ 'b') != 'a' ++ 'c'", "true"},
      {"'n' ++ (1 + 2)", "n3"},
      {"top(a1) ++ '.'", "none."},
  });
}

TEST_CASE("an optional parameter takes none first, then its domain") {
  const char* rules = R"RULES(
game: {name: optional}
players: [A, B]
topology:
  sites: [x, y, z]
moves:
  go:
    params:
      to: site in [x, y]
      also: site? in [y, z]
    requires:
      - also != to
    notation: "{to}{if also == none then '' else ' and ' ++ also}"
turn: [{choose: all}]
end: []
)RULES";
  Game g(build(rules));
  std::vector<std::string> got = legal_written(g);
  CHECK(got == std::vector<std::string>{"x", "x and y", "x and z", "y", "y and z"});
  CHECK(g.read("y and y").message.find("does not hold") != std::string::npos);
}

TEST_CASE("a let keeps its value while only later parameters change, and is computed anew otherwise") {
  const char* rules = R"RULES(
game: {name: lets}
players: [A, B]
moves:
  go:
    params:
      x: int in 1..3
      y: int in 1..3
    let:
      s: x + y
      d: x * 10
    requires:
      - d > 10
      - s == 4
    notation: "{x}{y}"
turn: [{choose: all}]
end: []
)RULES";
  Game g(build(rules));
  std::vector<std::string> got = legal_written(g);
  CHECK(got == std::vector<std::string>{"22", "31"});
}

TEST_CASE("the history keeps each move's mover and recorded fields, and undo takes them back") {
  const char* rules = R"RULES(
game: {name: history}
players: [A, B]
topology:
  sites: [x, y]
history:
  target: none
  big: {type: bool, init: "false"}
  n: 0
moves:
  go:
    params:
      to: site in [x, y]
    record:
      target: to
      n: history_len() * 10
    notation: "{to}"
  wait:
    record:
      big: "true"
turn: [{choose: all}]
end: []
display: >-
  {history_len()}
  {if history_len() > 0 then mover(history_len() - 1) ++ ' ' ++ recorded(history_len() - 1, target) else '-'}
  {last_turn(A)} {last_turn(B)}
  {if history_len() > 1 then recorded(1, big) ++ ' ' ++ recorded(1, n) else '-'}
)RULES";
  Game g(build(rules));
  CHECK(g.render() == "0 - -1 -1 -\n");
  auto play = [&](const char* text) {
    Game::Reading r = g.read(text);
    REQUIRE(r.ok);
    return g.apply(r.move);
  };
  play("x");
  size_t mark = play("wait");
  CHECK(g.render() == "2 B none 0 1 true 0\n");  // wait records no target (its default) and n's default 0
  play("y");
  CHECK(g.render() == "3 A y 2 1 true 0\n");     // n is computed after the effects: history_len() was 2 then
  g.undo(mark);
  CHECK(g.render() == "1 A x 0 -1 -\n");
}

TEST_CASE("if_none: lose: the player who cannot move loses, unless an end rule decides first") {
  const char* base = R"RULES(
game: {name: stuck}
players: [A, B, C]
variables:
  t: 0
moves:
  go:
    requires: ["t < 2"]
    effects: ["set t = t + 1"]
turn: [{choose: all, if_none: lose}]
)RULES";
  Game g(build(std::string(base) + "end: []\n"));
  for (const char* m : {"go", "go"}) g.apply(g.read(m).move);
  CHECK(g.node() == Game::NodeKind::Over);
  CHECK(g.result_text() == "A and B tie");  // C cannot move: the others share the win
  Game h(build(std::string(base) + "end: [{when: \"me == C\", result: draw}]\n"));
  for (const char* m : {"go", "go"}) h.apply(h.read(m).move);
  CHECK(h.result_text() == "draw");
}

TEST_CASE("end results: win, lose, draw and rank, with two and three players") {
  // A moves first; the end rule holds after A's move (me = A)
  auto text = [](const char* players, const std::string& rule) {
    return std::string("game: {name: results}\nplayers: ") + players +
           "\nvariables: {t: 0}\nmoves:\n  go:\n    effects: ['set t = t + 1']\nturn: [{choose: all}]\nend:\n" + rule;
  };
  struct Row {
    const char* players;
    std::string rule;
    const char* result;
  };
  const std::vector<Row> rows = {
      {"[A, B]", "  - {when: t == 1, result: win(me)}\n", "A wins"},
      {"[A, B]", "  - {when: t == 1, result: lose(me)}\n", "B wins"},  // two players: the opponent wins
      {"[A, B]", "  - {when: t == 1, result: lose(B)}\n", "A wins"},
      {"[A, B, C]", "  - {when: t == 1, result: lose(me)}\n", "B and C tie"},  // the others share the win
      {"[A, B, C]", "  - {when: t == 1, result: lose(C)}\n", "A and B tie"},
      {"[A, B, C]", "  - {each: p, when: t == 1 and p == B, result: lose(p)}\n", "A and C tie"},
      {"[A, B, C, D]", "  - {each: p, when: t == 1 and p == D, result: lose(p)}\n", "A, B and C tie"},
      {"[A, B]", "  - {when: t == 1, result: draw}\n", "draw"},
      {"[A, B, C]", "  - {each: p, when: t == 1, result: \"rank(if p == B then 0 else 1)\"}\n", "A and C tie"},
  };
  for (const Row& r : rows) {
    INFO(r.players << " " << r.rule);
    Game g(build(text(r.players, r.rule)));
    g.apply(g.read("go").move);
    REQUIRE(g.node() == Game::NodeKind::Over);
    CHECK(g.result_text() == r.result);
  }
}

TEST_CASE("misère tic-tac-toe: who completes a line loses, with two and with three players") {
  auto load = [](int64_t players) {
    Diagnostics d;
    LoadOptions o;
    o.params = {{"num_players", players}};
    auto p = load_rules(std::string(RULEINTERP_SOURCE_DIR) + "/tests/rules/misere.rules", d, o);
    INFO(d.format());
    REQUIRE(p);
    return p;
  };
  struct Row {
    int64_t players;
    std::vector<const char*> moves;  // the last one completes the mover's line
    const char* result;
  };
  const std::vector<Row> rows = {
      {2, {"a1", "c3", "b1", "b3", "c1"}, "b wins"},                     // a completes the bottom row
      {2, {"a1", "a2", "c3", "b2", "b1", "c2"}, "a wins"},               // b completes the middle row
      {3, {"a1", "a2", "c3", "b1", "b2", "a3", "c1"}, "b and c tie"},    // a completes the bottom row
      {3, {"a1", "a2", "c3", "b3", "b2", "a3", "c1", "c2"}, "a and c tie"},  // b completes the middle row
  };
  for (const Row& r : rows) {
    Game g(load(r.players));
    for (size_t i = 0; i < r.moves.size(); ++i) {
      INFO(r.players << " players, move " << i + 1 << ": " << r.moves[i]);
      REQUIRE(g.node() == Game::NodeKind::Decision);
      Game::Reading m = g.read(r.moves[i]);
      REQUIRE(m.ok);
      g.apply(m.move);
    }
    REQUIRE(g.node() == Game::NodeKind::Over);
    CHECK(g.result_text() == r.result);
  }
}

TEST_CASE("grid coordinates, and lists made with '++', unique, filter and map") {
  check_values(kLists, {
      // grid coordinates: columns and rows from 1; site_at reads the first grid; offset stays on the site's grid
      {"x_of(c5) ++ ',' ++ y_of(c5)", "3,5"},
      {"x_of(a1) ++ ',' ++ y_of(h8)", "1,8"},
      {"site_at(3, 5)", "c5"},
      {"site_at(9, 1) == none and site_at(0, 1) == none and site_at(1, -1) == none", "true"},
      {"offset(a1, 1, 2)", "b3"},
      {"offset(d4, -3, -3)", "a1"},
      {"offset(h8, 1, 0) == none and offset(a1, 0, -1) == none", "true"},
      {"offset(a1, 9223372036854775807, 0) == none", "true"},  // no overflow
      {"offset(g1_1, 1, 1)", "g2_2"},
      {"offset(g3_3, 1, 0) == none", "true"},                  // not into another grid
      {"x_of(g2_3) ++ ',' ++ y_of(g2_3)", "2,3"},
      // differences of coordinates (read by one handler), also across grids
      {"x_of(c5) - x_of(a1)", "2"},
      {"y_of(a1) - y_of(c5)", "-4"},
      {"x_of(h8) - x_of(g3_3)", "5"},
      {"(x_of(c5) - x_of(a1)) * 10 + y_of(c5) - y_of(c5)", "20"},
      // occupancy (size(S) > 0 and size(S) == 0 read by one handler)
      {"size(b2) > 0 and size(c3) == 0 and not (size(c3) > 0) and not (size(b2) == 0)", "true"},
      {"occupied(b2) and vacant(c3)", "true"},
      {"site_at(1, 1)", "a1"},
      {"show_sites(small, 0)", "g1_1,g2_1,g3_1,g1_2,g2_2,g3_2,g1_3,g2_3,g3_3"},  // a grid's name: its sites
      {"len(sites) - len(small)", "67"},
      // pieces: every piece on a site (zones included), in creation order
      {"len(pieces)", "4"},
      {"count(p in pieces : p.owner == B)", "2"},
      {"top(b2) in pieces and top(hand[A]) in pieces", "true"},
      {"show_sites(map(p in pieces : p.site), 0)", "b2,b2,Hand,Hand"},
      // filter and map
      {"show_ints(filter(x in 1..10 : x % 2 == 0), 0)", "2,4,6,8,10"},
      {"show_ints(filter(x in 1..10 where x > 3 : x % 2 == 0), 0)", "4,6,8,10"},
      {"len(filter(x in 1..10 : x > 10))", "0"},
      {"show_ints(map(x in 1..4 : x * x), 0)", "1,4,9,16"},
      {"show_ints(map(x in 1..6 where x % 3 == 0 : x), 0)", "3,6"},
      {"show_sites(map(s in [a1, b1] : offset(s, 0, 1)), 0)", "a2,b2"},
      {"show_sites(map(s in [a1, h1, a8] : offset(s, 1, 1)), 0)", "b2,none,none"},
      {"show_ints(map(x in 1..3 : len(filter(y in 1..x : y != 2))), 0)", "1,1,2"},
      {"show_ints(filter(x in 1..5 : x in [x, 9] and len(upto(x)) > 2), 0)", "2,3,4,5"},  // bodies make lists
      {"map(x in 1..3 : x * 10)[2]", "30"},
      {"show_sites(filter(s in map(i in 1..8 : site_at(i, 8)) : x_of(s) > 6), 0)", "g8,h8"},
      {"sum(i in 1..100 : len(filter(x in 1..20000 : true)))", "2000000"},  // one element's lists are dropped
      // elements may be none
      {"show_sites(map(s in [a1, a2, a3] : if s == a2 then none else s), 0)", "a1,none,a3"},
      {"none in map(s in [a1, a2] : if s == a2 then none else s)", "true"},
      {"count(s in map(s in [a1, h1, h2] : offset(s, 1, 0)) : s == none)", "2"},
      {"index(map(s in [a1, h1] : offset(s, 1, 0)), none)", "1"},
      {"len(unique(map(s in [h1, a1, h2, a1] : offset(s, 1, 0))))", "2"},
      // '++' of two lists, unique
      {"show_ints([1] ++ (2..3), 0)", "1,2,3"},
      {"show_ints((3..1) ++ [2], 0)", "2"},
      {"show_ints([2] ++ filter(x in [1] : false), 0)", "2"},
      {"len(unique(pieces)) ++ ',' ++ len(unique(pieces_at(b2)))", "4,2"},
      {"show_sites([a1] ++ filter(s in [b1, c1] : true) ++ [a1], 0)", "a1,b1,c1,a1"},
      {"show_ints(unique([1, 2, 1, 3, 2]), 0)", "1,2,3"},
      {"show_ints(unique([5, -5, 5, 5]), 0)", "5,-5"},
      {"show_ints(unique(4..6), 0)", "4,5,6"},
      {"show_sites(unique([c1, a1, b1, a1, c1, d1]), 0)", "c1,a1,b1,d1"},
      {"len(unique(filter(x in 1..3 : false)))", "0"},
      // '[]', an empty list of the type its context expects
      {"show_ints([] ++ [1] ++ [], 0)", "1"},
      {"len([] ++ pieces_at(a1))", "0"},
      {"show_sites(if x_of(a1) == 1 then [] else [a1], 0) ++ '.'", "."},
      {"show_ints(if true then [] else upto(2), 0) ++ '.'", "."},
      {"a1 in [] or top(b2) in []", "false"},
      {"a1 not in []", "true"},
      {"show_ints([], 0) == ''", "true"},                // an argument of a declared list type
      {"show_ints(evens(7), 0) ++ '.' ++ len(evens(0))", "2,4,6.0"},  // a declared result ('-> ints')
      // made lists returned from recursive functions
      {"show_ints(upto(5), 0)", "0,1,2,3,4,5"},
      {"sum(x in upto(150) : x)", "11325"},
      {"show_ints(spin(6), 0)", "0"},
      {"show_sites(reach([a1], 1), 0)", "a1,a2,b1"},
      {"show_sites(reach([a1], 2), 0)", "a1,a2,b1,a3,c1"},  // b2 holds pieces
      {"len(reach([a1], 14))", "63"},                       // every empty site
  });
}

TEST_CASE("grid coordinates and made lists fail as runtime errors, not crashes") {
  check_errors(kLists, {
      {"x_of(R1)", "'R1' is not a site of a grid"},
      {"y_of(hand[B])", "'hand[B]' is not a site of a grid"},
      {"offset(R1, 0, 0)", "'R1' is not a site of a grid"},
      {"x_of(offset(a1, -1, 0))", "no site here (the value is none)"},
      {"x_of(a1) - x_of(R1)", "'R1' is not a site of a grid"},
      {"size(offset(a1, -1, 0)) > 0", "no site here (the value is none)"},
      {"vacant(offset(a1, 0, -1))", "no site here (the value is none)"},
      {"y_of(offset(a1, -1, 0)) - y_of(R1)", "no site here (the value is none)"},
      {"len(map(x in 1..2000000 : x))", "the lists made in one game operation exceed 1048576 items"},
      {"len([1] ++ (1..2000000))", "the lists made in one game operation exceed 1048576 items"},
      {"len(unique(map(x in 1..600000 : x)))", "the lists made in one game operation exceed 1048576 items"},
      {"len(spin(40))", "evaluation budget exceeded (10000000 steps)"},
      {"len(upto(500))", "calls nested too deeply (more than 200)"},
      {"filter(x in 1..3 : x > 1)[5]", "position 5 is outside the list (length 2)"},
  });
}

namespace {

// Recursive functions, tail-recursive or not (a function's call of itself ending its body reuses its frame).
const char* kTail = R"RULES(
game: {name: tail}
players: [A]
topology: {sites: [s1]}
functions:
  total(int n, int acc) -> int: "if n <= 0 then acc else total(n - 1, acc + n)"
  keep(int n, int k) -> int: "let m = n - 1; if n <= 0 then k else keep(m, k)"
  swap(int a, int b, int n) -> int: "if n == 0 then a * 10 + b else swap(b, a, n - 1)"
  count(int n) -> int: "if n <= 0 then 0 else 1 + count(n - 1)"
  mixed(int n) -> int: "if n <= 0 then count(3) else mixed(n - count(1))"
  up(int n) -> int: "up(n + 1)"
  still(int n) -> int: "if n > 0 then still(n) else 0"
  deep(int n) -> int: "if n == 0 then nth([1], 5) else deep(n - 1)"
moves: {m: {}}
turn: [{choose: all}]
end: []
)RULES";

}  // namespace

TEST_CASE("a tail call gives the value of the call it replaces, at any depth") {
  check_values(kTail, {
      {"total(10, 0)", "55"},
      {"total(100000, 0)", "5000050000"},  // far deeper than the 200 nested calls: tail calls do not nest
      {"keep(5000, 7)", "7"},
      {"swap(1, 2, 3)", "21"},  // every argument is computed before any parameter changes
      {"swap(1, 2, 4)", "12"},
      {"mixed(1000)", "3"},     // a call that nests, inside a tail-recursive one
      {"count(150)", "150"},
  });
  check_errors(kTail, {
      {"up(0)", "evaluation budget exceeded (10000000 steps)"},     // a runaway tail recursion
      {"still(1)", "evaluation budget exceeded (10000000 steps)"},  // one that changes no argument
      {"count(500)", "calls nested too deeply (more than 200)"},    // calls that are not tail calls nest
      {"deep(3)", "position 5 is outside the list (length 1)"},
  });
}

TEST_CASE("a tail call costs the step of a call") {
  // 1 + n steps each: the first call, and each call of itself, in tail position or not
  struct Row {
    const char* expr;
    bool fits;
  };
  const Row rows[] = {{"keep(149, 0)", true}, {"keep(150, 0)", false}, {"count(149)", true}, {"count(150)", false}};
  for (const Row& r : rows) {
    INFO(r.expr);
    Game g(build(std::string(kTail) + "display: \"{" + r.expr + "}\"\n"));
    g.machine().limits.steps = 150;
    try {
      g.render();
      CHECK(r.fits);
    } catch (const RuntimeError& e) {
      CHECK_FALSE(r.fits);
      CHECK(std::string(e.what()) == "evaluation budget exceeded (150 steps)");
    }
  }
}

TEST_CASE("each effect of a move has a budget of steps of its own") {
  // three statements of about 102 steps each (the statement's, then count's 1 + 100): within 150 each, not together
  const char* text = R"RULES(
game: {name: effects}
players: [A]
topology: {sites: [s1]}
variables: {v: {type: int, init: 0}}
functions:
  count(int n) -> int: "if n <= 0 then 0 else 1 + count(n - 1)"
moves: {m: {effects: ["set v = count(100)", "set v = v + count(100)", "set v = v + count(100)"]}}
turn: [{choose: all}]
end: []
)RULES";
  struct Row {
    int64_t steps;
    bool fits;
  };
  const Row rows[] = {{150, true}, {102, true}, {101, false}, {60, false}};
  for (const Row& r : rows) {
    INFO(r.steps);
    Game g(build(text));
    MoveList ms;
    g.legal(ms);
    REQUIRE(ms.size == 1);
    g.machine().limits.steps = r.steps;
    try {
      g.apply(ms[0]);
      CHECK(r.fits);
      CHECK(g.state().vars[0] == 300);
    } catch (const RuntimeError& e) {
      CHECK_FALSE(r.fits);
      CHECK(std::string(e.what()) == "evaluation budget exceeded (" + std::to_string(r.steps) + " steps)");
      CHECK(g.state().vars[0] == 0);  // (the move undone)
    }
  }
}

TEST_CASE("an error after tail calls names them among the calls that led there, up to the depth limit") {
  struct Row {
    const char* expr;
    size_t calls;  // the calls named: the display's, then the tail calls
  };
  const Row rows[] = {{"deep(0)", 1}, {"deep(3)", 4}, {"deep(199)", 200}, {"deep(1000)", 200}};
  for (const Row& r : rows) {
    INFO(r.expr);
    const std::string text = std::string(kTail) + "display: \"{" + r.expr + "}\"\n";
    Game g(build(text));
    try {
      g.render();
      FAIL("no error");
    } catch (const RuntimeError& e) {
      CHECK(std::string(e.what()) == "position 5 is outside the list (length 1)");
      REQUIRE(e.calls.size() == r.calls);
      const std::string body = "  deep(int n) -> int: \"if n == 0 then nth([1], 5) else deep(n - 1)\"";
      for (size_t i = 0; i + 1 < e.calls.size(); ++i) {  // deep(n - 1), innermost first
        CHECK(e.calls[i].line == e.pos.line);
        CHECK(e.calls[i].col == static_cast<int>(body.find("deep(n - 1)")) + 1);
      }
      CHECK(e.calls.back().line == static_cast<int>(std::count(text.begin(), text.end(), '\n')));  // the display's
    }
  }
}

namespace {

// offset by steps from constant lists: with one index into lists of one length (read from a table of every site's
// offsets), and the shapes computed as written.
const char* kSteps = R"RULES(
game: {name: steps}
players: [A]
topology:
  sites: [R1]
  grids: [{width: 4, height: 3}, {width: 3, height: 3, names: "g{x}_{y}", directions: false, name: small}]
functions:
  dx(int k) -> int: "[0, 1, 1, 1, 0, -1, -1, -1][k]"
  dy(int k) -> int: "[1, 1, 0, -1, -1, -1, 0, 1][k]"
  far(int k) -> int: "[2, -2, 3][k]"
  go(site s, int k) -> site: "offset(s, dx(k), dy(k))"
  computed(site s, int k) -> site: "offset(s, dx(k) + 0, dy(k) + 0)"
  written(site s, int k) -> site: "offset(s, [2, 0, -1][k], [0, -2, 1][k])"
  uneven(site s, int k) -> site: "offset(s, far(k), dy(k))"
  shifted(site s, int k) -> site: "offset(s, dx(k), dy(k + 1))"
  twice(site s, int k) -> site: "offset(s, dx(k * 2 - k), dy(k * 2 - k))"
moves: {m: {}}
turn: [{choose: all}]
end: []
)RULES";

}  // namespace

TEST_CASE("offset by steps from constant lists gives the sites offset computes") {
  check_values(kSteps, {
      {"go(a1, 0) ++ go(a1, 1) ++ go(b2, 5) ++ go(d3, 7)", "a2b2a1none"},
      {"all(s in sites where s != R1 : all(k in 0..7 : go(s, k) == computed(s, k)))", "true"},
      {"all(s in sites where s != R1 : all(k in 0..7 : twice(s, k) == computed(s, k)))", "true"},
      {"all(s in sites where s != R1 : all(k in 0..2 : written(s, k) == offset(s, [2, 0, -1][k] + 0, [0, -2, 1][k] + 0)))",
       "true"},
      {"go(g1_1, 1) == g2_2 and go(g3_3, 0) == none and go(d1, 1) == none", "true"},  // each grid its own
      {"uneven(a1, 0) ++ shifted(a1, 0)", "c2a2"},
  });
  check_errors(kSteps, {
      {"go(a1, 8)", "position 8 is outside the list (length 8)"},
      {"go(a1, -1)", "position -1 is outside the list (length 8)"},
      {"go(R1, 9)", "'R1' is not a site of a grid"},  // the site first, as offset does
      {"go(none, 9)", "no site here (the value is none)"},
      {"written(a1, 3)", "position 3 is outside the list (length 3)"},
      {"uneven(a1, 3)", "position 3 is outside the list (length 3)"},
      {"shifted(a1, 7)", "position 8 is outside the list (length 8)"},
  });
}

TEST_CASE("an index outside the lists of steps is the error of the first list's item, with its calls") {
  const std::string text = std::string(kSteps) + "display: \"{go(a1, 8)}\"\n";
  Game g(build(text));
  try {
    g.render();
    FAIL("no error");
  } catch (const RuntimeError& e) {
    const auto line = [&](const std::string& part) {
      return static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(text.find(part)), '\n')) + 1;
    };
    CHECK(e.pos.line == line("dx(int k)"));
    REQUIRE(e.calls.size() == 2);
    CHECK(e.calls[0].line == line("go(site s"));  // dx(k) in go
    CHECK(e.calls[1].line == line("display:"));
  }
}

TEST_CASE("offset by steps from constant lists of one length with one index reads a table per pair of lists") {
  auto p = build(std::string(kSteps) + "display: \"{go(a1, 0)} {go(b1, 2)} {written(a1, 0)} {uneven(a1, 0)} "
                                         "{shifted(a1, 0)} {computed(a1, 0)} {twice(a1, 0)}\"\n");
  const size_t sites = static_cast<size_t>(p->nsites());
  CHECK(build_closures(*p).tables.size() == sites * 8 + sites * 3);  // dx and dy (step, twice), written's lists
}

namespace {

// Chains of `if E == K then ...` with constant keys K, which compute E once, and chains that stop early.
const char* kChains = R"RULES(
game: {name: chains}
players: [A]
topology: {sites: [s1]}
functions:
  dx(string d) -> int: "if d == 'R' then 1 else if 'L' == d then -1 else 0"
  name(int k) -> string: "if k == 1 then 'one' else if 2 == k then 'two' else if k == 3 then 'three' else 'many'"
  mixed(int k, int j) -> int: "if k == 1 then 10 else if j == 2 then 20 else if k == 3 then 30 else 0"
  quotient(int k) -> int: "if 6 / k == 6 then 1 else if 6 / k == 3 then 2 else 0"
  flip(int n, int k) -> int: "if n <= 0 then k else if k == 0 then flip(n - 1, 1) else if k == 1 then flip(n - 1, 0) else -1"
moves: {m: {}}
turn: [{choose: all}]
end: []
)RULES";

}  // namespace

TEST_CASE("a chain of comparisons with constants gives the branch of the first that holds") {
  check_values(kChains, {
      {"dx('R') ++ ',' ++ dx('L') ++ ',' ++ dx('U')", "1,-1,0"},
      {"dx('R' ++ '') ++ ',' ++ dx('' ++ 'L') ++ ',' ++ dx('X' ++ '')", "1,-1,0"},  // strings made here
      {"name(1) ++ name(2) ++ name(3) ++ name(4) ++ name(-1)", "onetwothreemanymany"},
      {"mixed(1, 0) ++ ',' ++ mixed(3, 2) ++ ',' ++ mixed(3, 0) ++ ',' ++ mixed(2, 0)", "10,20,30,0"},
      {"quotient(1) ++ ',' ++ quotient(2) ++ ',' ++ quotient(4)", "1,2,0"},
      {"flip(1001, 0) ++ ',' ++ flip(1000, 0) ++ ',' ++ flip(3, 5)", "1,0,-1"},  // tail calls in its branches
  });
  check_errors(kChains, {
      {"quotient(0)", "division by zero"},
  });
}

TEST_CASE("the lists of a move's lets outlive the aggregates and loops that compute them") {
  const char* rules = R"RULES(
game: {name: lets}
players: [A]
variables: {total: 0}
moves:
  go:
    params:
      n: int in 1..3
      m: int in 1..3
    let:
      l: "[n] ++ map(x in 1..2 : x * n)"
      k: "filter(x in 1..9 : x % n == 0)"
      j: "map(x in 1..n : x)"
    requires:
      - "all(i in 1..3 : l[0] == n and len([i, i, i]) == 3)"
      - "any(j in [m, m] : nth(k, 0) == n and len(map(y in 1..4 : y)) == 4)"
      - "l[2] == 2 * n and m in k ++ [1, 2, 3]"
      - "sum(v in map(x in 1..3 : x + (if x == 2 then len(j) else n)) : v) == 6 + 3 * n and j[n - 1] == n"
    effects: ["for i in 1..3: set total = total + l[i - 1] + len([i, i])"]
    notation: "{n}{m}"
turn: [{choose: all}]
end: []
display: "{total}"
)RULES";
  Game g(build(rules));
  std::vector<std::string> got = legal_written(g);
  CHECK(got == std::vector<std::string>{"11", "12", "13", "21", "22", "23", "31", "32", "33"});
  g.apply(g.read("33").move);
  CHECK(g.render() == "18\n");  // l = [3, 3, 6]: 12, and 2 for each of the 3 items
}

TEST_CASE("concat joins the written forms of its values, in list order") {
  check_values(kLists, {
      {"concat(x in 1..5 : x)", "12345"},
      {"concat(x in 1..5 where x % 2 == 1 : x ++ ',')", "1,3,5,"},
      {"concat(x in 1..0 : x) == ''", "true"},                               // over no element: the empty string
      {"concat(s in [a1, h8] : s ++ '=' ++ (s == a1))", "a1=trueh8=false"},  // any single value, as '++' writes it
      {"concat(p in pieces_at(b2) : p ++ ' ')", "man#0 man#1 "},
      {"concat(s in [hand[A], R1, offset(h8, 1, 0)] : s ++ ';')", "Hand;R1;none;"},
      {"concat(p in players : concat(i in 1..2 : p))", "AABB"},
      {"concat(r in 0..2 : concat(i in 1..3 - r : '.') ++ concat(c in 0..r : c) ++ '|')", "...0|..01|.012|"},
      {"concat(x in 1..3 : show_ints(map(y in 1..x : y), 0) ++ ';')", "1;1,2;1,2,3;"},
      {"concat(x in 1..3 : len(filter(y in 1..x : true)))", "123"},  // one element's lists are dropped
  });
  check_errors(kLists, {
      {"concat(x in 1..2000000 : x)", "the strings made with '++' and 'concat' in one game operation exceed 1048576 bytes"},
      {"concat(x in 1..1000 : concat(y in 1..1000 : 'ab')) == ''",
       "the strings made with '++' and 'concat' in one game operation exceed 1048576 bytes"},
      {"concat(x in 1..20000000 : '')", "evaluation budget exceeded (10000000 steps)"},  // one step per element
      {"concat(x in 0..2 : 6 / x)", "division by zero"},
  });
}

TEST_CASE("cannot_move is true only while the end rules are tried for a player who has no legal move") {
  // B can move once; then nobody can: the end rule sees cannot_move with me = the player who is stuck
  const char* base = R"RULES(
game: {name: stuck}
players: [A, B]
variables: {moves: 0}
moves:
  go:
    requires: ["moves < 2 and not cannot_move"]
    effects: ["set moves = moves + 1"]
turn: [{choose: all, if_none: IF_NONE}]
display: "{cannot_move}"
)RULES";
  auto with = [&](const std::string& if_none, const std::string& end) {
    std::string text = base;
    text.replace(text.find("IF_NONE"), 7, if_none);
    return build(text + "end:\n" + end);
  };
  {
    Game g(with("end", "  - when: cannot_move and me == A\n    result: win(B)\n"));
    CHECK(g.render() == "false\n");  // not while playing
    g.apply(g.read("go").move);      // A, then B
    CHECK(g.node() == Game::NodeKind::Decision);
    g.apply(g.read("go").move);
    CHECK(g.node() == Game::NodeKind::Over);  // A cannot move: the rule holds
    CHECK(g.result_text() == "B wins");
    CHECK(g.render() == "false\n");
  }
  {
    // after a move the end rules see cannot_move false; with if_none: lose, the rule wins before the loss
    Game g(with("lose", "  - each: p\n    when: cannot_move\n    result: rank(if p == me then 1 else 0)\n"));
    g.apply(g.read("go").move);
    CHECK(g.node() == Game::NodeKind::Decision);
    g.apply(g.read("go").move);
    CHECK(g.result_text() == "A wins");  // the stuck player ranks first here: the rule decides, not the loss
  }
  {
    // when no rule holds, if_none: lose makes the stuck player lose
    Game g(with("lose", "  - when: \"not cannot_move\"\n    result: draw\n"));
    CHECK(g.node() == Game::NodeKind::Decision);  // after no move: the rule is not tried
    g.apply(g.read("go").move);  // tried after the move: cannot_move is false, so it holds
    CHECK(g.result_text() == "draw");
  }
}

TEST_CASE("slice and reverse make new lists of a list's elements") {
  check_values(kLists, {
      {"show_ints(slice(1..5, 1, 3), 0)", "2,3"},
      {"show_ints(slice(1..5, 0, 5), 0)", "1,2,3,4,5"},
      {"len(slice(1..5, 2, 2)) ++ ',' ++ len(slice(1..5, 5, 5))", "0,0"},  // i == j: an empty list
      {"show_ints(slice([7, 8, 9], 1, 3), 0)", "8,9"},
      {"show_ints(slice(upto(5), 4, 6), 0)", "4,5"},                         // a made list
      {"show_sites(slice(sites, 1, 3), 0)", "a1,b1"},                        // a constant list
      {"concat(p in slice(pieces_at(b2), 1, 2) : p)", "man#1"},             // the pieces of a site
      {"concat(p in slice(pieces, 1, 3) : p ++ ' ')", "man#1 spare#2 "},    // every piece
      {"show_ints(reverse(1..4), 0)", "4,3,2,1"},
      {"show_ints(reverse([5]), 0)", "5"},
      {"len(reverse(filter(x in 1..3 : false)))", "0"},
      {"show_ints(reverse(slice(upto(5), 2, 5)), 0)", "4,3,2"},
      {"concat(p in reverse(pieces) : p ++ ' ')", "spare#3 spare#2 man#1 man#0 "},
      {"show_sites(reverse(map(i in 1..3 : site_at(i, 1))), 0)", "c1,b1,a1"},
      {"reverse(upto(3))[0] ++ slice(upto(3), 1, 2)[0]", "31"},
      {"len(slice(1..1000000000, 999999990, 1000000000))", "10"},  // one step per element copied, not per element skipped
  });
  check_errors(kLists, {
      {"len(slice(1..3, 2, 4))", "slice from 2 to 4 is outside the list (length 3)"},
      {"len(slice(1..3, -1, 2))", "slice from -1 to 2 is outside the list (length 3)"},
      {"len(slice(1..3, 4, 4))", "slice from 4 to 4 is outside the list (length 3)"},
      {"len(slice(1..3, 2, 1))", "slice from 2 to 1 ends before it starts"},
      {"len(slice(pieces, 0, 9))", "slice from 0 to 9 is outside the list (length 4)"},
      {"len(slice(1..2000000, 0, 2000000))", "the lists made in one game operation exceed 1048576 items"},
      {"len(reverse(1..2000000))", "the lists made in one game operation exceed 1048576 items"},
      {"len(reverse(map(x in 1..600000 : x)))", "the lists made in one game operation exceed 1048576 items"},
  });
}

TEST_CASE("for over a slice or a reverse of a stack moves the pieces it visits; while repeats within the budget") {
  const char* rules = R"RULES(
game: {name: piles}
players: [A]
topology: {sites: [a, b]}
pieces: {disc: {per_player: 4, at: a, attributes: {n: 0}}}
setup: ["for p in pieces_at(a) : set p.n = index(pieces_at(a), p) + 1"]
variables: {rounds: 0}
moves:
  top_two:
    effects: ["for p in slice(pieces_at(a), size(a) - 2, size(a)) : move(p, b)"]
  turn_over:
    effects: ["for p in reverse(pieces_at(a)) : move(p, b)"]
  one_by_one:
    effects: ["while size(a) > 0 : { move(top(a), b); set rounds = rounds + 1 }"]
  forever:
    effects: ["while true : set rounds = rounds + 1"]
  idle:
    effects: ["while true : if rounds < 0 then set rounds = 0"]
  same:
    effects: ["while true : set rounds = rounds"]
turn: [{choose: all}]
end: []
display: "{concat(p in pieces_at(a) : p.n)}/{concat(p in pieces_at(b) : p.n)}/{rounds}"
)RULES";
  auto prog = build(rules);
  struct Row {
    const char* move;
    const char* board;  // the stacks of a and b, bottom to top, and the rounds
  };
  for (const Row& r : {Row{"top_two", "12/34/0"}, Row{"turn_over", "/4321/0"}, Row{"one_by_one", "/4321/4"}}) {
    INFO(r.move);
    Game g(prog);
    CHECK(g.render() == "1234//0\n");
    size_t mark = g.apply(g.read(r.move).move);
    CHECK(g.render() == std::string(r.board) + "\n");
    g.undo(mark);
    CHECK(g.render() == "1234//0\n");
  }
  // a loop that never ends: stopped by the budget of changes when it changes the state, else (a variable set to the
  // value it has changes nothing) by the evaluation budget; either way the game is as it was
  struct Endless {
    const char* move;
    const char* error;
    int line;  // in the loop, where the budget ran out
  };
  for (const Endless& r : {Endless{"forever", "one game operation made more than 1000000 changes to the state (the "
                                              "budget of changes)", 16},
                           Endless{"idle", "evaluation budget exceeded (10000000 steps)", 18},
                           Endless{"same", "evaluation budget exceeded (10000000 steps)", 20}}) {
    INFO(r.move);
    Game g(prog);
    try {
      g.apply(g.read(r.move).move);
      FAIL("no error");
    } catch (const RuntimeError& e) {
      CHECK(std::string(e.what()) == r.error);
      CHECK(e.pos.line == r.line);
    }
    CHECK(g.render() == "1234//0\n");
  }
}

TEST_CASE("a step's after runs after every move chosen there, before the record and the end rules, and undoes") {
  const char* rules = R"RULES(
game: {name: after}
players: [A, B]
topology: {sites: [a, b]}
pieces: {disc: {per_player: 2, at: a, attributes: {up: 0}}}
variables: {last: {type: player, init: B}, steps: 0}
history: {to: none, count: 0}
moves:
  put:
    params:
      to: site in [b]
    requires: ["size(a) > 0"]
    effects: ["move(top(a), to)"]
    record: {to: to, count: steps}
  stay:
    effects: [pass]
turn:
  - choose: [put]
    after: ["set top(b).up = 1", "set last = me", "set steps = steps + 1"]
  - choose: [stay]
end:
  - when: "steps == 3"
    result: win(last)
display: "{concat(p in pieces_at(b) : p.up)} {last} {steps} {if history_len() > 0 then recorded(history_len() - 1, to) ++ recorded(history_len() - 1, count) else ''}"
)RULES";
  Game g(build(rules));
  CHECK(g.render() == " B 0 \n");
  size_t mark = g.apply(g.read("put b").move);
  // the step's statements ran with me = the mover; the record, after them, still sees the move's parameter
  CHECK(g.render() == "1 A 1 b1\n");
  g.apply(g.read("stay").move);  // the second step has no 'after'
  CHECK(g.render() == "1 A 1 none0\n");
  g.apply(g.read("put b").move);
  CHECK(g.render() == "11 B 2 b2\n");
  g.apply(g.read("stay").move);
  g.apply(g.read("put b").move);  // the end rules see what 'after' changed: the third put ends the game
  CHECK(g.render() == "111 A 3 b3\n");
  CHECK(g.result_text() == "A wins");
  g.undo(mark);
  CHECK(g.render() == " B 0 \n");
  CHECK(g.node() == Game::NodeKind::Decision);
}

namespace {

// Two players and three sites; A moves first. The moves and the turn follow.
const std::string kRejections =
    "game: {name: Rejections}\n"
    "players: [A, B]\n"
    "topology: {sites: [x, y, z]}\n"
    "variables: {n: 0}\n"
    "end: [{when: n >= 5, result: draw}]\n";

}  // namespace

TEST_CASE("record_rejections: the first requirement, in the order written, that fails for a candidate", "[generation]") {
  struct Row {
    const char* what;
    std::string rules;  // moves and turn
    std::vector<std::vector<uint8_t>> rejected;  // [move][requirement] after the setup and the start's legal moves
  };
  const std::vector<Row> rows = {
      {"each requirement the first to fail for some site",
       "moves:\n  go: {params: {to: site}, requires: [{check: to != x, error: Here}, {check: to != z, error: Far},"
       " {check: me == B, error: NotA}]}\nturn: [{choose: all}]\n",
       {{1, 1, 1}}},
      {"one on no parameter that fails prunes every candidate: the next is never checked",
       "moves:\n  go: {params: {to: site}, requires: [{check: n > 0, error: Early}, {check: to != x, error: Here}]}\n"
       "turn: [{choose: all}]\n",
       {{1, 0}}},
      {"one that holds for every candidate rejects none",
       "moves:\n  go: {params: {to: site}, requires: [{check: n >= 0, error: Always}, {check: to == y, error: NotY}]}\n"
       "turn: [{choose: all}]\n",
       {{0, 1}}},
      {"a later one, once an earlier one has failed, is not the reason",
       "moves:\n  go: {params: {to: site}, requires: [{check: to == y, error: NotY}, {check: to != x, error: Here}]}\n"
       "turn: [{choose: all}]\n",
       {{1, 0}}},
      {"without a code, by its place",
       "moves:\n  go: {params: {to: site}, requires: [to != x, to != y]}\nturn: [{choose: all}]\n", {{1, 1}}},
      {"the moves of a step passed automatically during the setup are recorded too",
       "moves:\n  wait: {requires: [{check: n > 0, error: Early}]}\n  go: {params: {to: site},"
       " requires: [{check: to != x, error: Here}]}\nturn: [{choose: [wait]}, {choose: [go]}]\n",
       {{1}, {1}}},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      auto prog = build(kRejections + row.rules);
      Prng rng(1);
      Game g(prog, rng);
      std::vector<std::vector<uint8_t>> rejected;
      g.record_rejections(&rejected);
      Prng again(1);
      g.reset(again);
      auto moves = std::make_unique<MoveList>();
      g.legal(*moves);
      CHECK(rejected == row.rejected);
      g.record_rejections(nullptr);  // recording stops: nothing changes any more
      rejected.assign(rejected.size(), std::vector<uint8_t>(rejected[0].size(), 0));
      g.legal(*moves);
      CHECK(rejected == std::vector<std::vector<uint8_t>>(rejected.size(), std::vector<uint8_t>(rejected[0].size(), 0)));
    }
  }
}

TEST_CASE("the legal moves are generated once per position and kept until the state changes") {
  auto p = testing::compile_file("rules/tic-tac-toe.rules");
  Game g(p);
  MoveList first, again;
  g.legal(first);
  REQUIRE(first.size == 9);
  g.legal(again);
  CHECK(again.size == 9);
  // a change made through the machine, not through apply(), is seen too
  Machine& M = g.machine();
  const size_t mark = M.mark();
  M.place(0, p->lists[static_cast<size_t>(p->sites_list)][0]);  // a mark on the first square
  g.legal(again);
  CHECK(again.size == 8);
  M.rollback(mark);
  g.legal(again);
  CHECK(again.size == 9);
  // applying and undoing a move gives the same moves back
  const size_t played = g.apply(first[0]);
  g.legal(again);
  CHECK(again.size == 8);
  g.undo(played);
  g.legal(again);
  REQUIRE(again.size == first.size);
  for (int i = 0; i < first.size; ++i) CHECK(again[i] == first[i]);
}

namespace {

// n changes made by `change` on M, a mark taken now and then before one and, now and then instead of a change, the
// changes since the last mark undone (the rest at the end); `holds` required after each change and each undoing.
template <class Change, class Holds>
void change_and_undo(Machine& M, Prng& rng, int n, Change&& change, Holds&& holds) {
  std::vector<size_t> marks;
  for (int i = 0; i < n; ++i) {
    const uint64_t what = rng.below(10);
    if (what < 2 && !marks.empty()) {
      M.rollback(marks.back());
      marks.pop_back();
    } else {
      if (what < 5) marks.push_back(M.mark());
      change();
    }
    REQUIRE(holds());
  }
  while (!marks.empty()) {
    M.rollback(marks.back());
    marks.pop_back();
    REQUIRE(holds());
  }
}

}  // namespace

TEST_CASE("each site's top piece, kept as pieces are placed and the changes undone, is the top of its stack") {
  auto p = testing::compile_file("rules/solitaire.rules");
  Game g(p);
  Machine& M = g.machine();
  const State& S = M.state();
  const int nsites = p->nsites(), npieces = static_cast<int>(p->pieces.size());
  // (the top of each stack as the stacks say, against the state's table)
  const auto tops_hold = [&] {
    for (int s = 0; s < nsites; ++s) {
      const int c = S.count[static_cast<size_t>(s)];
      const int top = c ? S.stack[static_cast<size_t>(s) * static_cast<size_t>(S.cap) + static_cast<size_t>(c - 1)] : -1;
      if (S.tops[static_cast<size_t>(s)] != top) return false;
    }
    return true;
  };
  REQUIRE(tops_hold());
  Prng rng(7);
  int gaps = 0;  // (pieces taken from below the top of their stack: put back there when undone)
  change_and_undo(M, rng, 3000, [&] {
    // a piece from anywhere in a stack (a gap closed below the top) onto a site, or off the board
    const int piece = static_cast<int>(rng.below(static_cast<uint64_t>(npieces)));
    const int site = rng.below(8) == 0 ? -1 : static_cast<int>(rng.below(static_cast<uint64_t>(nsites)));
    const int from = S.site[static_cast<size_t>(piece)];
    if (from >= 0 && S.height[static_cast<size_t>(piece)] + 1 != S.count[static_cast<size_t>(from)]) ++gaps;
    M.place(piece, site);
  }, tops_hold);
  CHECK(gaps > 100);
}

TEST_CASE("each player's sets of sites, kept as pieces move, stack and change owner and the changes are undone, are the sites held") {
  // 81 sites (two words a set), three players, stacks of any height; kept because a filter walks them
  const std::string rules = R"RULES(
game: {name: sets}
players: [A, B, C]
topology: {grids: [{width: 9, height: 9, name: board}]}
pieces: {man: {per_player: 8}}
functions:
  mine(player p) -> sites: "filter(s in board : owned(s, p) > 0)"
moves:
  put:
    params: {to: "site in mine(me)"}
    effects: ["move(top(to), to)"]
turn: [{choose: all}]
end: []
)RULES";
  // (a filter of another form: no sets kept)
  std::string other = rules;
  other.replace(other.find("owned(s, p) > 0"), 15, "owned(s, p) > 0 or false");
  const auto q = build(other);
  CHECK_FALSE(q->uses_site_sets);
  CHECK(Game(q).state().site_words == 0);
  auto p = build(rules);
  Game g(p);
  Machine& M = g.machine();
  const State& S = M.state();
  const int nsites = p->nsites(), npieces = static_cast<int>(p->pieces.size()), np = p->nplayers();
  REQUIRE(S.site_words == 2);
  // (each set against the sites' counts and stacks: held, a piece of the player's there; topped, the top one the player's)
  const auto sets_hold = [&] {
    for (int q = 0; q < np; ++q)
      for (int s = 0; s < nsites; ++s) {
        const size_t w = static_cast<size_t>(q) * static_cast<size_t>(S.site_words) + static_cast<size_t>(s / 64);
        const bool held = (S.held[w] >> (s % 64)) & 1, topped = (S.topped[w] >> (s % 64)) & 1;
        bool some = false;
        for (int h = 0; h < S.count[static_cast<size_t>(s)]; ++h)
          some = some || S.owner[static_cast<size_t>(S.stack[static_cast<size_t>(s) * static_cast<size_t>(S.cap) + static_cast<size_t>(h)])] == q;
        const int top = S.tops[static_cast<size_t>(s)];
        if (held != some || topped != (top >= 0 && S.owner[static_cast<size_t>(top)] == q)) return false;
      }
    return true;
  };
  REQUIRE(sets_hold());
  Prng rng(11);
  int owners = 0, stacked = 0;
  change_and_undo(M, rng, 4000, [&] {
    // a piece onto one of a few sites (so that stacks grow, each side of the words' border), off the board, from below
    // the top of its stack; or a piece given another owner
    const int piece = static_cast<int>(rng.below(static_cast<uint64_t>(npieces)));
    if (rng.below(4) == 0) {
      ++owners;
      M.set_owner(piece, static_cast<int>(rng.below(static_cast<uint64_t>(np))));
      return;
    }
    const int site = rng.below(8) == 0 ? -1 : static_cast<int>(60 + rng.below(8));
    if (site >= 0 && S.count[static_cast<size_t>(site)] > 0) ++stacked;
    M.place(piece, site);
  }, sets_hold);
  CHECK(owners > 500);
  CHECK(stacked > 500);
}

TEST_CASE("the pieces grouped by kind, kept as kinds change and the changes are undone, are each kind's in creation order") {
  auto p = testing::compile_file("rules/chess.rules");
  Game g(p);
  Machine& M = g.machine();
  const State& S = M.state();
  const int nkinds = static_cast<int>(p->kinds.size()), npieces = static_cast<int>(p->pieces.size());
  // (each kind's pieces as the kinds say, against the state's groups)
  const auto groups_hold = [&] {
    for (int k = 0; k < nkinds; ++k) {
      std::vector<int16_t> want, have;
      for (int q = 0; q < npieces; ++q)
        if (S.kind[static_cast<size_t>(q)] == k) want.push_back(static_cast<int16_t>(q));
      have.assign(S.by_kind.begin() + S.kind_at[static_cast<size_t>(k)], S.by_kind.begin() + S.kind_at[static_cast<size_t>(k) + 1]);
      if (have != want) return false;
    }
    return S.kind_at.back() == npieces;
  };
  REQUIRE(groups_hold());
  Prng rng(11);
  int changed = 0;  // (kinds changed to another)
  change_and_undo(M, rng, 2000, [&] {
    const int piece = static_cast<int>(rng.below(static_cast<uint64_t>(npieces)));
    const int kind = static_cast<int>(rng.below(static_cast<uint64_t>(nkinds)));
    if (S.kind[static_cast<size_t>(piece)] != kind) ++changed;
    M.set_kind(piece, kind);
  }, groups_hold);
  CHECK(changed > 1000);
}

namespace {

// Ten squares and a hand of ten stones; `put` places one on a square while free(), a count over the squares, says
// what `requires` and `ensures` check (each requirement checked for every candidate: each reads the parameter).
const char* kRemembering = R"RULES(
game: {name: remembering}
players: [A]
topology:
  sites: [s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, hand]
  regions: {squares: [s1, s2, s3, s4, s5, s6, s7, s8, s9, s10]}
pieces:
  stone: {per_player: 10, at: hand}
functions:
  free() -> int: "count(s in squares : vacant(s))"
  empties() -> sites: "filter(s in squares : vacant(s))"
moves:
  put:
    params:
      to: site in empties()
    requires: ["to in empties() and free() == len(empties())", "to != none and free() >= 9"]
    effects:
      - move(top(hand), to)
    ensures: ["free() == len(empties())", "free() == 9 or free() == 8"]
turn: [{choose: all}]
end: []
)RULES";

}  // namespace

TEST_CASE("a remembered call has the value of its arguments in the state it is made in") {
  auto p = build(kRemembering);
  for (const char* f : {"free", "empties"}) {
    INFO(f);
    bool memoized = false;
    for (size_t i = 0; i < p->functions.size(); ++i)
      if (p->functions[i].name == f) memoized = p->memoized[i];
    CHECK(memoized);
  }
  Game g(p);
  MoveList moves;
  g.legal(moves);
  // the post-conditions see the state after the stone is placed (free() is 9 there, not the 10 of the start), and
  // each candidate after the one before was taken back sees the start again
  REQUIRE(moves.size == 10);
  g.apply(moves[3]);
  g.legal(moves);
  CHECK(moves.size == 9);
  g.apply(moves[0]);
  g.legal(moves);
  CHECK(moves.size == 0);  // free() is 8: no requirement holds
}

TEST_CASE("only the calls in the code that lists the moves are remembered") {
  auto p = build(std::string(kRemembering) + "display: \"{free()} {len(empties())}\"\n");
  const MoveInfo& put = p->moves[0];
  struct Row {
    const char* where;
    int node;
    bool remembered;
  };
  const Row rows[] = {
      {"the domain: empties()", put.params[0].domain, true},
      {"a post-condition's free()", p->kid(p->code[static_cast<size_t>(put.ensures[0].node)], 0), true},
      {"the display's free()", p->display.exprs[0], false},
  };
  for (const Row& r : rows) {
    INFO(r.where);
    REQUIRE(p->code[static_cast<size_t>(r.node)].op == Op::Bind);
    CHECK(remembered_call(*p, r.node) == r.remembered);
  }
  Game g(p);
  CHECK(g.render() == "10 10\n");
}

TEST_CASE("a listing of the moves computes a remembered call once per state and arguments") {
  // 10 candidates, each calling free() and empties() (10 and 20 steps) four times before its stone is placed and
  // three times after: remembered, about 30 steps a candidate; computed at every call, about 100
  auto remembered = build(kRemembering);
  auto computed = std::make_shared<Program>(*remembered);
  computed->memoized.assign(computed->memoized.size(), 0);
  auto list = [](std::shared_ptr<const Program> p) {
    Game g(p);
    g.machine().limits.operation_steps = 600;
    (void)g.machine().state();  // access that may change the state: the moves are listed anew
    MoveList moves;
    g.legal(moves);
    return moves.size;
  };
  CHECK(list(remembered) == 10);
  CHECK_THROWS_WITH(list(computed), "one game operation took more than 600 evaluation steps");
}

TEST_CASE("a copy of a game plays on after the game it was copied from is gone") {
  auto p = testing::compile_file("rules/tic-tac-toe.rules");
  std::unique_ptr<Game> copy;
  {
    Game g(p);
    MoveList moves;
    g.legal(moves);
    g.apply(moves[4]);
    copy = std::make_unique<Game>(g);
  }
  MoveList moves;
  copy->legal(moves);
  CHECK(moves.size == 8);
  copy->apply(moves[0]);
  CHECK(copy->render().find('X') != std::string::npos);
}

TEST_CASE("the moves listed in place and their count are what legal() lists, at decisions and chance nodes") {
  const char* files[] = {"rules/ur.rules", "rules/checkers.rules", "rules/shogun.rules", "rules/dice-of-doom.rules"};
  for (const char* file : files) {
    INFO(file);
    Game g(testing::compile_file(file));
    Prng rng(3);
    MoveList listed;
    Move m;
    for (int ply = 0; ply < 60; ++ply) {
      g.legal(listed);
      CHECK(g.legal_count() == listed.size);
      const std::span<const Move> in_place = g.decisions();
      if (g.node() == Game::NodeKind::Decision) CHECK(std::equal(in_place.begin(), in_place.end(), listed.begin(), listed.end()));
      else CHECK(in_place.empty());
      if (!random_action(g, rng, m)) break;
      g.apply(m);
    }
  }
}

TEST_CASE("the board's key is kept as pieces move and change, and undo restores it") {
  // games whose moves place, take, stack, crown (a kind changes), give pieces away and change attributes
  const char* files[] = {"rules/ur.rules", "rules/checkers.rules", "rules/chess.rules", "rules/shogun.rules",
                         "tests/rules/energy.rules", "tests/rules/crowning.rules", "rules/dice-of-doom.rules"};
  for (const char* file : files) {
    INFO(file);
    auto p = testing::compile_file(file);
    // the key is kept in a game that checks repetitions (chess); kept here in every game, and the same game played
    // without it (`plain`, the board read for each hash) has the same hashes
    Game g(p), plain(p);
    CHECK(plain.state().keyed == p->uses_repetitions);
    g.machine().state().keyed = true;
    g.machine().state().board_key = board_key_of(g.state());
    Prng rng(7);
    Move m;
    const uint64_t start = g.hash();
    CHECK(plain.hash() == start);
    std::vector<size_t> marks, plain_marks;
    for (int ply = 0; ply < 120 && random_action(g, rng, m); ++ply) {
      marks.push_back(g.apply(m));
      plain_marks.push_back(plain.apply(m));
      REQUIRE(g.state().board_key == board_key_of(g.state()));
      REQUIRE(plain.hash() == g.hash());
    }
    while (!marks.empty()) {
      g.undo(marks.back());
      plain.undo(plain_marks.back());
      marks.pop_back();
      plain_marks.pop_back();
      REQUIRE(g.state().board_key == board_key_of(g.state()));
      REQUIRE(plain.hash() == g.hash());
    }
    CHECK(g.hash() == start);
  }
}
