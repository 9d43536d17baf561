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
  Value r[kRegs];
  Value* const fp = m.slots_.data() + m.base_;
  const Value* const from[2] = {r, fp};  // an operand's registers or slots, by its bit in Ins::k
#define RS from[ip->k & 1][ip->s].i
#define RT from[ip->k >> 1][ip->t].i
  const State& S = m.S_;
#define nsites static_cast<uint64_t>(m.nsites_)
#define RI_NEXT goto *labels[(++ip)->op]
#define RI_JUMP(c)          \
  if (c) {                  \
    ip += ip->a;            \
    goto *labels[ip->op];   \
  }                         \
  RI_NEXT
  goto *labels[ip->op];
L_Ret: return Value{RS, 0, 0};
L_RetI: return Value{ip->imm, 0, 0};
L_Mov: r[ip->d].i = RS; RI_NEXT;
L_Ldi: r[ip->d].i = ip->imm; RI_NEXT;
L_Lds: r[ip->d].i = fp[ip->a].i; RI_NEXT;
L_Ldg: r[ip->d].i = S.vars[static_cast<size_t>(ip->a)]; RI_NEXT;
L_Ldpm: r[ip->d].i = S.vars[static_cast<size_t>(ip->a + S.player)]; RI_NEXT;
L_Ldme: r[ip->d].i = S.player; RI_NEXT;
L_Ldzone: r[ip->d].i = reinterpret_cast<const int*>(static_cast<intptr_t>(ip->imm))[S.player]; RI_NEXT;
L_Sts: fp[ip->a] = Value{RS, 0, 0}; RI_NEXT;
  // a move's `let`, a kept part of a requirement: its value once computed (its closure computes it)
L_Ldlet: r[ip->d].i = (m.let_mask_ >> ip->imm) & 1 ? fp[ip->a].i : ip->x->fn(m, *ip->x).i; RI_NEXT;
L_Ldkept:
  r[ip->d].i = (m.let_mask_ >> ip->imm) & 1 ? m.hoisted_[static_cast<size_t>(ip->a)].i : ip->x->fn(m, *ip->x).i;
  RI_NEXT;
L_Call: r[ip->d].i = ip->x->fn(m, *ip->x).i; RI_NEXT;
L_Neg:
  r[ip->d].i = RS == INT64_MIN ? again(m, *ip) : -RS;
  RI_NEXT;
L_Abs:
  r[ip->d].i = RS == INT64_MIN ? again(m, *ip) : RS < 0 ? -RS : RS;
  RI_NEXT;
L_Not: r[ip->d].i = !RS; RI_NEXT;
L_Min: r[ip->d].i = std::min(RS, RT); RI_NEXT;
L_Max: r[ip->d].i = std::max(RS, RT); RI_NEXT;
L_Opp: r[ip->d].i = 1 - RS; RI_NEXT;
L_Next: r[ip->d].i = (RS + 1) % m.P_->nplayers(); RI_NEXT;
#define RI_ARITH(name, op, b)                                                                        \
  L_##name : {                                                                                       \
    int64_t v;                                                                                       \
    r[ip->d].i = arith(ArithOp::op, RS, b, v) != ArithError::None ? again(m, *ip) : v;           \
    RI_NEXT;                                                                                         \
  }
  RI_ARITH(Add, Add, RT)
  RI_ARITH(Sub, Sub, RT)
  RI_ARITH(Mul, Mul, RT)
  RI_ARITH(Div, Div, RT)
  RI_ARITH(Mod, Mod, RT)
  RI_ARITH(AddI, Add, ip->imm)
  RI_ARITH(SubI, Sub, ip->imm)
  RI_ARITH(MulI, Mul, ip->imm)
  RI_ARITH(DivI, Div, ip->imm)
  RI_ARITH(ModI, Mod, ip->imm)
#undef RI_ARITH
L_Eq: r[ip->d].i = RS == RT; RI_NEXT;
L_Ne: r[ip->d].i = RS != RT; RI_NEXT;
L_Lt: r[ip->d].i = RS < RT; RI_NEXT;
L_Le: r[ip->d].i = RS <= RT; RI_NEXT;
L_Gt: r[ip->d].i = RS > RT; RI_NEXT;
L_Ge: r[ip->d].i = RS >= RT; RI_NEXT;
L_EqI: r[ip->d].i = RS == ip->imm; RI_NEXT;
L_NeI: r[ip->d].i = RS != ip->imm; RI_NEXT;
L_LtI: r[ip->d].i = RS < ip->imm; RI_NEXT;
L_LeI: r[ip->d].i = RS <= ip->imm; RI_NEXT;
L_GtI: r[ip->d].i = RS > ip->imm; RI_NEXT;
L_GeI: r[ip->d].i = RS >= ip->imm; RI_NEXT;
L_Jeq: RI_JUMP(RS == RT);
L_Jne: RI_JUMP(RS != RT);
L_Jlt: RI_JUMP(RS < RT);
L_Jle: RI_JUMP(RS <= RT);
L_Jgt: RI_JUMP(RS > RT);
L_Jge: RI_JUMP(RS >= RT);
L_JeqI: RI_JUMP(RS == ip->imm);
L_JneI: RI_JUMP(RS != ip->imm);
L_JltI: RI_JUMP(RS < ip->imm);
L_JleI: RI_JUMP(RS <= ip->imm);
L_JgtI: RI_JUMP(RS > ip->imm);
L_JgeI: RI_JUMP(RS >= ip->imm);
L_Jz: RI_JUMP(RS == 0);
L_Jnz: RI_JUMP(RS != 0);
L_Jmp: ip += ip->a; goto *labels[ip->op];
  // the board: a value out of range is the closure's error
L_Size: {
  const int64_t s = RS;
  r[ip->d].i = static_cast<uint64_t>(s) >= nsites ? again(m, *ip) : S.count[static_cast<size_t>(s)];
  RI_NEXT;
}
L_Top: {
  const int64_t s = RS;
  if (static_cast<uint64_t>(s) >= nsites) {
    r[ip->d].i = again(m, *ip);
  } else {
    const int c = S.count[static_cast<size_t>(s)];
    r[ip->d].i = c ? S.stack[static_cast<size_t>(s) * S.cap + c - 1] : -1;
  }
  RI_NEXT;
}
#define RI_PIECE(name, field)                                                                              \
  L_##name : {                                                                                             \
    const int64_t p = RS;                                                                            \
    r[ip->d].i = static_cast<uint64_t>(p) >= S.kind.size() ? again(m, *ip) : S.field[static_cast<size_t>(p)]; \
    RI_NEXT;                                                                                               \
  }
  RI_PIECE(Owner, owner)
  RI_PIECE(Kind, kind)
  RI_PIECE(SiteOf, site)
#undef RI_PIECE
L_Attr: {
  const int64_t p = RS;
  r[ip->d].i = static_cast<uint64_t>(p) >= S.kind.size() || m.hiding_
                 ? again(m, *ip)
                 : S.attrs[static_cast<size_t>(p) * static_cast<size_t>(S.nattrs) + static_cast<size_t>(ip->a)];
  RI_NEXT;
}
#define RI_TOP(name, field)                                                                       \
  L_##name : {                                                                                    \
    const int64_t s = RS;                                                                   \
    int c;                                                                                        \
    if (static_cast<uint64_t>(s) >= nsites || !(c = S.count[static_cast<size_t>(s)])) {          \
      r[ip->d].i = again(m, *ip);                                                                   \
    } else {                                                                                      \
      r[ip->d].i = S.field[static_cast<size_t>(S.stack[static_cast<size_t>(s) * S.cap + c - 1])];   \
    }                                                                                             \
    RI_NEXT;                                                                                      \
  }
  RI_TOP(OwnerTop, owner)
  RI_TOP(KindTop, kind)
#undef RI_TOP
L_CountOwned: {
  const int64_t s = RS;
  if (static_cast<uint64_t>(s) >= nsites) {
    r[ip->d].i = again(m, *ip);
  } else {
    const int64_t p = RT;
    r[ip->d].i = S.count[static_cast<size_t>(s)] == 0 || p < 0 || p >= S.nplayers
                   ? 0
                   : S.owned[static_cast<size_t>(s) * static_cast<size_t>(S.nplayers) + static_cast<size_t>(p)];
  }
  RI_NEXT;
}
L_OffsetC: {
  const int64_t s = RS;
  const int32_t to = static_cast<uint64_t>(s) < nsites ? m.code_->steps[static_cast<size_t>(ip->imm + s)] : -2;
  r[ip->d].i = to == -2 ? again(m, *ip) : to;
  RI_NEXT;
}
L_OffsetT: {
  const int64_t s = RS, i = RT;
  if (static_cast<uint64_t>(s) >= nsites || m.P_->grid_place[static_cast<size_t>(s)].grid < 0 ||
      static_cast<uint64_t>(i) >= static_cast<uint64_t>(ip->a))
    r[ip->d].i = again(m, *ip);
  else
    r[ip->d].i = m.tables_[ip->imm + s * ip->a + i];
  RI_NEXT;
}
L_NthC: {
  const int64_t i = RS;
  r[ip->d].i = static_cast<uint64_t>(i) >= static_cast<uint64_t>(ip->a)
                 ? again(m, *ip)
                 : reinterpret_cast<const int32_t*>(static_cast<intptr_t>(ip->imm))[i];
  RI_NEXT;
}
L_XOf:
L_YOf: {
  const int64_t s = RS;
  if (static_cast<uint64_t>(s) >= nsites || m.P_->grid_place[static_cast<size_t>(s)].grid < 0) {
    r[ip->d].i = again(m, *ip);
  } else {
    const GridPlace& g = m.P_->grid_place[static_cast<size_t>(s)];
    r[ip->d].i = ip->op == BXOf ? g.x : g.y;
  }
  RI_NEXT;
}
L_InList: r[ip->d].i = in_list(m, static_cast<size_t>(ip->imm), RS) == (ip->a != 0); RI_NEXT;
L_InRel: {
  const int64_t site = RT;
  if (static_cast<uint64_t>(site) >= nsites) {
    r[ip->d].i = again(m, *ip);
  } else {
    const auto l = static_cast<size_t>(m.P_->relation_lists[static_cast<size_t>(ip->imm)][static_cast<size_t>(site)]);
    r[ip->d].i = in_list(m, l, RS) == (ip->a != 0);
  }
  RI_NEXT;
}
#undef nsites
#undef RS
#undef RT
#undef RI_NEXT
#undef RI_JUMP
}

bool Machine::in_block(int n) const {
  return n >= 0 && static_cast<size_t>(n) < code_->nodes.size() && code_->nodes[static_cast<size_t>(n)].fn == &Blocks::run;
}

}  // namespace ri
