// Random playouts (analysis/playouts.hpp): playout K of a run from the seed S is the game of its own generator,
// Prng(S + K - 1), its setup drawn first (spec/prng.md, Playouts; spec/cli.md, playout).
#include <catch2/catch.hpp>

#include <memory>
#include <span>
#include <vector>

#include "analysis/playouts.hpp"
#include "support.hpp"

using namespace ri;

namespace {

// The model of a run of `count` playouts from `seed` that tallied `st`: game k (from 1) made by start(rng) with
// rng = Prng(seed + k - 1) and played to its end by random_action drawing from rng, one after the other. Checks that
// the run played as many plies and met each of its results as often.
template <class Start>
void check_model(const PlayoutStats& st, uint64_t seed, uint64_t count, Start&& start) {
  std::vector<uint64_t> wins(st.results.size(), 0);
  uint64_t plies = 0;
  for (uint64_t k = 1; k <= count; ++k) {
    Prng rng(seed + k - 1);
    Game model = start(rng);
    Move m;
    while (random_action(model, rng, m)) {
      model.apply(m);
      ++plies;
    }
    REQUIRE(model.node() == Game::NodeKind::Over);
    for (size_t i = 0; i < st.results.size(); ++i)
      if (st.results[i].winners == model.winners()) ++wins[i];
  }
  CHECK(st.plies == plies);
  for (size_t i = 0; i < st.results.size(); ++i) CHECK(st.results[i].count == wins[i]);
}

}  // namespace

TEST_CASE("playout K is the game of its own generator, Prng(seed + K - 1), its setup drawn first") {
  auto prog = testing::compile_file("rules/dice-of-doom.rules", {{"num_players", 3}, {"board_size", 3}});
  const uint64_t seed = 40;
  Prng setup(seed);
  Game g(prog, setup);
  PlayoutStats st = playouts(g, {20, seed, 10000, true});
  // the model: each game set up from its seed
  check_model(st, seed, 20, [&](Prng& rng) { return Game(prog, rng); });
}

TEST_CASE("playout K from a position draws only its game from Prng(seed + K - 1)") {
  auto prog = testing::compile_file("rules/ur.rules");
  Game g(prog);
  const uint64_t seed = 7;
  PlayoutStats st = playouts(g, {10, seed, 10000, false});
  uint64_t plies = 0, red = 0;
  for (uint64_t k = 1; k <= 10; ++k) {
    Game model(prog);  // the same start: Ur's setup draws nothing
    Prng rng(seed + k - 1);
    Move m;
    while (random_action(model, rng, m)) {
      model.apply(m);
      ++plies;
    }
    REQUIRE(model.node() == Game::NodeKind::Over);
    red += model.winners() == 1u;
  }
  CHECK(st.plies == plies);
  CHECK(st.results[0].text == "Red wins");
  CHECK(st.results[0].count == red);
}

TEST_CASE("playouts from a decision node list its moves once and play as games from a copy of it") {
  auto prog = testing::compile_file("rules/breakthrough.rules");
  Game g(prog);
  testing::play_all(g, {"a2-a3", "h7-h6"});  // a start of its own: not the rule file's
  const State start = g.state();
  const uint64_t seed = 11;
  PlayoutStats st = playouts(g, {6, seed, 10000, false});
  check_model(st, seed, 6, [&](Prng&) {
    Game model(prog);
    model.machine().state().copy_from(start);
    return model;
  });
  CHECK(g.state().ply == start.ply);  // (the game given back at its start)
}

TEST_CASE("a restart lists the start's moves at the first restart and hands them over at the next") {
  auto prog = testing::compile_file("rules/tic-tac-toe.rules");
  Game g(prog);
  testing::play_all(g, {"b2"});
  const State start = g.state();
  const std::vector<Move> listed(g.decisions().begin(), g.decisions().end());
  Game::Restart again;
  testing::play_all(g, {"a1", "c3"});
  g.restart(start, again);
  REQUIRE(again.listed);
  CHECK(again.moves == listed);
  CHECK(again.version == g.machine().version());
  testing::play_all(g, {"a3", "c1"});
  g.restart(start, again);
  CHECK(g.machine().version() == again.version);  // (the version the state had at the first restart: the same state)
  const std::span<const Move> moves = g.decisions();
  CHECK(std::vector<Move>(moves.begin(), moves.end()) == listed);
  CHECK(g.machine().version() == again.version);  // (handed over: not listed anew, nothing changed)
  testing::play_all(g, {"a1"});
  Game model(prog);
  testing::play_all(model, {"b2", "a1"});
  CHECK(g.hash() == model.hash());
  // a start that is not a decision node: nothing listed
  Game over(prog);
  testing::play_all(over, {"a1", "b1", "a2", "b2", "a3"});
  REQUIRE(over.node() == Game::NodeKind::Over);
  Game::Restart none;
  g.restart(over.state(), none);
  CHECK_FALSE(none.listed);
  CHECK(g.node() == Game::NodeKind::Over);
}
