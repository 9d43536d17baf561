// The elaborator: turns the declarations the checker resolved (Checked::declared, check/declarations.hpp) into the
// model's tables: the lists of each relation, region, family of lines and track, the built-in lists, the membership
// tables of long site lists, the exact distribution of each chance event's dice, the pieces and the start board.
// What is computed by the rule file's own code (computed regions and relations, generated pieces) is not here: that
// needs the compiled program, and pipeline/load_eval computes it.
#pragma once
#include "check/checker.hpp"
#include "common/diagnostics.hpp"

namespace ri {

// Fills in checked.model's tables from checked.declared, reporting what the language rejects there (too many lines,
// dice sums or pieces, a start board that names what does not exist, ...). It runs after the checker even when that
// reported problems, so that every problem is reported at once; false when it reported any.
bool elaborate(Checked& checked, Diagnostics& diags);

}  // namespace ri
