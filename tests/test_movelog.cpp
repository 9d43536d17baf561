// Tests for move logs (interpreter/movelog.*): parsing every line kind and its errors, replay against the
// real rules/ur.rules (legal sequences, illegal moves, failed expectations with their line numbers),
// resignation, the writer's round trip, and apply/undo consistency (perft by undo = perft by copies).
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "pipeline/pipeline.hpp"
#include "io/movelog.hpp"
#include "common/prng.hpp"

using ri::LogLine;
using ri::MoveLog;

namespace {

bool parse_text(const std::string& text, MoveLog& log, std::string& errors) {
  ri::Diagnostics d;
  bool ok = ri::parse_log(std::make_shared<ri::SourceFile>("test.log", text), log, d);
  errors = d.format();
  return ok;
}

MoveLog parse_ok(const std::string& text) {
  MoveLog log;
  std::string errors;
  bool ok = parse_text(text, log, errors);
  INFO(text);
  INFO(errors);
  REQUIRE(ok);
  return log;
}

std::shared_ptr<const ri::Program> ur() {
  static std::shared_ptr<const ri::Program> p = [] {
    ri::Diagnostics diags;
    auto prog = ri::load_rules(std::string(RULEINTERP_SOURCE_DIR) + "/rules/ur.rules", diags);
    INFO(diags.format());
    REQUIRE(prog);
    return prog;
  }();
  return p;
}

ri::ReplayResult replay_text(ri::Game& g, const std::string& text) {
  MoveLog log = parse_ok(text);
  return ri::replay(g, log);
}

// Perft by state copies: independent of the undo journal.
uint64_t perft_copies(const ri::Game& g, int depth) {
  if (depth == 0) return 1;
  ri::Game cur = g;
  auto ml = std::make_unique<ri::MoveList>();
  cur.legal(*ml);
  uint64_t n = 0;
  for (const ri::Move& m : *ml) {
    ri::Game next = cur;
    next.apply(m);
    n += perft_copies(next, depth - 1);
  }
  return n;
}

// Perft by apply/undo, checking that every undo restores the hash.
uint64_t perft_undo(ri::Game& g, int depth) {
  if (depth == 0) return 1;
  auto ml = std::make_unique<ri::MoveList>();
  g.legal(*ml);
  uint64_t n = 0;
  for (const ri::Move& m : *ml) {
    uint64_t h = g.hash();
    size_t mark = g.apply(m);
    n += perft_undo(g, depth - 1);
    g.undo(mark);
    REQUIRE(g.hash() == h);
  }
  return n;
}

const char* kInitialBoard =
    "expect board\n"
    "| Red   Start 7  Home 0                  how moves name the squares:\n"
    "| +---+---+---+---+       +---+---+\n"
    "| | * | . | . | . |       | * | . |     R4  R3  R2  R1  <Start  R14 R13 >Home\n"
    "| +---+---+---+---+---+---+---+---+\n"
    "| | . | . | . | * | . | . | . | . |     S5  S6  S7  S8  S9  S10 S11 S12\n"
    "| +---+---+---+---+---+---+---+---+\n"
    "| | * | . | . | . |       | * | . |     G4  G3  G2  G1  <Start  G14 G13 >Home\n"
    "| +---+---+---+---+       +---+---+\n"
    "| Green Start 7  Home 0\n";

}  // namespace

TEST_CASE("movelog: each line kind parses", "[movelog]") {
  struct Case {
    std::string line;
    LogLine::Kind kind;
    std::string player, text, arg;
    std::vector<std::string> items;
  };
  const std::vector<Case> cases = {
      {"roll 3", LogLine::Action, "", "roll 3", "", {}},
      {"3", LogLine::Action, "", "3", "", {}},
      {"Start-R3", LogLine::Action, "", "Start-R3", "", {}},
      {"Red: Start-R3", LogLine::Action, "Red", "Start-R3", "", {}},
      {"  Red:   Start-R3   # a comment", LogLine::Action, "Red", "Start-R3", "", {}},
      {"a1:b2", LogLine::Action, "", "a1:b2", "", {}},          // a colon without a space is notation
      {"Qh5#", LogLine::Action, "", "Qh5#", "", {}},            // '#' not after a space is notation
      {"resign", LogLine::Resign, "", "resign", "", {}},
      {"Green: resign", LogLine::Resign, "Green", "resign", "", {}},
      {"expect illegal R3 NoPieceThere", LogLine::ExpectIllegal, "", "R3", "NoPieceThere", {}},
      {"expect illegal R3", LogLine::ExpectIllegal, "", "R3", "", {}},
      {"expect illegal \"drop at R3\"", LogLine::ExpectIllegal, "", "drop at R3", "", {}},
      {"expect illegal \"drop at R3\" Occupied # why", LogLine::ExpectIllegal, "", "drop at R3", "Occupied", {}},
      {"expect moves Start-R2, R1-R3,R2-R4", LogLine::ExpectMoves, "", "", "", {"Start-R2", "R1-R3", "R2-R4"}},
      {"expect moves 0, 1, 2, 3, 4", LogLine::ExpectMoves, "", "", "", {"0", "1", "2", "3", "4"}},
      {"expect moves", LogLine::ExpectMoves, "", "", "", {}},
      {"expect turn Green", LogLine::ExpectTurn, "", "Green", "", {}},
      {"expect result Red wins", LogLine::ExpectResult, "", "Red wins", "", {}},
      {"expect result not over  # yet", LogLine::ExpectResult, "", "not over", "", {}},
      {"expect message Congratulations, you win!", LogLine::ExpectMessage, "", "Congratulations, you win!", "", {}},
      {"expect message", LogLine::ExpectMessage, "", "", "", {}},
      {"expect hash 0123456789abcdef", LogLine::ExpectHash, "", "0123456789abcdef", "", {}},
      {"expect over", LogLine::ExpectOver, "", "", "", {}},
      {"expect not over", LogLine::ExpectNotOver, "", "", "", {}},
      {"expect board\n| a # b\n|\n|   c  ", LogLine::ExpectBoard, "", "", "", {"a # b", "", "  c  "}},
  };
  for (const Case& c : cases) {
    CAPTURE(c.line);
    MoveLog log = parse_ok("rules: rules/x.rules\n# a comment\n\n" + c.line + "\n");
    REQUIRE(log.lines.size() == 1);
    const LogLine& l = log.lines[0];
    CHECK(l.line == 4);
    CHECK(l.kind == c.kind);
    CHECK(l.player == c.player);
    if (c.kind != LogLine::ExpectMoves && c.kind != LogLine::ExpectBoard && c.kind != LogLine::ExpectOver &&
        c.kind != LogLine::ExpectNotOver)
      CHECK(l.text == c.text);
    CHECK(l.arg == (c.kind == LogLine::ExpectIllegal ? c.arg : l.arg));
    CHECK(l.items == c.items);
  }
}

TEST_CASE("movelog: header", "[movelog]") {
  MoveLog log = parse_ok("# game\nrules: rules/ur.rules\nseed: 18446744073709551615 # max\nplayers: human,random\n\nroll 1\n");
  CHECK(log.header.at("rules") == "rules/ur.rules");
  CHECK(log.header.at("seed") == "18446744073709551615");
  CHECK(log.header.at("players") == "human,random");
  REQUIRE(log.lines.size() == 1);
  CHECK(log.lines[0].line == 6);
  MoveLog h = parse_ok("expect hash 00000000000000FF\n");
  CHECK(h.lines[0].hash == 0xff);
  // the position file a log starts from (play --position): written after the rule file
  MoveLog p = parse_ok("seed: 1\nposition: tests/cli/ttt-two-marks.position\nrules: rules/tic-tac-toe.rules\n");
  CHECK(p.header.at("position") == "tests/cli/ttt-two-marks.position");
  CHECK(ri::format_log(p) ==
        "rules: rules/tic-tac-toe.rules\nposition: tests/cli/ttt-two-marks.position\nseed: 1\n\n");
  // the rule file's parameters (`set:`): read into `params`, written after the rule file
  MoveLog q = parse_ok("seed: 2\nset: size=4  players=3,max_dice=-1\nrules: r.rules\n");
  CHECK(q.params == ri::ParamValues{{"size", 4}, {"players", 3}, {"max_dice", -1}});
  CHECK(ri::format_log(q) == "rules: r.rules\nset: size=4  players=3,max_dice=-1\nseed: 2\n\n");
  // the order of the setup's shuffles (`deck:`): its names, the top one first, written after the seed
  MoveLog d = parse_ok("players: human\ndeck: AS 2S,3S , card#7  # four\nseed: 3\n");
  CHECK(d.deck == std::vector<std::string>{"AS", "2S", "3S", "card#7"});
  CHECK(d.deck_line == 2);
  CHECK(d.deck_col == 7);
  CHECK(ri::format_log(d) == "seed: 3\ndeck: AS 2S,3S , card#7\nplayers: human\n\n");
  CHECK(ri::parse_deck(" , ") == std::vector<std::string>{});
}

TEST_CASE("movelog: parse errors name the line", "[movelog]") {
  struct Case {
    std::string text;
    std::string error;  // the start of the formatted diagnostic
  };
  const std::vector<Case> cases = {
      {"roll 1\nexpect bogus\n", "test.log:2:8: error: unknown expectation 'bogus'"},
      {"expect\n", "test.log:1:1: error: 'expect' needs what to expect"},
      {"roll 1\n\n| a board line\n", "test.log:3:1: error: a board line ('| ...') must follow 'expect board'"},
      {"expect board\n|x\n", "test.log:2:1: error: a board line starts with '| '"},
      {"seed: 12x\n", "test.log:1:7: error: the seed must be a whole number from 0 to 18446744073709551615, not '12x'"},
      {"seed: -1\n", "test.log:1:7: error: the seed must be a whole number"},
      {"seed: 1\nseed: 2\n", "test.log:2:1: error: duplicate header 'seed'"},
      {"rules:\n", "test.log:1:1: error: header 'rules' needs a value"},
      {"roll 1\nseed: 3\n", "test.log:2:1: error: header 'seed' must come before the first action or expectation"},
      {"roll 1\nRed:\n", "test.log:2:1: error: missing move after 'Red:'"},
      {"roll 1\nroll 2\n : x\n", "test.log:3:2: error: missing player name before ':'"},
      {"expect hash 12ab\n", "test.log:1:13: error: a hash is 16 hex digits, not '12ab'"},
      {"expect illegal\n", "test.log:1:8: error: 'expect illegal' needs a move"},
      {"expect illegal \"R3 NoPieceThere\n", "test.log:1:16: error: missing closing '\"'"},
      {"expect illegal \"R3\" A B\n", "test.log:1:23: error: unexpected 'B' after the error code"},
      {"expect turn\n", "test.log:1:8: error: 'expect turn' needs a player"},
      {"expect result\n", "test.log:1:8: error: 'expect result' needs a result"},
      {"expect over now\n", "test.log:1:13: error: unexpected 'now' after 'expect over'"},
      {"expect not done\n", "test.log:1:8: error: did you mean 'expect not over'?"},
      {"expect moves a,,b\n", "test.log:1:16: error: an empty move in 'expect moves'"},
      {"set: size=4 players\n", "test.log:1:13: error: a parameter is set as NAME=VALUE, like size=4, not 'players'"},
      {"set: size=four\n", "test.log:1:6: error: the value of 'size' must be a whole number, not 'four'"},
      {"set: a=1, b=2 a=3\n", "test.log:1:15: error: parameter 'a' is set twice"},
      {"roll 1\nset: a=1\n", "test.log:2:1: error: header 'set' must come before the first action or expectation"},
      {"deck:\n", "test.log:1:1: error: header 'deck' needs a value"},
      {"deck: AS\ndeck: 2S\n", "test.log:2:1: error: duplicate header 'deck'"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    MoveLog log;
    std::string errors;
    CHECK_FALSE(parse_text(c.text, log, errors));
    CHECK(errors.substr(0, c.error.size()) == c.error);
  }
  // every error is reported, each with its line, the source line and a caret
  MoveLog log;
  std::string errors;
  CHECK_FALSE(parse_text("expect bogus\nroll 1\nexpect hash x\n", log, errors));
  CHECK(errors ==
        "test.log:1:8: error: unknown expectation 'bogus' (one of: illegal, moves, turn, result, message, reason, hash, board, over, not over)\n"
        "    1 | expect bogus\n"
        "      |        ^\n"
        "test.log:3:13: error: a hash is 16 hex digits, not 'x'\n"
        "    3 | expect hash x\n"
        "      |             ^\n");
}

TEST_CASE("movelog: a legal sequence replays with its expectations", "[movelog][replay]") {
  ri::Game g(ur());
  std::string text = std::string("rules: rules/ur.rules\nseed: 1\n") +
                     "expect turn Red\n"
                     "expect moves 0, 1, 2, 3, 4\n"
                     "expect result not over\n"
                     "expect not over\n" +
                     kInitialBoard +
                     "roll 2            # Red rolls\n"
                     "expect moves Start-R2\n"
                     "Red: Start-R2\n"
                     "expect turn Green\n"
                     "roll 3\n"
                     "Green: start-g3   # notation is case-insensitive\n"
                     "3                 # an outcome by its value alone\n"
                     "expect moves Start-R3, R2-S5\n"
                     "R2-S5\n"
                     "expect turn Green\n";
  ri::ReplayResult r = replay_text(g, text);
  INFO(r.message);
  CHECK(r.ok);
  CHECK(r.actions == 6);
  CHECK(r.expectations == 9);
  CHECK(g.player() == 1);
  CHECK(g.node() == ri::Game::NodeKind::Chance);
}

TEST_CASE("movelog: an illegal move is rejected with its code and leaves the state unchanged", "[movelog][replay]") {
  ri::Game g(ur());
  REQUIRE(replay_text(g, "roll 2\n").ok);
  struct Case {
    std::string line;
    bool ok;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"expect illegal R3 NoPieceThere", true, ""},
      {"expect illegal Home PieceIsHome", true, ""},
      {"expect illegal R3", true, ""},
      {"expect illegal S9-S12", true, ""},  // unknown: illegal for any reason
      {"expect illegal R3 PieceIsHome", false,
       "expected 'R3' to be illegal with code 'PieceIsHome', got code 'NoPieceThere' (you have no piece there)"},
      {"expect illegal R3 NoSuchCode", false, "no requirement, post-condition or parameter has the error code 'NoSuchCode' (expected for 'R3')"},
      {"expect illegal Start-R2", false, "expected 'Start-R2' to be illegal, but it is legal"},
      {"expect illegal S9-S12 NoPieceThere", false,
       "expected 'S9-S12' to be illegal with code 'NoPieceThere', got 'unknown move 'S9-S12''"},
      {"R3", false, "illegal move 'R3': NoPieceThere: you have no piece there"},
      {"Red: S9-S12", false, "illegal move 'S9-S12': unknown move 'S9-S12'"},
      {"Green: Start-R2", false, "expected Green to move, but it is Red's turn"},
      {"Blue: Start-R2", false, "unknown player 'Blue'"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.line);
    MoveLog log = parse_ok("\n" + c.line + "\n");
    uint64_t before = g.hash();
    ri::ReplayResult r = ri::replay(g, log);
    CHECK(g.hash() == before);
    CHECK(r.ok == c.ok);
    if (!c.ok) {
      CHECK(r.line == 2);
      CHECK(r.message == c.message);
    }
  }
}

TEST_CASE("movelog: a wrong expectation is reported at its line", "[movelog][replay]") {
  struct Case {
    std::string log;
    int line;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"roll 2\nRed: Start-R2\nexpect turn Red\n", 3, "expected turn 'Red', got 'Green'"},
      {"roll 2\n# c\n\nexpect result Red wins\n", 4, "expected result 'Red wins', got 'not over'"},
      {"roll 2\nexpect moves Start-R2, R1-R3\n", 2, "expected moves 'Start-R2, R1-R3', got 'Start-R2'"},
      {"expect moves 1, 2, 3\n", 1, "expected moves '1, 2, 3', got '0, 1, 2, 3, 4'"},
      {"roll 1\nexpect over\n", 2, "expected the game to be over, got 'not over'"},
      {"roll 1\nresign\nexpect not over\n", 3, "expected the game not to be over, got 'Green wins'"},
      {"roll 1\nexpect hash 0000000000000000\n", 2, ""},
      {"roll 1\nRed: resign\nroll 2\n", 3, "the game is over (Green wins); 'roll 2' cannot be played"},
      {"roll 1\nRed: resign\nresign\n", 3, "the game is over (Green wins); nobody can resign"},
      {"roll 7\n", 1, "illegal move 'roll 7': 'roll 7' is not an outcome of 'roll' (one of: 0, 1, 2, 3, 4)"},
      {"Red: resign\nexpect turn Red\n", 2, "expected turn 'Red', got 'nobody (the game is over)'"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.log);
    ri::Game g(ur());
    ri::ReplayResult r = replay_text(g, c.log);
    CHECK_FALSE(r.ok);
    CHECK(r.line == c.line);
    if (!c.message.empty()) CHECK(r.message == c.message);
    CHECK_FALSE(r.runtime_error);
  }
}

TEST_CASE("movelog: board expectations compare the rendering line by line", "[movelog][replay]") {
  {
    ri::Game g(ur());
    CHECK(replay_text(g, kInitialBoard).ok);
  }
  {
    ri::Game g(ur());
    std::string board = kInitialBoard;
    board.replace(board.find("Green Start 7"), 13, "Green Start 6");
    ri::ReplayResult r = replay_text(g, "# x\n" + board);
    CHECK_FALSE(r.ok);
    CHECK(r.line == 11);  // the log line of the differing board line
    CHECK(r.message == "expected board line 9 'Green Start 6  Home 0', got 'Green Start 7  Home 0'");
  }
  {
    ri::Game g(ur());
    std::string board = kInitialBoard;
    board.resize(board.rfind("| Green"));
    ri::ReplayResult r = replay_text(g, board);
    CHECK_FALSE(r.ok);
    CHECK(r.message == "expected board line 9 no line, got 'Green Start 7  Home 0'");
  }
}

TEST_CASE("movelog: resign ends the game and undoes", "[movelog]") {
  ri::Game g(ur());
  REQUIRE(replay_text(g, "roll 2\n").ok);
  uint64_t h = g.hash();
  size_t mark = ri::resign(g, 0);
  CHECK(g.node() == ri::Game::NodeKind::Over);
  CHECK(g.result_text() == "Green wins");
  g.undo(mark);
  CHECK(g.hash() == h);
  CHECK(g.node() == ri::Game::NodeKind::Decision);
  // a player who is not to move may resign too
  ri::ReplayResult r = replay_text(g, "Green: resign\nexpect result Red wins\nexpect over\n");
  CHECK(r.ok);
  CHECK(r.actions == 1);
  CHECK(r.expectations == 2);
}

TEST_CASE("movelog: random games written as logs replay to the same end", "[movelog][replay]") {
  for (uint64_t seed : {1u, 2u, 3u, 7u, 42u}) {
    CAPTURE(seed);
    ri::Game g(ur());
    ri::Prng rng(seed);
    MoveLog log;
    log.header["rules"] = "rules/ur.rules";
    log.header["seed"] = std::to_string(seed);
    auto ml = std::make_unique<ri::MoveList>();
    int plies = 0;
    while (g.node() != ri::Game::NodeKind::Over && plies < 5000) {
      ri::Move m;
      if (ri::Game::Outcomes o = g.outcomes(); o.chance) {
        m.type = ri::Move::kChance;
        m.nargs = 1;
        m.args[0] = static_cast<int32_t>(rng.pick_weighted(o.weights.data(), o.weights.size()));
      } else {
        g.legal(*ml);
        REQUIRE(ml->size > 0);
        m = (*ml)[static_cast<int>(rng.below(static_cast<uint64_t>(ml->size)))];
      }
      log.lines.push_back(ri::action_line(g, m));
      g.apply(m);
      ++plies;
    }
    REQUIRE(g.node() == ri::Game::NodeKind::Over);
    LogLine e;
    e.kind = LogLine::ExpectResult;
    e.text = g.result_text();
    log.lines.push_back(e);
    e.kind = LogLine::ExpectHash;
    e.hash = g.hash();
    log.lines.push_back(e);
    e.kind = LogLine::ExpectOver;
    log.lines.push_back(e);

    std::string text = ri::format_log(log);
    MoveLog back = parse_ok(text);
    CHECK(back.header == log.header);
    CHECK(ri::format_log(back) == text);
    ri::Game fresh(ur());
    ri::ReplayResult r = ri::replay(fresh, back);
    INFO(r.message);
    CHECK(r.ok);
    CHECK(r.actions == plies);
    CHECK(r.expectations == 3);
    CHECK(fresh.hash() == g.hash());
  }
}

TEST_CASE("movelog: format_log writes every kind so that it parses back", "[movelog]") {
  std::string text =
      "rules: rules/ur.rules\nseed: 5\n\nroll 2\nRed: Start-R2\nGreen: resign\nexpect illegal R3 NoPieceThere\n"
      "expect illegal \"a b\"\nexpect moves a, b\nexpect moves\nexpect turn Red\nexpect result draw\n"
      "expect message\nexpect message You win, {Red}.\n"
      "expect hash 00000000000000ff\nexpect board\n| x\n|\n| y\nexpect over\nexpect not over\n";
  MoveLog log = parse_ok(text);
  CHECK(ri::format_log(log) == text);
}

TEST_CASE("movelog: apply/undo perft matches perft by copies on ur", "[movelog][perft]") {
  const std::vector<uint64_t> expected = {5, 9, 29, 68, 208, 583};
  ri::Game g(ur());
  uint64_t h = g.hash();
  for (int d = 1; d <= 6; ++d) {
    CAPTURE(d);
    CHECK(perft_undo(g, d) == expected[static_cast<size_t>(d - 1)]);
    CHECK(perft_copies(g, d) == expected[static_cast<size_t>(d - 1)]);
  }
  CHECK(g.hash() == h);
}

TEST_CASE("movelog: expect message compares Game::result_message()", "[movelog][replay]") {
  ri::Diagnostics d;
  auto prog = ri::load_rules_text("m.rules", R"RULES(
game: {name: m}
players: [A, B]
variables: {n: 0}
moves: {go: {effects: ["set n = n + 1"]}}
turn: [{choose: all}]
end:
  - each: p
    when: "n == 2"
    result: win(p)
    message: "{p} wins after {n} moves"
)RULES", d);
  INFO(d.format());
  REQUIRE(prog);
  struct Case {
    std::string log;
    bool ok;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"expect message\ngo\ngo\nexpect message A  WINS after 2 moves\n", true, ""},  // as results: case and spaces
      {"go\nexpect message A wins\n", false, "expected message 'A wins', got ''"},
      {"go\ngo\nexpect message\n", false, "expected message '', got 'A wins after 2 moves'"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.log);
    ri::Game g(prog);
    ri::ReplayResult r = replay_text(g, c.log);
    CHECK(r.ok == c.ok);
    CHECK(r.message == c.message);
  }
}

TEST_CASE("movelog: a long move or expectation is quoted cut in the message", "[movelog][replay]") {
  const std::string a80(80, 'a');
  {  // a 10 MB move: quoted twice, 80 bytes each time
    ri::Game g(ur());
    ri::ReplayResult r = replay_text(g, "roll 2\nRed: " + std::string(10000000, 'a') + "\n");
    CHECK_FALSE(r.ok);
    CHECK(r.line == 2);
    CHECK(r.message == "illegal move '" + a80 + "...': unknown move '" + a80 + "...'");
  }
  {  // a list of a million moves
    std::string moves;
    for (int i = 0; i < 1000000; ++i) moves += "Start-R2, ";
    ri::Game g(ur());
    ri::ReplayResult r = replay_text(g, "roll 2\nexpect moves " + moves + "R1-R3\n");
    CHECK_FALSE(r.ok);
    CHECK(r.message.size() < 250);
    CHECK(r.message.rfind("expected moves 'Start-R2, Start-R2, ", 0) == 0);
    CHECK(r.message.find("', got 'Start-R2'") != std::string::npos);
  }
  {  // a long expected line of a board
    ri::Game g(ur());
    ri::ReplayResult r = replay_text(g, "expect board\n| Red   Start 7  Home 0" + std::string(1000, 'x') + "\n");
    CHECK_FALSE(r.ok);
    CHECK(r.message == "expected board line 1 '" + ("Red   Start 7  Home 0" + std::string(59, 'x')) +
                           "...', got 'Red   Start 7  Home 0                  how moves name the squares:'");
  }
  {  // an unknown expectation, a bad hash and an unknown player
    MoveLog log;
    std::string errors;
    CHECK_FALSE(parse_text("expect " + std::string(100000, 'z') + "\nexpect hash " + std::string(100000, '0') + "\n",
                           log, errors));
    CHECK(errors.find("unknown expectation '" + std::string(80, 'z') + "...' (one of:") != std::string::npos);
    CHECK(errors.find("a hash is 16 hex digits, not '" + std::string(80, '0') + "...'") != std::string::npos);
    CHECK(errors.size() < 1200);  // with the source lines, each shown as a window
  }
}
