// What one benchmark run measures, and the two lines that print it: `ruleinterp_bench FILE --depth D --playouts N`
// prints them, and --against reads them back from another ruleinterp_bench, whatever its version.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/playouts.hpp"

namespace bench {

// One perft: nodes are the action sequences of 1..depth plies, leaves those of exactly depth plies.
struct PerftFigures {
  int depth = 0;
  uint64_t leaves = 0, nodes = 0;
  double seconds = 0, nodes_per_s = 0;
};

// One series of random playouts.
struct PlayoutFigures {
  uint64_t count = 0, unfinished = 0;
  double plies_each = 0, seconds = 0, playouts_per_s = 0, plies_per_s = 0;
};

// A run: either part may be missing (not asked for, or its program failed).
struct Figures {
  std::optional<PerftFigures> perft;
  std::optional<PlayoutFigures> playouts;
};

// The figures of a perft (counts[d] for d = 0..depth, as ri::perft gives them) that took `seconds`.
PerftFigures perft_figures(const std::vector<uint64_t>& counts, double seconds);
// The figures of a series of playouts.
PlayoutFigures playout_figures(const ri::PlayoutStats& stats);

// "perft D: L leaves, N nodes in T s: X nodes/s" and "playouts: ... playouts/s, Y plies/s", each with its newline:
// the format every ruleinterp_bench has printed since the first, which older binaries are read through.
std::string perft_line(const PerftFigures& f);
std::string playouts_line(const PlayoutFigures& f);

// The figures in a program's output: the first perft line and the first playouts line, wherever they are among
// other lines; a rate as precisely as the line gives it (its rate is rounded to a unit, its time to a millisecond).
Figures parse_figures(std::string_view output);

// Keeps in `best` the faster of each part of `best` and `run`.
void keep_faster(Figures& best, const Figures& run);

}  // namespace bench
