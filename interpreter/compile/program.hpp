// The compiled form of a rule file: interned ids, slot-resolved variables, flat code and precomputed
// topology tables. Nothing here refers to YAML or looks a name up at run time.
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/diagnostics.hpp"
#include "common/types.hpp"
#include "check/model.hpp"

namespace ri {

enum class Op : uint8_t {
  // values
  Const,      // imm
  Str,        // a = string id
  Local,      // a = slot
  LazyLet,    // a = slot, b = let bit, k0 = value
  Global,     // a = variable
  PerPlayer,  // a = variable, k0 = player
  Me,
  ZoneEach,   // a = zone, k0 = player -> site
  TrackEach,  // a = track, k0 = player -> list
  ConstList,  // a = list id
  Neg, Not, And, Or,
  Add, Sub, Mul, Div, Mod,
  Eq, Ne, Lt, Le, Gt, Ge,
  In, NotIn,  // k0 element, k1 list
  If,         // k0 cond, k1 then, k2 else
  Let,        // a = slot, k0 value, k1 body
  Range,      // k0..k1 -> list
  ListLit,    // kids -> list
  Any, All, Count, Sum, Min, Max,  // a = slot, k0 domain, k1 where (or -1), k2 body (or -1)
  Call,       // a = function, b = caller frame size, kids = args
  Bind,       // an inlined call (compile/inline.hpp): a = the callee's first slot, b = the function, kids = args, then
              // the body's copy
  TailCall,   // a call of the function whose body it ends (compile/inline.hpp): a = function, kids = args; the frame
              // is reused (the arguments go to its parameters' slots and the body is evaluated again)
  Index,      // k0 list, k1 int -> element (nth)
  Cached,     // a part computed from its inputs and the board's tables only (compile/cache.hpp): a = its index,
              // k0 = the part, then its inputs
  Hoisted,    // a part of a requirement kept while the parameters it reads keep their values (compile/hoist.hpp): a =
              // its index among the kept values, b = its bit of the 'let' mask, k0 = the part
  // builtins
  Next, Opponent, PiecesAt, Size, Top, Owner, SiteOf, KindOf, Attr /* a = attr */, Len, Nth, IndexOf, MinF, MaxF,
  Abs, Related /* a = relation, k0 site -> list */, Link /* a = relation, k0 site -> site or none */,
  CountOwned /* k0 site, k1 player: how many of k1's pieces are on k0 (owned), from a per-site table */,
  LinesThrough /* a = family, k0 site -> lines */, LineSites /* k0 line -> sites */,
  HistLen, Repetitions /* k0 moves */, Mover /* k0 entry */, LastTurn /* k0 player */, Recorded /* a = field, k0 entry */,
  Concat /* k0 ++ k1: the written forms joined */, StrEq, StrNe,
  JoinText /* concat(x in k0 where k1 : k2): the written forms of k2 joined; a = slot */,
  CannotMove /* true while the end rules are tried because the player to move has no legal move */,
  GameOver /* true once the game is over */,
  Continuing /* true while the step being chosen or played continues a move (continue_move) */,

  XOf, YOf /* k0 site -> its grid column / row */, SiteAt /* k0 x, k1 y -> site of the first grid or none */,
  Offset /* k0 site, k1 dx, k2 dy -> site of the same grid or none */, AllPieces /* -> every piece on the board */,
  KindPieces /* k0 kind -> every piece of that kind, on the board or off it (a list made in the arena) */,
  Random /* k0 n -> below(n) from the setup's generator (only in 'setup') */,
  Styled /* k0 text, k1 style -> k0 in escape sequences while rendering for people with colour on, else k0 */,
  // lists made in the arena
  Join /* k0 ++ k1 (two lists) */, Unique /* k0 list */, Filter, Map /* like Any: a = slot, k0 domain, k1 where, k2 body */,
  Slice /* k0 list, k1 i, k2 j -> its elements i .. j - 1 */, Reverse /* k0 list */,
  Reach /* reachable(x in k0 where k1 : k2): k0's elements, then k2's breadth first, those where k1 holds, each once; a = slot */,
  // effects
  SBlock, SIf, SFor /* a = slot, k0 domain, k1 where or -1, k2 body */, SWhile /* k0 cond, k1 body */, SLet /* a = slot, k0 value, k1 body */,
  SSetGlobal /* a = var, k0 value */, SSetPer /* a = var, k0 player, k1 value */, SSetAttr /* a = attr, k0 piece, k1 value */,
  SSetOwner, SSetKind, SMove /* k0 piece, k1 site */, SRemove, SExtraTurn, SContinueTurn, SContinueMove, SNop,
  SShuffle /* k0 site: its stack shuffled with the setup's generator, or arranged as the deck given (setup only) */,
};

struct NativeCode;  // runtime/native_abi.hpp

struct Node {
  Op op;
  Type type = Type::Error;
  int32_t a = 0, b = 0;
  Pos pos;  // where the node's source is written (pos.file: a Program::files index)
  int64_t imm = 0;
  int32_t first = 0;  // first kid in Program::kids
  int32_t nk = 0;     // number of kids
};

// List values are descriptors: a constant list, a range, the pieces stacked on a site, a list made in the
// evaluation arena (a list literal, '++', unique, filter, map), every piece, the value of a remembered call
// (runtime/memo.hpp: its items kept with the call), or the value of a cached part (compile/cache.hpp: its items kept
// for the whole game).
enum class ListKind : int64_t { Const = 1, Range, Stack, Literal, AllPieces, Memo, Kept };

// Trivially constructible (no member initialisers), so that scratch arrays of values cost nothing; write
// Value{} for a zero value.
struct Value {
  int64_t i;   // scalar value, or ListKind for lists
  int32_t b;   // list: const id / range low / site / arena offset
  int32_t c;   // list: range high / length
};

// The compiled program: the checked model and the flat code its declarations' node indices point into.
struct Program : Model {
  std::vector<Node> code;
  std::vector<int32_t> kids;
  // some code calls `repetitions`: the game keeps the key of the position after each move (State::positions)
  bool uses_repetitions = false;
  // some filter walks a player's sites (compile/requirements.hpp, sites_filter): the game keeps each player's sets of
  // sites (State::held, topped)
  bool uses_site_sets = false;

  // Inlining (compile/inline.hpp): per node, the Bind node of the inlined call its code was copied for (-1: none; a
  // node past the end: none); per function, whether its calls are inlined, whether it can reach itself through
  // calls (only such a call costs an evaluation step), and whether its body ends in calls of itself (Op::TailCall).
  std::vector<int32_t> inlined_in;
  std::vector<uint8_t> inlinable, recursive, tail_calls;
  // Per function, whether move generation remembers the values of its calls, and per node, whether it is code that
  // generation evaluates (only there are they remembered: compile/memo.hpp).
  std::vector<uint8_t> memoized, generating;
  int nhoisted = 0;  // the Op::Hoisted nodes (compile/hoist.hpp)
  int ncached = 0;   // the Op::Cached nodes (compile/cache.hpp)
  // A native build of this program (native/, loaded): handlers that the machine runs in place of some nodes' closures;
  // null: the interpreter's closures only. The program's results are the same either way.
  std::shared_ptr<const NativeCode> native;

  const Node& node(int i) const { return code[i]; }
  // The highest move parameter (slots 0 .. np - 1 of the move's frame) that the code at node n reads, or -1 (n < 0:
  // -1).
  int param_level(int n, int np) const {
    if (n < 0) return -1;
    const Node& nd = code[static_cast<size_t>(n)];
    int level = (nd.op == Op::Local || nd.op == Op::LazyLet) && nd.a < np ? nd.a : -1;
    for (int k = 0; k < nd.nk; ++k) level = std::max(level, param_level(kid(nd, k), np));
    return level;
  }
  // Appends the positions of the calls that node n was inlined for, innermost first (where an error at n was called
  // from, within its frame).
  void inline_chain(int n, std::vector<Pos>& out) const {
    for (int b = n >= 0 && n < static_cast<int>(inlined_in.size()) ? inlined_in[n] : -1; b >= 0;
         b = b < static_cast<int>(inlined_in.size()) ? inlined_in[b] : -1)
      out.push_back(code[b].pos);
  }
  int kid(const Node& n, int k) const { return kids[n.first + k]; }
  // The roots of the trees that the nodes flagged in `in` (one flag per node, from node 0) make: the flagged nodes
  // that no flagged node has as a kid, or that some node not flagged has (a node may have several parents).
  std::vector<uint8_t> roots_of(const std::vector<uint8_t>& in) const {
    const size_t end = in.size();
    std::vector<uint8_t> flagged_parent(end, 0), other_parent(end, 0), roots(end, 0);
    for (size_t n = 0; n < end; ++n)
      for (int k = 0; k < code[n].nk; ++k) {
        const int c = kid(code[n], k);
        if (c >= 0 && static_cast<size_t>(c) < end) (in[n] ? flagged_parent : other_parent)[static_cast<size_t>(c)] = 1;
      }
    for (size_t n = 0; n < end; ++n) roots[n] = in[n] && (other_parent[n] || !flagged_parent[n]);
    return roots;
  }
  // Appends a copy of node n (sharing its kids) with n's side tables (the calls it was inlined for, whether generation
  // evaluates it); returns the copy's index.
  int copy_node(int n) {
    const int id = static_cast<int>(code.size());
    code.push_back(code[static_cast<size_t>(n)]);
    inlined_in.resize(code.size(), -1);  // (n < id: a table shorter than n had no entry for it, -1 or 0 now)
    inlined_in[static_cast<size_t>(id)] = inlined_in[static_cast<size_t>(n)];
    generating.resize(code.size(), 0);
    generating[static_cast<size_t>(id)] = generating[static_cast<size_t>(n)];
    return id;
  }
};

}  // namespace ri
