// Matches between players on any rule file (`ruleinterp arena`, spec/cli.md): N games with the seats rotating, each
// game from a seed of its own, shared out over threads with the same results for any number; then what they say about
// the players and about the game (arena_report.hpp).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "analysis/progress.hpp"
#include "compile/program.hpp"
#include "search/player.hpp"

namespace ri {

// What one game of an arena run recorded.
struct ArenaGame {
  uint64_t index = 0;             // g: the game's place in the run's schedule (from 0)
  std::vector<int> spec_of_seat;  // seat (the rule file's player) -> index into the run's specs
  uint32_t winners = 0;           // State::winners: a bit per seat
  bool finished = false;          // over (else cut by max_plies: a timeout)
  int64_t plies = 0;              // actions played, chance outcomes included
  int64_t turns = 0;              // State::turn at the end
  uint64_t decisions = 0;         // decision nodes met (a player chose a move)
  uint64_t choices = 0;           // their legal moves, summed
  uint64_t multi = 0;             // decisions with more than one legal move
  int sites = 0;                  // the board's sites
  int covered = 0;                // sites that held a piece at some point of the game
};

// The run: `games` games; game g (from 0) seats spec (s + g) mod n at seat s (n = the number of specs, which is the
// number of players), sets up and rolls its dice from Prng(seed + g) and gives the player of seat s a generator of its
// own, Prng(player_seed(seed + g, s)); each game stops after max_plies actions.
struct ArenaRun {
  std::vector<PlayerSpec> specs;
  uint64_t games = 0;
  uint64_t seed = 0;
  int64_t max_plies = 10000;
  int threads = 1;
  bool fresh_setup = true;  // each game from a new setup drawn from its generator (else from the given game's position)
  // Shard `shard` of `shards` (`arena --shard I/K`): only the games g with g mod shards == shard - 1, each as the whole
  // run plays it.
  int shard = 1, shards = 1;
  const ProgressFn* progress = nullptr;  // called after each game (analysis/progress.hpp)
};

struct ArenaResult {
  std::vector<std::string> specs;    // as written
  std::vector<std::string> seats;    // the rule file's player names
  std::vector<ArenaGame> games;      // the games played (all, or a shard's), in game order
  uint64_t seed = 0;                 // the run's
  int64_t max_plies = 0;
  uint64_t scheduled = 0;            // the games of the whole run (ArenaRun::games)
  double seconds = 0;
};

// The seed of seat s's player in the game seeded `game_seed` (SplitMix64 of both, spec/cli.md).
uint64_t player_seed(uint64_t game_seed, int seat);

// Plays the run on copies of g's program (g is left as it was). A RuntimeError of the rule file is the one of the
// first game (in game order) that fails.
ArenaResult run_arena(Game& g, const ArenaRun& run);

}  // namespace ri
