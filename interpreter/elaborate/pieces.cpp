// The pieces and the start position. See elaborate_impl.hpp.
#include <fmt/format.h>

#include <algorithm>

#include "common/limits.hpp"
#include "elaborate/board.hpp"
#include "elaborate/elaborate_impl.hpp"

namespace ri::elaboration {

// pieces -> for each kind with 'per_player', player by player, its pieces at their 'at'; the start position places
// those at a site, in creation order, then the start board (with generated pieces, only its names are checked here:
// load places it once they exist)
bool pieces(const Declarations& d, Model& P, Diagnostics& diags) {
  bool ok = true;
  for (const ResolvedPieces& pd : d.pieces)
    for (size_t p = 0; p < pd.sites.size(); ++p) {
      if (P.pieces.size() + static_cast<size_t>(pd.count) > static_cast<size_t>(kMaxPieces)) {
        diags.error(P.files, pd.pos, fmt::format("at most {} pieces are supported", kMaxPieces));
        ok = false;
        break;
      }
      for (int i = 0; i < pd.count; ++i) P.pieces.push_back({pd.kind, static_cast<int>(p), pd.sites[p]});
    }
  P.max_stack = std::max<int>(1, static_cast<int>(P.pieces.size()));
  std::vector<bool> free(P.pieces.size());
  for (size_t i = 0; i < P.pieces.size(); ++i) {
    free[i] = P.pieces[i].site < 0;
    if (!free[i]) P.start.places.push_back({static_cast<int>(i), P.pieces[i].site});
  }
  bool generated = std::any_of(P.kinds.begin(), P.kinds.end(), [](const KindInfo& k) { return k.generated; });
  return resolve_board(d.start, P, generated ? BoardOf::StartNames : BoardOf::Start, free, P.files, diags, P.start) &&
         ok;
}

}  // namespace ri::elaboration
