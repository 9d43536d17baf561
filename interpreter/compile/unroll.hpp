// Unrolling small loops: `any`, `all` and `map` over a constant list or a range of two constants of at most
// kMaxUnrolled elements become the body once per element, the element a constant in each copy (`and` of the copies
// for `all`, `or` for `any`, a list literal for `map`), so that folding (compile/fold.hpp) computes what each copy
// computes from its element (`dx(k)`, `k % 2 == 0`, `offset(s, k * dx, k * dy)` with constant steps) and the loop
// costs nothing per element. Only a loop whose body makes no list is unrolled (a loop drops the lists an element
// made before the next one; a copy keeps them until the operation ends), and only while the copies stay small. A
// loop unrolled costs no evaluation step per element: it is bounded by its code.
#pragma once
#include "compile/program.hpp"

namespace ri {

constexpr int kMaxUnrolled = 8;        // elements of a loop unrolled
constexpr int kMaxUnrolledNodes = 256; // nodes that the copies of one loop's body may add

// Unrolls the small loops among nodes 0 .. end - 1 of P's code, then folds the copies.
void unroll_small_loops(Program& P);

}  // namespace ri
