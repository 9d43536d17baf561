// The declarations a rule file computes once, when it is loaded (spec/language.md, section 12 (Declarations computed at load)):
// computed regions and relations, the families of lines along computed relations, generated pieces and the pieces'
// names.
#pragma once
#include <vector>

#include "common/diagnostics.hpp"
#include "syntax/document.hpp"
#include "compile/program.hpp"

namespace ri {

// Computes P.load_items in their order on the empty board (no piece placed, every variable 0, `me` the first
// player), each seeing those before it, and fills in their tables; then makes every piece in creation order and
// places the start board (`start`, when the file has generated pieces), writes the names of the pieces of the kinds
// that have a `name` (Program::piece_names),. A runtime error there, or a result the language rejects (a region holding none, too many
// pieces, ...), is reported as a problem of the rule file at the expression; false then.
bool evaluate_at_load(Program& P, const std::vector<BoardSite>& start, Diagnostics& diags);

}  // namespace ri
