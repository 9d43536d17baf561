// Argument propagation into inlined calls. See propagate.hpp.
#include "compile/propagate.hpp"

#include "compile/memo.hpp"

#include <vector>

namespace ri {
namespace {

// Whether node n is read directly, the same whenever it is read during a call (the state does not change while an
// expression is evaluated), and cannot fail: a slot, a constant, `me`, a constant list, a variable, or what a
// per-player zone, track or variable is for `me`.
bool direct(const Program& P, const Node& n) {
  switch (n.op) {
    case Op::Local: case Op::Const: case Op::Str: case Op::Me: case Op::ConstList: case Op::Global: return true;
    case Op::ZoneEach: case Op::TrackEach: case Op::PerPlayer:
      return n.nk == 1 && P.code[static_cast<size_t>(P.kid(n, 0))].op == Op::Me;
    default: return false;
  }
}

// In the tree at n, every read of a slot in [from, from + count) becomes the argument the slot would hold.
void substitute(Program& P, int n, int from, int count, const std::vector<Node>& args) {
  if (n < 0) return;
  Node& nd = P.code[static_cast<size_t>(n)];
  if (nd.op == Op::Local && nd.a >= from && nd.a < from + count) {
    const Node& arg = args[static_cast<size_t>(nd.a - from)];
    nd.op = arg.op;
    nd.a = arg.a;
    nd.b = arg.b;
    nd.imm = arg.imm;
    nd.first = arg.first;  // (a per-player read shares its `me`)
    nd.nk = arg.nk;
    return;
  }
  for (int k = 0; k < nd.nk; ++k) substitute(P, P.kid(nd, k), from, count, args);
}

// Whether node n is an inlined call left with its body only (one that is remembered stays: its handler remembers).
bool bare(const Program& P, int n) {
  const Node& nd = P.code[static_cast<size_t>(n)];
  return nd.op == Op::Bind && nd.nk == 1 && !remembered_call(P, n);
}

}  // namespace

void propagate_arguments(Program& P, int first, int end) {
  // the calls copied into bodies come after the calls they were copied for: in index order, a call's arguments are
  // already propagated when it is met
  for (int n = first; n < end; ++n) {
    const Node call = P.code[static_cast<size_t>(n)];
    if (call.op != Op::Bind || call.nk < 2) continue;
    if (remembered_call(P, n)) continue;
    const int nargs = call.nk - 1;
    std::vector<Node> args;
    for (int k = 0; k < nargs; ++k) args.push_back(P.code[static_cast<size_t>(P.kid(call, k))]);
    bool all = true;
    for (const Node& a : args) all = all && direct(P, a);
    if (!all) continue;
    const int body = P.kid(call, nargs);
    substitute(P, body, call.a, nargs, args);
    Node& bind = P.code[static_cast<size_t>(n)];
    bind.first += nargs;  // the body, its last kid, is its only one now
    bind.nk = 1;
  }
  // the nodes that have such a call as a kid have its body instead
  for (int n = first; n < end; ++n) {
    const Node& nd = P.code[static_cast<size_t>(n)];
    for (int k = 0; k < nd.nk; ++k) {
      int& kid = P.kids[static_cast<size_t>(nd.first + k)];
      while (kid >= 0 && bare(P, kid)) kid = P.kid(P.code[static_cast<size_t>(kid)], 0);
    }
  }
}

}  // namespace ri
