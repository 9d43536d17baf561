// The progress line's text. See progress.hpp.
#include "analysis/progress.hpp"

#include <fmt/format.h>

#include <cmath>

namespace ri {

namespace {

// A duration for people: 42 s, 3 min 5 s, 2 h 10 min.
std::string duration(double s) {
  const auto t = static_cast<uint64_t>(std::llround(s));
  if (t < 60) return fmt::format("{} s", t);
  if (t < 3600) return fmt::format("{} min {} s", t / 60, t % 60);
  return fmt::format("{} h {} min", t / 3600, t % 3600 / 60);
}

// A rate with three significant digits or more: 0.123, 12.3, 1234.
std::string rate(double r) {
  if (r >= 100) return fmt::format("{:.0f}", r);
  if (r >= 10) return fmt::format("{:.1f}", r);
  if (r >= 1) return fmt::format("{:.2f}", r);
  return fmt::format("{:.3f}", r);
}

}  // namespace

std::string progress_text(const std::string& unit, uint64_t done, uint64_t total, double seconds) {
  std::string out = total > 0 ? fmt::format("{}/{} {} ({}%)", done, total, unit, done * 100 / total)
                              : fmt::format("{} {}", done, unit);
  if (seconds > 0 && done > 0) {
    const double per_s = static_cast<double>(done) / seconds;
    out += fmt::format(", {} {}/s", rate(per_s), unit);
    if (total > done) out += fmt::format(", about {} left", duration(static_cast<double>(total - done) / per_s));
  }
  return out;
}

}  // namespace ri
