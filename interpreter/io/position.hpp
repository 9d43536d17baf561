// Position files (spec/position.md): a game's state written as YAML, read back into a game; and the board syntax
// they share with a rule file's `start` section. The loader turns the YAML into text (PositionDecl, BoardSite:
// document.hpp); this resolves the names and values against a game.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "syntax/document.hpp"
#include "runtime/engine.hpp"
#include "syntax/params.hpp"
#include "compile/program.hpp"

namespace ri {

// Whose board resolve_board reads: the rule file's start board (checked with the rule file), the same checked for
// its names only (the rule file has generated pieces, made at load: their number is not known yet), or a
// position's.
enum class BoardOf { Start, StartNames, Position };

// Resolves a board written as text: each site, piece kind, owner and attribute name to its id, each attribute
// value to a 32-bit int. Each piece is the lowest-numbered piece of its kind and owner still free (`free`, which
// it updates), taken in the board's order; a piece of a generated kind is the lowest-numbered of its kind still
// free, whatever its owner, and takes the owner written. Too few free pieces is an error. Appends the places and
// the attribute values to `out`. Reports every problem at its position (Pos::file indexes `files`); false when
// there was any.
bool resolve_board(const std::vector<BoardSite>& board, const Program& P, BoardOf whose, std::vector<bool>& free,
                   const SourceFiles& files, Diagnostics& diags, Position& out);

// Reads a position file's text for the game P: the YAML (load_position_document), then every name and value. The
// parameters it lists must have those values in P.
// Reports every problem with the file's name, line and column; false when there was any (`out` is then partial).
bool parse_position(std::shared_ptr<const SourceFile> file, const Program& P, Position& out, Diagnostics& diags);
// The same for the file at `path`; a file that cannot be read is reported too.
bool read_position(const std::string& path, const Program& P, Position& out, Diagnostics& diags);

// Reads only the parameter values a position file gives (`params: {NAME: VALUE, ...}`), which the rule file must be
// loaded with before the position can be read (read_position checks that the game has them). Reports the file's
// structural problems and a value that is not a whole number; false when there was any.
bool read_position_params(const std::string& path, ParamValues& out, Diagnostics& diags);

// The position file of the game's state, deterministic: parse_position of it sets up the same state, whose file
// is the same text. `rules`, when not empty, is written as the first line, `rules: RULES`; then, when the rule
// file has parameters, `params: {NAME: VALUE, ...}` with the value of each.
std::string write_position(const Game& g, const std::string& rules = "");

}  // namespace ri
