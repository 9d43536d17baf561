// Invariants (spec/language.md, section 2 (`invariants`)): which invariant does not hold in a position (broken_invariant), and
// a replay that checks them after every action (replay with invariants). Each row is a small game's invariants,
// the log of actions played from its start, and the outcome.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "pipeline/pipeline.hpp"
#include "runtime/invariants.hpp"
#include "io/movelog.hpp"
#include "support.hpp"

using namespace ri;

namespace {

// A counter game: A and B each roll a die (1 or 2) and then add it to n with 'step', or move their stone to y with
// 'hop'; n >= 10 ends the game. The invariants section follows (line 12 on).
const std::string kGame =
    "game: {name: Counter}\n"                                                                  // 1
    "players: [A, B]\n"                                                                        // 2
    "topology: {sites: [x, y]}\n"                                                              // 3
    "pieces: {stone: {per_player: 1, at: x}}\n"                                                // 4
    "variables: {n: 0}\n"                                                                      // 5
    "chance: {die: {outcomes: {1: 1, 2: 1}}}\n"                                                // 6
    "moves:\n"                                                                                 // 7
    "  step: {effects: ['set n = n + die']}\n"                                                 // 8
    "  hop: {params: {p: piece}, requires: ['p.owner == me and p.site == x'], effects: ['move(p, y)'], notation: hop}\n"  // 9
    "turn: [{roll: die}, {choose: all}]\n"                                                     // 10
    "end: [{when: n >= 10, result: draw}]\n";                                                  // 11

MoveLog parse(const std::string& text) {
  MoveLog log;
  Diagnostics d;
  bool ok = parse_log(std::make_shared<SourceFile>("t.log", text), log, d);
  INFO(d.format());
  REQUIRE(ok);
  return log;
}

}  // namespace

TEST_CASE("broken_invariant: the first invariant, in the order written, that does not hold", "[invariants]") {
  struct Row {
    const char* what;
    std::string invariants;  // the section's text ("" for none)
    std::string log;         // the actions played first
    int broken;              // the index expected, -1 when all hold
    const char* error;       // a runtime error's message expected instead ("" for none)
  };
  const std::vector<Row> rows = {
      {"no invariants", "", "1\nstep\n", -1, ""},
      {"every one holds", "invariants: {small: n < 100, positive: n >= 0}\n", "2\nstep\n1\nstep\n", -1, ""},
      {"one does not hold", "invariants: {small: n < 3}\n", "2\nstep\n2\nstep\n", 0, ""},
      {"the first in the order written", "invariants: {a: n >= 0, b: n < 3, c: n < 2}\n", "2\nstep\n2\nstep\n", 1, ""},
      {"checked at the start", "invariants: {a: n >= 0, b: n > 0}\n", "", 1, ""},
      {"after a chance outcome, too", "invariants: {rolled: die != 2}\n", "2\n", 0, ""},
      {"me is the player to move: A before A's move", "invariants: {mine: me == A}\n", "1\n", -1, ""},
      {"me is the player to move: B after A's move", "invariants: {mine: me == A}\n", "1\nstep\n", 0, ""},
      {"the board", "invariants: {home: 'all(q in pieces : q.site == x)'}\n", "1\nhop\n", 0, ""},
      {"the history", "invariants: {few: history_len() < 2}\n", "1\nstep\n1\nhop\n", 0, ""},
      {"cannot_move is false", "invariants: {moving: not cannot_move}\n", "1\nstep\n", -1, ""},
      {"over: still checked", "invariants: {going: n < 10}\n", "2\nstep\n2\nstep\n2\nstep\n2\nstep\n2\nstep\n", 0, ""},
      {"a runtime error", "invariants: {a: n >= 0, divided: 10 / (n - 1) > 0}\n", "1\nstep\n", -1, "division by zero"},
      {"a later one is not evaluated after a broken one", "invariants: {a: n < 1, divided: 10 / (n - 1) > 0}\n",
       "1\nstep\n", 0, ""},
  };
  for (const Row& row : rows) {
    INFO(row.what);
    auto prog = testing::compile_text(kGame + row.invariants);
    Game g(prog);
    ReplayResult r = replay(g, parse(row.log));
    INFO(r.message);
    REQUIRE(r.ok);
    if (*row.error) {
      CHECK_THROWS_WITH(broken_invariant(g), row.error);
      continue;
    }
    CHECK(broken_invariant(g) == row.broken);
  }
}

TEST_CASE("invariants: the program keeps each one's name, node and position", "[invariants]") {
  auto prog = testing::compile_text(kGame + "invariants:\n  small: n < 100\n  \"positive\": ' n >= 0'\n");
  REQUIRE(prog->invariants.size() == 2);
  CHECK(prog->invariants[0].name == "small");
  CHECK(prog->invariants[0].pos.line == 13);
  CHECK(prog->invariants[0].pos.col == 10);
  CHECK(prog->code[prog->invariants[0].node].type == Type::Bool);
  CHECK(prog->invariants[1].name == "positive");
  CHECK(prog->invariants[1].pos.line == 14);
  CHECK(prog->invariants[1].pos.col == 17);  // the first character of the expression's text, inside the quotes
  CHECK(invariant_message(*prog, 0, 1) == "invariant 'small' does not hold after 1 action");
  CHECK(invariant_message(*prog, 1, 0) == "invariant 'positive' does not hold after 0 actions");
}

TEST_CASE("replay with invariants stops at the first action after which one does not hold", "[invariants][replay]") {
  struct Row {
    const char* what;
    std::string invariants;
    std::string log;
    bool check;        // replay with invariants
    bool ok;
    int line;          // of the failure (0: before the first item)
    int invariant;     // ReplayResult::invariant
    int actions;       // actions applied
    bool runtime;      // a runtime error of an invariant
  };
  const std::vector<Row> rows = {
      {"every one holds", "invariants: {small: n < 100}\n", "1\nstep\nexpect turn B\n", true, true, 0, -1, 2, false},
      {"a violation at the action's line", "invariants: {small: n < 3}\n", "2\nstep\nexpect turn B\n2\nstep\n1\n",
       true, false, 5, 0, 4, false},
      {"a violation before the first action", "invariants: {a: n > 0}\n", "expect turn A\n1\n", true, false, 0, 0, 0,
       false},
      {"not checked without the flag", "invariants: {small: n < 3}\n", "2\nstep\n2\nstep\n1\n", false, true, 0, -1, 5,
       false},
      {"a resignation is an action", "invariants: {going: 'not (n == 0 and history_len() == 0 and die == 1 and me == B)'}\n",
       "1\nA: resign\n", true, true, 0, -1, 2, false},
      {"a runtime error of an invariant", "invariants: {divided: 10 / (n - 1) > -100}\n", "1\nstep\n2\n", true, false,
       2, -1, 2, true},
  };
  for (const Row& row : rows) {
    INFO(row.what);
    auto prog = testing::compile_text(kGame + row.invariants);
    Game g(prog);
    ReplayResult r = replay(g, parse(row.log), row.check);
    INFO(r.message);
    CHECK(r.ok == row.ok);
    CHECK(r.actions == row.actions);
    CHECK(r.invariant == row.invariant);
    CHECK(r.runtime_error == row.runtime);
    if (row.ok) continue;
    CHECK(r.line == row.line);
    if (row.runtime) {
      CHECK(r.message == "division by zero");
      CHECK(r.rule_pos.line == 12);
    } else {
      CHECK(r.message == invariant_message(*prog, row.invariant, row.actions));
    }
  }
}
