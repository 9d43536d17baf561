// Blocks: compiling the scalar expressions into code for the accumulator machine. See blocks.hpp.
#include "runtime/blocks.hpp"

#include <cstdlib>
#include <map>
#include <utility>

#include "compile/memo.hpp"
#include "runtime/blocks_ops.hpp"

namespace ri {

namespace {

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
  // when it is too small or needs too many temporaries.
  bool compile(int n, const XNode* x);

 private:
  struct Label {
    int at = -1;
    std::vector<int> uses;
  };
  // The forms of a binary operation: with a constant, a slot, a temporary on the left (blocks_ops.hpp)
  struct Forms {
    BlockOp i, s, t;
  };
  const Node& at(int n) const { return P_.code[static_cast<size_t>(n)]; }
  int kid(int n, int k) const { return P_.kid(at(n), k); }
  bool is(int n, Op op) const { return n >= 0 && at(n).op == op; }
  // a slot read (its slot), or -1
  int slot_of(int n) const { return is(n, Op::Local) && at(n).a >= 0 ? at(n).a : -1; }
  const XNode* xnode(int n) const { return n == root_ ? root_x_ : &c_.nodes[static_cast<size_t>(n)]; }
  // An instruction computing node n (-1: none): s a temporary, a an operand, imm a constant or a slot (the S forms).
  int emit(BlockOp op, int n, int s = 0, int32_t a = 0, int64_t imm = 0) {
    if (s >= kRegs) too_many_ = true;
    Ins i;
    i.op = op;
    i.s = static_cast<uint8_t>(s & (kRegs - 1));
    i.a = a;
    i.imm = imm;
    i.x = n >= 0 ? xnode(n) : nullptr;
    c_.blocks.push_back(i);
    // what the accumulator holds: a slot's value after it is stored or loaded, until it changes (a jump that is not
    // taken changes nothing; a storing into that slot from elsewhere does)
    if (op == BSts || op == BLds)
      acc_slot_ = static_cast<int>(imm);
    else if (op == BStst ? imm == acc_slot_ : !(op == BStar || op == BJz || op == BJnz || (op >= BJEqI && op <= BJGeT)))
      acc_slot_ = -1;
    return static_cast<int>(c_.blocks.size()) - 1;
  }
  // A jump to l (its a: where to, relative to it).
  void jump(BlockOp op, Label& l, int n = -1, int s = 0, int64_t imm = 0) { l.uses.push_back(emit(op, n, s, 0, imm)); }
  void bind(Label& l) {
    acc_slot_ = -1;  // (code jumps here from elsewhere)
    l.at = static_cast<int>(c_.blocks.size());
    for (int u : l.uses) c_.blocks[static_cast<size_t>(u)].a = l.at - u;
  }
  // Code leaving n's value in the accumulator; temporaries from d on are free.
  void value(int n, int d);
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
  // Code computing binary node n (kids: its operands) with forms f, or `swapped` with the operands swapped when they
  // may be (commutes); a jump to *l when l is given.
  void binary(int n, int d, Forms f, bool commutes, Forms swapped, Label* l = nullptr);
  // A `let` or an inlined call: its values stored in their slots, then `body` compiled (by f, temporaries from d on)
  template <class F>
  void scoped(int n, int d, F&& f);
  int64_t steps_table(int64_t dx, int64_t dy);

  const Program& P_;
  XCode& c_;
  int root_ = -1;
  const XNode* root_x_ = nullptr;
  int start_ = 0;
  bool too_many_ = false;
  int acc_slot_ = -1;  // the slot whose value the accumulator holds here, or -1
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
    case Op::CountOwned:
      return nd.nk == 2 && scalar_kids() &&
             (is(kid(n, 1), Op::Const) || is(kid(n, 1), Op::Me) || (is(kid(n, 1), Op::Local) && at(kid(n, 1)).a >= 0));
    case Op::Nth: return nd.nk == 2 && is(kid(n, 0), Op::ConstList) && scalar(at(kid(n, 1)).type);
    case Op::Offset: {
      if (nd.nk != 3 || !scalar_kids()) return false;
      const Node& dx = at(kid(n, 1));
      const Node& dy = at(kid(n, 2));
      if (dx.op == Op::Const && dy.op == Op::Const) return std::abs(dx.imm) < (1 << 20) && std::abs(dy.imm) < (1 << 20);
      const XNode& x = c_.nodes[static_cast<size_t>(n)];
      return reads_offset_table(x) && x.k[1] && is(x.k[1]->id, Op::Local) && at(x.k[1]->id).a >= 0;
    }
    default: return false;
  }
}

template <class F>
void BlockCompiler::scoped(int n, int d, F&& f) {
  const Node& nd = at(n);
  const int nvalues = nd.op == Op::Let ? 1 : nd.nk - 1;
  if (nvalues == 1) {
    value(kid(n, 0), d);
    emit(BSts, -1, 0, 0, nd.a);
  } else {  // every value computed (into temporaries d, d + 1, ...) before any is stored: a value may read another's slot
    for (int i = 0; i < nvalues; ++i) {
      value(kid(n, i), d + i);
      emit(BStar, -1, d + i);
    }
    for (int i = 0; i < nvalues; ++i) emit(BStst, -1, d + i, 0, nd.a + i);
  }
  f(kid(n, nd.op == Op::Let ? 1 : nd.nk - 1), d);
}

void BlockCompiler::binary(int n, int d, Forms f, bool commutes, Forms swapped, Label* l) {
  const int left = kid(n, 0), right = kid(n, 1);
  auto put = [&](BlockOp op, int s, int64_t imm) {
    if (l)
      jump(op, *l, n, s, imm);
    else
      emit(op, n, s, 0, imm);
  };
  // the second operand read by the operation (a constant, a slot): the first in the accumulator
  if (is(right, Op::Const)) {
    value(left, d);
    return put(f.i, 0, at(right).imm);
  }
  if (slot_of(right) >= 0) {
    value(left, d);
    return put(f.s, 0, slot_of(right));
  }
  if (commutes && is(left, Op::Const)) {
    value(right, d);
    return put(swapped.i, 0, at(left).imm);
  }
  if (commutes && slot_of(left) >= 0) {  // (a slot reads the same before and after the other operand)
    value(right, d);
    return put(swapped.s, 0, slot_of(left));
  }
  value(left, d);
  emit(BStar, -1, d);
  value(right, d + 1);
  put(f.t, d, 0);
}

void BlockCompiler::value(int n, int d) {
  const Node& nd = at(n);
  if (!supported(n)) {
    emit(BCall, n);
    return;
  }
  auto op_of = [](BlockOp first, int k) { return static_cast<BlockOp>(first + k); };
  switch (nd.op) {
    case Op::Const: emit(BLdi, -1, 0, 0, nd.imm); return;
    case Op::Local:
      if (acc_slot_ != nd.a) emit(BLds, -1, 0, 0, nd.a);
      return;
    case Op::Global: emit(BLdg, -1, 0, P_.vars[static_cast<size_t>(nd.a)].offset); return;
    case Op::PerPlayer: emit(BLdpm, -1, 0, P_.vars[static_cast<size_t>(nd.a)].offset); return;
    case Op::Me: emit(BLdme, -1); return;
    case Op::ZoneEach:  // the zone of `me`
      emit(BLdzone, -1, 0, 0, static_cast<int64_t>(reinterpret_cast<intptr_t>(P_.zone_sites[static_cast<size_t>(nd.a)].data())));
      return;
    case Op::LazyLet: emit(BLdlet, n, 0, nd.a, nd.b); return;
    case Op::Hoisted: emit(BLdkept, n, 0, nd.a, nd.b); return;
    case Op::In: case Op::NotIn: {
      const int l = kid(n, 1);
      value(kid(n, 0), d);
      if (is(l, Op::ConstList)) {
        emit(BInList, n, 0, nd.op == Op::In, at(l).a);
      } else {
        emit(BStar, -1, d);
        value(kid(l, 0), d + 1);
        emit(BInRel, n, d, nd.op == Op::In, at(l).a);
      }
      return;
    }
    case Op::Not:
      if (!zero_one(kid(n, 0)) || is(kid(n, 0), Op::Not) || !supported(kid(n, 0))) {
        value(kid(n, 0), d);
        emit(BNot, n);
        return;
      }
      [[fallthrough]];
    case Op::And: case Op::Or: {  // 1 or 0, through the jumps of the condition
      Label no, end;
      cond(n, false, no, d);
      emit(BLdi, -1, 0, 0, 1);
      jump(BJmp, end);
      bind(no);
      emit(BLdi, -1, 0, 0, 0);
      bind(end);
      return;
    }
    case Op::Neg: case Op::Abs: case Op::Opponent: case Op::Next: case Op::Size: case Op::Top: case Op::SiteOf:
    case Op::XOf: case Op::YOf: case Op::Attr: {
      value(kid(n, 0), d);
      const BlockOp op = nd.op == Op::Neg ? BNeg : nd.op == Op::Abs ? BAbs : nd.op == Op::Opponent ? BOpp
                         : nd.op == Op::Next ? BNext : nd.op == Op::Size ? BSize : nd.op == Op::Top ? BTop
                         : nd.op == Op::SiteOf ? BSiteOf : nd.op == Op::XOf ? BXOf : nd.op == Op::YOf ? BYOf : BAttr;
      emit(op, n, 0, nd.op == Op::Attr ? nd.a : 0);
      return;
    }
    case Op::Owner: case Op::KindOf: {
      const int k = kid(n, 0);
      const bool of_top = is(k, Op::Top);  // top(s).owner, top(s).kind
      value(of_top ? kid(k, 0) : k, d);
      emit(nd.op == Op::Owner ? (of_top ? BOwnerTop : BOwner) : (of_top ? BKindTop : BKind), n);
      return;
    }
    case Op::CountOwned: {
      const int p = kid(n, 1);
      value(kid(n, 0), d);
      if (is(p, Op::Const))
        emit(BCountOwnedI, n, 0, 0, at(p).imm);
      else if (is(p, Op::Me))
        emit(BCountOwnedM, n);
      else
        emit(BCountOwnedS, n, 0, 0, at(p).a);
      return;
    }
    case Op::Offset: {
      const Node& dx = at(kid(n, 1));
      const Node& dy = at(kid(n, 2));
      value(kid(n, 0), d);
      if (dx.op == Op::Const && dy.op == Op::Const) {
        emit(BOffsetC, n, 0, 0, steps_table(dx.imm, dy.imm));
        return;
      }
      const XNode& x = c_.nodes[static_cast<size_t>(n)];
      const int index = at(x.k[1]->id).a;  // a slot (supported)
      if (index >= 256) too_many_ = true;
      emit(BOffsetT, n, index & 0xff, x.a, x.imm);
      return;
    }
    case Op::Nth: {
      const auto& l = P_.lists[static_cast<size_t>(at(kid(n, 0)).a)];
      value(kid(n, 1), d);
      emit(BNthC, n, 0, static_cast<int32_t>(l.size()), static_cast<int64_t>(reinterpret_cast<intptr_t>(l.data())));
      return;
    }
    case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Mod: case Op::MinF: case Op::MaxF: {
      const int k = nd.op == Op::MinF ? 5 : nd.op == Op::MaxF ? 6 : static_cast<int>(nd.op) - static_cast<int>(Op::Add);
      const bool commutes = nd.op == Op::Add || nd.op == Op::Mul || nd.op == Op::MinF || nd.op == Op::MaxF;
      const Forms f{op_of(BAddI, k), op_of(BAddS, k), op_of(BAddT, k)};
      binary(n, d, f, commutes, f);
      return;
    }
    case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: {
      const int k = comparison(nd.op), m = kMirrored[k];
      binary(n, d, {op_of(BEqI, k), op_of(BEqS, k), op_of(BEqT, k)}, true, {op_of(BEqI, m), op_of(BEqS, m), op_of(BEqT, m)});
      return;
    }
    case Op::If: {
      Label no, end;
      cond(kid(n, 0), false, no, d);
      value(kid(n, 1), d);
      jump(BJmp, end);
      bind(no);
      value(kid(n, 2), d);
      bind(end);
      return;
    }
    case Op::Let: case Op::Bind:
      scoped(n, d, [&](int body, int free) { value(body, free); });
      return;
    default:
      emit(BCall, n);
      return;
  }
}

void BlockCompiler::cond(int n, bool when, Label& l, int d) {
  const Node& nd = at(n);
  if (!supported(n)) {
    value(n, d);
    jump(when ? BJnz : BJz, l);
    return;
  }
  switch (nd.op) {
    case Op::Const:
      if ((nd.imm != 0) == when) jump(BJmp, l);
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
      auto forms = [](int k) {
        return Forms{static_cast<BlockOp>(BJEqI + k), static_cast<BlockOp>(BJEqS + k), static_cast<BlockOp>(BJEqT + k)};
      };
      int k = comparison(nd.op);
      if (!when) k = kNegated[k];
      binary(n, d, forms(k), true, forms(kMirrored[k]), &l);
      return;
    }
    case Op::If: {
      Label no, end;
      cond(kid(n, 0), false, no, d);
      cond(kid(n, 1), when, l, d);
      jump(BJmp, end);
      bind(no);
      cond(kid(n, 2), when, l, d);
      bind(end);
      return;
    }
    case Op::Let: case Op::Bind:
      scoped(n, d, [&](int body, int free) { cond(body, when, l, free); });
      return;
    default:
      value(n, d);
      jump(when ? BJnz : BJz, l);
      return;
  }
}

void BlockCompiler::ret(int n, int d) {
  const Node& nd = at(n);
  if (supported(n)) {
    switch (nd.op) {
      case Op::Const: emit(BRetI, -1, 0, 0, nd.imm); return;
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
        emit(BRetI, -1, 0, 0, 1);
        bind(yes);
        emit(BRetI, -1, 0, 0, 0);
        return;
      }
      case Op::And: case Op::Or: {  // the first operand when it decides, else the second's truth
        const bool decides = nd.op == Op::Or;
        Label l;
        cond(kid(n, 0), decides, l, d);
        ret_truth(kid(n, 1), d);
        bind(l);
        emit(BRetI, -1, 0, 0, decides);
        return;
      }
      case Op::Let: case Op::Bind:
        scoped(n, d, [&](int body, int free) { ret(body, free); });
        return;
      default: break;
    }
  }
  value(n, d);
  emit(BRet, -1);
}

void BlockCompiler::ret_truth(int n, int d) {
  if (zero_one(n)) return ret(n, d);
  Label no;
  cond(n, false, no, d);
  emit(BRetI, -1, 0, 0, 1);
  bind(no);
  emit(BRetI, -1, 0, 0, 0);
}

bool BlockCompiler::compile(int n, const XNode* x) {
  root_ = n;
  root_x_ = x;
  start_ = static_cast<int>(c_.blocks.size());
  too_many_ = false;
  acc_slot_ = -1;
  ret(n, 0);
  // worth it: enough instructions of its own, and not mostly calls of closures
  int work = 0, calls = 0;
  for (size_t i = static_cast<size_t>(start_); i < c_.blocks.size(); ++i) {
    const uint16_t op = c_.blocks[i].op;
    calls += op == BCall;
    work += op != BCall && op != BRet && op != BRetI && op != BLdi && op != BLds && op != BStar && op != BJmp;
  }
  if (too_many_ || work < kMinWork || calls * 2 > work) {
    c_.blocks.resize(static_cast<size_t>(start_));
    return false;
  }
  // superinstructions: each instruction fused with the one after it where the pair has a fused form (blocks_ops.hpp;
  // in order, so that each looks at its successor's own operation)
  for (size_t i = static_cast<size_t>(start_); i + 1 < c_.blocks.size(); ++i)
    c_.blocks[i].op = fused(c_.blocks[i].op, c_.blocks[i + 1].op);
  return true;
}

int64_t BlockCompiler::steps_table(int64_t dx, int64_t dy) {
  if (auto it = steps_made_.find({dx, dy}); it != steps_made_.end()) return it->second;
  const auto start = static_cast<int64_t>(c_.steps.size());
  for (int s = 0; s < P_.nsites(); ++s) {
    const GridPlace& g = P_.grid_place[static_cast<size_t>(s)];
    const int64_t to = g.grid < 0 ? -2 : P_.grids[static_cast<size_t>(g.grid)].site(g.x + dx, g.y + dy);
    c_.steps.push_back(static_cast<int32_t>(to));  // (-2: not on a grid, the offset's error)
  }
  return steps_made_[{dx, dy}] = start;
}

}  // namespace

void compile_blocks(const Program& P, XCode& c) {
  BlockCompiler bc(P, c);
  const size_t nn = P.code.size();
  std::vector<uint8_t> ok(nn);
  for (size_t n = 0; n < nn; ++n) ok[n] = c.nodes[n].fn && bc.supported(static_cast<int>(n));
  const std::vector<uint8_t> root = P.roots_of(ok);
  std::vector<int> roots;
  for (size_t n = 0; n < nn; ++n)
    if (root[n] && P.code[n].op != Op::Const && P.code[n].op != Op::Local) roots.push_back(static_cast<int>(n));
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
