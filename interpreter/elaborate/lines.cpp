// Families of lines: derivation along relations and their tables. See lines.hpp.
#include "elaborate/lines.hpp"

#include <algorithm>
#include <set>

namespace ri {
namespace {

// The chains of n sites that continue `path` along relation `rel` (no site twice), depth first in edge order;
// `steps` counts down the partial chains examined.
void chains(const Model& P, int rel, std::vector<int32_t>& path, int n, std::vector<std::vector<int32_t>>& out,
            int64_t& steps) {
  if (static_cast<int>(path.size()) == n) {
    out.push_back(path);
    return;
  }
  for (int32_t next : P.lists[P.relation_lists[rel][path.back()]]) {
    if (out.size() > kMaxLines || --steps < 0) return;
    if (std::find(path.begin(), path.end(), next) != path.end()) continue;
    path.push_back(next);
    chains(P, rel, path, n, out, steps);
    path.pop_back();
  }
}

}  // namespace

std::vector<std::vector<int32_t>> derive_lines(const Model& P, const std::vector<int>& relations, int length,
                                               bool& exhausted) {
  std::vector<std::vector<int32_t>> found;
  int64_t steps = kMaxLineSteps;
  if (length <= P.nsites())  // a chain never holds a site twice
    for (int rel : relations)
      for (int s = 0; s < P.nsites() && steps >= 0; ++s) {
        std::vector<int32_t> path{s};
        chains(P, rel, path, length, found, steps);
      }
  exhausted = steps < 0;
  std::vector<std::vector<int32_t>> lines;
  std::set<std::vector<int32_t>> seen;
  for (auto& c : found) {
    std::vector<int32_t> rev(c.rbegin(), c.rend());
    if (seen.count(c) || seen.count(rev)) continue;
    seen.insert(c);
    lines.push_back(c);
  }
  return lines;
}

FamilyTables add_family(Model& P, std::vector<std::vector<int32_t>> lines) {
  FamilyTables t;
  std::vector<int32_t> ids;
  std::vector<std::vector<int32_t>> through(P.site_names.size());
  for (auto& l : lines) {
    int id = static_cast<int>(P.line_sites.size());
    ids.push_back(id);
    for (int32_t s : l)
      if (through[s].empty() || through[s].back() != id) through[s].push_back(id);
    P.line_sites.push_back(P.add_list(std::move(l), Type::Sites));
    P.index_list(P.line_sites.back());
  }
  t.lines = P.add_list(std::move(ids), Type::Lines);
  for (auto& l : through) t.through.push_back(P.add_list(std::move(l), Type::Lines));
  return t;
}

}  // namespace ri
