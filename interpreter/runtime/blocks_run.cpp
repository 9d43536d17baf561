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
#define RI_LABEL_FUSED(first, second) &&L_##first##_##second,
      RI_FUSED_OPS(RI_LABEL_FUSED)
#undef RI_LABEL_FUSED
  };
  const Ins* ip = m.code_->blocks.data() + x.imm;
  int64_t acc = 0;  // the accumulator
  int64_t t[kRegs];  // the temporaries
  Value* const fp = m.slots_.data() + m.base_;
  const State& S = m.S_;
#define RI_SLOT fp[ip->imm].i
#define RI_NSITES static_cast<uint64_t>(m.nsites_)
#define RI_NEXT goto *labels[(++ip)->op]
  // a jump taken when c holds
#define RI_TAKE(c)        \
  if (c) {                \
    ip += ip->a;          \
    goto *labels[ip->op]; \
  }
  // The operations that come first in a fused pair (RI_FUSED_OPS) are written once, as RI_DO_name: their handler and
  // each fused one run it, then go on.
#define RI_DO_Lds acc = RI_SLOT;
  // a move's `let`, a kept part of a requirement: its value once computed (its closure computes it)
#define RI_DO_Ldlet acc = (m.let_mask_ >> ip->imm) & 1 ? fp[ip->a].i : ip->x->fn(m, *ip->x).i;
#define RI_DO_Ldkept \
  acc = (m.let_mask_ >> ip->imm) & 1 ? m.hoisted_[static_cast<size_t>(ip->a)].i : ip->x->fn(m, *ip->x).i;
#define RI_DO_Star t[ip->s] = acc;
#define RI_DO_Sts fp[ip->imm] = Value{acc, 0, 0};
#define RI_DO_Stst fp[ip->imm] = Value{t[ip->s], 0, 0};
#define RI_DO_Call acc = ip->x->fn(m, *ip->x).i;
#define RI_DO_SubT                                                           \
  {                                                                          \
    int64_t v;                                                               \
    acc = arith(ArithOp::Sub, t[ip->s], acc, v) != ArithError::None ? again(m, *ip) : v; \
  }
  // the board: a value out of range is the closure's error
#define RI_DO_Size acc = static_cast<uint64_t>(acc) >= RI_NSITES ? again(m, *ip) : S.count[static_cast<size_t>(acc)];
#define RI_DO_Owner \
  acc = static_cast<uint64_t>(acc) >= S.kind.size() ? again(m, *ip) : S.owner[static_cast<size_t>(acc)];
#define RI_DO_SiteOf \
  acc = static_cast<uint64_t>(acc) >= S.kind.size() ? again(m, *ip) : S.site[static_cast<size_t>(acc)];
#define RI_DO_Attr                                                                                \
  acc = static_cast<uint64_t>(acc) >= S.kind.size() || m.hiding_                                 \
            ? again(m, *ip)                                                                       \
            : S.attrs[static_cast<size_t>(acc) * static_cast<size_t>(S.nattrs) + static_cast<size_t>(ip->a)];
#define RI_DO_TOP(field)                                                                        \
  {                                                                                             \
    int p;                                                                                      \
    if (static_cast<uint64_t>(acc) >= RI_NSITES || (p = S.tops[static_cast<size_t>(acc)]) < 0) \
      acc = again(m, *ip);                                                                      \
    else                                                                                        \
      acc = S.field[static_cast<size_t>(p)];                                                    \
  }
#define RI_DO_OwnerTop RI_DO_TOP(owner)
#define RI_DO_KindTop RI_DO_TOP(kind)
#define RI_DO_COUNT_OWNED(player)                                                                              \
  if (static_cast<uint64_t>(acc) >= RI_NSITES) {                                                               \
    acc = again(m, *ip);                                                                                       \
  } else {                                                                                                     \
    const int64_t p = player;                                                                                  \
    acc = S.count[static_cast<size_t>(acc)] == 0 || p < 0 || p >= S.nplayers                                   \
              ? 0                                                                                              \
              : S.owned[static_cast<size_t>(acc) * static_cast<size_t>(S.nplayers) + static_cast<size_t>(p)];   \
  }
#define RI_DO_CountOwnedS RI_DO_COUNT_OWNED(RI_SLOT)
#define RI_DO_CountOwnedM RI_DO_COUNT_OWNED(S.player)
#define RI_DO_OffsetC                                                                                               \
  {                                                                                                                 \
    const int32_t to = static_cast<uint64_t>(acc) < RI_NSITES ? m.code_->steps[static_cast<size_t>(ip->imm + acc)] : -2; \
    acc = to == -2 ? again(m, *ip) : to;                                                                            \
  }
#define RI_DO_OffsetT                                                                                    \
  {                                                                                                      \
    const int64_t i = fp[ip->s].i;                                                                       \
    if (static_cast<uint64_t>(acc) >= RI_NSITES || m.P_->grid_place[static_cast<size_t>(acc)].grid < 0 || \
        static_cast<uint64_t>(i) >= static_cast<uint64_t>(ip->a))                                        \
      acc = again(m, *ip);                                                                               \
    else                                                                                                 \
      acc = m.tables_[ip->imm + acc * ip->a + i];                                                        \
  }
#define RI_DO_InList acc = m.P_->list_holds(static_cast<size_t>(ip->imm), acc) == (ip->a != 0);
#define RI_DO_JEqI RI_TAKE(acc == ip->imm)
#define RI_DO_JNeI RI_TAKE(acc != ip->imm)
#define RI_DO_JGtI RI_TAKE(acc > ip->imm)
#define RI_DO_JLeI RI_TAKE(acc <= ip->imm)
#define RI_DO_JEqS RI_TAKE(acc == RI_SLOT)
#define RI_DO_JNeS RI_TAKE(acc != RI_SLOT)
  goto *labels[ip->op];
  // a fused pair: the first's work, then the second's handler (a direct jump)
#define RI_FUSED(first, second) \
  L_##first##_##second : RI_DO_##first++ ip;  \
  goto L_##second;
  RI_FUSED_OPS(RI_FUSED)
#undef RI_FUSED
L_Ret: return Value{acc, 0, 0};
L_RetI: return Value{ip->imm, 0, 0};
L_Ldi: acc = ip->imm; RI_NEXT;
L_Lds: RI_DO_Lds RI_NEXT;
L_Ldg: acc = S.vars[static_cast<size_t>(ip->a)]; RI_NEXT;
L_Ldpm: acc = S.vars[static_cast<size_t>(ip->a + S.player)]; RI_NEXT;
L_Ldme: acc = S.player; RI_NEXT;
L_Ldzone: acc = reinterpret_cast<const int*>(static_cast<intptr_t>(ip->imm))[S.player]; RI_NEXT;
L_Ldlet: RI_DO_Ldlet RI_NEXT;
L_Ldkept: RI_DO_Ldkept RI_NEXT;
L_Star: RI_DO_Star RI_NEXT;
L_Sts: RI_DO_Sts RI_NEXT;
L_Stst: RI_DO_Stst RI_NEXT;
L_Call: RI_DO_Call RI_NEXT;
L_Neg: acc = acc == INT64_MIN ? again(m, *ip) : -acc; RI_NEXT;
L_Abs: acc = acc == INT64_MIN ? again(m, *ip) : acc < 0 ? -acc : acc; RI_NEXT;
L_Not: acc = !acc; RI_NEXT;
L_Opp: acc = 1 - acc; RI_NEXT;
L_Next: acc = (acc + 1) % m.P_->nplayers(); RI_NEXT;
L_SubT: RI_DO_SubT RI_NEXT;
#define RI_ARITH(name, op, a, b)                                                              \
  L_##name : {                                                                                \
    int64_t v;                                                                                \
    acc = arith(ArithOp::op, a, b, v) != ArithError::None ? again(m, *ip) : v;                \
    RI_NEXT;                                                                                  \
  }
  RI_ARITH(AddI, Add, acc, ip->imm)
  RI_ARITH(AddS, Add, acc, RI_SLOT)
  RI_ARITH(AddT, Add, t[ip->s], acc)
  RI_ARITH(SubI, Sub, acc, ip->imm)
  RI_ARITH(SubS, Sub, acc, RI_SLOT)
#define RI_ARITH3(op)                   \
  RI_ARITH(op##I, op, acc, ip->imm)     \
  RI_ARITH(op##S, op, acc, RI_SLOT)     \
  RI_ARITH(op##T, op, t[ip->s], acc)
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
  L_J##name##I : RI_TAKE(acc op ip->imm) RI_NEXT;              \
  L_J##name##S : RI_TAKE(acc op RI_SLOT) RI_NEXT;              \
  L_J##name##T : RI_TAKE(t[ip->s] op acc) RI_NEXT;
  RI_COMPARE(Eq, ==)
  RI_COMPARE(Ne, !=)
  RI_COMPARE(Lt, <)
  RI_COMPARE(Le, <=)
  RI_COMPARE(Gt, >)
  RI_COMPARE(Ge, >=)
#undef RI_COMPARE
L_Jz: RI_TAKE(acc == 0) RI_NEXT;
L_Jnz: RI_TAKE(acc != 0) RI_NEXT;
L_Jmp: ip += ip->a; goto *labels[ip->op];
L_Size: RI_DO_Size RI_NEXT;
L_Top:
  if (static_cast<uint64_t>(acc) >= RI_NSITES) {
    acc = again(m, *ip);
  } else {
    acc = S.tops[static_cast<size_t>(acc)];
  }
  RI_NEXT;
L_Owner: RI_DO_Owner RI_NEXT;
L_Kind: acc = static_cast<uint64_t>(acc) >= S.kind.size() ? again(m, *ip) : S.kind[static_cast<size_t>(acc)]; RI_NEXT;
L_SiteOf: RI_DO_SiteOf RI_NEXT;
L_Attr: RI_DO_Attr RI_NEXT;
L_OwnerTop: RI_DO_OwnerTop RI_NEXT;
L_KindTop: RI_DO_KindTop RI_NEXT;
L_CountOwnedI: RI_DO_COUNT_OWNED(ip->imm) RI_NEXT;
L_CountOwnedS: RI_DO_CountOwnedS RI_NEXT;
L_CountOwnedM: RI_DO_CountOwnedM RI_NEXT;
L_OffsetC: RI_DO_OffsetC RI_NEXT;
L_OffsetT: RI_DO_OffsetT RI_NEXT;
L_NthC:
  acc = static_cast<uint64_t>(acc) >= static_cast<uint64_t>(ip->a)
            ? again(m, *ip)
            : reinterpret_cast<const int32_t*>(static_cast<intptr_t>(ip->imm))[acc];
  RI_NEXT;
#define RI_COORDINATE(name, field)                                                                   \
  L_##name :                                                                                         \
  acc = static_cast<uint64_t>(acc) >= RI_NSITES || m.P_->grid_place[static_cast<size_t>(acc)].grid < 0 \
            ? again(m, *ip)                                                                          \
            : m.P_->grid_place[static_cast<size_t>(acc)].field;                                      \
  RI_NEXT;
  RI_COORDINATE(XOf, x)
  RI_COORDINATE(YOf, y)
#undef RI_COORDINATE
L_InList: RI_DO_InList RI_NEXT;
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
#undef RI_TAKE
}

bool Machine::in_block(int n) const {
  return n >= 0 && static_cast<size_t>(n) < code_->nodes.size() && code_->nodes[static_cast<size_t>(n)].fn == &Blocks::run;
}

}  // namespace ri
