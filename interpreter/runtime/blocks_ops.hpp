// The operations of the blocks' code and the machine's side of the blocks (blocks_run.cpp), shared by the compiler of
// the blocks (blocks.cpp). Private to runtime/.
#pragma once
#include <cstdint>

#include "runtime/machine.hpp"

namespace ri {

// The operations. The machine keeps one value at hand, the accumulator: an operation computes it from itself and its
// operand, which is a constant (I), a slot of the frame (S) or a temporary (T, the left operand: `T - acc`), and a
// condition jumps by `a` when it holds. A comparison comes in six, ==, !=, <, <=, >, >=, in this order, each computing
// 0 or 1 (Eq..) or jumping (JEq..).
#define RI_BLOCK_OPS(X)                                                                                              \
  X(Ret) X(RetI) X(Ldi) X(Lds) X(Ldg) X(Ldpm) X(Ldme) X(Ldzone) X(Ldlet) X(Ldkept) X(Star) X(Sts) X(Stst)            \
  X(Call) X(Neg) X(Abs) X(Not) X(Opp) X(Next)                                                                        \
  X(AddI) X(SubI) X(MulI) X(DivI) X(ModI) X(MinI) X(MaxI)                                                            \
  X(AddS) X(SubS) X(MulS) X(DivS) X(ModS) X(MinS) X(MaxS)                                                            \
  X(AddT) X(SubT) X(MulT) X(DivT) X(ModT) X(MinT) X(MaxT)                                                            \
  X(EqI) X(NeI) X(LtI) X(LeI) X(GtI) X(GeI) X(EqS) X(NeS) X(LtS) X(LeS) X(GtS) X(GeS)                                \
  X(EqT) X(NeT) X(LtT) X(LeT) X(GtT) X(GeT)                                                                          \
  X(JEqI) X(JNeI) X(JLtI) X(JLeI) X(JGtI) X(JGeI) X(JEqS) X(JNeS) X(JLtS) X(JLeS) X(JGtS) X(JGeS)                    \
  X(JEqT) X(JNeT) X(JLtT) X(JLeT) X(JGtT) X(JGeT)                                                                    \
  X(Jz) X(Jnz) X(Jmp)                                                                                                \
  X(Size) X(Top) X(Owner) X(Kind) X(SiteOf) X(Attr) X(OwnerTop) X(KindTop)                                           \
  X(CountOwnedI) X(CountOwnedS) X(CountOwnedM)                                                                       \
  X(OffsetC) X(OffsetT) X(NthC) X(XOf) X(YOf) X(InList) X(InRel)

// Fused pairs (superinstructions): an instruction (the first) whose next one is the second runs both, one dispatch
// instead of two; the second stays in place, where a jump may land, so fusing changes no jump. Chosen by how often
// each pair runs in the shipped games.
#define RI_FUSED_OPS(X)                                                                                             \
  X(Lds, Attr) X(Lds, Size) X(Lds, Top) X(Lds, OffsetT) X(Lds, OffsetC) X(Lds, SiteOf) X(Lds, XOf) X(Lds, YOf)      \
  X(Lds, Owner) X(Lds, OwnerTop) X(Lds, KindTop) X(Lds, Abs) X(Lds, JNeI) X(Lds, JEqI) X(Lds, JLeI) X(Lds, JEqS)   \
  X(Lds, Star) X(Lds, Ret)                                                                                          \
  X(Ldlet, Star) X(Ldlet, Jz) X(Ldlet, CountOwnedM) X(Ldlet, InList) X(Ldlet, Kind) X(Ldkept, Star)                \
  X(Star, Lds) X(Star, Stst) X(Star, Ldme) X(Star, Ldzone) X(Star, Ldlet) X(Star, Ldi) X(Stst, Stst) X(Stst, Lds)  \
  X(Sts, JEqI) X(Sts, Lds) X(OffsetT, Sts) X(OffsetC, Sts) X(SiteOf, Sts) X(SubT, Sts) X(Call, Sts)                \
  X(Size, JLeI) X(Size, JGtI) X(Size, JEqI) X(Size, JNeI) X(Attr, JEqI) X(Attr, JNeI) X(Attr, JNeT)              \
  X(Owner, JNeS) X(OwnerTop, JNeS) X(OwnerTop, JEqS) X(OwnerTop, Star) X(KindTop, JNeI) X(CountOwnedS, JLeI)       \
  X(CountOwnedM, EqI) X(InList, Jz) X(JEqI, Lds) X(JEqI, JEqS) X(JEqS, Size) X(JLeI, Lds) X(JNeS, Lds)          \
  X(Call, Ret) X(JEqI, CountOwnedS) X(JEqI, RetI) X(JNeI, RetI) X(JLeI, RetI) X(JGtI, RetI) X(JEqS, RetI)         \
  X(JNeS, RetI)

enum BlockOp : uint16_t {
#define RI_ENUM(name) B##name,
  RI_BLOCK_OPS(RI_ENUM)
#undef RI_ENUM
#define RI_ENUM_FUSED(first, second) B##first##_##second,
  RI_FUSED_OPS(RI_ENUM_FUSED)
#undef RI_ENUM_FUSED
};

// The fused operation of first followed by second (RI_FUSED_OPS), or first itself when there is none.
constexpr uint16_t fused(uint16_t first, uint16_t second) {
#define RI_CASE_FUSED(a, b) \
  if (first == B##a && second == B##b) return B##a##_##b;
  RI_FUSED_OPS(RI_CASE_FUSED)
#undef RI_CASE_FUSED
  return first;
}

constexpr int kRegs = 16;  // temporaries of a block

// The machine's side: running a block's code (blocks_run.cpp).
struct Blocks {
  // What evaluates the node of instruction i again when its value is out of range: its closure, which reports the
  // error (or computes the value, which is then the value).
  [[gnu::noinline, gnu::cold]] static int64_t again(Machine& m, const Ins& i) { return i.x->fn(m, *i.x).i; }
  static Value run(Machine& m, const XNode& x);
};

}  // namespace ri
