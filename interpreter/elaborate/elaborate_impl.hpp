// The elaborator's parts, one per file, run in this order by elaborate.cpp. Each reports at the declaration and
// returns false when it reported.
#pragma once
#include "check/declarations.hpp"
#include "check/model.hpp"
#include "common/diagnostics.hpp"

namespace ri::elaboration {

// topology.cpp: relations (grids' directions, then written edges), regions, families of lines, tracks, the built-in
// lists, then the membership tables of long site lists.
bool topology(const Declarations& d, Model& P, Diagnostics& diags);
// chance.cpp: each chance event's outcomes and weights (its dice's distribution), and their total.
bool chance(const Declarations& d, Model& P, Diagnostics& diags);
// pieces.cpp: the pieces of 'per_player' kinds in creation order, and the start position (their 'at', then the
// start board; with generated pieces, load places it again once they exist).
bool pieces(const Declarations& d, Model& P, Diagnostics& diags);
// position_text.cpp: 'position_text' resolved: its symbols' pieces, its fields' players and variables.
bool position_text(const Declarations& d, Model& P, Diagnostics& diags);

}  // namespace ri::elaboration
