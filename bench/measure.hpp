// Timing perft and random playouts in this process, and choosing how much of each work makes a run last about
// a target time.
#pragma once
#include <cstdint>
#include <vector>

#include "figures.hpp"
#include "runtime/engine.hpp"

namespace bench {

// The work of one run: perft to `depth` (0: none) and `playouts` random playouts (0: none) from `seed` (playout K
// drawing from Prng(seed + K - 1): ri::PlayoutRun), each stopped after max_plies plies; both shared out over
// `threads` threads.
struct Work {
  int depth = 0;
  uint64_t playouts = 0;
  uint64_t seed = 1;
  int64_t max_plies = 10000;
  int threads = 1;
};

// The best of `repeat` runs of each part of `w` (all perft runs, then all playout runs).
Figures run_best(ri::Game& g, const Work& w, int repeat);

// The deepest perft depth (1 to 64) whose run on g (on w.threads threads) stays under `target` seconds: tries depth
// 1, 2, ... and stops before a depth that its predecessor's run predicts to be too slow, or once a depth adds no
// leaves; but a depth whose run is too short to time (under a thirtieth of the target) is followed by the next when that
// one is predicted to fit ten times the target (deeper_worth), which is then taken if it ran under ten times the
// target.
int choose_depth(ri::Game& g, const Work& w, double target);

// A playout count whose run on g (w's seed, max_plies and threads) takes about `target` seconds: times 1, 2, 4, ...
// playouts until a run takes half the target, and scales that count up to the target (never down: in a game whose
// playouts differ much in length, such as solitaire's, the first ones say little about the next).
uint64_t choose_playouts(ri::Game& g, const Work& w, double target);

// Whether perft one ply deeper than a run that counted `counts` (ri::perft's) in `seconds` is predicted to stay
// under `target`: its new leaves, at the last ply's branching factor, in the run's time per node.
bool deeper_fits(const std::vector<uint64_t>& counts, double seconds, double target);

// Whether perft one ply deeper is worth a run: it fits the target (deeper_fits), or the run was too short to time
// (under a thirtieth of the target: its nodes/s would say nothing) and the deeper one fits ten times the target.
bool deeper_worth(const std::vector<uint64_t>& counts, double seconds, double target);

// The count that a run of `count` playouts in `seconds` predicts to take `target` seconds; at least 1.
uint64_t scaled_count(uint64_t count, double seconds, double target);

}  // namespace bench
