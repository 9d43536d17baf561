// The operations of the blocks' code and the machine's side of the blocks (blocks_run.cpp), shared by the compiler of
// the blocks (blocks.cpp). Private to runtime/.
#pragma once
#include <cstdint>

#include "runtime/machine.hpp"

namespace ri {

// The operations. A comparison comes in six (==, !=, <, <=, >, >=, in this order), each with two operands (registers
// or slots) or an operand and a constant (I), computing 0 or 1 (Eq ..) or jumping by `a` when it holds (Jeq ..).
#define RI_BLOCK_OPS(X)                                                                                              \
  X(Ret) X(RetI) X(Mov) X(Ldi) X(Lds) X(Ldg) X(Ldpm) X(Ldme) X(Ldzone) X(Ldlet) X(Ldkept) X(Sts) X(Call)             \
  X(Neg) X(Abs) X(Not) X(Min) X(Max) X(Opp) X(Next)                                                                  \
  X(Add) X(Sub) X(Mul) X(Div) X(Mod) X(AddI) X(SubI) X(MulI) X(DivI) X(ModI)                                         \
  X(Eq) X(Ne) X(Lt) X(Le) X(Gt) X(Ge) X(EqI) X(NeI) X(LtI) X(LeI) X(GtI) X(GeI)                                      \
  X(Jeq) X(Jne) X(Jlt) X(Jle) X(Jgt) X(Jge) X(JeqI) X(JneI) X(JltI) X(JleI) X(JgtI) X(JgeI)                          \
  X(Jz) X(Jnz) X(Jmp)                                                                                                \
  X(Size) X(Top) X(Owner) X(Kind) X(SiteOf) X(Attr) X(OwnerTop) X(KindTop) X(CountOwned)                           \
  X(OffsetC) X(OffsetT) X(NthC) X(XOf) X(YOf) X(InList) X(InRel)

enum BlockOp : uint16_t {
#define RI_ENUM(name) B##name,
  RI_BLOCK_OPS(RI_ENUM)
#undef RI_ENUM
};

constexpr int kRegs = 16;  // registers of a block

// The machine's side: running a block's code (blocks_run.cpp).
struct Blocks {
  // What evaluates the node of instruction i again when its value is out of range: its closure, which reports the
  // error (or computes the value, which is then the value).
  [[gnu::noinline, gnu::cold]] static int64_t again(Machine& m, const Ins& i) { return i.x->fn(m, *i.x).i; }
  static Value run(Machine& m, const XNode& x);
  // whether constant list l holds x (Machine::contains)
  static bool in_list(const Machine& m, size_t l, int64_t x) {
    const auto& member = m.P_->list_member[l];
    if (!member.empty()) return x >= 0 && x < static_cast<int64_t>(member.size()) && member[static_cast<size_t>(x)];
    for (auto e : m.P_->lists[l])
      if (e == x) return true;
    return false;
  }
};

}  // namespace ri
