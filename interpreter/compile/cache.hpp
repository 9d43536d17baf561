// Caching: a part of the code that computes a value from a few inputs and the board's fixed tables only (no piece, no
// stack; a list only as filter, map, a list literal or `++` make it of such) has the same value whenever its inputs
// have the same values, in any state: Ur's forward(path[me], from, roll) is a function of `me`, `from` and `roll`,
// checkers' ahead(s, p, k) a list of s, p and k. Such a part (of a few operations at least, at most kMaxCacheKeys
// inputs) becomes an Op::Cached node: the runtime keeps its values by its inputs' values for the whole game
// (runtime/closures.cpp; a list's items copied to be kept, Machine::keep_cached), while they are found there often
// enough. Evaluating it gives the same value and the same errors (a value is kept only once computed without one);
// a kept value costs no steps (a filter or map computed costs one per element, spec/design.md).
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
