// The topology's tables: relations, regions, families of lines, tracks and the built-in lists. See elaborate_impl.hpp.
#include <fmt/format.h>

#include <numeric>

#include "elaborate/elaborate_impl.hpp"
#include "elaborate/lines.hpp"

namespace ri::elaboration {
namespace {

// grid directions -> each site of the grid links to its neighbour that way (none at the edge)
void grid_relations(const Declarations& d, Model& P) {
  for (size_t g = 0; g < d.grids.size(); ++g) {
    const GridInfo& grid = P.grids[g];
    for (const GridDirection& dir : d.grids[g].directions) {
      std::vector<int>& lists = P.relation_lists[static_cast<size_t>(dir.relation)];
      for (int x = 0; x < grid.width; ++x)
        for (int y = 0; y < grid.height; ++y) {
          int s = grid.sites[static_cast<size_t>(y * grid.width + x)], nx = x + dir.dx, ny = y + dir.dy;
          std::vector<int32_t> to;
          if (nx >= 0 && ny >= 0 && nx < grid.width && ny < grid.height)
            to.push_back(grid.sites[static_cast<size_t>(ny * grid.width + nx)]);
          if (lists.size() <= static_cast<size_t>(s)) lists.resize(static_cast<size_t>(s) + 1, -1);
          lists[static_cast<size_t>(s)] = P.add_list(std::move(to), Type::Sites);
        }
    }
  }
}

// written relations -> each site's linked sites in the order the edges are written (a symmetric edge both ways); a
// relation computed at load links no site until then
void written_relations(const Declarations& d, Model& P) {
  for (const ResolvedRelation& r : d.relations) {
    std::vector<int>& lists = P.relation_lists[static_cast<size_t>(r.relation)];
    if (r.computed) {
      lists.assign(P.site_names.size(), P.add_list({}, Type::Sites));
      continue;
    }
    std::vector<std::vector<int32_t>> adj(P.site_names.size());
    for (auto [a, b] : r.edges) {
      adj[static_cast<size_t>(a)].push_back(b);
      if (r.symmetric) adj[static_cast<size_t>(b)].push_back(a);
    }
    for (auto& l : adj) lists.push_back(P.add_list(std::move(l), Type::Sites));
  }
  // grids may link along a relation before later sites exist: those link to none
  for (auto& lists : P.relation_lists) {
    int empty = -1;
    for (auto& l : lists)
      if (l < 0) l = empty >= 0 ? empty : (empty = P.add_list({}, Type::Sites));
    while (lists.size() < P.site_names.size()) lists.push_back(empty >= 0 ? empty : (empty = P.add_list({}, Type::Sites)));
  }
}

// families of lines -> their tables; a derived family examines the chains along its relations (one along a relation
// computed at load is derived then, and is empty until then)
bool families(const Declarations& d, Model& P, Diagnostics& diags) {
  bool ok = true;
  for (const ResolvedFamily& fd : d.families) {
    std::vector<std::vector<int32_t>> lines = fd.lines;
    bool exhausted = false;
    if (fd.derived && !fd.deferred) lines = derive_lines(P, fd.along, fd.length, exhausted);
    if (exhausted) {
      diags.error(P.files, fd.pos, fmt::format("deriving the lines of '{}' examines more than {} chains", fd.name,
                                               kMaxLineSteps));
      lines.clear();
      ok = false;
    } else if (lines.size() > kMaxLines) {
      diags.error(P.files, fd.pos, fmt::format("'{}' has more than {} lines", fd.name, kMaxLines));
      lines.clear();
      ok = false;
    }
    FamilyTables t = add_family(P, std::move(lines));
    P.family_lists.push_back(t.lines);
    P.through_lists.push_back(std::move(t.through));
  }
  return ok;
}

}  // namespace

bool topology(const Declarations& d, Model& P, Diagnostics& diags) {
  if (!d.topology) return true;  // the checker reported a board too large for tables
  P.relation_lists.resize(P.relation_names.size());
  grid_relations(d, P);
  written_relations(d, P);
  for (const ResolvedRegion& r : d.regions) P.region_lists.push_back(P.add_list(r.sites, Type::Sites));
  bool ok = families(d, P, diags);
  for (const ResolvedTrack& t : d.tracks) {
    P.track_lists.emplace_back();
    for (const std::vector<int32_t>& sites : t.per_player) P.track_lists.back().push_back(P.add_list(sites, Type::Sites));
  }
  std::vector<int32_t> all_players(P.players.size()), all_sites(P.site_names.size());
  std::iota(all_players.begin(), all_players.end(), 0);
  std::iota(all_sites.begin(), all_sites.end(), 0);
  P.players_list = P.add_list(std::move(all_players), Type::Players);
  P.sites_list = P.add_list(std::move(all_sites), Type::Sites);
  // membership and position tables for long site lists (short ones are scanned)
  for (size_t l = 0; l < P.lists.size(); ++l) P.index_list(static_cast<int>(l));
  return ok;
}

}  // namespace ri::elaboration
