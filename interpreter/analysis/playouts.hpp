// Random actions and random playouts for any rule file: the random players of `play`, `playout` and
// `check --playouts` (spec/cli.md), and the playouts the benchmark times.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "common/prng.hpp"
#include "runtime/engine.hpp"

namespace ri {

// Draws one action for the position, which must not be over: at a chance node an outcome by weight
// (Prng::pick_weighted over the outcome weights), at a decision node a move uniformly
// (Prng::below(n) over the n legal moves in generation order, one draw even when n == 1).
// `scratch` receives the legal moves. Returns false when the position has no action.
bool random_action(Game& g, Prng& rng, MoveList& scratch, Move& out);

struct PlayoutStats {
  struct Result {
    uint32_t winners = 0;
    std::string text;  // Game::result_text()
    uint64_t count = 0;
  };
  std::vector<Result> results;  // every player's win and the draw first (in that order), then the rest as met
  uint64_t unfinished = 0;      // playouts stopped by max_plies
  uint64_t count = 0;
  uint64_t plies = 0;           // summed over all playouts
  double seconds = 0;
};

// Plays `count` random playouts from g's position with one generator drawn in order (random_action per ply):
// `rng`, which goes on from where it is (after the setup's draws, say), or Prng(seed). A playout stops when the
// game is over or after max_plies plies. With `fresh_setup` (for a game set up from the rule file's start whose
// setup draws), every playout after the first starts from a new setup drawn from `rng` (Game::reset), so each one
// has its own random start; otherwise every playout starts from g's position. g is restored to its position
// afterwards, but its undo journal is cleared.
PlayoutStats playouts(Game& g, uint64_t count, Prng& rng, int64_t max_plies, bool fresh_setup = false);
PlayoutStats playouts(Game& g, uint64_t count, uint64_t seed, int64_t max_plies);

}  // namespace ri
