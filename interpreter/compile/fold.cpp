// Folding after inlining. See fold.hpp.
#include "compile/fold.hpp"

#include <algorithm>

#include "common/arith.hpp"

namespace ri {
namespace {

class Folder {
 public:
  explicit Folder(Program& P) : P_(P) {}
  // Folds node n when it computes from constants; whether it did.
  bool fold(int n);

 private:
  const Node& kid(const Node& nd, int k) const { return P_.code[static_cast<size_t>(P_.kid(nd, k))]; }
  bool constant(const Node& nd, int k) const { return P_.kid(nd, k) >= 0 && kid(nd, k).op == Op::Const; }
  // n becomes the constant v
  bool becomes(int n, int64_t v) {
    Node& nd = P_.code[static_cast<size_t>(n)];
    nd.op = Op::Const;
    nd.imm = v;
    nd.a = nd.b = 0;
    nd.nk = 0;
    return true;
  }
  // n becomes (a copy of) its kid k, which is what n evaluates; the kid's calls are the ones an error names
  bool becomes_kid(int n, int k) {
    const int c = P_.kid(P_.code[static_cast<size_t>(n)], k);
    const Type type = P_.code[static_cast<size_t>(n)].type;
    P_.code[static_cast<size_t>(n)] = P_.code[static_cast<size_t>(c)];
    P_.code[static_cast<size_t>(n)].type = type;
    if (static_cast<size_t>(c) < P_.inlined_in.size() && static_cast<size_t>(n) < P_.inlined_in.size())
      P_.inlined_in[static_cast<size_t>(n)] = P_.inlined_in[static_cast<size_t>(c)];
    return true;
  }
  Program& P_;
};

bool Folder::fold(int n) {
  const Node nd = P_.code[static_cast<size_t>(n)];
  for (int k = 0; k < nd.nk; ++k)
    if (P_.kid(nd, k) < 0) return false;
  switch (nd.op) {
    case Op::If:
      return constant(nd, 0) && becomes_kid(n, kid(nd, 0).imm ? 1 : 2);
    case Op::Bind:  // an inlined call left with its body only (compile/propagate.hpp), a constant
      return nd.nk == 1 && constant(nd, 0) && becomes(n, kid(nd, 0).imm);
    case Op::And:
    case Op::Or: {
      if (!constant(nd, 0)) return false;
      const bool decides = (kid(nd, 0).imm != 0) == (nd.op == Op::Or);  // false and ..., true or ...
      if (decides) return becomes(n, nd.op == Op::Or);
      return constant(nd, 1) ? becomes(n, kid(nd, 1).imm != 0) : becomes_kid(n, 1);
    }
    case Op::StrEq:
    case Op::StrNe:
      if (kid(nd, 0).op != Op::Str || kid(nd, 1).op != Op::Str) return false;
      return becomes(n, (kid(nd, 0).a == kid(nd, 1).a) == (nd.op == Op::StrEq));  // (strings are interned)
    case Op::Nth:
    case Op::Index: {
      if (nd.type == Type::Str || kid(nd, 0).op != Op::ConstList || !constant(nd, 1)) return false;
      const auto& l = P_.lists[static_cast<size_t>(kid(nd, 0).a)];
      const int64_t i = kid(nd, 1).imm;
      return i >= 0 && i < static_cast<int64_t>(l.size()) && becomes(n, l[static_cast<size_t>(i)]);
    }
    case Op::In:
    case Op::NotIn: {
      if (!constant(nd, 0) || kid(nd, 1).op != Op::ConstList) return false;
      const auto& l = P_.lists[static_cast<size_t>(kid(nd, 1).a)];
      return becomes(n, (std::find(l.begin(), l.end(), kid(nd, 0).imm) != l.end()) == (nd.op == Op::In));
    }
    default: break;
  }
  for (int k = 0; k < nd.nk; ++k)
    if (!constant(nd, k)) return false;
  const int64_t a = nd.nk > 0 ? kid(nd, 0).imm : 0, b = nd.nk > 1 ? kid(nd, 1).imm : 0;
  int64_t r = 0;
  auto arithmetic = [&](ArithOp op) { return arith(op, a, b, r) == ArithError::None && becomes(n, r); };
  switch (nd.op) {
    case Op::Neg: return a != INT64_MIN && becomes(n, -a);
    case Op::Not: return becomes(n, !a);
    case Op::Add: return arithmetic(ArithOp::Add);
    case Op::Sub: return arithmetic(ArithOp::Sub);
    case Op::Mul: return arithmetic(ArithOp::Mul);
    case Op::Div: return arithmetic(ArithOp::Div);
    case Op::Mod: return arithmetic(ArithOp::Mod);
    case Op::Eq: return becomes(n, a == b);
    case Op::Ne: return becomes(n, a != b);
    case Op::Lt: return becomes(n, a < b);
    case Op::Le: return becomes(n, a <= b);
    case Op::Gt: return becomes(n, a > b);
    case Op::Ge: return becomes(n, a >= b);
    case Op::MinF: return becomes(n, std::min(a, b));
    case Op::MaxF: return becomes(n, std::max(a, b));
    case Op::Abs: return a != INT64_MIN && becomes(n, a < 0 ? -a : a);
    default: return false;
  }
}

}  // namespace

void fold_after_inlining(Program& P, int first, int end) {
  Folder f(P);
  // a pass folds the nodes whose kids are constants; the next, their parents (a copy's parent may come before it)
  for (bool again = true; again;) {
    again = false;
    for (int n = first; n < end; ++n) again = f.fold(n) || again;
  }
}

}  // namespace ri
