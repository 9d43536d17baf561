// Computed chance outcomes, chance effects and conditional turn steps (language.md, sections 2, 8, 9), on
// tests/rules/energy.rules (a race whose moved piece rolls a new strength over its kind's range), its variant
// energy-fixed.rules (the roll's condition is false) and a few inline rule files.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "analysis/perft.hpp"
#include "analysis/playouts.hpp"
#include "runtime/engine.hpp"
#include "io/movelog.hpp"
#include "support.hpp"

using namespace ri;

namespace {

std::shared_ptr<const Program> energy() {
  static std::shared_ptr<const Program> p = testing::compile_file("tests/rules/energy.rules");
  return p;
}

std::shared_ptr<const Program> energy_fixed() {
  static std::shared_ptr<const Program> p = testing::compile_file("tests/rules/energy-fixed.rules");
  return p;
}

// Plays a move or an outcome written in notation; returns the mark to undo it with.
size_t play(Game& g, const std::string& text) {
  Game::Reading r = g.read(text);
  INFO(text << ": " << r.message);
  REQUIRE(r.ok);
  return g.apply(r.move);
}

std::vector<std::string> actions(Game& g) {
  MoveList ml;
  g.legal(ml);
  std::vector<std::string> out;
  for (const Move& m : ml) out.push_back(g.write(m));
  return out;
}

// The display's first line: A's pieces, their sites and strengths.
std::string line_a(Game& g) {
  std::string r = g.render();
  return r.substr(0, r.find('\n'));
}

// A game whose turn rolls `e`, with the given computed outcomes (the expression on line 6), then does nothing.
std::string roller(const std::string& outcomes) {
  return "game: {name: roller}\nplayers: [A, B]\nvariables: {n: 3}\nchance:\n  e:\n    outcomes: \"" + outcomes +
         "\"\nmoves: {m: {}}\nturn: [{roll: e}, {choose: all}]\nend: []\n";
}

}  // namespace

TEST_CASE("computed outcomes: each element of the list is one outcome of weight 1, in order") {
  struct Row {
    const char* move;                  // the move before the roll
    std::vector<std::string> outcomes;  // the chance node's actions, written
  };
  const std::vector<Row> rows = {
      {"big", {"1", "2"}},           // 1..(if last_moved.kind == big then 2 else 4)
      {"small", {"1", "2", "3", "4"}},
  };
  for (const Row& row : rows) {
    INFO(row.move);
    Game g(energy());
    play(g, row.move);
    REQUIRE(g.node() == Game::NodeKind::Chance);
    CHECK(g.pending_chance()->name == "energy");
    CHECK(g.player() == 0);  // the player who moved rolls
    CHECK(actions(g) == row.outcomes);
    Game::Outcomes o = g.outcomes();
    CHECK(o.values.size() == row.outcomes.size());
    CHECK(o.total == row.outcomes.size());
    for (uint64_t w : o.weights) CHECK(w == 1);
  }
}

TEST_CASE("computed outcomes: a value listed twice is two outcomes; a typed value is the first") {
  Game g(testing::compile_text(roller("[2, n, 2]")));
  REQUIRE(g.node() == Game::NodeKind::Chance);
  CHECK(actions(g) == std::vector<std::string>{"2", "3", "2"});
  Game::Reading r = g.read("e 2");
  REQUIRE(r.ok);
  CHECK(r.move.args[0] == 0);
  Game::Reading bad = g.read("4");
  CHECK_FALSE(bad.ok);
  CHECK(bad.message == "'4' is not an outcome of 'e' (one of: 2, 3)");  // each value once
  CHECK(perft(g, 2) == std::vector<uint64_t>{1, 3, 3});                 // every element is a branch
}

TEST_CASE("computed outcomes: an empty list, too many elements or a value beyond 32 bits is a runtime error") {
  struct Row {
    std::string outcomes;
    const char* message;
    int col;  // of the expression's top node, on line 6
  };
  const std::vector<Row> rows = {
      {"1..(n - 3)", "chance 'e' has no outcomes here", 17},
      {"1..(n * 1000)", "chance 'e' has 3000 outcomes here; at most 1024", 17},
      {"[1, n * 2000000000]", "chance 'e' has the outcome 6000000000 here, beyond 32 bits", 16},
  };
  for (const Row& row : rows) {
    INFO(row.outcomes);
    Game g(testing::compile_text(roller(row.outcomes)));  // settling stops at the roll without computing it
    REQUIRE(g.node() == Game::NodeKind::Chance);
    MoveList ml;
    try {
      g.legal(ml);
      FAIL("no runtime error");
    } catch (const RuntimeError& e) {
      CHECK(std::string(e.what()) == row.message);
      CHECK(e.pos.line == 6);
      CHECK(e.pos.col == row.col);
    }
    CHECK_THROWS_AS(g.read("1"), RuntimeError);
  }
}

TEST_CASE("chance effects run after the outcome is stored, and undo restores what they changed") {
  Game g(energy());
  CHECK(line_a(g) == "A: big at s0 (1), small at s0 (1)");
  uint64_t h0 = g.hash();
  size_t mark = play(g, "small");
  CHECK(line_a(g) == "A: big at s0 (1), small at s1 (1)");
  uint64_t h1 = g.hash();
  size_t roll = play(g, "energy 3");
  CHECK(line_a(g) == "A: big at s0 (1), small at s1 (3)");  // set last_moved.strength = energy
  CHECK(g.player() == 1);
  play(g, "big");
  play(g, "2");
  play(g, "small");  // three steps with strength 3
  CHECK(line_a(g) == "A: big at s0 (1), small at s4 (3)");
  g.undo(roll);
  CHECK(line_a(g) == "A: big at s0 (1), small at s1 (1)");
  CHECK(g.hash() == h1);
  CHECK(g.node() == Game::NodeKind::Chance);
  g.undo(mark);
  CHECK(g.hash() == h0);
}

TEST_CASE("chance effects run with me = the player who rolls") {
  const char* rules = R"RULES(
game: {name: who}
players: [A, B]
variables:
  who: {type: player, init: B}
chance:
  e: {outcomes: "[1]", effects: ["set who = me"]}
moves: {m: {}}
turn: [{roll: e}, {choose: all}]
end: []
display: "{who}"
)RULES";
  Game g(testing::compile_text(rules));
  CHECK(g.render() == "B\n");
  play(g, "1");
  CHECK(g.render() == "A\n");
  play(g, "m");
  play(g, "1");
  CHECK(g.render() == "B\n");
}

TEST_CASE("a step whose condition is false is skipped: the roll never happens") {
  Game g(energy_fixed());
  CHECK(g.node() == Game::NodeKind::Decision);
  play(g, "small");
  CHECK(g.node() == Game::NodeKind::Decision);  // not the skipped roll
  CHECK(g.pending_chance() == nullptr);
  CHECK(g.outcomes().chance == nullptr);
  CHECK(g.player() == 1);
  CHECK(g.last_passers().empty());  // a skipped step is not a pass
  CHECK(line_a(g) == "A: big at s0 (1), small at s1 (1)");  // the strength stays
}

TEST_CASE("skipped steps count towards the nobody-can-ever-move guard") {
  struct Row {
    const char* turn;
    const char* result;
    std::vector<int> passers;
  };
  const std::vector<Row> rows = {
      {"[{choose: all, when: 'false'}, {roll: e, when: 'false'}]", "draw", {}},  // every step skipped
      {"[{roll: e, when: 'false'}, {choose: [never]}]", "draw", {0, 1, 0}},       // skip, pass, skip, ...
      {"[{roll: e, when: me == B}, {choose: [never]}]", "not over", {0}},         // A passes, B rolls
  };
  for (const Row& row : rows) {
    INFO(row.turn);
    std::string rules = "game: {name: skip}\nplayers: [A, B]\nchance: {e: {outcomes: {1: 1}}}\n"
                        "moves: {never: {requires: ['false']}}\nturn: " +
                        std::string(row.turn) + "\nend: []\n";
    Game g(testing::compile_text(rules));
    CHECK(g.result_text() == row.result);
    CHECK(g.last_passers() == row.passers);
  }
}

TEST_CASE("a random game draws a computed outcome with below(n), as pick_weighted over weights 1") {
  for (uint64_t seed : {1u, 7u, 42u}) {
    CAPTURE(seed);
    Game g(energy());
    Prng rng(seed), model(seed);
    auto all = std::make_unique<MoveList>();
    int plies = 0;
    Move m;
    while (random_action(g, rng, m)) {
      // the model: every action uniform over the node's actions, one below(n) each
      g.legal(*all);
      REQUIRE(m == (*all)[static_cast<int>(model.below(static_cast<uint64_t>(all->size)))]);
      g.apply(m);
      ++plies;
    }
    CHECK(g.node() == Game::NodeKind::Over);
    CHECK(plies > 10);
  }
  // the same seed gives the same playouts
  Game a(energy()), b(energy());
  PlayoutStats x = playouts(a, {50, 9, 1000}), y = playouts(b, {50, 9, 1000});
  CHECK(x.plies == y.plies);
  CHECK(x.unfinished == 0);
  for (size_t i = 0; i < x.results.size(); ++i) CHECK(x.results[i].count == y.results[i].count);
}

TEST_CASE("the random game of a seed is the one tests/golden/energy/random-1.log records") {
  Diagnostics d;
  MoveLog log;
  REQUIRE(read_log(std::string(RULEINTERP_SOURCE_DIR) + "/tests/golden/energy/random-1.log", log, d));
  Game g(energy());
  Prng rng(std::stoull(log.header.at("seed")));  // as `play --players random,random` draws
  std::vector<std::string> played, logged;
  Move m;
  while (random_action(g, rng, m)) {
    played.push_back(action_text(g, m));
    g.apply(m);
  }
  for (const LogLine& l : log.lines)
    if (l.kind == LogLine::Action) logged.push_back(l.player.empty() ? l.text : l.player + ": " + l.text);
  CHECK(played == logged);
}
