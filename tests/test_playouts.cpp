// Random playouts (analysis/playouts.hpp): playout K of a run from the seed S is the game of its own generator,
// Prng(S + K - 1), its setup drawn first (spec/prng.md, Playouts; spec/cli.md, playout).
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <span>
#include <string>
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

namespace {

// A game whose `place` has a post-condition that fails for many candidates (a player's third stone in a column, but
// on the top row), beside a move without one (`wait`, on every third turn). guarded_with(""): the same without the
// post-condition, whose legal moves are `place`'s candidates.
const std::string kGuarded = R"RULES(game: {name: guarded}
players: [A, B]
topology: {grids: [{width: 4, height: 4, name: board}]}
zones: {hand: {per_player: true}}
pieces: {stone: {per_player: 8, at: hand}}
variables: {turns: {type: int, init: 0}}
moves:
  place:
    params: {to: site in board}
    requires: ["vacant(to)", "size(hand[me]) > 0"]
    effects: ["move(top(hand[me]), to)", "set turns = turns + 1"]
    notation: "{to}"
    ensures: ["count(s in board where owned(s, me) > 0 and x_of(s) == x_of(to)) <= 2 or y_of(to) == 4"]
  wait:
    requires: ["turns % 3 == 1"]
    effects: ["set turns = turns + 1"]
    notation: wait
turn: [{choose: all}]
end:
  long: {when: "turns >= 18", result: draw}
)RULES";

// kGuarded with its post-condition replaced by `by`.
std::string guarded_with(const std::string& by) {
  const std::string ensures =
      R"(    ensures: ["count(s in board where owned(s, me) > 0 and x_of(s) == x_of(to)) <= 2 or y_of(to) == 4"])"
      "\n";
  std::string text = kGuarded;
  const size_t at = text.find(ensures);
  REQUIRE(at != std::string::npos);
  return text.replace(at, ensures.size(), by);
}

// The draw spec/cli.md (A random move) describes, over `candidates` of which those in `legal` are legal (in order).
Move model_draw(Prng& rng, std::span<const Move> candidates, std::span<const Move> legal) {
  std::vector<Move> pool(candidates.begin(), candidates.end());
  while (!pool.empty()) {
    const size_t j = static_cast<size_t>(rng.below(pool.size()));
    if (std::find(legal.begin(), legal.end(), pool[j]) != legal.end()) return pool[j];
    pool[j] = pool.back();
    pool.pop_back();
  }
  FAIL("no legal candidate");
  return Move{};
}

}  // namespace

TEST_CASE("a random move at a step with post-conditions is drawn from the candidates, played only when drawn") {
  auto guarded = testing::compile_text(kGuarded);
  auto free = testing::compile_text(guarded_with(""));
  size_t set_aside = 0, decisions = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Game eager(guarded), deferred(guarded), candidates(free);
    deferred.defer_post_conditions(true);
    Prng a(seed), b(seed), model(seed);
    while (eager.node() == Game::NodeKind::Decision) {
      INFO("seed " << seed << " ply " << eager.state().ply);
      candidates.machine().state().copy_from(eager.state());
      const std::span<const Move> c = candidates.decisions();
      const std::vector<Move> legal(eager.decisions().begin(), eager.decisions().end());
      const Move want = model_draw(model, c, legal);
      set_aside += legal.size() < c.size();
      ++decisions;
      Move x, y;
      REQUIRE(eager.random_decision(a, x));
      REQUIRE(deferred.random_decision(b, y));
      CHECK(x == want);
      CHECK(y == want);
      eager.apply(x);
      deferred.apply(y);
      REQUIRE(deferred.hash() == eager.hash());
      // (the generators in step: as many draws)
      CHECK(Prng(a).next() == Prng(model).next());
      CHECK(Prng(b).next() == Prng(model).next());
    }
    CHECK(eager.node() == Game::NodeKind::Over);
    CHECK(deferred.node() == Game::NodeKind::Over);
  }
  CHECK(set_aside > decisions / 4);  // (the post-condition fails often: draws set candidates aside)
}

TEST_CASE("playouts of a game with post-conditions, played only when drawn, are the random players' games") {
  auto guarded = testing::compile_text(kGuarded);
  Game g(guarded);
  // (A to move, a3 and c3 illegal; restarted there: the kept candidates and what is known of them handed over)
  testing::play_all(g, {"a1", "b1", "a2", "b2", "c1", "d1", "c2", "d2"});
  const State start = g.state();
  const uint64_t seed = 3;
  PlayoutStats st = playouts(g, {30, seed, 10000, false});
  check_model(st, seed, 30, [&](Prng&) {
    Game model(guarded);
    model.machine().state().copy_from(start);
    return model;
  });
  CHECK(st.unfinished == 0);
  CHECK_FALSE(g.defers_post_conditions());  // (g as it was)
}

TEST_CASE("a random move at a step with post-conditions is one of the legal moves, each as often") {
  auto guarded = testing::compile_text(kGuarded);
  Game g(guarded);
  // (A holds two stones in columns a and c: a3 and c3 illegal, a4 and c4 on the top row legal)
  testing::play_all(g, {"a1", "b1", "a2", "b2", "c1", "d1", "c2", "d2"});
  g.defer_post_conditions(true);
  const std::vector<Move> legal(g.decisions().begin(), g.decisions().end());
  Game free(testing::compile_text(guarded_with("")));
  free.machine().state().copy_from(g.state());
  REQUIRE(free.decisions().size() > legal.size());  // (some candidates are illegal)
  std::vector<int> drawn(legal.size(), 0);
  const int draws = 4000;
  for (int k = 1; k <= draws; ++k) {
    Prng rng(static_cast<uint64_t>(k));
    Move m;
    REQUIRE(g.random_decision(rng, m));
    const auto it = std::find(legal.begin(), legal.end(), m);
    REQUIRE(it != legal.end());
    ++drawn[static_cast<size_t>(it - legal.begin())];
  }
  const double each = static_cast<double>(draws) / static_cast<double>(legal.size());
  for (int n : drawn) {
    CHECK(n > each * 0.75);
    CHECK(n < each * 1.25);
  }
}

TEST_CASE("with deferred post-conditions the legal moves play every candidate and meet their errors") {
  // (the post-condition fails with an error for the candidates in the last column played on the third turn)
  auto faulty = testing::compile_text(guarded_with("    ensures: [\"x_of(to) < 4 or turns != 3 or 1 / (turns - 3) == 0\"]\n"));
  Game eager(faulty), deferred(faulty);
  deferred.defer_post_conditions(true);
  testing::play_all(eager, {"a1", "b1"});
  testing::play_all(deferred, {"a1", "b1"});
  // (a first legal move, a2, comes before the failing ones: both settle at this decision)
  REQUIRE(deferred.node() == Game::NodeKind::Decision);
  CHECK_THROWS_WITH(eager.decisions(), "division by zero");
  CHECK_THROWS_WITH(deferred.decisions(), "division by zero");
  // a draw meets the error only when it plays a failing candidate: from some seeds it draws a move and plays it
  int drawn = 0, failed = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Prng rng(seed);
    Move m;
    bool got = false;
    try {
      got = deferred.random_decision(rng, m);
    } catch (const RuntimeError& e) {
      CHECK(std::string(e.what()) == "division by zero");
      ++failed;
      continue;
    }
    CHECK(got);
    CHECK(m.type == 0);
    ++drawn;
  }
  CHECK(drawn > 0);
  CHECK(failed > 0);
}
