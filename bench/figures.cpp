// The benchmark's two result lines, printed and read back. See figures.hpp.
#include "figures.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <numeric>
#include <regex>

namespace bench {

PerftFigures perft_figures(const std::vector<uint64_t>& counts, double seconds) {
  PerftFigures f;
  f.depth = static_cast<int>(counts.size()) - 1;
  f.leaves = counts.back();
  f.nodes = std::accumulate(counts.begin() + 1, counts.end(), uint64_t{0});
  f.seconds = seconds;
  f.nodes_per_s = seconds > 0 ? static_cast<double>(f.nodes) / seconds : 0.0;
  return f;
}

PlayoutFigures playout_figures(const ri::PlayoutStats& stats) {
  PlayoutFigures f;
  f.count = stats.count;
  f.unfinished = stats.unfinished;
  f.plies_each = static_cast<double>(stats.plies) / static_cast<double>(stats.count);
  f.seconds = stats.seconds;
  f.playouts_per_s = static_cast<double>(stats.count) / stats.seconds;
  f.plies_per_s = static_cast<double>(stats.plies) / stats.seconds;
  return f;
}

std::string perft_line(const PerftFigures& f) {
  return fmt::format("perft {}: {} leaves, {} nodes in {:.3f} s: {:.0f} nodes/s\n", f.depth, f.leaves, f.nodes,
                     f.seconds, f.nodes_per_s);
}

std::string playouts_line(const PlayoutFigures& f) {
  return fmt::format("playouts: {} ({} unfinished), {:.1f} plies each, in {:.3f} s: {:.0f} playouts/s, {:.0f} plies/s\n",
                     f.count, f.unfinished, f.plies_each, f.seconds, f.playouts_per_s, f.plies_per_s);
}

namespace {

// A number of a matched line (strtod: "inf" and "nan" too).
double number(const std::ssub_match& m) { return std::strtod(m.str().c_str(), nullptr); }

// A count of a matched line.
uint64_t count(const std::ssub_match& m) { return std::strtoull(m.str().c_str(), nullptr, 10); }

// The more precise of a line's two readings of a rate: the printed rate, rounded to a unit, or amount / seconds,
// the seconds rounded to a millisecond.
double precise_rate(double amount, double seconds, double printed) {
  if (!(seconds > 0) || !(printed > 0)) return printed;
  return 0.0005 / seconds < 0.5 / printed ? amount / seconds : printed;
}

const std::regex kPerft{R"(perft (\d+): (\d+) leaves, (\d+) nodes in (\S+) s: (\S+) nodes/s)"};
const std::regex kPlayouts{
    R"(playouts: (\d+) \((\d+) unfinished\), (\S+) plies each, in (\S+) s: (\S+) playouts/s, (\S+) plies/s)"};

}  // namespace

Figures parse_figures(std::string_view output) {
  Figures f;
  std::string text(output);
  std::smatch m;
  if (std::regex_search(text, m, kPerft)) {
    PerftFigures p{static_cast<int>(count(m[1])), count(m[2]), count(m[3]), number(m[4]), 0};
    p.nodes_per_s = precise_rate(static_cast<double>(p.nodes), p.seconds, number(m[5]));
    f.perft = p;
  }
  if (std::regex_search(text, m, kPlayouts)) {
    PlayoutFigures p{count(m[1]), count(m[2]), number(m[3]), number(m[4]), 0, number(m[6])};
    p.playouts_per_s = precise_rate(static_cast<double>(p.count), p.seconds, number(m[5]));
    f.playouts = p;
  }
  return f;
}

void keep_faster(Figures& best, const Figures& run) {
  if (run.perft && (!best.perft || run.perft->nodes_per_s > best.perft->nodes_per_s)) best.perft = run.perft;
  if (run.playouts && (!best.playouts || run.playouts->playouts_per_s > best.playouts->playouts_per_s))
    best.playouts = run.playouts;
}

}  // namespace bench
