// Suggestions for misspelt names. See suggest.hpp.
#include "common/suggest.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace ri {

size_t edit_distance(const std::string& a, const std::string& b) {
  // letters compared in lower case (ASCII: what the C locale's tolower does)
  auto low = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  const std::string& x = a.size() >= b.size() ? a : b;  // the rows are as long as the shorter text (symmetric)
  const std::string& y = a.size() >= b.size() ? b : a;
  // three rows of the table, i - 2, i - 1 and i (a transposition looks two rows back), on the stack for short names
  constexpr size_t kShort = 64;
  size_t small[3][kShort + 1];
  std::vector<size_t> large(y.size() > kShort ? 3 * (y.size() + 1) : 0);
  size_t* before = y.size() > kShort ? large.data() : small[0];
  size_t* prev = y.size() > kShort ? large.data() + (y.size() + 1) : small[1];
  size_t* row = y.size() > kShort ? large.data() + 2 * (y.size() + 1) : small[2];
  for (size_t j = 0; j <= y.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= x.size(); ++i) {
    row[0] = i;
    const char xi = low(x[i - 1]), xh = i > 1 ? low(x[i - 2]) : 0;
    for (size_t j = 1; j <= y.size(); ++j) {
      const char yj = low(y[j - 1]);
      row[j] = std::min({prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (xi == yj ? 0 : 1)});
      if (i > 1 && j > 1 && xi == low(y[j - 2]) && xh == yj) row[j] = std::min(row[j], before[j - 2] + 1);
    }
    std::swap(before, prev);
    std::swap(prev, row);
  }
  return prev[y.size()];
}

std::string did_you_mean(const std::string& name, const std::vector<std::string>& candidates) {
  size_t limit = name.size() <= 2 ? 0 : name.size() <= 5 ? 1 : 2;
  size_t best = limit + 1;
  std::string pick;
  if (name.size() > 64) return "";
  for (auto& c : candidates) {
    if (c == name || c.empty() || c.size() > name.size() + limit || c.size() + limit < name.size()) continue;
    size_t d = edit_distance(name, c);
    if (d > limit) continue;
    // ties: the candidate of the closest length (a changed character before an added or dropped one)
    auto gap = [&](const std::string& x) { return x.size() > name.size() ? x.size() - name.size() : name.size() - x.size(); };
    if (d < best || (d == best && (gap(c) < gap(pick) || (gap(c) == gap(pick) && c < pick)))) {
      best = d;
      pick = c;
    }
  }
  return pick.empty() ? "" : fmt::format(" (did you mean '{}'?)", pick);
}

std::string closest_key(const std::string& key, const std::vector<std::string>& allowed) {
  size_t best = std::max<size_t>(1, key.size() / 3) + 1;
  std::string pick;
  if (key.size() > 64) return pick;
  for (const std::string& a : allowed) {
    size_t gap = a.size() > key.size() ? a.size() - key.size() : key.size() - a.size();
    if (gap >= best) continue;  // the distance is at least the difference of the lengths
    size_t d = edit_distance(key, a);
    if (d < best) {
      best = d;
      pick = a;
    }
  }
  return pick;
}

std::string near_or_list(const std::string& name, const std::vector<std::string>& declared) {
  std::string dym = did_you_mean(name, declared);
  if (!dym.empty()) return dym;
  if (declared.empty()) return " (none is declared)";
  if (declared.size() > 8) return "";
  std::string list;
  for (auto& d : declared) list += (list.empty() ? "'" : ", '") + d + "'";
  return fmt::format(" (declared: {})", list);
}

}  // namespace ri
