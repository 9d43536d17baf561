// The form the machine evaluates expressions in: every node of the program's code compiled once, when the machine is
// made, into a closure: the handler that computes it, with what it needs at hand (its kids as pointers, its constant,
// its slot, a variable's offset). Common shapes get handlers of their own (a comparison with a constant, `top(s).kind`,
// `offset(s, DX[i], DY[i])` with constant lists, read from a table made here, a chain of `if E == K then ...` with
// constant keys), so that evaluating them costs one call. A function's call of itself ending its body (Op::TailCall)
// does not nest: it stores the arguments in the frame, and the call that evaluates the body evaluates it again. The
// node's position and type stay in Program::code (`id`), read only when an error is reported.
#pragma once
#include <cstdint>
#include <vector>

#include "compile/program.hpp"

namespace ri {

class Machine;
struct XNode;
using XFn = Value (*)(Machine&, const XNode&);

struct XNode {
  XFn fn = nullptr;
  const XNode* k[3] = {};          // the first three kids (null: none)
  const XNode* const* kids = nullptr;  // all of them
  int64_t imm = 0;                 // the node's constant, or a constant operand
  int32_t a = 0, b = 0;            // the node's operands, or ones the handler computed at build time
  int32_t id = 0;                  // the node in Program::code
  int32_t nk = 0;                  // its number of kids
};

// One instruction of a block (blocks.hpp): an operation of the accumulator machine, with a temporary (s), an operand or
// a jump (a), a constant or a slot (imm) and the node it computes (x: what evaluates it again when its value is out of
// range).
struct Ins {
  uint16_t op = 0;
  uint8_t s = 0;
  int32_t a = 0;
  int64_t imm = 0;
  const XNode* x = nullptr;
};

// The closures of a program's code: XNode i is node i. A statement's handler is run by Machine::ex, which counts its
// step first.
// A cached part (Op::Cached, compile/cache.hpp) whose inputs each take few values (a site, a player, a small int read
// from a slot, a variable or `me`): its values kept in cells of its own, indexed by its inputs' values, instead of the
// machine's hashed table (Machine::direct_cells_; off: its first cell, -1 when it has none).
struct DirectPart {
  struct Key {
    enum Kind : int8_t { Slot, Var, Me } kind = Slot;
    int32_t index = 0;   // the slot, the variable's offset
    int32_t lo = 0;      // the least value with a cell
    uint32_t size = 0;   // how many values have cells
    uint32_t stride = 0; // cells between two values
  };
  int32_t off = -1;
  int32_t n = 0;
  Key key[4];
};

struct XCode {
  std::vector<XNode> nodes;
  std::vector<const XNode*> kids;  // XNode::kids point into it
  std::vector<int32_t> tables;     // what handlers look values up in (offsets by constant lists of steps)
  // blocks.hpp: the blocks' code, the closures of their roots as they were (what evaluates a root again), and the
  // tables of offsets by constant steps that their code reads
  std::vector<Ins> blocks;
  std::vector<XNode> roots;
  std::vector<int32_t> steps;
  // the cached parts' cells (by Node::a of the Op::Cached node; a handler of such a part holds a pointer to its
  // DirectPart, so XCode moves but is never copied) and how many cells they have together
  std::vector<DirectPart> direct;
  size_t direct_cells = 0;
  // with a native build (Program::native, runtime/native_abi.hpp): per node, its closure before the build's handler
  // replaced it (null where none did), which the handler leaves what it cannot compute to
  std::vector<XFn> original;

  XCode() = default;
  XCode(XCode&&) = default;
  XCode& operator=(XCode&&) = default;
  XCode(const XCode&) = delete;
  XCode& operator=(const XCode&) = delete;
};
XCode build_closures(const Program& P);

// The cached parts that have cells of their own (XCode::direct, by Node::a of their Op::Cached node), and in `total`
// how many cells they have together (the native build reads the cells as the closures do).
std::vector<DirectPart> direct_layout(const Program& P, size_t& total);

// Whether x's handler reads offset(s, DX[i], DY[i]) from XCode::tables (imm: where its table starts, a: entries per
// site, k[1]: the index i).
bool reads_offset_table(const XNode& x);

// The handler of statement n (effects.cpp), x's operands set to what it reads; null when n is not a statement.
XFn statement_handler(const Program& P, const Node& n, XNode& x);

}  // namespace ri
