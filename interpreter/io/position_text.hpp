// Positions as one line of text (spec/position.md, "Positions as text"): the board of the rule file's first grid,
// row by row, then fields, in the syntax the rule file's `position_text` declares (language.md, section 2
// (position_text)): FEN for chess, for example.
#pragma once
#include <string>

#include "compile/program.hpp"
#include "runtime/engine.hpp"

namespace ri {

// Reads `text`, a position of the game P, into `out`: the grid's pieces, matched as a position file's board is,
// and the fields (the player to move, flags, variables); the rest as a position file that leaves it out. Every
// problem is reported at its column in the text, as a file named `name`; false when there was any (also when the
// rule file has no position_text).
bool parse_position_text(const std::string& text, const Program& P, Position& out, Diagnostics& diags,
                         const std::string& name = "<position text>");

// The text of g's state, the inverse of parse_position_text: reading it gives the same text. False, with `why`, when
// the state cannot be written so: the rule file has no position_text, a site off the grid holds a piece, a square
// holds more than one, or a piece has no symbol (of its kind, owner and the attribute values a symbol gives).
bool write_position_text(const Game& g, std::string& out, std::string& why);

}  // namespace ri
