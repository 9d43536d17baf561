// Random actions and random playouts for any rule file: the random players of `play`, `playout` and
// `check --playouts` (spec/cli.md), and the playouts the benchmark times.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/progress.hpp"
#include "common/prng.hpp"
#include "common/scoped_flag.hpp"
#include "runtime/engine.hpp"

namespace ri {

// Draws one action for the position, which must not be over: at a chance node an outcome by weight
// (Prng::pick_weighted over the outcome weights), at a decision node a move uniformly (Game::random_decision:
// Prng::below(n) over the n legal moves in generation order, one draw even when n == 1; over the candidates, drawn
// again where one fails its post-conditions, when a move of the step has them). Returns false when the position has
// no action.
bool random_action(Game& g, Prng& rng, Move& out);
// The same draw, a decision node's legal moves listed into `listed` first (check --playouts tallies them).
bool random_action(Game& g, Prng& rng, MoveList& listed, Move& out);

// While it lives, g's post-conditions are deferred (Game::defer_post_conditions: random playouts play only the
// candidates they draw), and as they were after.
struct DeferredPostConditions : ScopedFlag<Game, &Game::defers_post_conditions, &Game::defer_post_conditions> {
  explicit DeferredPostConditions(Game& g) : ScopedFlag(g, true) {}
};

struct PlayoutStats {
  struct Result {
    uint32_t winners = 0;
    std::string text;  // Game::result_text()
    uint64_t count = 0;
    uint64_t first = 0;  // the playout (from 0) that first ended so
  };
  std::vector<Result> results;  // every player's win and the draw first (in that order), then the rest as met
  uint64_t unfinished = 0;      // playouts stopped by max_plies
  uint64_t count = 0;
  uint64_t plies = 0;           // summed over all playouts
  double seconds = 0;
};

// The playouts to play (spec/cli.md, playout): `count` random games, playout K (K = 1 .. count) drawing from a
// generator of its own, Prng(seed + K - 1) (modulo 2^64), each stopped when the game is over or after max_plies plies.
// With `fresh_setup` (for a game set up from the rule file's start whose setup draws) each playout starts from a new
// setup drawn first from its generator (Game::reset: playout K starts as `play --seed S+K-1` does); otherwise every
// playout starts from g's position. The playouts are shared out over `threads` threads (analysis/parallel.hpp): the
// same tallies for any number.
struct PlayoutRun {
  uint64_t count = 0;
  uint64_t seed = 0;
  int64_t max_plies = 10000;
  bool fresh_setup = false;
  int threads = 1;
  const ProgressFn* progress = nullptr;  // called after each playout (analysis/progress.hpp)
};

// Plays the playouts `run` says from g's position (random_action per ply) and tallies them. g is restored to its
// position afterwards, but its undo journal is cleared. A RuntimeError of the rule file is the one of the first
// playout (in playout order) that fails.
PlayoutStats playouts(Game& g, const PlayoutRun& run);

}  // namespace ri
