// The translation of effects into C++ (spec/native.md, Effects): a statement that no statement contains (an effect of
// a move, of a chance event or of a step's `after`) becomes one C++ function that runs it and the statements nested in
// it as Machine::ex runs them (a step and the budget of changes checked before each nested one, the same mutations
// journaled in the same order, the same errors with the values that caused them), in place of its closure.
#pragma once
#include <functional>
#include <string>

#include "compile/program.hpp"

namespace ri {

// Whether op is a statement's.
bool statement_op(Op op);

// The C++ function `static Value n<s>(Machine& m, const XNode& x)` that runs statement s in place of its closure, or
// "" when s is left to its closure (a loop, a shuffle, nothing to do). `value(k)` is the C++ expression of the Value of
// the statement's expression kid k, in the generated source's terms (`F` is the frame's first slot there).
std::string native_statement_fn(const Program& P, int s, const std::function<std::string(int)>& value);

}  // namespace ri
