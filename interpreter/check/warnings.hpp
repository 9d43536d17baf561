// The warnings of a checked rule file (spec/errors.md, Warnings): problems that do not stop a game from being played
// but are likely mistakes. Computed from the checker's output, whose names are all resolved.
#pragma once
#include "check/checker.hpp"
#include "common/diagnostics.hpp"
#include "syntax/document.hpp"

namespace ri {

// Reports, as warnings in `diags`: a move that no turn step offers (`move 'M' is offered by no turn step`); a
// variable, function, region or piece kind that nothing uses (`variable 'x' is never used`), at its declaration.
// A name is used when code refers to it (expressions, effects, templates, the turn, the end, the setup, the
// declarations computed at load, the invariants, the display and the summary): the code of the rule file, and the
// bodies of the functions that code calls (a function that only unused functions call is unused). A piece kind is
// also used when the game has pieces of it from the start ('per_player' above 0, 'each', the start board). Only the
// rule file's own declarations are reported: not a base's (a variant may replace their uses), nor the standard
// library's, nor those of the libraries imported. Only for a rule file
// check() accepted: `doc` is the document it checked, `checked` its output.
void warn_unused(const Document& doc, const Checked& checked, Diagnostics& diags);

}  // namespace ri
