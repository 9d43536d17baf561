// Blocks: compiling the scalar expressions into register code. See blocks.hpp.
#include "runtime/blocks.hpp"

#include <cstdlib>
#include <map>
#include <string>
#include <utility>

#include "common/arith.hpp"
#include "compile/memo.hpp"
#include "runtime/blocks_ops.hpp"

namespace ri {

namespace {

constexpr int kSlot = 1 << 16;  // an operand that is a slot of the frame (the slot in the low bits), not a register
constexpr int kMinWork = 5;   // instructions that compute (not a call, a load or a return) below which a tree is
                              // left to its closures

// Whether values of type t are single values (not lists, not strings).
bool scalar(Type t) {
  switch (t) {
    case Type::Int: case Type::Bool: case Type::Player: case Type::Site: case Type::Piece: case Type::Kind:
    case Type::Line: case Type::None:
      return true;
    default: return false;
  }
}

// The comparison of op (Op::Eq .. Op::Ge) as 0 .. 5, its negation and its mirror (operands swapped).
int comparison(Op op) { return static_cast<int>(op) - static_cast<int>(Op::Eq); }
constexpr int kNegated[] = {1, 0, 5, 4, 3, 2};
constexpr int kMirrored[] = {0, 1, 4, 5, 2, 3};

class BlockCompiler {
 public:
  BlockCompiler(const Program& P, XCode& c) : P_(P), c_(c) {}

  // Whether node n is computed by a block's code (its kids too, each by the code or through its closure).
  bool supported(int n) const;
  // Compiles the block of root n (x: what evaluates the root again) at the end of c.blocks; false (nothing added)
  // when it is too small or needs too many registers.
  bool compile(int n, const XNode* x);

 private:
  struct Label {
    int at = -1;
    std::vector<int> uses;
  };
  const Node& at(int n) const { return P_.code[static_cast<size_t>(n)]; }
  int kid(int n, int k) const { return P_.kid(at(n), k); }
  bool is(int n, Op op) const { return n >= 0 && at(n).op == op; }
  // whether reading node n cannot fail and has no effect (the order it is read in does not matter)
  bool simple(int n) const {
    const Node& nd = at(n);
    return nd.op == Op::Const || nd.op == Op::Local || nd.op == Op::Me || nd.op == Op::Global ||
           (nd.op == Op::PerPlayer && is(kid(n, 0), Op::Me));
  }
  const XNode* xnode(int n) const { return n == root_ ? root_x_ : &c_.nodes[static_cast<size_t>(n)]; }
  // An instruction; its operands s and t are registers or slots (kSlot | slot), d a register.
  int emit(BlockOp op, int n, int d = 0, int s = 0, int t = 0, int32_t a = 0, int64_t imm = 0) {
    auto operand = [&](int o, int bit, uint8_t& field, uint8_t& kinds) {
      if (o & kSlot) {
        kinds |= static_cast<uint8_t>(bit);
        field = static_cast<uint8_t>(o & 0xff);
      } else {
        if (o >= kRegs) too_many_ = true;
        field = static_cast<uint8_t>(o & (kRegs - 1));
      }
    };
    if (d >= kRegs) too_many_ = true;
    Ins i;
    i.op = op;
    i.d = static_cast<uint8_t>(d & (kRegs - 1));
    operand(s, 1, i.s, i.k);
    operand(t, 2, i.t, i.k);
    i.a = a;
    i.imm = imm;
    i.x = n >= 0 ? xnode(n) : nullptr;
    c_.blocks.push_back(i);
    return static_cast<int>(c_.blocks.size()) - 1;
  }
  void jump(BlockOp op, Label& l, int n, int s = 0, int t = 0, int64_t imm = 0) {
    l.uses.push_back(emit(op, n, 0, s, t, 0, imm));
  }
  void bind(Label& l) {
    l.at = static_cast<int>(c_.blocks.size());
    for (int u : l.uses) c_.blocks[static_cast<size_t>(u)].a = l.at - u;  // (relative)
  }
  // the value into d: a move when r is another register
  int into(int r, int d) {
    if (r != d) emit(BMov, -1, d, r);
    return d;
  }
  // Code computing n; returns the register holding its value: d, or a register below d that holds it already (a
  // `let`'s). Registers from d on are free.
  int value(int n, int d);
  // Code returning n's value (n is in the block's tail position).
  void ret(int n, int d);
  // Code returning 0 or 1, n's truth.
  void ret_truth(int n, int d);
  // whether n's value is 0 or 1
  bool zero_one(int n) const {
    switch (at(n).op) {
      case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: case Op::And: case Op::Or:
      case Op::Not: case Op::In: case Op::NotIn: case Op::Any: case Op::All: case Op::StrEq: case Op::StrNe:
      case Op::CannotMove: case Op::GameOver: case Op::Continuing:
        return true;
      case Op::Const: return at(n).imm == 0 || at(n).imm == 1;
      default: return false;
    }
  }
  // Code jumping to l when n's truth is `when`, going on otherwise.
  void cond(int n, bool when, Label& l, int d);
  // the operands of a binary operation: registers, or the second one a constant (imm); whether it is
  bool operands(int n, int d, int& a, int& b, int64_t& imm, bool& swapped, bool commutes);
  // A `let` or an inlined call: its values stored in their slots and kept in registers from d on while `body` is
  // compiled (by f, with the first free register); returns f's
  template <class F>
  auto scoped(int n, int d, F&& f);
  int64_t steps_table(int64_t dx, int64_t dy);

  const Program& P_;
  XCode& c_;
  int root_ = -1;
  const XNode* root_x_ = nullptr;
  int start_ = 0;
  bool too_many_ = false;
  std::map<std::pair<int64_t, int64_t>, int64_t> steps_made_;
};

bool BlockCompiler::supported(int n) const {
  const Node& nd = at(n);
  if (!scalar(nd.type)) return false;
  for (int k = 0; k < nd.nk; ++k)
    if (kid(n, k) < 0) return false;
  auto scalar_kids = [&] {
    for (int k = 0; k < nd.nk; ++k)
      if (!scalar(at(kid(n, k)).type)) return false;
    return true;
  };
  switch (nd.op) {
    case Op::Const: case Op::Local: case Op::Global: case Op::Me:
      return true;
    case Op::LazyLet: case Op::Hoisted: return nd.a >= 0 && nd.b >= 0 && nd.b < 64;
    case Op::In: case Op::NotIn: {
      if (nd.nk != 2 || !scalar(at(kid(n, 0)).type)) return false;
      const int l = kid(n, 1);
      return is(l, Op::ConstList) || (is(l, Op::Related) && at(l).nk == 1 && kid(l, 0) >= 0 && scalar(at(kid(l, 0)).type));
    }
    case Op::PerPlayer: case Op::ZoneEach: return is(kid(n, 0), Op::Me);
    case Op::Neg: case Op::Not: case Op::Abs: case Op::Opponent: case Op::Next: case Op::Size: case Op::Top:
    case Op::Owner: case Op::KindOf: case Op::SiteOf: case Op::Attr: case Op::XOf: case Op::YOf:
      return nd.nk == 1 && scalar_kids();
    case Op::And: case Op::Or: case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Mod: case Op::Eq:
    case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: case Op::MinF: case Op::MaxF:
      return nd.nk == 2 && scalar_kids();
    case Op::If: return nd.nk == 3 && scalar_kids();
    case Op::Let: return nd.nk == 2 && scalar_kids() && nd.a >= 0 && nd.a <= P_.max_frame;
    case Op::Bind:
      if (remembered_call(P_, n) || nd.nk - 1 > kMaxCallArgs || nd.a < 0 || nd.a + nd.nk - 1 > P_.max_frame + 1)
        return false;
      return scalar_kids();
    case Op::CountOwned: return nd.nk == 2 && scalar_kids() && simple(kid(n, 1));
    case Op::Nth: return nd.nk == 2 && is(kid(n, 0), Op::ConstList) && scalar(at(kid(n, 1)).type);
    case Op::Offset: {
      if (nd.nk != 3 || !scalar_kids()) return false;
      const Node& dx = at(kid(n, 1));
      const Node& dy = at(kid(n, 2));
      if (dx.op == Op::Const && dy.op == Op::Const) return std::abs(dx.imm) < (1 << 20) && std::abs(dy.imm) < (1 << 20);
      const XNode& x = c_.nodes[static_cast<size_t>(n)];
      return reads_offset_table(x) && x.k[1] && simple(x.k[1]->id);
    }
    default: return false;
  }
}

template <class F>
auto BlockCompiler::scoped(int n, int d, F&& f) {
  const Node& nd = at(n);
  const int nvalues = nd.op == Op::Let ? 1 : nd.nk - 1;
  // every value computed (into d, d + 1, ...) before any is stored: a value may read the slot of another
  for (int i = 0; i < nvalues; ++i) into(value(kid(n, i), d + i), d + i);
  for (int i = 0; i < nvalues; ++i) emit(BSts, -1, 0, d + i, 0, nd.a + i);
  return f(kid(n, nd.op == Op::Let ? 1 : nd.nk - 1), d);
}

bool BlockCompiler::operands(int n, int d, int& a, int& b, int64_t& imm, bool& swapped, bool commutes) {
  int l = kid(n, 0), r = kid(n, 1);
  swapped = false;
  if (is(l, Op::Const) && !is(r, Op::Const) && commutes) {
    std::swap(l, r);
    swapped = true;
  }
  a = value(l, d);
  if (is(r, Op::Const)) {
    imm = at(r).imm;
    return true;
  }
  b = value(r, a == d ? d + 1 : d);
  return false;
}

int64_t BlockCompiler::steps_table(int64_t dx, int64_t dy) {
  if (auto it = steps_made_.find({dx, dy}); it != steps_made_.end()) return it->second;
  const auto start = static_cast<int64_t>(c_.steps.size());
  for (int s = 0; s < P_.nsites(); ++s) {
    const GridPlace& g = P_.grid_place[static_cast<size_t>(s)];
    int32_t to = -2;  // not on a grid: the offset's error
    if (g.grid >= 0) {
      const GridInfo& grid = P_.grids[static_cast<size_t>(g.grid)];
      const int64_t x = g.x + dx, y = g.y + dy;
      to = x < 1 || y < 1 || x > grid.width || y > grid.height ? -1 : grid.sites[static_cast<size_t>((y - 1) * grid.width + x - 1)];
    }
    c_.steps.push_back(to);
  }
  return steps_made_[{dx, dy}] = start;
}

int BlockCompiler::value(int n, int d) {
  const Node& nd = at(n);
  if (!supported(n)) {
    emit(BCall, n, d);
    return d;
  }
  switch (nd.op) {
    case Op::Const: emit(BLdi, -1, d, 0, 0, 0, nd.imm); return d;
    case Op::Local:
      if (nd.a >= 0 && nd.a < 256) return kSlot | nd.a;  // read where it is used
      emit(BLds, -1, d, 0, 0, nd.a);
      return d;
    case Op::Global: emit(BLdg, -1, d, 0, 0, P_.vars[static_cast<size_t>(nd.a)].offset); return d;
    case Op::PerPlayer: emit(BLdpm, -1, d, 0, 0, P_.vars[static_cast<size_t>(nd.a)].offset); return d;
    case Op::Me: emit(BLdme, -1, d); return d;
    case Op::ZoneEach:  // the zone of `me`
      emit(BLdzone, -1, d, 0, 0, 0, static_cast<int64_t>(reinterpret_cast<intptr_t>(P_.zone_sites[static_cast<size_t>(nd.a)].data())));
      return d;
    case Op::LazyLet: emit(BLdlet, n, d, 0, 0, nd.a, nd.b); return d;
    case Op::Hoisted: emit(BLdkept, n, d, 0, 0, nd.a, nd.b); return d;
    case Op::In: case Op::NotIn: {
      const int e = value(kid(n, 0), d);
      const int l = kid(n, 1);
      if (is(l, Op::ConstList)) {
        emit(BInList, n, d, e, 0, nd.op == Op::In, at(l).a);
      } else {
        const int site = value(kid(l, 0), e == d ? d + 1 : d);
        emit(BInRel, n, d, e, site, nd.op == Op::In, at(l).a);
      }
      return d;
    }
    case Op::Not:
      if (!zero_one(kid(n, 0)) || is(kid(n, 0), Op::Not) || !supported(kid(n, 0))) {
        emit(BNot, n, d, value(kid(n, 0), d));
        return d;
      }
      [[fallthrough]];
    case Op::And: case Op::Or: {  // 1 or 0, through the jumps of the condition
      Label no, end;
      cond(n, false, no, d);
      emit(BLdi, -1, d, 0, 0, 0, 1);
      jump(BJmp, end, -1);
      bind(no);
      emit(BLdi, -1, d, 0, 0, 0, 0);
      bind(end);
      return d;
    }
    case Op::Neg: case Op::Abs: case Op::Opponent: case Op::Next: case Op::Size: case Op::Top:
    case Op::SiteOf: case Op::XOf: case Op::YOf: case Op::Attr: {
      const int s = value(kid(n, 0), d);
      const BlockOp op = nd.op == Op::Neg ? BNeg : nd.op == Op::Abs ? BAbs : nd.op == Op::Opponent ? BOpp
                         : nd.op == Op::Next ? BNext : nd.op == Op::Size ? BSize : nd.op == Op::Top ? BTop : nd.op == Op::SiteOf ? BSiteOf : nd.op == Op::XOf ? BXOf
                         : nd.op == Op::YOf ? BYOf : BAttr;
      emit(op, n, d, s, 0, nd.op == Op::Attr ? nd.a : 0);
      return d;
    }
    case Op::Owner: case Op::KindOf: {
      const int k = kid(n, 0);
      if (is(k, Op::Top)) {  // top(s).owner, top(s).kind
        emit(nd.op == Op::Owner ? BOwnerTop : BKindTop, n, d, value(kid(k, 0), d));
        return d;
      }
      emit(nd.op == Op::Owner ? BOwner : BKind, n, d, value(k, d));
      return d;
    }
    case Op::CountOwned: {
      const int s = value(kid(n, 0), d);
      const int p = value(kid(n, 1), s == d ? d + 1 : d);
      emit(BCountOwned, n, d, s, p);
      return d;
    }
    case Op::Offset: {
      const Node& dx = at(kid(n, 1));
      const Node& dy = at(kid(n, 2));
      const int s = value(kid(n, 0), d);
      if (dx.op == Op::Const && dy.op == Op::Const) {
        emit(BOffsetC, n, d, s, 0, 0, steps_table(dx.imm, dy.imm));
        return d;
      }
      const XNode& x = c_.nodes[static_cast<size_t>(n)];
      const int i = value(x.k[1]->id, s == d ? d + 1 : d);
      emit(BOffsetT, n, d, s, i, x.a, x.imm);
      return d;
    }
    case Op::Nth: {
      const auto& l = P_.lists[static_cast<size_t>(at(kid(n, 0)).a)];
      emit(BNthC, n, d, value(kid(n, 1), d), 0, static_cast<int32_t>(l.size()),
           static_cast<int64_t>(reinterpret_cast<intptr_t>(l.data())));
      return d;
    }
    case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Mod: case Op::MinF: case Op::MaxF: {
      const bool commutes = nd.op == Op::Add || nd.op == Op::Mul;
      int a = 0, b = 0;
      int64_t imm = 0;
      bool swapped;
      const bool constant = nd.op != Op::MinF && nd.op != Op::MaxF && operands(n, d, a, b, imm, swapped, commutes);
      if (nd.op == Op::MinF || nd.op == Op::MaxF) {
        a = value(kid(n, 0), d);
        b = value(kid(n, 1), a == d ? d + 1 : d);
        emit(nd.op == Op::MinF ? BMin : BMax, n, d, a, b);
        return d;
      }
      const int base = static_cast<int>(nd.op) - static_cast<int>(Op::Add);
      emit(static_cast<BlockOp>((constant ? BAddI : BAdd) + base), n, d, a, b, 0, imm);
      return d;
    }
    case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: {
      int a = 0, b = 0;
      int64_t imm = 0;
      bool swapped;
      const bool constant = operands(n, d, a, b, imm, swapped, true);
      const int cmp = swapped ? kMirrored[comparison(nd.op)] : comparison(nd.op);
      emit(static_cast<BlockOp>((constant ? BEqI : BEq) + cmp), n, d, a, b, 0, imm);
      return d;
    }
    case Op::If: {
      Label no, end;
      cond(kid(n, 0), false, no, d);
      into(value(kid(n, 1), d), d);
      jump(BJmp, end, -1);
      bind(no);
      into(value(kid(n, 2), d), d);
      bind(end);
      return d;
    }
    case Op::Let: case Op::Bind:
      return into(scoped(n, d, [&](int body, int free) { return value(body, free); }), d);
    default:
      emit(BCall, n, d);
      return d;
  }
}

void BlockCompiler::cond(int n, bool when, Label& l, int d) {
  const Node& nd = at(n);
  if (!supported(n)) {
    jump(when ? BJnz : BJz, l, -1, value(n, d));
    return;
  }
  switch (nd.op) {
    case Op::Const:
      if ((nd.imm != 0) == when) jump(BJmp, l, -1);
      return;
    case Op::Not: cond(kid(n, 0), !when, l, d); return;
    case Op::And:
    case Op::Or: {
      // `a and b` is false when a is, true when both are; `a or b` true when a is, false when both are
      const bool decides = nd.op == Op::Or;  // the value of the first operand that decides
      if (when == decides) {
        cond(kid(n, 0), when, l, d);
        cond(kid(n, 1), when, l, d);
      } else {
        Label skip;
        cond(kid(n, 0), decides, skip, d);
        cond(kid(n, 1), when, l, d);
        bind(skip);
      }
      return;
    }
    case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: {
      int a = 0, b = 0;
      int64_t imm = 0;
      bool swapped;
      const bool constant = operands(n, d, a, b, imm, swapped, true);
      int cmp = swapped ? kMirrored[comparison(nd.op)] : comparison(nd.op);
      if (!when) cmp = kNegated[cmp];
      jump(static_cast<BlockOp>((constant ? BJeqI : BJeq) + cmp), l, -1, a, b, imm);
      return;
    }
    case Op::If: {
      Label no, end;
      cond(kid(n, 0), false, no, d);
      cond(kid(n, 1), when, l, d);
      jump(BJmp, end, -1);
      bind(no);
      cond(kid(n, 2), when, l, d);
      bind(end);
      return;
    }
    case Op::Let: case Op::Bind:
      scoped(n, d, [&](int body, int free) {
        cond(body, when, l, free);
        return 0;
      });
      return;
    default:
      jump(when ? BJnz : BJz, l, -1, value(n, d));
      return;
  }
}

void BlockCompiler::ret(int n, int d) {
  const Node& nd = at(n);
  if (supported(n)) {
    switch (nd.op) {
      case Op::Const: emit(BRetI, -1, 0, 0, 0, 0, nd.imm); return;
      case Op::If: {
        Label no;
        cond(kid(n, 0), false, no, d);
        ret(kid(n, 1), d);
        bind(no);
        ret(kid(n, 2), d);
        return;
      }
      case Op::Not: {  // the operand's truth, negated
        Label yes;
        cond(kid(n, 0), true, yes, d);
        emit(BRetI, -1, 0, 0, 0, 0, 1);
        bind(yes);
        emit(BRetI, -1, 0, 0, 0, 0, 0);
        return;
      }
      case Op::And: case Op::Or: {  // the first operand when it decides, else the second's truth
        const bool decides = nd.op == Op::Or;
        Label l;
        cond(kid(n, 0), decides, l, d);
        ret_truth(kid(n, 1), d);
        bind(l);
        emit(BRetI, -1, 0, 0, 0, 0, decides);
        return;
      }
      case Op::Let: case Op::Bind:
        scoped(n, d, [&](int body, int free) {
          ret(body, free);
          return 0;
        });
        return;
      default: break;
    }
  }
  emit(BRet, -1, 0, value(n, d));
}

void BlockCompiler::ret_truth(int n, int d) {
  if (zero_one(n)) return ret(n, d);
  Label no;
  cond(n, false, no, d);
  emit(BRetI, -1, 0, 0, 0, 0, 1);
  bind(no);
  emit(BRetI, -1, 0, 0, 0, 0, 0);
}

bool BlockCompiler::compile(int n, const XNode* x) {
  root_ = n;
  root_x_ = x;
  start_ = static_cast<int>(c_.blocks.size());
  too_many_ = false;
  ret(n, 0);
  // worth it: enough instructions of its own, and not mostly calls of closures
  int work = 0, calls = 0;
  for (size_t i = static_cast<size_t>(start_); i < c_.blocks.size(); ++i) {
    const uint16_t op = c_.blocks[i].op;
    calls += op == BCall;
    work += op != BCall && op != BRet && op != BRetI && op != BMov && op != BLdi && op != BLds && op != BJmp;
  }
  if (too_many_ || work < kMinWork || calls * 2 > work) {
    c_.blocks.resize(static_cast<size_t>(start_));
    return false;
  }
  return true;
}

}  // namespace

void compile_blocks(const Program& P, XCode& c) {
  BlockCompiler bc(P, c);
  const size_t nn = P.code.size();
  std::vector<uint8_t> ok(nn), inside(nn), plain_parent(nn);
  for (size_t n = 0; n < nn; ++n) ok[n] = c.nodes[n].fn && bc.supported(static_cast<int>(n));
  for (size_t n = 0; n < nn; ++n) {
    const Node& nd = P.code[n];
    for (int k = 0; k < nd.nk; ++k) {
      const int kid = P.kid(nd, k);
      if (kid < 0) continue;
      (ok[n] ? inside : plain_parent)[static_cast<size_t>(kid)] = 1;
    }
  }
  std::vector<int> roots;
  for (size_t n = 0; n < nn; ++n)
    if (ok[n] && (plain_parent[n] || !inside[n]) && P.code[n].op != Op::Const && P.code[n].op != Op::Local)
      roots.push_back(static_cast<int>(n));
  c.roots.reserve(roots.size());  // (the instructions point into it)
  std::vector<std::pair<int, int64_t>> made;  // root, where its code starts
  for (int n : roots) {
    c.roots.push_back(c.nodes[static_cast<size_t>(n)]);
    const auto start = static_cast<int64_t>(c.blocks.size());
    if (bc.compile(n, &c.roots.back()))
      made.emplace_back(n, start);
    else
      c.roots.pop_back();
  }
  // once every block is compiled (an instruction that evaluates a node through its closure reads it when it runs)
  for (auto [n, start] : made) {
    XNode& x = c.nodes[static_cast<size_t>(n)];
    x.fn = &Blocks::run;
    x.imm = start;
  }
}

}  // namespace ri
