// The declarations of a rule file's topology, chance and pieces as the checker resolved them: every name an id,
// every number checked, nothing derived. The elaborator (elaborate/) turns them into the model's tables: the lists of
// each relation, region, line and track, the chance distributions, the pieces and the start board.
#pragma once
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "common/diagnostics.hpp"
#include "syntax/document.hpp"

namespace ri {

// A direction of a grid with 'directions': the relation it links along (declared by the grid, or by an earlier one).
struct GridDirection {
  int relation = -1;
  int dx = 0, dy = 0;
};

// A grid of 'topology.grids' (Model::grids, same index): its directions.
struct ResolvedGrid {
  std::vector<GridDirection> directions;
};

// A relation of 'topology.relations': its edges (site ids, as written), or computed at load.
struct ResolvedRelation {
  int relation = -1;
  bool computed = false;
  bool symmetric = false;
  std::vector<std::pair<int32_t, int32_t>> edges;
};

// A region: its sites, or computed at load (Model::region_lists, same index).
struct ResolvedRegion {
  bool computed = false;
  std::vector<int32_t> sites;
};

// A family of lines (Model::family_names, same index): its lines as written, or derived along relations (at load when
// one of them is computed there: `deferred`).
struct ResolvedFamily {
  std::string name;
  Pos pos;
  bool derived = false, deferred = false;
  std::vector<int> along;  // relations
  int length = 0;
  std::vector<std::vector<int32_t>> lines;  // as written
};

// A track (Model::track_names, same index): per player, its sites (empty for a player without a list).
struct ResolvedTrack {
  std::vector<std::vector<int32_t>> per_player;
};

// Dice of a chance event (Model::chance[chance]): `count` dice with these faces, each face equally likely.
struct ResolvedDice {
  int chance = -1;
  int count = 0;
  std::vector<int64_t> faces;
};

// The pieces of a kind with 'per_player' and without 'each': `count` for each player, at sites[player] (-1: off the
// board).
struct ResolvedPieces {
  int kind = -1;
  int count = 0;
  Pos pos;  // the 'per_player' value
  std::vector<int> sites;
};

struct Declarations {
  bool topology = false;  // the sites are within the limit: the topology's tables can be built
  std::vector<ResolvedGrid> grids;
  std::vector<ResolvedRelation> relations;  // in the order written (grids' directions are in `grids`)
  std::vector<ResolvedRegion> regions;
  std::vector<ResolvedFamily> families;
  std::vector<ResolvedTrack> tracks;
  std::vector<ResolvedDice> dice;
  std::vector<ResolvedPieces> pieces;  // in the order of the kinds
  std::vector<BoardSite> start;    // the start board, as written
  std::optional<PositionTextDecl> position_text;  // positions as text, as written (elaborate/position_text.cpp)
};

}  // namespace ri
