// Hoisting: the parts of a move's requirements that do not depend on the parameter they are checked for. Generation
// checks a requirement of parameter P's level once for each value of P; a part of it that reads only earlier
// parameters (and the state, which a listing does not change) has the same value for all of them. Such a part (a
// scalar, pure, worth more than a read) becomes an Op::Hoisted node: computed when first reached, like a move's
// 'let', and kept until a parameter it reads takes a new value (its bit in MoveInfo::forget). Lazily, so what is
// evaluated, and where an error is met, stays as it was; only the repetitions go.
#pragma once
#include "compile/program.hpp"

namespace ri {

// Hoists the invariant parts of every move's requirements (after inlining and argument propagation).
void hoist_invariants(Program& P);

}  // namespace ri
