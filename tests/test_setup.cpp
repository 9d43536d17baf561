// The setup's statements and `random` (spec/language.md, section 2 (`setup`)), and the one-line summary (section 11): each
// row is a setup, a seed and what the display shows after the game is set up with Prng(seed). The draws are checked
// against the generator's known answers (spec/prng.md): below(6) for seed 7 is 0, 2, 0, 4, 2, 5, 4, 4, 4, 1; for
// seed 42, below(1), below(2), below(3), below(10), below(1000) are 0, 0, 2, 3, 476; for seed 1 (from the Python
// reference), below(6) is 1, 4, ...
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <string>
#include <vector>

#include "pipeline/pipeline.hpp"
#include "runtime/engine.hpp"
#include "io/position.hpp"
#include "common/prng.hpp"
#include "support.hpp"

using namespace ri;

namespace {

// Two players, a hand of two pieces each, variables to set; the setup and the display are appended.
const char* kBase = R"RULES(
game: {name: setup}
players: [A, B]
topology:
  sites: [a1, a2]
zones:
  hand: {per_player: true, label: Hand}
pieces:
  man: {per_player: 2, at: hand, attributes: {power: 3}}
variables:
  v: 0
  w: 0
  b: "false"
  who: B
  score: {init: 0, per_player: true}
functions:
  join(int a, int c) -> int: "a * 10 + c"
moves:
  go:
    effects: ["set v = v + 1"]
turn: [{choose: all}]
end: []
)RULES";

std::string rules(const std::string& setup, const std::string& display) {
  return std::string(kBase) + "setup:\n" + setup + "display: \"" + display + "\"\n";
}

// The display after setting the game up with Prng(seed), without its final line break.
std::string shown(const std::string& setup, uint64_t seed, const std::string& display) {
  Prng rng(seed);
  Game g(testing::compile_text(rules(setup, display)), rng);
  std::string out = g.render();
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

struct Row {
  const char* what;
  const char* setup;    // the setup's list items, each a line "  - ..."
  uint64_t seed;
  const char* display;  // a template
  const char* expected;
};

std::vector<Row> rows() {
  return {
      {"a draw", "  - set v = random(6)\n", 7, "{v}", "0"},
      {"draws in order", "  - 'for i in 1..10 : set v = v * 10 + random(6)'\n", 7, "{v}", "204254441"},
      {"each bound", "  - 'for n in [1, 2, 3, 10, 1000] : set v = v * 1000 + random(n)'\n", 42, "{v}", "2003476"},
      {"another seed, other draws", "  - set v = random(6)\n  - set w = random(6)\n", 1, "{v} {w}", "1 4"},
      {"a bound of 1 draws too", "  - set v = random(1)\n  - set w = random(6)\n", 7, "{v} {w}", "0 2"},
      {"the statements in order", "  - set v = random(6)\n  - set w = random(6)\n  - set v = v * 10 + random(6)\n", 7,
       "{v} {w}", "0 2"},
      // left to right: the left operand draws first
      {"arithmetic", "  - set v = random(6) - random(6)\n", 7, "{v}", "-2"},
      {"a comparison", "  - set b = random(6) == random(6) - 2\n", 7, "{b}", "true"},
      {"min and max", "  - set v = max(random(6) * 100, random(6))\n  - set w = min(random(6), random(6) + 10)\n", 7,
       "{v} {w}", "2 0"},
      {"a function's arguments", "  - set v = join(random(6), random(6))\n", 7, "{v}", "2"},
      {"a list literal's items", "  - set v = nth([random(6), random(6), random(6)], 1)\n", 7, "{v}", "2"},
      {"a range's start before its end", "  - set v = len(random(6)..random(6) + 5)\n", 7, "{v}", "8"},
      {"an effect's arguments", "  - move(top(hand[if random(6) == 0 then A else B]), if random(6) == 2 then a2 else a1)\n", 7,
       "{size(a1)} {size(a2)} {size(hand[A])}", "0 1 1"},
      {"the target before the value", "  - set score[if random(6) == 0 then A else B] = random(6) + 10\n", 7,
       "{score[A]}-{score[B]}", "12-0"},
      {"a piece before the value", "  - set top(hand[if random(6) == 0 then B else A]).power = random(6)\n", 7,
       "{top(hand[A]).power} {top(hand[B]).power}", "3 2"},
      // each call once: what is not evaluated draws nothing
      {"a let draws once", "  - set w = random(6)\n  - 'let r = random(6); set v = r * 10 + r'\n", 7, "{w} {v}", "0 22"},
      {"the branch not taken", "  - set v = if random(6) == 0 then random(6) else random(6) * 100\n  - set w = random(6)\n",
       7, "{v} {w}", "2 0"},
      {"a short circuit", "  - set b = random(6) > 0 and random(6) > 0\n  - set v = random(6)\n", 7, "{b} {v}", "false 2"},
      {"a loop's body per item",
       "  - 'for p in pieces_at(hand[A]) where random(6) == 0 : set p.power = random(6)'\n  - set v = random(6)\n", 7,
       "{v} {top(hand[A]).power}", "2 4"},
      {"a count over a stack draws per piece",
       "  - 'set v = count(x in pieces_at(hand[A]) : x.owner == (if random(6) < 3 then A else B))'\n  - set w = random(6)\n", 7,
       "{v} {w}", "2 0"},
      // the context
      {"me is the first player", "  - set who = me\n", 7, "{who}", "A"},
      {"after the attributes", "  - set top(hand[A]).power = top(hand[A]).power + random(6) + 1\n", 7, "{top(hand[A]).power}", "4"},
      {"after the initial values", "  - set v = score[A] + 5\n", 0, "{v}", "5"},
      {"the board can change", "  - move(top(hand[B]), if random(6) == 0 then a1 else a2)\n", 7, "{size(a1)} {size(a2)}", "1 0"},
      {"no draw without random", "  - set v = 1\n", 7, "{v}", "1"},
  };
}

}  // namespace

TEST_CASE("setup: the statements and their draws", "[setup]") {
  for (const Row& row : rows()) {
    INFO(row.what << "\n" << row.setup);
    CHECK(shown(row.setup, row.seed, row.display) == row.expected);
  }
}

TEST_CASE("setup: the game's generator goes on after the setup's draws", "[setup]") {
  auto prog = testing::compile_text(rules("  - set v = random(6)\n", "{v}"));
  Prng rng(7);
  Game g(prog, rng);
  CHECK(rng.below(6) == 2);  // the second draw: the setup made one
  // a rule file whose setup does not draw leaves the generator as it was
  auto quiet = testing::compile_text(rules("  - set v = 1\n", "{v}"));
  Prng untouched(7);
  Game q(quiet, untouched);
  CHECK(untouched == Prng(7));
  CHECK(!quiet->setup_draws);
  CHECK(prog->setup_draws);
}

TEST_CASE("setup: reset() draws from seed 0, reset(rng) from rng", "[setup]") {
  auto prog = testing::compile_text(rules("  - set v = random(1000000)\n", "{v}"));
  Prng zero(0);
  uint64_t first = zero.below(1000000);
  Game g(prog);
  CHECK(g.render() == std::to_string(first) + "\n");
  Prng seven(7);
  g.reset(seven);
  Prng again(7);
  CHECK(g.render() == std::to_string(again.below(1000000)) + "\n");
}

TEST_CASE("setup: not undoable, not run for a position", "[setup]") {
  auto prog = testing::compile_text(rules("  - set w = 5 + random(6)\n", "{v} {w}"));
  Prng rng(7);
  Game g(prog, rng);
  CHECK(g.render() == "0 5\n");
  MoveList ml;
  g.legal(ml);
  REQUIRE(ml.size == 1);
  size_t mark = g.apply(ml[0]);
  CHECK(g.render() == "1 5\n");
  g.undo(mark);
  CHECK(g.render() == "0 5\n");  // back to the position the setup made, not before it
  // a position sets every value itself: the setup does not run
  Position pos = prog->start;
  Game p(prog, pos);
  CHECK(p.render() == "0 0\n");
}

TEST_CASE("setup: random's bound must be at least 1", "[setup]") {
  for (const char* bound : {"0", "-3", "v"}) {
    INFO(bound);
    auto prog = testing::compile_text(rules(std::string("  - set w = random(") + bound + ")\n", "{w}"));
    Prng rng(7);
    try {
      Game g(prog, rng);
      FAIL("no runtime error");
    } catch (const RuntimeError& e) {
      CHECK(std::string(e.what()) == fmt::format("'random' needs n >= 1, not {}", bound[0] == 'v' ? "0" : bound));
      CHECK(e.pos.line == 24);
    }
  }
}

TEST_CASE("summary: one line, or the default summary", "[setup]") {
  struct SummaryRow {
    const char* what;
    const char* summary;  // the YAML after `summary:`
    const char* expected;
  };
  std::vector<SummaryRow> rows = {
      {"a template", "\"{v} {me} {size(hand[A])}\"", "0 A 2"},
      {"a literal block's lines joined", "|\n  {v}\n  {who}\n", "0 B"},
      {"line breaks inside", "\"a\\nb\\r\\nc\\rd\\n\\n\"", "a b c d"},
      {"a folded block", ">\n  {v}\n  {who}\n", "0 B"},
      {"empty", "\"\"", ""},
  };
  for (const SummaryRow& row : rows) {
    INFO(row.what);
    Game g(testing::compile_text(std::string(kBase) + "summary: " + row.summary + "\n"));
    CHECK(g.summary() == row.expected);
  }
  Game plain(testing::compile_text(kBase));  // without `summary`: the default one (test_default_summary.cpp)
  CHECK(plain.summary() == "hand[A]:A*2 hand[B]:B*2 v=0 w=0 b=false who=B score[A]=0 score[B]=0");
}
