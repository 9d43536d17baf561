// Caching: a part of the code that computes a single value from a few inputs and the board's fixed tables only (no
// piece, no stack, no list made as it runs, nothing that costs a step) has the same value whenever its inputs have
// the same values, in any state: Ur's forward(path[me], from, roll) is a function of `me`, `from` and `roll`. Such a
// part (of a few operations at least, at most kMaxCacheKeys inputs) becomes an Op::Cached node: the runtime keeps
// its values by its inputs' values for the whole game (runtime/closures.cpp), while they are found there often enough. Evaluating it gives the same value, the
// same errors (a value is kept only once computed without one) and costs the same steps (none) as before.
#pragma once
#include <vector>

#include "compile/program.hpp"

namespace ri {

constexpr int kMaxCacheKeys = 4;

// Wraps the parts of the program's code that can be cached (after inlining, propagation and folding).
void cache_static_parts(Program& P);

// Whether the tree at n computes one value from its inputs and the board's tables only, as a cached part does (of any
// size and any number of inputs; a kept part, Op::Hoisted, or a cached one counts as the part it keeps): then
// `inputs` holds the nodes that read its inputs (a slot, a variable, `me`, ...), each input once.
bool fixed_part(const Program& P, int n, std::vector<int>& inputs);

}  // namespace ri
