// Timing perft and playouts in this process. See measure.hpp.
#include "measure.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>

#include "analysis/perft.hpp"
#include "analysis/playouts.hpp"

namespace bench {

namespace {

// perft(g, depth, threads)'s counts and the seconds it took.
std::pair<std::vector<uint64_t>, double> timed_perft(ri::Game& g, int depth, int threads) {
  auto t0 = std::chrono::steady_clock::now();
  std::vector<uint64_t> counts = ri::perft(g, depth, threads);
  return {std::move(counts), std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()};
}

// The playouts of `w`, `count` of them.
ri::PlayoutStats work_playouts(ri::Game& g, const Work& w, uint64_t count) {
  return ri::playouts(g, {count, w.seed, w.max_plies, false, w.threads});
}

}  // namespace

Figures run_best(ri::Game& g, const Work& w, int repeat) {
  Figures best;
  for (int r = 0; w.depth > 0 && r < repeat; ++r) {
    auto [counts, seconds] = timed_perft(g, w.depth, w.threads);
    keep_faster(best, Figures{perft_figures(counts, seconds), std::nullopt});
  }
  for (int r = 0; w.playouts > 0 && r < repeat; ++r)
    keep_faster(best, Figures{std::nullopt, playout_figures(work_playouts(g, w, w.playouts))});
  return best;
}

bool deeper_fits(const std::vector<uint64_t>& counts, double seconds, double target) {
  const size_t d = counts.size() - 1;
  const double nodes = std::accumulate(counts.begin() + 1, counts.end(), 0.0);
  if (d == 0 || nodes == 0 || counts[d - 1] == 0) return seconds < target;
  const double leaves = static_cast<double>(counts[d]);
  const double next_leaves = leaves * leaves / static_cast<double>(counts[d - 1]);
  return seconds / nodes * (nodes + next_leaves) < target;
}

bool deeper_worth(const std::vector<uint64_t>& counts, double seconds, double target) {
  return deeper_fits(counts, seconds, target) || (seconds < target / 30 && deeper_fits(counts, seconds, 10 * target));
}

int choose_depth(ri::Game& g, const Work& w, double target) {
  bool short_before = false;  // the depth before ran too short to time (its nodes/s would say nothing)
  for (int depth = 1;; ++depth) {
    auto [counts, seconds] = timed_perft(g, depth, w.threads);
    if (counts.back() == 0) return std::max(1, depth - 1);
    if (seconds >= target) return short_before && seconds < 10 * target ? depth : std::max(1, depth - 1);
    if (depth == 64 || !deeper_worth(counts, seconds, target)) return depth;
    short_before = seconds < target / 30;
  }
}

uint64_t scaled_count(uint64_t count, double seconds, double target) {
  if (!(seconds > 0)) return count;
  return std::max<uint64_t>(1, static_cast<uint64_t>(std::llround(static_cast<double>(count) * target / seconds)));
}

uint64_t choose_playouts(ri::Game& g, const Work& w, double target) {
  for (uint64_t count = 1;; count *= 2) {
    double seconds = work_playouts(g, w, count).seconds;
    if (seconds >= target / 2 || count >= (uint64_t{1} << 40))
      return std::max(count, scaled_count(count, seconds, target));
  }
}

}  // namespace bench
