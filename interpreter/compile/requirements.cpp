// Requirements that generation checks without evaluating them. See requirements.hpp.
#include "compile/requirements.hpp"

#include <algorithm>
#include <bit>

#include "compile/cache.hpp"
#include "compile/memo.hpp"

namespace ri {
namespace {

// Whether node n reads slot `slot`.
bool reads(const Program& P, int n, int slot) {
  const Node& nd = P.code[static_cast<size_t>(n)];
  return nd.op == Op::Local && nd.a == slot;
}

// The form of requirement r on parameter `level` (slot `level`; with `bound`, the slot an inlined call bound it to):
// a site test whose player is on earlier parameters.
RequireInfo::Native form(const Program& P, const Node& n, int slot, int level, int np, int& player) {
  int who = -1;
  const RequireInfo::Native t = site_test(P, n, slot, who);
  if (who < 0) return t;
  if (P.param_level(who, np) >= level) return RequireInfo::Evaluated;
  player = who;
  return t;
}

// The bound requirement n on int parameter `level` may be (RequireInfo::bound): `P OP E` or `E OP P` with OP one of
// >=, >, <=, <, ==, E on earlier parameters.
void bound(const Program& P, RequireInfo& r, const Node& n, int level, int np) {
  using B = RequireInfo;
  struct Form {
    Op op;
    B::Bound left, right;  // P on the left: P OP E; on the right: E OP P
    int8_t left_shift, right_shift;
  };
  static constexpr Form forms[] = {
      {Op::Ge, B::AtLeast, B::AtMost, 0, 0},  {Op::Gt, B::AtLeast, B::AtMost, 1, -1},
      {Op::Le, B::AtMost, B::AtLeast, 0, 0},  {Op::Lt, B::AtMost, B::AtLeast, -1, 1},
      {Op::Eq, B::Exactly, B::Exactly, 0, 0},
  };
  for (const Form& f : forms) {
    if (n.op != f.op) continue;
    for (int side = 0; side < 2; ++side) {
      const int e = P.kid(n, 1 - side);
      if (!reads(P, P.kid(n, side), level) || P.param_level(e, np) >= level) continue;
      r.bound = side == 0 ? f.left : f.right;
      r.bound_shift = side == 0 ? f.left_shift : f.right_shift;
      r.bound_node = e;
      return;
    }
  }
}

// Whether evaluating the tree at n cannot fail with a runtime error: reads that always have a value, comparisons,
// `in`, logic and choices of such.
bool cannot_fail(const Program& P, int n) {
  if (n < 0) return false;
  const Node& nd = P.code[static_cast<size_t>(n)];
  switch (nd.op) {
    case Op::Const: case Op::Str: case Op::Local: case Op::Me: case Op::Global: case Op::ConstList:
    case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: case Op::In: case Op::NotIn:
    case Op::And: case Op::Or: case Op::Not: case Op::If: case Op::LazyLet: case Op::Hoisted: case Op::Bind:
      break;
    case Op::ZoneEach: case Op::TrackEach: case Op::PerPlayer:
      return P.code[static_cast<size_t>(P.kid(nd, 0))].op == Op::Me;
    default: return false;
  }
  for (int k = 0; k < nd.nk; ++k)
    if (!cannot_fail(P, P.kid(nd, k))) return false;
  return true;
}

// Whether native requirement r, checked from the board's tables, cannot fail with an error: it asks who holds its site
// (a top piece's owner fails on an empty site), of a player computed without an error.
bool native_cannot_fail(const Program& P, const RequireInfo& r);

// Requirement node n without the inlined calls around it whose arguments were propagated (compile/propagate.hpp):
// their bodies.
int body_of(const Program& P, int n) {
  while (P.code[static_cast<size_t>(n)].op == Op::Bind && P.code[static_cast<size_t>(n)].nk == 1 && !remembered_call(P, n))
    n = P.kid(P.code[static_cast<size_t>(n)], 0);
  return n;
}

// The requirement of each site parameter's level whose failing values generation passes over (MoveInfo::pass): its
// first checked natively before any is evaluated, when it asks for a piece there (occupied(P), owned(P, W) > 0).
void mark_pass(MoveInfo& mi, int np) {
  mi.pass.assign(static_cast<size_t>(np), -1);
  for (int level = 0; level < np; ++level) {
    if (mi.params[static_cast<size_t>(level)].type != Type::Site) continue;
    const int first = mi.require_at[static_cast<size_t>(level + 1)];
    if (first >= mi.require_at[static_cast<size_t>(level + 2)]) continue;
    int r = first;
    if (mi.requires_[static_cast<size_t>(r)].native == RequireInfo::Evaluated) {
      const uint32_t early = mi.early[static_cast<size_t>(level + 1)];
      if (early == 0) continue;
      r += std::countr_zero(early);
    }
    // (only where values that fail are likely many: a site with a piece, or with a player's piece, among all)
    const RequireInfo::Native kind = mi.requires_[static_cast<size_t>(r)].native;
    if (kind != RequireInfo::Occupied && kind != RequireInfo::OwnedSome) continue;
    mi.pass[static_cast<size_t>(level)] = r;
    mi.features |= MoveInfo::kPass;
  }
}

// Whether the tree at n is a part computed from its inputs and the board's tables only (compile/cache.hpp), of a
// scalar value, that reads parameter `level` and otherwise earlier parameters and `me`: added to `inputs` (each
// once), when they stay at most kMaxSortInputs.
bool sortable(const Program& P, int n, int level, std::vector<int>& inputs) {
  const Type t = P.code[static_cast<size_t>(n)].type;
  if (is_list(t) || t == Type::Str || t == Type::Void || t == Type::Error) return false;
  std::vector<int> in;
  if (!fixed_part(P, n, in)) return false;
  bool reads_level = false;
  std::vector<int> all = inputs;
  for (int k : in) {
    const Node& nd = P.code[static_cast<size_t>(k)];
    if (nd.op == Op::Local && nd.a == level) {
      reads_level = true;
    } else if ((nd.op == Op::Local && nd.a < level) || nd.op == Op::Me) {
      const bool known = std::any_of(all.begin(), all.end(), [&](int o) {
        return P.code[static_cast<size_t>(o)].op == nd.op && (nd.op == Op::Me || P.code[static_cast<size_t>(o)].a == nd.a);
      });
      if (!known) all.push_back(k);
    } else {
      return false;
    }
  }
  if (!reads_level || static_cast<int>(all.size()) > kMaxSortInputs) return false;
  inputs = std::move(all);
  return true;
}

// Whether list n (a parameter's domain) is computed from `me`, parameters before `level` and the board's tables only:
// its inputs are then `inputs` (at most kMaxSortInputs).
bool fixed_domain(const Program& P, int n, int level, std::vector<int>& inputs) {
  std::vector<int> in;
  if (!fixed_part(P, n, in) || static_cast<int>(in.size()) > kMaxSortInputs) return false;
  for (int k : in) {
    const Node& nd = P.code[static_cast<size_t>(k)];
    if (nd.op != Op::Me && !(nd.op == Op::Local && nd.a >= 0 && nd.a < level)) return false;
  }
  inputs = std::move(in);
  return true;
}

// Whether requirement r on parameter `level` sorts its values (RequireInfo::sort), its inputs added to `inputs`: marks
// it so.
RequireInfo::Sort sort_form(const Program& P, RequireInfo& r, int level, int np, std::vector<int>& inputs) {
  const int root = body_of(P, r.node);
  if (sortable(P, root, level, inputs)) {
    r.sort_part = root;
    return r.sort = RequireInfo::SortTrue;
  }
  const Node& n = P.code[static_cast<size_t>(root)];
  if ((n.op == Op::Eq || n.op == Op::Or) && n.nk == 2) {
    for (int side = 0; side < 2; ++side) {
      const int f = P.kid(n, side), e = P.kid(n, 1 - side);
      if (P.param_level(e, np) >= level || !sortable(P, f, level, inputs)) continue;
      r.sort_part = f;
      r.sort_other = e;
      return r.sort = n.op == Op::Eq ? RequireInfo::SortEqual : RequireInfo::SortOr;
    }
  }
  return RequireInfo::NoSort;
}

// The requirements that sort the values of each site or player parameter whose domain is the same in every state
// (MoveInfo::sorts): those of its level of such a form up to the first SortEqual or SortOr, while every one before
// them cannot fail (a value is checked against the others only when it meets them, so none may meet an error there).
void mark_sorted(const Program& P, MoveInfo& mi, int np) {
  mi.sorts.assign(static_cast<size_t>(np), {});
  for (int level = 0; level < np; ++level) {
    const ParamInfo& p = mi.params[static_cast<size_t>(level)];
    if ((p.type != Type::Site && p.type != Type::Player) || p.optional) continue;
    MoveInfo::Sorting& s = mi.sorts[static_cast<size_t>(level)];
    // a domain computed from `me`, earlier parameters and the board's tables only (`path[me]`): the same list whenever
    // they have the same values, which the tables are then made for
    if (p.domain >= 0 && P.code[static_cast<size_t>(p.domain)].op != Op::ConstList && !fixed_domain(P, p.domain, level, s.inputs))
      continue;
    const int first = mi.require_at[static_cast<size_t>(level + 1)];
    const int end = std::min(mi.require_at[static_cast<size_t>(level + 2)], first + 32);
    for (int r = first; r < end; ++r) {
      RequireInfo& req = mi.requires_[static_cast<size_t>(r)];
      if (req.node < 0) break;
      const RequireInfo::Sort form = sort_form(P, req, level, np, s.inputs);
      if (form != RequireInfo::NoSort) {
        s.mask |= uint32_t{1} << (r - first);
        s.last = r;
        mi.features |= MoveInfo::kSorted;
        if (form == RequireInfo::SortTrue) continue;
        break;
      }
      if (!native_cannot_fail(P, req) && !cannot_fail(P, req.node)) break;
    }
  }
}

bool native_cannot_fail(const Program& P, const RequireInfo& r) {
  switch (r.native) {
    case RequireInfo::Occupied: case RequireInfo::Vacant: return true;
    case RequireInfo::OwnedSome: case RequireInfo::OwnedNone: case RequireInfo::OccupiedTopOwnerIs:
    case RequireInfo::OccupiedTopOwnerIsNot:
      return r.native_player < 0 || cannot_fail(P, r.native_player);
    default: return false;
  }
}

// The requirements of each level checked first (MoveInfo::early): a native one after requirements that are native
// or cannot fail.
void mark_early(const Program& P, MoveInfo& mi, int np) {
  mi.early.assign(static_cast<size_t>(np) + 1, 0);
  for (int level = 0; level < np; ++level) {
    const int first = mi.require_at[static_cast<size_t>(level + 1)];
    const int end = std::min(mi.require_at[static_cast<size_t>(level + 2)], first + 32);
    bool evaluated = false;  // an evaluated requirement comes before
    for (int r = first; r < end; ++r) {
      const RequireInfo& req = mi.requires_[static_cast<size_t>(r)];
      if (req.native != RequireInfo::Evaluated) {
        if (evaluated && r < 32) {
          mi.early[static_cast<size_t>(level + 1)] |= uint32_t{1} << (r - first);
          mi.features |= MoveInfo::kEarly;
        }
        continue;
      }
      if (!cannot_fail(P, req.node)) break;
      evaluated = true;
    }
  }
}

}  // namespace

bool read_once(const Program& P, int slot, int p) {
  const Node& q = P.code[static_cast<size_t>(p)];
  return (q.op == Op::Local && q.a != slot) || q.op == Op::Me || q.op == Op::Const;
}

RequireInfo::Native sites_filter(const Program& P, const Node& n, int& player) {
  const int cond = n.nk > 2 ? P.kid(n, 2) : -1;
  if (n.op != Op::Filter || P.kid(n, 1) >= 0 || cond < 0) return RequireInfo::Evaluated;
  int who = -1;
  const RequireInfo::Native t = site_test(P, P.code[static_cast<size_t>(cond)], n.a, who);
  if (who < 0 || !read_once(P, n.a, who)) return RequireInfo::Evaluated;
  if (t != RequireInfo::OccupiedTopOwnerIs && t != RequireInfo::OccupiedTopOwnerIsNot && t != RequireInfo::OwnedSome)
    return RequireInfo::Evaluated;
  player = who;
  return t;
}

SiteListShape site_list_shape(const Program& P, int l) {
  SiteListShape shape;
  const std::vector<int32_t>& items = P.lists[static_cast<size_t>(l)];
  shape.mask.assign(static_cast<size_t>((P.nsites() + 63) / 64), 0);
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i] < 0 || items[i] >= P.nsites()) return shape;
    uint64_t& w = shape.mask[static_cast<size_t>(items[i]) >> 6];
    const uint64_t b = uint64_t{1} << (items[i] & 63);
    if (w & b) return shape;  // (a site twice)
    w |= b;
    shape.ascending = shape.ascending && (i == 0 || items[i] > items[i - 1]);
  }
  shape.walkable = shape.ascending || items.size() <= 64;
  return shape;
}

int owned_sum_player(const Program& P, const Node& n) {
  if (n.op != Op::Sum || n.nk < 3 || P.kid(n, 1) >= 0 || P.kid(n, 2) < 0) return -1;
  const Node& body = P.code[static_cast<size_t>(P.kid(n, 2))];
  if (body.op != Op::CountOwned || body.nk != 2) return -1;
  const Node& s = P.code[static_cast<size_t>(P.kid(body, 0))];
  return s.op == Op::Local && s.a == n.a && read_once(P, n.a, P.kid(body, 1)) ? P.kid(body, 1) : -1;
}

RequireInfo::Native site_test(const Program& P, const Node& n, int slot, int& player) {
  if (n.op == Op::And && n.nk == 2) {  // occupied(S) and top(S).owner == W (!= W): false on an empty site
    int unused = -1, who = -1;
    if (site_test(P, P.code[static_cast<size_t>(body_of(P, P.kid(n, 0)))], slot, unused) != RequireInfo::Occupied)
      return RequireInfo::Evaluated;
    const RequireInfo::Native t = site_test(P, P.code[static_cast<size_t>(body_of(P, P.kid(n, 1)))], slot, who);
    if (t != RequireInfo::TopOwnerIs && t != RequireInfo::TopOwnerIsNot) return RequireInfo::Evaluated;
    player = who;
    return t == RequireInfo::TopOwnerIs ? RequireInfo::OccupiedTopOwnerIs : RequireInfo::OccupiedTopOwnerIsNot;
  }
  if ((n.op == Op::Eq || n.op == Op::Ne) && n.nk == 2) {  // top(S).owner == W, != W (either side)
    for (int side = 0; side < 2; ++side) {
      const Node& owner = P.code[static_cast<size_t>(body_of(P, P.kid(n, side)))];
      if (owner.op != Op::Owner || owner.nk != 1) continue;
      const Node& top = P.code[static_cast<size_t>(P.kid(owner, 0))];
      if (top.op != Op::Top || top.nk != 1 || !reads(P, P.kid(top, 0), slot)) continue;
      player = P.kid(n, 1 - side);
      return n.op == Op::Eq ? RequireInfo::TopOwnerIs : RequireInfo::TopOwnerIsNot;
    }
  }
  if ((n.op != Op::Gt && n.op != Op::Eq) || n.nk != 2) return RequireInfo::Evaluated;
  const Node& right = P.code[static_cast<size_t>(P.kid(n, 1))];
  if (right.op != Op::Const || right.imm != 0) return RequireInfo::Evaluated;
  const Node& left = P.code[static_cast<size_t>(P.kid(n, 0))];
  if (left.nk < 1 || !reads(P, P.kid(left, 0), slot)) return RequireInfo::Evaluated;
  if (left.op == Op::Size) return n.op == Op::Gt ? RequireInfo::Occupied : RequireInfo::Vacant;
  if (left.op != Op::CountOwned || left.nk != 2) return RequireInfo::Evaluated;
  player = P.kid(left, 1);
  return n.op == Op::Gt ? RequireInfo::OwnedSome : RequireInfo::OwnedNone;
}

void recognise_requirements(Program& P) {
  for (MoveInfo& mi : P.moves) {
    const int np = static_cast<int>(mi.params.size());
    // the bounds: the first requirements of an int parameter's level, while each is one
    mi.bounded.assign(static_cast<size_t>(np), 0);
    for (int k = 0; k < np; ++k) {
      if (mi.params[static_cast<size_t>(k)].type != Type::Int || mi.params[static_cast<size_t>(k)].optional) continue;
      for (int r = mi.require_at[static_cast<size_t>(k + 1)]; r < mi.require_at[static_cast<size_t>(k + 2)]; ++r) {
        RequireInfo& req = mi.requires_[static_cast<size_t>(r)];
        if (req.node < 0) break;
        bound(P, req, P.code[static_cast<size_t>(req.node)], k, np);
        if (req.bound == RequireInfo::NoBound) break;
        ++mi.bounded[static_cast<size_t>(k)];
        mi.features |= MoveInfo::kNarrow;
      }
    }
    for (RequireInfo& r : mi.requires_) {
      if (r.level < 0 || r.node < 0 || P.param_level(r.node, np) != r.level) continue;
      const Node& n = P.code[static_cast<size_t>(body_of(P, r.node))];
      int player = -1;
      if (n.op == Op::Bind && n.nk == 2 && reads(P, P.kid(n, 0), r.level)) {
        // an inlined call of one argument, the parameter (occupied(P), vacant(P)): its body reads the bound slot
        r.native = form(P, P.code[static_cast<size_t>(P.kid(n, 1))], n.a, r.level, np, player);
        if (r.native != RequireInfo::Occupied && r.native != RequireInfo::Vacant) r.native = RequireInfo::Evaluated;
      } else {
        r.native = form(P, n, r.level, r.level, np, player);
      }
      r.native_player = player;
    }
    mark_early(P, mi, np);
    mark_pass(mi, np);
    mark_sorted(P, mi, np);
  }
  int who = -1;
  for (const Node& n : P.code) P.uses_site_sets = P.uses_site_sets || sites_filter(P, n, who) != RequireInfo::Evaluated;
}

}  // namespace ri
