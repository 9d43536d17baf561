// The translation of a move's generation into C++ (spec/native.md): the function that lists the candidates of one
// move as Game::candidates lists them when it lists legal moves (runtime/generate.hpp), its parameters' loops nested,
// its requirements' checks written out at the levels where they are checked, in the same order, with the same
// shortcuts (the requirements checked natively, those checked first), counting the same combinations examined and
// computing the same values ahead, so that the moves, their order, the errors and the budgets are the interpreter's.
// A move whose ranges are narrowed or values sorted (MoveInfo::kNarrow, kSorted) is left to the interpreter.
#pragma once
#include <functional>
#include <string>

#include "compile/program.hpp"

namespace ri {

// The C++ function `static bool g<mv>(Machine& m, NativeEmit f, void* c, MoveList* o)` (runtime/native_abi.hpp,
// NativeMoveFn) listing move mv's candidates, or "" when it is left to the interpreter. `tree(n)` is the C++
// expression of the Value of node n evaluated as a whole tree (after N::begin_eval), in the generated source's terms.
std::string native_move_fn(const Program& P, int mv, const std::function<std::string(int)>& tree);

}  // namespace ri
