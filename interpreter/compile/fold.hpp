// Folding after inlining: the copy of an inlined body whose arguments were propagated (compile/propagate.hpp) often
// computes from constants (`dx('R')` is `if 'R' == 'R' then 1 else ...`, `0..goal() - 1` is `0..3 - 1`). Such a node
// becomes the constant it computes (or, an `if`, `and` or `or` decided by a constant, the part that is evaluated),
// where that cannot fail; what fails is left for the runtime to report at its place. A node folded keeps its index,
// its position and the calls it was inlined for.
#pragma once
#include "compile/program.hpp"

namespace ri {

// Folds the constants among nodes first .. end - 1 (until nothing more folds).
void fold_after_inlining(Program& P, int first, int end);

}  // namespace ri
