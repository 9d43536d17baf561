// Requirements that generation checks without evaluating them. See requirements.hpp.
#include "compile/requirements.hpp"

#include "compile/memo.hpp"

namespace ri {
namespace {

// Whether node n reads slot `slot`.
bool reads(const Program& P, int n, int slot) {
  const Node& nd = P.code[static_cast<size_t>(n)];
  return nd.op == Op::Local && nd.a == slot;
}

// The form of requirement r on parameter `level` (slot `level`; with `bound`, the slot an inlined call bound it to).
RequireInfo::Native form(const Program& P, const Node& n, int slot, int level, int np, int& player) {
  if (n.op != Op::Gt && n.op != Op::Eq) return RequireInfo::Evaluated;
  const Node& right = P.code[static_cast<size_t>(P.kid(n, 1))];
  if (right.op != Op::Const || right.imm != 0) return RequireInfo::Evaluated;
  const Node& left = P.code[static_cast<size_t>(P.kid(n, 0))];
  if (left.op == Op::Size && reads(P, P.kid(left, 0), slot))
    return n.op == Op::Gt ? RequireInfo::Occupied : RequireInfo::Vacant;
  if (left.op == Op::CountOwned && reads(P, P.kid(left, 0), slot) && P.param_level(P.kid(left, 1), np) < level) {
    player = P.kid(left, 1);
    return n.op == Op::Gt ? RequireInfo::OwnedSome : RequireInfo::OwnedNone;
  }
  return RequireInfo::Evaluated;
}

}  // namespace

void recognise_requirements(Program& P) {
  for (MoveInfo& mi : P.moves) {
    const int np = static_cast<int>(mi.params.size());
    for (RequireInfo& r : mi.requires_) {
      if (r.level < 0 || r.node < 0 || P.param_level(r.node, np) != r.level) continue;
      int root = r.node;  // an inlined call whose arguments were propagated is its body (compile/propagate.hpp)
      while (P.code[static_cast<size_t>(root)].op == Op::Bind && P.code[static_cast<size_t>(root)].nk == 1 &&
             !remembered_call(P, root))
        root = P.kid(P.code[static_cast<size_t>(root)], 0);
      const Node& n = P.code[static_cast<size_t>(root)];
      int player = -1;
      if (n.op == Op::Bind && n.nk == 2 && reads(P, P.kid(n, 0), r.level)) {
        // an inlined call of one argument, the parameter (occupied(P), vacant(P)): its body reads the bound slot
        r.native = form(P, P.code[static_cast<size_t>(P.kid(n, 1))], n.a, r.level, np, player);
        if (r.native == RequireInfo::OwnedSome || r.native == RequireInfo::OwnedNone) r.native = RequireInfo::Evaluated;
      } else {
        r.native = form(P, n, r.level, r.level, np, player);
      }
      r.native_player = player;
    }
  }
}

}  // namespace ri
