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

// What a move's function needs of the expression generator (codegen.cpp), in the generated source's terms.
struct MoveTrees {
  // the Value of node n evaluated as a whole tree (after N::begin_eval)
  std::function<std::string(int)> tree;
  // for a direct listing: node n's value (an int64_t) computed whole by code of its own in the listing's local frame
  // `F`, its lets' mask `L` and kept parts `Z`, which gives up (N::retry()) where the interpreter would report an
  // error or run out of steps; "" when it cannot be computed so
  std::function<std::string(int)> direct;
  // for a direct listing: the loop over list node n's elements as Gen::loop writes it (what comes before it, its
  // head, which opens the loop's block and declares `e`, the number of elements, what follows the loop's block: the
  // list's items dropped from the arena), computed so; false when it cannot be
  std::function<bool(int n, const std::string& e, std::string& pre, std::string& head, std::string& most, std::string& after)>
      loop;
  // for a direct listing: the most elements that loop walks over list node n, a constant (-1: not known before)
  std::function<int64_t(int n)> most;
  // whether the tree at n, or a function it calls, has a remembered call (a direct listing keeps its value in the
  // machine's remembered values, logged: Native::memo_log_begin)
  std::function<bool(int)> remembered;
};

// The C++ function `static bool g<mv>(Machine& m, NativeEmit f, void* c, MoveList* o)` (runtime/native_abi.hpp,
// NativeMoveFn) listing move mv's candidates, or "" when it is left to the interpreter. When every part of the move
// can be computed directly (MoveTrees::direct), it also writes `q<mv>`, the listing straight into a list with its
// parameters and lets in a local frame, which g<mv> tries first: into the list, or as a probe (no list) that finds that
// the move has no candidate, else gives up at the first (spec/native.md).
std::string native_move_fn(const Program& P, int mv, const MoveTrees& trees);

}  // namespace ri
