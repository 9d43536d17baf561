// Suggestions for misspelt names. See suggest.hpp.
#include "common/suggest.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace ri {

size_t edit_distance(const std::string& a, const std::string& b) {
  auto low = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (low(a[i - 1]) == low(b[j - 1]) ? 0 : 1)});
      if (i > 1 && j > 1 && low(a[i - 1]) == low(b[j - 2]) && low(a[i - 2]) == low(b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
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
