// Blocks: running their code. See blocks.hpp.
#include <algorithm>

#include "common/arith.hpp"
#include "runtime/blocks_ops.hpp"

namespace ri {

Value Blocks::run(Machine& m, const XNode& x) {
  static const void* const labels[] = {
#define RI_LABEL(name) &&L_##name,
      RI_BLOCK_OPS(RI_LABEL)
#undef RI_LABEL
  };
  const Ins* ip = m.code_->blocks.data() + x.imm;
  int64_t acc = 0;  // the accumulator
  int64_t t[kRegs];  // the temporaries
  Value* const fp = m.slots_.data() + m.base_;
  const State& S = m.S_;
#define RI_SLOT fp[ip->imm].i
#define RI_NSITES static_cast<uint64_t>(m.nsites_)
#define RI_NEXT goto *labels[(++ip)->op]
#define RI_JUMP(c)        \
  if (c) {                \
    ip += ip->a;          \
    goto *labels[ip->op]; \
  }                       \
  RI_NEXT
  goto *labels[ip->op];
L_Ret: return Value{acc, 0, 0};
L_RetI: return Value{ip->imm, 0, 0};
L_Ldi: acc = ip->imm; RI_NEXT;
L_Lds: acc = RI_SLOT; RI_NEXT;
L_Ldg: acc = S.vars[static_cast<size_t>(ip->a)]; RI_NEXT;
L_Ldpm: acc = S.vars[static_cast<size_t>(ip->a + S.player)]; RI_NEXT;
L_Ldme: acc = S.player; RI_NEXT;
L_Ldzone: acc = reinterpret_cast<const int*>(static_cast<intptr_t>(ip->imm))[S.player]; RI_NEXT;
  // a move's `let`, a kept part of a requirement: its value once computed (its closure computes it)
L_Ldlet: acc = (m.let_mask_ >> ip->imm) & 1 ? fp[ip->a].i : ip->x->fn(m, *ip->x).i; RI_NEXT;
L_Ldkept:
  acc = (m.let_mask_ >> ip->imm) & 1 ? m.hoisted_[static_cast<size_t>(ip->a)].i : ip->x->fn(m, *ip->x).i;
  RI_NEXT;
L_Star: t[ip->s] = acc; RI_NEXT;
L_Sts: fp[ip->imm] = Value{acc, 0, 0}; RI_NEXT;
L_Stst: fp[ip->imm] = Value{t[ip->s], 0, 0}; RI_NEXT;
L_Call: acc = ip->x->fn(m, *ip->x).i; RI_NEXT;
L_Neg: acc = acc == INT64_MIN ? again(m, *ip) : -acc; RI_NEXT;
L_Abs: acc = acc == INT64_MIN ? again(m, *ip) : acc < 0 ? -acc : acc; RI_NEXT;
L_Not: acc = !acc; RI_NEXT;
L_Opp: acc = 1 - acc; RI_NEXT;
L_Next: acc = (acc + 1) % m.P_->nplayers(); RI_NEXT;
#define RI_ARITH(name, op, a, b)                                                              \
  L_##name : {                                                                                \
    int64_t v;                                                                                \
    acc = arith(ArithOp::op, a, b, v) != ArithError::None ? again(m, *ip) : v;                \
    RI_NEXT;                                                                                  \
  }
#define RI_ARITH3(op)                   \
  RI_ARITH(op##I, op, acc, ip->imm)     \
  RI_ARITH(op##S, op, acc, RI_SLOT)     \
  RI_ARITH(op##T, op, t[ip->s], acc)
  RI_ARITH3(Add)
  RI_ARITH3(Sub)
  RI_ARITH3(Mul)
  RI_ARITH3(Div)
  RI_ARITH3(Mod)
#undef RI_ARITH3
#undef RI_ARITH
L_MinI: acc = std::min(acc, ip->imm); RI_NEXT;
L_MinS: acc = std::min(acc, RI_SLOT); RI_NEXT;
L_MinT: acc = std::min(t[ip->s], acc); RI_NEXT;
L_MaxI: acc = std::max(acc, ip->imm); RI_NEXT;
L_MaxS: acc = std::max(acc, RI_SLOT); RI_NEXT;
L_MaxT: acc = std::max(t[ip->s], acc); RI_NEXT;
#define RI_COMPARE(name, op)                                   \
  L_##name##I : acc = acc op ip->imm; RI_NEXT;                 \
  L_##name##S : acc = acc op RI_SLOT; RI_NEXT;                 \
  L_##name##T : acc = t[ip->s] op acc; RI_NEXT;                \
  L_J##name##I : RI_JUMP(acc op ip->imm);                      \
  L_J##name##S : RI_JUMP(acc op RI_SLOT);                      \
  L_J##name##T : RI_JUMP(t[ip->s] op acc);
  RI_COMPARE(Eq, ==)
  RI_COMPARE(Ne, !=)
  RI_COMPARE(Lt, <)
  RI_COMPARE(Le, <=)
  RI_COMPARE(Gt, >)
  RI_COMPARE(Ge, >=)
#undef RI_COMPARE
L_Jz: RI_JUMP(acc == 0);
L_Jnz: RI_JUMP(acc != 0);
L_Jmp: ip += ip->a; goto *labels[ip->op];
  // the board: a value out of range is the closure's error
L_Size:
  acc = static_cast<uint64_t>(acc) >= RI_NSITES ? again(m, *ip) : S.count[static_cast<size_t>(acc)];
  RI_NEXT;
L_Top:
  if (static_cast<uint64_t>(acc) >= RI_NSITES) {
    acc = again(m, *ip);
  } else {
    const int c = S.count[static_cast<size_t>(acc)];
    acc = c ? S.stack[static_cast<size_t>(acc) * S.cap + c - 1] : -1;
  }
  RI_NEXT;
#define RI_PIECE(name, field)                                                                         \
  L_##name : acc = static_cast<uint64_t>(acc) >= S.kind.size() ? again(m, *ip) : S.field[static_cast<size_t>(acc)]; \
  RI_NEXT;
  RI_PIECE(Owner, owner)
  RI_PIECE(Kind, kind)
  RI_PIECE(SiteOf, site)
#undef RI_PIECE
L_Attr:
  acc = static_cast<uint64_t>(acc) >= S.kind.size() || m.hiding_
            ? again(m, *ip)
            : S.attrs[static_cast<size_t>(acc) * static_cast<size_t>(S.nattrs) + static_cast<size_t>(ip->a)];
  RI_NEXT;
#define RI_TOP(name, field)                                                                           \
  L_##name : {                                                                                        \
    int c;                                                                                            \
    if (static_cast<uint64_t>(acc) >= RI_NSITES || !(c = S.count[static_cast<size_t>(acc)]))         \
      acc = again(m, *ip);                                                                            \
    else                                                                                              \
      acc = S.field[static_cast<size_t>(S.stack[static_cast<size_t>(acc) * S.cap + c - 1])];          \
    RI_NEXT;                                                                                          \
  }
  RI_TOP(OwnerTop, owner)
  RI_TOP(KindTop, kind)
#undef RI_TOP
#define RI_COUNT_OWNED(name, player)                                                                           \
  L_##name : {                                                                                                 \
    if (static_cast<uint64_t>(acc) >= RI_NSITES) {                                                             \
      acc = again(m, *ip);                                                                                     \
    } else {                                                                                                   \
      const int64_t p = player;                                                                                \
      acc = S.count[static_cast<size_t>(acc)] == 0 || p < 0 || p >= S.nplayers                                 \
                ? 0                                                                                            \
                : S.owned[static_cast<size_t>(acc) * static_cast<size_t>(S.nplayers) + static_cast<size_t>(p)]; \
    }                                                                                                          \
    RI_NEXT;                                                                                                   \
  }
  RI_COUNT_OWNED(CountOwnedI, ip->imm)
  RI_COUNT_OWNED(CountOwnedS, RI_SLOT)
  RI_COUNT_OWNED(CountOwnedM, S.player)
#undef RI_COUNT_OWNED
L_OffsetC: {
  const int32_t to = static_cast<uint64_t>(acc) < RI_NSITES ? m.code_->steps[static_cast<size_t>(ip->imm + acc)] : -2;
  acc = to == -2 ? again(m, *ip) : to;
  RI_NEXT;
}
L_OffsetT: {
  const int64_t i = fp[ip->s].i;
  if (static_cast<uint64_t>(acc) >= RI_NSITES || m.P_->grid_place[static_cast<size_t>(acc)].grid < 0 ||
      static_cast<uint64_t>(i) >= static_cast<uint64_t>(ip->a))
    acc = again(m, *ip);
  else
    acc = m.tables_[ip->imm + acc * ip->a + i];
  RI_NEXT;
}
L_NthC:
  acc = static_cast<uint64_t>(acc) >= static_cast<uint64_t>(ip->a)
            ? again(m, *ip)
            : reinterpret_cast<const int32_t*>(static_cast<intptr_t>(ip->imm))[acc];
  RI_NEXT;
L_XOf:
L_YOf:
  if (static_cast<uint64_t>(acc) >= RI_NSITES || m.P_->grid_place[static_cast<size_t>(acc)].grid < 0) {
    acc = again(m, *ip);
  } else {
    const GridPlace& g = m.P_->grid_place[static_cast<size_t>(acc)];
    acc = ip->op == BXOf ? g.x : g.y;
  }
  RI_NEXT;
L_InList: acc = m.P_->list_holds(static_cast<size_t>(ip->imm), acc) == (ip->a != 0); RI_NEXT;
L_InRel:  // the element in temporary s, the site in the accumulator
  if (static_cast<uint64_t>(acc) >= RI_NSITES) {
    acc = again(m, *ip);
  } else {
    const auto l = static_cast<size_t>(m.P_->relation_lists[static_cast<size_t>(ip->imm)][static_cast<size_t>(acc)]);
    acc = m.P_->list_holds(l, t[ip->s]) == (ip->a != 0);
  }
  RI_NEXT;
#undef RI_SLOT
#undef RI_NSITES
#undef RI_NEXT
#undef RI_JUMP
}

bool Machine::in_block(int n) const {
  return n >= 0 && static_cast<size_t>(n) < code_->nodes.size() && code_->nodes[static_cast<size_t>(n)].fn == &Blocks::run;
}

}  // namespace ri
