// Blocks: the scalar expressions the machine evaluates most (comparisons, logic, arithmetic, `let`, `if`, the board's
// reads, offsets) compiled once, when the machine is made, into linear code for an accumulator machine with jumps, so
// that a tree of such nodes costs one handler call instead of one per node and a condition costs a compare and a
// jump. The largest trees of such nodes become blocks: the root's closure (closures.hpp) is the block's handler, which
// runs its code; a node the block cannot compute (a call, a list, a string, an aggregate) is evaluated there through
// its own closure. The values, the errors and their order are the closures': an instruction that finds a value out of
// its range (a site that is none, a division by zero, ...) evaluates its node again through the node's closure,
// which reports the error where it is written.
#pragma once
#include "runtime/closures.hpp"

namespace ri {

// Compiles the blocks of P's code into c (c.blocks), and makes each block's root run it.
void compile_blocks(const Program& P, XCode& c);

}  // namespace ri
