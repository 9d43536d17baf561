// Unrolling small loops. See unroll.hpp.
#include "compile/unroll.hpp"

#include <vector>

#include "compile/fold.hpp"

namespace ri {
namespace {

// Whether evaluating op itself makes a list in the arena.
bool makes_list(Op op) {
  switch (op) {
    case Op::ListLit: case Op::Join: case Op::Unique: case Op::Filter: case Op::Map: case Op::Slice: case Op::Reverse:
    case Op::KindPieces: case Op::Reach:
      return true;
    default: return false;
  }
}

class Unroller {
 public:
  explicit Unroller(Program& P) : P_(P), lists_(P.functions.size(), 0) {
    // per function, whether a call of it may make a list (through the functions it calls: until nothing changes)
    for (bool again = true; again;) {
      again = false;
      for (size_t f = 0; f < P_.functions.size(); ++f)
        if (!lists_[f] && P_.functions[f].body >= 0 && makes_lists(P_.functions[f].body)) {
          lists_[f] = 1;
          again = true;
        }
    }
  }
  // Unrolls the loop at n when it is small; whether it did.
  bool unroll(int n);

 private:
  const Node& at(int n) const { return P_.code[static_cast<size_t>(n)]; }
  // Whether evaluating the tree at n may make a list (a move's 'let' is evaluated where it is first read: its value
  // counts).
  bool makes_lists(int n) const {
    if (n < 0) return false;
    const Node& nd = at(n);
    if (makes_list(nd.op)) return true;
    if ((nd.op == Op::Call || nd.op == Op::TailCall) && lists_[static_cast<size_t>(nd.a)]) return true;
    for (int k = 0; k < nd.nk; ++k)
      if (makes_lists(P_.kid(nd, k))) return true;
    return false;
  }
  // the nodes of the tree at n that a copy makes (a move's 'let' is shared: its value reads no loop's element)
  int size(int n) const {
    if (n < 0 || at(n).op == Op::LazyLet) return 0;
    int s = 1;
    for (int k = 0; k < at(n).nk; ++k) s += size(P_.kid(at(n), k));
    return s;
  }
  // A copy of the tree at n in which slot `slot` reads the constant v.
  int copy(int n, int slot, int64_t v) {
    if (n < 0 || at(n).op == Op::LazyLet) return n;
    const int c = P_.copy_node(n);
    Node& nd = P_.code[static_cast<size_t>(c)];
    if (nd.op == Op::Local && nd.a == slot) {
      nd.op = Op::Const;
      nd.imm = v;
      nd.a = nd.b = 0;
      nd.nk = 0;
      return c;
    }
    std::vector<int> kids(static_cast<size_t>(nd.nk));
    for (int k = 0; k < static_cast<int>(kids.size()); ++k) kids[static_cast<size_t>(k)] = copy(P_.kid(at(c), k), slot, v);
    P_.code[static_cast<size_t>(c)].first = static_cast<int32_t>(P_.kids.size());
    P_.kids.insert(P_.kids.end(), kids.begin(), kids.end());
    return c;
  }
  // A new node like n (its position and calls), with operation op, type t and kids `kids`.
  int make(int n, Op op, Type t, const std::vector<int>& kids) {
    const int c = P_.copy_node(n);
    Node& nd = P_.code[static_cast<size_t>(c)];
    nd.op = op;
    nd.type = t;
    nd.a = nd.b = 0;
    nd.imm = 0;
    nd.first = static_cast<int32_t>(P_.kids.size());
    nd.nk = static_cast<int32_t>(kids.size());
    P_.kids.insert(P_.kids.end(), kids.begin(), kids.end());
    return c;
  }
  Program& P_;
  std::vector<uint8_t> lists_;  // per function
};

bool Unroller::unroll(int n) {
  const Node loop = at(n);
  if (loop.op != Op::Any && loop.op != Op::All && loop.op != Op::Map) return false;
  const int dom = P_.kid(loop, 0), where = P_.kid(loop, 1), body = P_.kid(loop, 2);
  if (dom < 0 || body < 0 || (loop.op == Op::Map && where >= 0)) return false;
  // the elements: a constant list's, or a range's of two constants
  std::vector<int64_t> items;
  const Node& d = at(dom);
  if (d.op == Op::ConstList) {
    const auto& l = P_.lists[static_cast<size_t>(d.a)];
    if (l.size() > static_cast<size_t>(kMaxUnrolled)) return false;
    items.assign(l.begin(), l.end());
  } else if (d.op == Op::Range && at(P_.kid(d, 0)).op == Op::Const && at(P_.kid(d, 1)).op == Op::Const) {
    const int64_t lo = at(P_.kid(d, 0)).imm, hi = at(P_.kid(d, 1)).imm;
    if (hi >= lo && hi - lo >= kMaxUnrolled) return false;
    for (int64_t x = lo; x <= hi; ++x) items.push_back(x);
  } else {
    return false;
  }
  if (makes_lists(where) || makes_lists(body)) return false;
  if (static_cast<int64_t>(items.size()) * (size(where) + size(body) + 1) > kMaxUnrolledNodes) return false;
  // each element's copy: the body, under its 'where' (any: `W and B`; all: `if W then B else true`)
  std::vector<int> copies;
  for (int64_t x : items) {
    const int b = copy(body, loop.a, x);
    if (where < 0) {
      copies.push_back(b);
    } else if (loop.op == Op::Any) {
      copies.push_back(make(n, Op::And, Type::Bool, {copy(where, loop.a, x), b}));
    } else {
      const int yes = make(n, Op::Const, Type::Bool, {});
      P_.code[static_cast<size_t>(yes)].imm = 1;
      copies.push_back(make(n, Op::If, Type::Bool, {copy(where, loop.a, x), b, yes}));
    }
  }
  Node& nd = P_.code[static_cast<size_t>(n)];
  if (loop.op == Op::Map) {  // a list literal of the values
    nd.op = Op::ListLit;
    nd.a = nd.b = 0;
    nd.first = static_cast<int32_t>(P_.kids.size());
    nd.nk = static_cast<int32_t>(copies.size());
    P_.kids.insert(P_.kids.end(), copies.begin(), copies.end());
    return true;
  }
  const Op join = loop.op == Op::Any ? Op::Or : Op::And;
  if (copies.empty()) {  // any over nothing is false, all true
    nd.op = Op::Const;
    nd.imm = loop.op == Op::All;
    nd.a = nd.b = 0;
    nd.nk = 0;
    return true;
  }
  // the first copy joined with the rest, the rest joined the same way (the last copy alone: itself)
  int rest = copies.back();
  for (size_t i = copies.size() - 1; i-- > 1;) rest = make(n, join, Type::Bool, {copies[i], rest});
  if (copies.size() == 1) {
    const Type t = nd.type;
    nd = at(rest);
    P_.code[static_cast<size_t>(n)].type = t;
    return true;
  }
  const std::vector<int> two = {copies[0], rest};
  Node& head = P_.code[static_cast<size_t>(n)];
  head.op = join;
  head.a = head.b = 0;
  head.first = static_cast<int32_t>(P_.kids.size());
  head.nk = 2;
  P_.kids.insert(P_.kids.end(), two.begin(), two.end());
  return true;
}

}  // namespace

void unroll_small_loops(Program& P) {
  Unroller u(P);
  const int end = static_cast<int>(P.code.size());
  std::vector<uint8_t> seen(static_cast<size_t>(end), 0);
  bool any = false;
  // the kids first: an inner loop is unrolled before the loop around it copies it (the copies made are unrolled
  // already)
  auto visit = [&](auto& self, int n) -> void {
    if (n < 0 || n >= end || seen[static_cast<size_t>(n)]) return;
    seen[static_cast<size_t>(n)] = 1;
    const Node nd = P.code[static_cast<size_t>(n)];
    for (int k = 0; k < nd.nk; ++k) self(self, P.kid(nd, k));
    any = u.unroll(n) || any;
  };
  for (int n = 0; n < end; ++n) visit(visit, n);
  if (any) fold_after_inlining(P, 0, static_cast<int>(P.code.size()));
}

}  // namespace ri
