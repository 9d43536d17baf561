// The benchmark's table: one Markdown row per game, its columns aligned for the terminal.
#pragma once
#include <string>
#include <vector>

#include "figures.hpp"
#include "measure.hpp"

namespace bench {

class Table {
 public:
  // A table whose game names fit in name_width; with `against`, each rate is followed by the old binary's and the
  // ratio new/old.
  Table(size_t name_width, bool against);

  // The header line and the line under it.
  std::string header() const;

  // A game's row: the work asked (`-` for a part not run), then its rates from `mine` and, with `against`, from
  // `theirs` (`-` for a missing figure).
  std::string row(const std::string& name, const Work& w, const Figures& mine, const Figures& theirs = {}) const;

 private:
  // A line of the table from its cells, each padded to its column's width.
  std::string line(const std::vector<std::string>& cells) const;

  std::vector<size_t> widths_;
  bool against_;
};

// A rate as the table shows it: with thousands separators, one decimal under 100.
std::string format_rate(double rate);

}  // namespace bench
