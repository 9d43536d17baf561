// The random games of `ruleinterp check --playouts N` (spec/cli.md, check): each played from a seed of its own, the
// rule file's invariants (language.md, section 2 (`invariants`)) evaluated after the setup and after every action,
// and the game of a failed one written again as a move log. What is printed is the command line's (cli/).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "analysis/playout_tally.hpp"
#include "analysis/progress.hpp"
#include "compile/program.hpp"
#include "io/movelog.hpp"
#include "runtime/engine.hpp"

namespace ri {

struct PlayoutCheck {
  uint64_t playouts = 0;     // how many
  uint64_t seed = 0;         // playout K (from 1) is played with the seed seed + K - 1 (modulo 2^64)
  int64_t max_plies = 1000;  // a playout stops, unfinished, after this many actions
  int threads = 1;           // the playouts shared out over this many threads (analysis/parallel.hpp)
  const ProgressFn* progress = nullptr;  // called after each playout (analysis/progress.hpp)
};

// Where a playout stopped: it ended or reached the most actions (failed false), or an invariant does not hold
// (`invariant`), or the rule file failed with a runtime error (`error`), in one of the phases of a playout.
struct PlayoutOutcome {
  enum Phase { SettingUp, Checking, Choosing, Applying };
  bool failed = false;
  int invariant = -1;  // an index into Program::invariants
  std::optional<RuntimeError> error;
  Phase phase = SettingUp;
  int64_t actions = 0;  // the actions played before it stopped
  bool over = false;    // the game ended
  uint32_t winners = 0;  // then its winners (State::winners)
};

// Plays one playout with the generator Prng(seed): the setup's draws first, then one random action after another
// (random_action: the random players of `play` and `playout`), the invariants checked after the setup and after
// every action, for at most max_plies actions. `game` is reused from one playout to the next (null before the
// first); `scratch` receives the legal moves. With `tally`, the playout's actions, the requirements that rejected
// candidates (from the setup on: Game::record_rejections) and, when it did not fail, its end are tallied there.
PlayoutOutcome play_checked(const std::shared_ptr<const Program>& prog, uint64_t seed, int64_t max_plies,
                            std::unique_ptr<Game>& game, MoveList& scratch, PlayoutTally* tally = nullptr);

// The playouts of `check --playouts`: the first that failed (`failed_playout`, from 1; 0 when none did) and how,
// else the actions played, the playouts left unfinished and how the games went (`tally`).
struct PlayoutCheckResult {
  uint64_t failed_playout = 0;
  PlayoutOutcome failure;
  uint64_t actions = 0;
  uint64_t unfinished = 0;
  PlayoutTally tally;
};

// Plays opts.playouts playouts (play_checked, playout K with the seed opts.seed + K - 1), stopping at the first
// that fails. On opts.threads threads, each with a game and a tally of its own, the tallies added up: the same result
// for any number (the failure is the first in playout order).
PlayoutCheckResult check_playouts(const std::shared_ptr<const Program>& prog, const PlayoutCheck& opts);

// The failed playout `o` (played from Prng(seed)) as a move log (spec/movelog.md) that `replay` reproduces: the
// header (`rules: FILE` as given, `set:` when the rule file has parameters, `seed`, `players` all random, `dice`
// random), then the actions up to where it failed, played again and each written before it is played (Game::write is
// only called here); an action that failed while it was played is the last line when it can be written (then
// *last_failed is true). A runtime error while writing is thrown.
MoveLog failed_playout_log(const std::shared_ptr<const Program>& prog, const std::string& file, uint64_t seed,
                           const PlayoutOutcome& o, bool* last_failed);

}  // namespace ri
