// Hoisting the invariant parts of requirements. See hoist.hpp.
#include "compile/hoist.hpp"

#include <algorithm>
#include <vector>

namespace ri {
namespace {

// The fewest nodes a part has to be worth keeping (a read of a kept value costs about one node).
constexpr int kHoistMinNodes = 3;

class Hoister {
 public:
  Hoister(Program& P, MoveInfo& mi) : P_(P), mi_(mi), np_(static_cast<int>(mi.params.size())) {}

  // Hoists the invariant parts of the tree at n, a part of a requirement of parameter `level`.
  void visit(int n, int level);

 private:
  // What the tree at n reads: the highest parameter (-1: none), whether it reads a slot that is not a parameter and
  // not bound within it, whether it is pure, and its size.
  struct Reads {
    int level = -1;
    bool other = false;
    bool pure = true;
    int nodes = 0;
  };
  Reads reads(int n, std::vector<int>& bound);
  bool pure_function(int f);
  void hoist(int n, int level);

  Program& P_;
  MoveInfo& mi_;
  int np_;
  std::vector<int> functions_seen_;
};

bool Hoister::pure_function(int f) {
  if (std::find(functions_seen_.begin(), functions_seen_.end(), f) != functions_seen_.end()) return true;
  functions_seen_.push_back(f);
  std::vector<int> bound;
  // a function's own slots are its frame's: only purity counts
  return reads(P_.functions[static_cast<size_t>(f)].body, bound).pure;
}

Hoister::Reads Hoister::reads(int n, std::vector<int>& bound) {
  Reads r;
  if (n < 0) return r;
  const Node nd = P_.code[static_cast<size_t>(n)];
  r.nodes = 1;
  auto add = [&](const Reads& k) {
    r.level = std::max(r.level, k.level);
    r.other = r.other || k.other;
    r.pure = r.pure && k.pure;
    r.nodes += k.nodes;
  };
  auto kid = [&](int k) { return P_.kid(nd, k); };
  switch (nd.op) {
    case Op::Random: case Op::Styled: r.pure = false; return r;
    case Op::Local:
      if (std::find(bound.begin(), bound.end(), nd.a) != bound.end()) return r;
      if (nd.a < np_) r.level = nd.a;
      else r.other = true;
      return r;
    case Op::LazyLet: {  // a move's 'let': what its value reads (its code is shared with the let's other reads)
      std::vector<int> none;
      Reads v = reads(kid(0), none);
      r.level = v.level;
      r.other = v.other;
      r.pure = v.pure;
      return r;
    }
    case Op::Hoisted: add(reads(kid(0), bound)); return r;
    case Op::Let: case Op::Any: case Op::All: case Op::Count: case Op::Sum: case Op::Min: case Op::Max:
    case Op::Filter: case Op::Map: case Op::JoinText: case Op::Reach: {
      // the first kid is outside the slot's scope, the others within it
      add(reads(kid(0), bound));
      bound.push_back(nd.a);
      for (int k = 1; k < nd.nk; ++k) add(reads(kid(k), bound));
      bound.pop_back();
      return r;
    }
    case Op::Bind: {  // the arguments go to the callee's first slots, which the body reads
      const int nargs = nd.nk - 1;
      for (int k = 0; k < nargs; ++k) add(reads(kid(k), bound));
      for (int s = 0; s < nargs; ++s) bound.push_back(nd.a + s);
      add(reads(kid(nargs), bound));
      bound.resize(bound.size() - static_cast<size_t>(nargs));
      return r;
    }
    case Op::Call: case Op::TailCall:
      if (!pure_function(nd.a)) r.pure = false;
      break;
    default: break;
  }
  for (int k = 0; k < nd.nk; ++k) add(reads(kid(k), bound));
  return r;
}

void Hoister::visit(int n, int level) {
  if (n < 0) return;
  const Node& nd = P_.code[static_cast<size_t>(n)];
  if (nd.op == Op::LazyLet || nd.op == Op::Hoisted) return;  // kept already
  std::vector<int> bound;
  const Reads r = reads(n, bound);
  const bool scalar = !is_list(nd.type) && nd.type != Type::Str && nd.type != Type::Void && nd.type != Type::Error;
  if (r.level < level && !r.other && r.pure && scalar && r.nodes >= kHoistMinNodes) {
    hoist(n, r.level);
    return;
  }
  if (r.level < level && !r.other && scalar) return;  // too small: its parts are smaller still
  const int nk = nd.nk;
  const int first = nd.first;
  for (int k = 0; k < nk; ++k) visit(P_.kids[static_cast<size_t>(first + k)], level);
}

void Hoister::hoist(int n, int level) {
  const int bit = mi_.nlets + mi_.nhoisted;
  if (bit >= 64) return;  // the bits of the 'let' mask are spent
  // n's code moves to a new node; n becomes the node that keeps its value
  const int id = P_.copy_node(n);
  Node& h = P_.code[static_cast<size_t>(n)];
  h.op = Op::Hoisted;
  h.a = P_.nhoisted++;
  h.b = bit;
  h.imm = 0;
  h.first = static_cast<int32_t>(P_.kids.size());
  h.nk = 1;
  P_.kids.push_back(id);
  ++mi_.nhoisted;
  for (int i = -1; i <= level && i < np_; ++i) mi_.forget[static_cast<size_t>(i + 1)] |= uint64_t{1} << bit;
  mi_.hoisted |= uint64_t{1} << bit;
}

}  // namespace

void hoist_invariants(Program& P) {
  for (MoveInfo& mi : P.moves) {
    Hoister h(P, mi);
    for (const RequireInfo& r : mi.requires_)
      if (r.level >= 0) h.visit(r.node, r.level);
  }
}

}  // namespace ri
