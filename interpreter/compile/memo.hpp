// Remembered calls: which functions move generation may remember the values of (Program::memoized). A function is
// remembered when a call can cost much (its body, its inlined calls included, visits a list or calls a function that
// can call itself), it cannot call itself, and its arguments are single values (at most kMaxMemoArgs): the value
// depends on the arguments and the state only, so within one listing of the moves, a call with the same arguments
// in the same state has the same value (runtime/memo.hpp). A function whose every call in move generation is the
// whole value of a move's 'let' (not a list, of a move listed by its requirements alone) is not: the 'let' keeps that
// value while the parameters it reads keep theirs, so a listing asks for each set of arguments once. Nor is a function
// whose whole body is kept for the game (a cached part).
#pragma once
#include "compile/program.hpp"

namespace ri {

// The most arguments of a remembered call.
constexpr int kMaxMemoArgs = 4;

// Sets Program::memoized (after inlining: the bodies hold their inlined calls), and Program::generating: the calls
// remembered are those of move generation's code (elsewhere the machine never remembers).
void choose_memoized(Program& P);

// After caching (compile/cache.hpp): a function whose whole body is a cached part is not remembered (its value, once
// computed, is kept for the game, and found again at no cost).
void forget_kept_functions(Program& P);

// Whether the call at node n (Op::Call or Op::Bind) is remembered while the moves are listed.
inline bool remembered_call(const Program& P, int n) {
  const Node& nd = P.code[static_cast<size_t>(n)];
  const int f = nd.op == Op::Bind ? nd.b : nd.op == Op::Call ? nd.a : -1;
  return f >= 0 && static_cast<size_t>(f) < P.memoized.size() && P.memoized[static_cast<size_t>(f)] &&
         static_cast<size_t>(n) < P.generating.size() && P.generating[static_cast<size_t>(n)];
}

}  // namespace ri
