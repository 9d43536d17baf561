// Remembered calls: which functions move generation may remember the values of (Program::memoized). A function is
// remembered when a call can cost much (its body, its inlined calls included, visits a list or calls a function that
// can call itself), it cannot call itself, and its arguments are single values (at most kMaxMemoArgs): the value
// depends on the arguments and the state only, so within one listing of the moves, a call with the same arguments
// in the same state has the same value (runtime/memo.hpp).
#pragma once
#include "compile/program.hpp"

namespace ri {

// The most arguments of a remembered call.
constexpr int kMaxMemoArgs = 4;

// Sets Program::memoized (after inlining: the bodies hold their inlined calls).
void choose_memoized(Program& P);

}  // namespace ri
