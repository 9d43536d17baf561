// Position files (spec/position.md): a game's state written as YAML, read back into a game; and the board syntax
// they share with a rule file's `start` section. The loader turns the YAML into text (PositionDecl, BoardSite:
// document.hpp); this resolves the names and values against a game.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "elaborate/board.hpp"
#include "syntax/document.hpp"
#include "runtime/engine.hpp"
#include "syntax/params.hpp"
#include "compile/program.hpp"

namespace ri {

// Reads a position file's text for the game P: the YAML (load_position_document), then every name and value. The
// parameters it lists must have those values in P.
// Reports every problem with the file's name, line and column; false when there was any (`out` is then partial).
bool parse_position(std::shared_ptr<const SourceFile> file, const Program& P, Position& out, Diagnostics& diags);
// Resolves a position file as written (or as position_text.cpp builds it from a text) against the game P: every
// name and value, the parameters it lists, each piece matched (spec/position.md). Positions index `files`.
bool resolve_position(const PositionDecl& d, const SourceFiles& files, const Program& P, Position& out,
                      Diagnostics& diags);
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
