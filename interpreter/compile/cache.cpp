// Caching the parts of the code computed from a few inputs and the board's tables. See cache.hpp.
#include "compile/cache.hpp"

#include <algorithm>
#include <vector>

namespace ri {
namespace {

// The least work a part has to be worth keeping (finding a kept value costs about as much as a few operations): an
// arithmetic, comparison or logic operation, or a coordinate, counts 1 (the runtime reads such shapes quickly), any
// other operation 2, a read of an input or a constant nothing.
constexpr int kCacheMinWork = 10;
int work(Op op) {
  switch (op) {
    case Op::Neg: case Op::Not: case Op::And: case Op::Or: case Op::Add: case Op::Sub: case Op::Mul: case Op::Div:
    case Op::Mod: case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: case Op::MinF:
    case Op::MaxF: case Op::Abs: case Op::XOf: case Op::YOf:
      return 1;
    default: return 2;
  }
}

// A part's inputs: reads whose values decide it (its keys), as node indices.
struct Part {
  bool ok = true;
  int nodes = 0;
  std::vector<int> keys;
};

class Cacher {
 public:
  // `through_kept`: a kept part (Op::Hoisted) or a cached one counts as the part it keeps (fixed_part)
  explicit Cacher(const Program& P, bool through_kept = false) : P_(P), through_kept_(through_kept) {}
  // What the tree at n reads; `bound` are the slots bound within the part (by a let or an inlined call's arguments).
  Part part(int n, std::vector<int>& bound) const;
  // whether nodes a and b read the same input (the same slot, variable, `me`)
  bool same_input(int a, int b) const {
    const Node& x = P_.code[static_cast<size_t>(a)];
    const Node& y = P_.code[static_cast<size_t>(b)];
    if (a == b) return true;
    if (x.op != y.op) return false;
    if (x.op == Op::Me) return true;
    if (x.op == Op::PerPlayer) return x.a == y.a;  // (of `me`)
    return (x.op == Op::Local || x.op == Op::Global) && x.a == y.a;
  }

 private:
  const Program& P_;
  bool through_kept_;
};

// Whether op computes from its kids and the board's fixed tables only, without a step and without making a list.
bool fixed_op(Op op) {
  switch (op) {
    case Op::Const: case Op::ConstList: case Op::Neg: case Op::Not: case Op::And: case Op::Or:
    case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Mod:
    case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: case Op::In: case Op::NotIn:
    case Op::If: case Op::Let: case Op::Bind: case Op::Range: case Op::Len: case Op::Nth: case Op::Index:
    case Op::IndexOf: case Op::MinF: case Op::MaxF: case Op::Abs: case Op::Next: case Op::Opponent:
    case Op::Related: case Op::Link: case Op::LinesThrough: case Op::LineSites: case Op::XOf: case Op::YOf:
    case Op::SiteAt: case Op::Offset: case Op::ListLit: case Op::Join:
      return true;
    default: return false;
  }
}

Part Cacher::part(int n, std::vector<int>& bound) const {
  Part p;
  if (n < 0) return p;
  const Node& nd = P_.code[static_cast<size_t>(n)];
  p.nodes = nd.nk > 0 ? work(nd.op) : 0;  // (the part's work: kCacheMinWork)
  auto add = [&](const Part& k) {
    p.ok = p.ok && k.ok;
    p.nodes += k.nodes;
    for (int key : k.keys)
      if (std::none_of(p.keys.begin(), p.keys.end(), [&](int o) { return same_input(o, key); })) p.keys.push_back(key);
  };
  auto key = [&](int k) {
    p.keys.push_back(k);
    return p;
  };
  // (a 'let' of the move or a hoisted part is not an input: reading it first could compute it where the code would
  // not, and fail there)
  switch (nd.op) {
    case Op::Local:
      if (std::find(bound.begin(), bound.end(), nd.a) != bound.end()) return p;
      if (is_list(nd.type) || nd.type == Type::Str) p.ok = false;  // (a list or string made as the game runs)
      return key(n);
    case Op::Global: case Op::Me:
      if (nd.type == Type::Str) p.ok = false;  // (a string made as the game runs is named by this operation's id)
      return key(n);
    case Op::Str:
      return p;
    case Op::PerPlayer:
      if (nd.type == Type::Str) p.ok = false;
      if (P_.code[static_cast<size_t>(P_.kid(nd, 0))].op == Op::Me) return key(n);
      break;
    case Op::ZoneEach: case Op::TrackEach:  // the zone or track of `me`: decided by `me`
      if (P_.code[static_cast<size_t>(P_.kid(nd, 0))].op == Op::Me) return key(P_.kid(nd, 0));
      break;
    case Op::Let: {
      add(part(P_.kid(nd, 0), bound));
      bound.push_back(nd.a);
      add(part(P_.kid(nd, 1), bound));
      bound.pop_back();
      return p;
    }
    case Op::Hoisted: case Op::Cached:
      if (through_kept_) return part(P_.kid(nd, 0), bound);
      break;
    case Op::Filter: case Op::Map: case Op::Reach: {  // a list of its own: its element's slot is bound in the where and the body
      add(part(P_.kid(nd, 0), bound));
      bound.push_back(nd.a);
      for (int k = 1; k < nd.nk; ++k) add(part(P_.kid(nd, k), bound));
      bound.pop_back();
      return p;
    }
    case Op::Bind: {
      const int nargs = nd.nk - 1;
      for (int k = 0; k < nargs; ++k) add(part(P_.kid(nd, k), bound));
      for (int s = 0; s < nargs; ++s) bound.push_back(nd.a + s);
      add(part(P_.kid(nd, nargs), bound));
      bound.resize(bound.size() - static_cast<size_t>(nargs));
      return p;
    }
    default: break;
  }
  if (!fixed_op(nd.op)) {
    p.ok = false;
    return p;
  }
  for (int k = 0; k < nd.nk; ++k) add(part(P_.kid(nd, k), bound));
  return p;
}

// Makes node n keep its values (Op::Cached), p its part.
void wrap(Program& P, int n, const Part& p) {
  // n's code moves to a new node; n becomes the node that keeps its values: kid 0 the code, then copies of the keys
  std::vector<int> kids{P.copy_node(n)};
  for (int k : p.keys) kids.push_back(P.copy_node(k));  // (a per-player read shares its `me`)
  Node& c = P.code[static_cast<size_t>(n)];
  c.op = Op::Cached;
  c.a = P.ncached++;
  c.b = 0;
  c.imm = 0;
  c.first = static_cast<int32_t>(P.kids.size());
  c.nk = static_cast<int32_t>(kids.size());
  P.kids.insert(P.kids.end(), kids.begin(), kids.end());
}

}  // namespace

bool fixed_part(const Program& P, int n, std::vector<int>& inputs) {
  std::vector<int> bound;
  Part p = Cacher(P, true).part(n, bound);
  inputs = std::move(p.keys);
  return p.ok;
}

void cache_static_parts(Program& P) {
  Cacher c(P);
  const int end = static_cast<int>(P.code.size());
  std::vector<uint8_t> part(static_cast<size_t>(end), 0);
  std::vector<Part> parts(static_cast<size_t>(end));
  for (int n = 0; n < end; ++n) {
    const Node& nd = P.code[static_cast<size_t>(n)];
    if (nd.type == Type::Str || nd.type == Type::Void || nd.type == Type::Error) continue;
    std::vector<int> bound;
    Part p = c.part(n, bound);
    if (!p.ok || static_cast<int>(p.keys.size()) > kMaxCacheKeys) continue;
    part[static_cast<size_t>(n)] = 1;
    parts[static_cast<size_t>(n)] = std::move(p);
  }
  // a part is cached where the code above it cannot be (the copy of an inlined call left with its body only shares it)
  const std::vector<uint8_t> roots = P.roots_of(part);
  for (int n = 0; n < end; ++n) {
    const size_t i = static_cast<size_t>(n);
    if (roots[i] && parts[i].nodes >= kCacheMinWork && !parts[i].keys.empty()) wrap(P, n, parts[i]);
  }
}

}  // namespace ri
