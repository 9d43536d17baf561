// The benchmark's table. See table.hpp.
#include "table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

namespace bench {

namespace {

// A whole number's digits with a comma between each group of three.
std::string group_digits(const std::string& digits) {
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// The rates of a run, each missing when its part was not run or failed: playouts/s, plies/s, nodes/s.
std::vector<std::optional<double>> rates(const Figures& f) {
  return {f.playouts ? std::optional(f.playouts->playouts_per_s) : std::nullopt,
          f.playouts ? std::optional(f.playouts->plies_per_s) : std::nullopt,
          f.perft ? std::optional(f.perft->nodes_per_s) : std::nullopt};
}

// A cell for a rate, or `-`.
std::string rate_cell(std::optional<double> rate) { return rate ? format_rate(*rate) : "-"; }

// A cell for the ratio new/old, or `-`.
std::string ratio_cell(std::optional<double> mine, std::optional<double> theirs) {
  if (!mine || !theirs || !(*theirs > 0)) return "-";
  return fmt::format("{:.2f}", *mine / *theirs);
}

// The number of a work amount, or `-` for none.
std::string amount_cell(uint64_t n) { return n > 0 ? group_digits(std::to_string(n)) : "-"; }

}  // namespace

std::string format_rate(double rate) {
  if (!std::isfinite(rate)) return fmt::format("{}", rate);
  return rate < 100 ? fmt::format("{:.1f}", rate) : group_digits(fmt::format("{:.0f}", rate));
}

Table::Table(size_t name_width, bool against) : against_(against) {
  widths_ = against ? std::vector<size_t>{name_width, 8, 10, 10, 7, 11, 11, 7, 5, 11, 11, 7}
                    : std::vector<size_t>{name_width, 8, 10, 11, 5, 11};
  widths_[0] = std::max<size_t>(widths_[0], 4);
}

std::string Table::line(const std::vector<std::string>& cells) const {
  std::string out = "|";
  for (size_t i = 0; i < cells.size(); ++i)
    out += i == 0 ? fmt::format(" {:<{}} |", cells[i], widths_[i]) : fmt::format(" {:>{}} |", cells[i], widths_[i]);
  return out + "\n";
}

std::string Table::header() const {
  std::vector<std::string> cells =
      against_ ? std::vector<std::string>{"game", "playouts", "playouts/s", "old", "new/old", "plies/s", "old",
                                          "new/old", "depth", "nodes/s", "old", "new/old"}
               : std::vector<std::string>{"game", "playouts", "playouts/s", "plies/s", "depth", "nodes/s"};
  std::vector<std::string> rule;
  for (size_t i = 0; i < widths_.size(); ++i)  // Markdown: the numbers' columns aligned right
    rule.push_back(i == 0 ? std::string(widths_[i], '-') : std::string(widths_[i] - 1, '-') + ":");
  return line(cells) + line(rule);
}

std::string Table::row(const std::string& name, const Work& w, const Figures& mine, const Figures& theirs) const {
  auto mr = rates(mine), tr = rates(theirs);
  std::vector<std::string> cells{name, amount_cell(w.playouts)};
  for (size_t i = 0; i < mr.size(); ++i) {
    if (i == 2) cells.push_back(w.depth > 0 ? std::to_string(w.depth) : "-");
    cells.push_back(rate_cell(mr[i]));
    if (against_) {
      cells.push_back(rate_cell(tr[i]));
      cells.push_back(ratio_cell(mr[i], tr[i]));
    }
  }
  return line(cells);
}

}  // namespace bench
