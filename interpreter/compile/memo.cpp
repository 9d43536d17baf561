// Which functions move generation remembers the values of. See memo.hpp.
#include "compile/memo.hpp"

#include <algorithm>
#include <vector>

namespace ri {
namespace {

// Whether the tree at n visits a list (an aggregate, filter, map, a list made by copying) or calls a function that
// can call itself: whether a call of a body with it can cost more than a few steps.
bool costly(const Program& P, int n) {
  if (n < 0) return false;
  const Node& nd = P.code[static_cast<size_t>(n)];
  switch (nd.op) {
    case Op::Any: case Op::All: case Op::Count: case Op::Sum: case Op::Min: case Op::Max:
    case Op::Filter: case Op::Map: case Op::Unique: case Op::Join: case Op::Slice: case Op::Reverse:
    case Op::KindPieces: case Op::JoinText: case Op::Reach:
      return true;
    case Op::Call: return P.recursive[static_cast<size_t>(nd.a)] != 0;
    default: break;
  }
  for (int k = 0; k < nd.nk; ++k)
    if (costly(P, P.kid(nd, k))) return true;
  return false;
}

// Whether the tree at n uses what is not the state or the arguments: the setup's generator, or the styles of what is
// rendered for people.
bool impure(const Program& P, int n) {
  if (n < 0) return false;
  const Node& nd = P.code[static_cast<size_t>(n)];
  if (nd.op == Op::Random || nd.op == Op::Styled) return true;
  for (int k = 0; k < nd.nk; ++k)
    if (impure(P, P.kid(nd, k))) return true;
  return false;
}

// Marks the tree at n, and the bodies of the functions it calls, as code that move generation evaluates.
void mark_generating(Program& P, int n, std::vector<uint8_t>& called) {
  if (n < 0 || P.generating[static_cast<size_t>(n)]) return;
  P.generating[static_cast<size_t>(n)] = 1;
  const Node& nd = P.code[static_cast<size_t>(n)];
  if ((nd.op == Op::Call || nd.op == Op::TailCall) && !called[static_cast<size_t>(nd.a)]) {
    called[static_cast<size_t>(nd.a)] = 1;
    mark_generating(P, P.functions[static_cast<size_t>(nd.a)].body, called);
  }
  for (int k = 0; k < nd.nk; ++k) mark_generating(P, P.kid(nd, k), called);
}

}  // namespace

void choose_memoized(Program& P) {
  // the code that listing the moves evaluates: the parameters' domains, the requirements (with the parts computed
  // ahead of them), and what a move played to list it evaluates (its lets, effects and post-conditions)
  P.generating.assign(P.code.size(), 0);
  std::vector<uint8_t> called(P.functions.size(), 0);
  for (const MoveInfo& mi : P.moves) {
    for (const ParamInfo& p : mi.params) mark_generating(P, p.domain, called);
    for (const RequireInfo& r : mi.requires_) {
      mark_generating(P, r.node, called);
      mark_generating(P, r.none_unless, called);
      mark_generating(P, r.native_player, called);
    }
    if (!mi.continues && mi.ensures.empty()) continue;
    for (const RequireInfo& r : mi.ensures) mark_generating(P, r.node, called);
    for (int l : mi.let_nodes) mark_generating(P, l, called);
    for (int e : mi.effects) mark_generating(P, e, called);
  }
  // the calls that are the whole value of a move's 'let' which keeps its value while the parameters it reads keep
  // theirs (not a list; a move listed by its requirements alone, not played to be listed): a listing computes each
  // once for each combination of those parameters, so remembering it would only keep values never asked for again
  std::vector<uint8_t> kept(P.code.size(), 0);
  for (const MoveInfo& mi : P.moves) {
    if (mi.continues || !mi.ensures.empty()) continue;
    for (int l : mi.let_nodes) {
      const int v = P.kid(P.code[static_cast<size_t>(l)], 0);
      if (!is_list(P.code[static_cast<size_t>(v)].type)) kept[static_cast<size_t>(v)] = 1;
    }
  }
  // the functions called in move generation only so (1: such a call; 2: another one)
  std::vector<uint8_t> calls(P.functions.size(), 0);
  for (size_t n = 0; n < P.code.size(); ++n) {
    const Node& nd = P.code[n];
    const int f = nd.op == Op::Bind ? nd.b : nd.op == Op::Call || nd.op == Op::TailCall ? nd.a : -1;
    if (f < 0 || static_cast<size_t>(f) >= calls.size() || !P.generating[n]) continue;
    calls[static_cast<size_t>(f)] = std::max(calls[static_cast<size_t>(f)], static_cast<uint8_t>(kept[n] ? 1 : 2));
  }
  P.memoized.assign(P.functions.size(), 0);
  for (size_t f = 0; f < P.functions.size(); ++f) {
    const FunctionInfo& fi = P.functions[f];
    if (P.recursive[f] || fi.nparams > kMaxMemoArgs || calls[f] == 1) continue;
    bool single = true;
    for (Type t : fi.params) single = single && !is_list(t);
    P.memoized[f] = single && costly(P, fi.body) && !impure(P, fi.body);
  }
}

void forget_kept_functions(Program& P) {
  for (size_t f = 0; f < P.memoized.size(); ++f)
    if (P.code[static_cast<size_t>(P.functions[f].body)].op == Op::Cached) P.memoized[f] = 0;
}

}  // namespace ri
