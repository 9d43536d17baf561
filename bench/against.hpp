// --against: the same work run by this benchmark and by another ruleinterp_bench (an older revision's,
// scripts/bench-build), each as a child process driven through the two result lines every version prints.
#pragma once
#include <string>
#include <vector>

#include "figures.hpp"
#include "measure.hpp"

namespace bench {

// One program's best figures on a game, and why it failed when it did ("" when it did not).
struct Side {
  Figures best;
  std::string failure;
};

// The arguments that make any version of ruleinterp_bench run `w` once on `file`:
// BINARY FILE --depth D --playouts N --seed S --max-plies M --repeat 1, then `--threads T` when w.threads is above 1
// and `--engine E` when `engine` is not the interpreter (which a version before those options refuses: its figures
// are then missing).
std::vector<std::string> bench_command(const std::string& binary, const std::string& file, const Work& w,
                                       const std::string& engine = "interp");

// Runs `w` on `file` with `mine` and with `theirs` alternately (mine, theirs, mine, ...) `repeat` times, both on
// `engine`; the best run of each.
std::pair<Side, Side> run_against(const std::string& mine, const std::string& theirs, const std::string& file,
                                  const Work& w, int repeat, const std::string& engine = "interp");

// What tells that the two did not do the same work: their perft counts differ (one of them is wrong), or their
// playouts played other games (the order of legal moves or the random draws changed: the playouts/s compare
// different games, while plies/s still compare). One line each, naming the game.
std::vector<std::string> differences(const std::string& name, const Figures& mine, const Figures& theirs);

}  // namespace bench
