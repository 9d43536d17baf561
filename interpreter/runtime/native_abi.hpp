// What a native build of a program shares with the machine (native/: the program's expressions translated to C++ and
// compiled into a shared object): the handlers it gives in place of some nodes' closures (NativeEntry), the machine's
// few out-of-line operations it calls (NativeHost), and the machine's state as its code reads it (Native: inline
// only, so that the shared object needs no symbol of the program that loads it). The generated code includes this
// header and nothing else of ours; its layout must be the loader's, which native/ checks (kNativeAbi and the key of
// the headers it was compiled with).
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "runtime/machine.hpp"
#include "runtime/sorted.hpp"
#include "runtime/state.hpp"

namespace ri {

// Raised whenever what the generated code may assume of the machine changes (the key of the headers changes too).
inline constexpr int kNativeAbi = 19;

// Node `node`'s closure is replaced by `fn`.
struct NativeEntry {
  int32_t node;
  XFn fn;
};

// A move's candidates listed by generated code (Game::candidates, spec/native.md): each combination of its parameters
// that meets its requirements bound in the slots, then `emit(ctx)`, until it returns false (then: false). With `out`
// (given for a move that ends with its step, listing the legal moves), each is appended to `out` instead, as
// Game::extend appends it at depth 0: a move with post-conditions played first, appended when they hold (Native::Trial).
// `game` is the Game listing them (for NativeHost::sorted).
using NativeEmit = bool (*)(void* ctx);
using NativeMoveFn = bool (*)(Machine& m, void* game, NativeEmit emit, void* ctx, MoveList* out);
struct NativeMove {
  int32_t move;
  NativeMoveFn fn;
};

// A step of a move run by generated code as Game::run_step runs it: the turn's flags for it (`further`: a further step
// of the move), its lets computed (one that fails is left to fail where it is used), then its effects in order.
using NativeStepFn = void (*)(Machine& m, bool further);
struct NativeStep {
  int32_t move;
  NativeStepFn fn;
};

// The end rules tried in order by generated code, as Game::check_end tries them: whether one held (the game then over,
// its result and the rule that ended it set).
using NativeEndsFn = bool (*)(Machine& m);

// What the generated code calls in the machine, out of line: the error of an evaluation step over the budget at node
// n; appending an item to the list arena (the arena's limit checked at node n); Machine::collect_over and
// Machine::settle, as filter and map use them.
struct NativeHost {
  void (*out_of_steps)(Machine& m, int n);
  void (*push)(Machine& m, int n, int64_t item);
  size_t (*collect_over)(Machine& m, int n, size_t start, size_t count);
  Value (*settle)(Machine& m, size_t from, size_t at);
  // the error of a call at node n nested too deeply: past the depth limit (beyond_limit) or past the slots
  void (*too_deep)(Machine& m, int n, bool beyond_limit);
  // move `move`'s error of too many parameter combinations examined (Game::candidates), of too many legal moves, and
  // of parameter i's value v beyond 32 bits (generate.hpp)
  void (*too_many)(Machine& m, int move);
  void (*too_many_moves)(Machine& m, int move);
  void (*beyond_32_bits)(Machine& m, int move, int i, int64_t v);
  // node n's value computed ahead of where generation meets it by `game`, a Game, in v; false when that fails
  // (Game::computed_ahead)
  bool (*ahead)(void* game, int n, int64_t* v);
  // parameter k's values sorted (Game::sorted_values) by `game`, a Game; `e` the value of the last sorting
  // requirement's other side computed by the caller (null: computed here)
  bool (*sorted)(void* game, int move, int k, const Value* dom, const int64_t* e, const int32_t** values, int64_t* n);
  // an array of `size` spans of `game` for parameter k of move `move` where the listing keeps the values sorted found
  // (SortedValues::spans)
  SortedSpan* (*sorted_spans)(void* game, int move, int k, int64_t size);
  // how many moves `game`, a Game, has listed so far in the listing under way (0: none kept), and that list cut back
  // to `size` (a direct listing that gave up after the game played its candidates: Game::listing_)
  int (*listed)(void* game);
  void (*unlist)(void* game, int size);
  // effects (Machine's mutations, journaled): piece p placed on site s (-1: off the board), given attribute a's value,
  // an owner, a kind
  void (*place)(Machine& m, int p, int s);
  void (*set_attr)(Machine& m, int p, int a, int32_t v);
  void (*set_owner)(Machine& m, int p, int player);
  void (*set_kind)(Machine& m, int p, int kind);
  // the changes made since the journal's mark taken back (Machine::rollback: a candidate played, Native::Trial)
  void (*rollback)(Machine& m, size_t mark);
  // the error of statement n: too many changes to the state (Machine::ex), or value v that is no piece, no site, no
  // player or beyond 32 bits (what: 0, 1, 2, 3; codegen_effects.cpp)
  void (*too_many_changes)(Machine& m, int n);
  void (*effect_error)(Machine& m, int n, int what, int64_t v);
  // the error of `items` more items in the list arena at node n, when they do not fit (Machine::arena_room)
  void (*arena_room)(Machine& m, int n, int64_t items);
  // the error of an end rule's result at node n that is no player (Game::check_end): its winner, or its loser
  void (*end_error)(Machine& m, int n, bool loser);
};

// A native build, loaded: its handlers, valid while `library` is held (build_closures installs them; the node's
// closure stays at hand, XCode::original, for the values the generated code leaves to it).
struct NativeCode {
  std::shared_ptr<void> library;
  std::vector<NativeEntry> entries;
  std::vector<NativeMoveFn> moves;  // per move: what lists its candidates (null: Game::candidates)
  std::vector<NativeStepFn> steps;  // per move: what runs its step (null: Game::run_step)
  NativeEndsFn ends = nullptr;      // the end rules
};

// The machine as the generated code reads and writes it. A value the code cannot compute (a site out of range, an
// overflow, a secret read while hiding) it leaves to the original closure of the tree's root (redo), which computes
// the tree again and reports the error as the interpreter does: from the budgets, the depth of calls and the arena
// the tree started with (Start, taken where the root's function starts, or each round of its loop of tail calls), so
// that the steps it counted before are not counted twice; after the error, the budgets are what they were where the
// code met it, where the interpreter meets it.
struct Native {
  struct Start {
    int64_t budget, op_budget;
    size_t arena;
    int depth;
  };
  static Start start(const Machine& m) { return {m.budget_, m.op_budget_, m.arena_.size(), m.depth_}; }
  static Value& slot(Machine& m, int i) { return m.slots_[static_cast<size_t>(m.base_ + i)]; }
  // move generation: parameter i's slot, in the outermost frame whatever frame an error caught by the host (H->ahead,
  // H->sorted) left the machine in, as Game::extend binds it (Machine::slot)
  static Value& param(Machine& m, int i) { return m.slot(i); }
  static uint64_t& lets(Machine& m) { return m.let_mask_; }
  static Value& hoisted(Machine& m, int i) { return m.hoisted_[static_cast<size_t>(i)]; }  // (Op::Hoisted)
  static int64_t var(const Machine& m, int64_t off) { return m.S_.vars[static_cast<size_t>(off)]; }
  static int64_t me(const Machine& m) { return m.S_.player; }
  static int64_t flags(const Machine& m) { return m.S_.flags; }
  static int64_t over(const Machine& m) { return m.S_.over; }
  static int64_t hist_len(const Machine& m) { return m.S_.hist_len; }
  // value i of history entry e (0: its mover, 1 + f: field f); e within the history
  static int64_t hist(const Machine& m, int64_t e, int i) {
    return m.S_.history[static_cast<size_t>(e) * static_cast<size_t>(m.S_.hist_width) + static_cast<size_t>(i)];
  }
  static int64_t count(const Machine& m, int64_t s) { return m.S_.count[static_cast<size_t>(s)]; }
  static int64_t top(const Machine& m, int64_t s) { return top_piece(m.S_, static_cast<int>(s)); }
  static uint64_t npieces(const Machine& m) { return m.S_.kind.size(); }
  static int64_t owner(const Machine& m, int64_t p) { return m.S_.owner[static_cast<size_t>(p)]; }
  static int64_t kind(const Machine& m, int64_t p) { return m.S_.kind[static_cast<size_t>(p)]; }
  // the pieces of kind k in creation order (State::by_kind), n of them; none for a value that is not a kind
  static const int16_t* kind_group(const Machine& m, int64_t k, int64_t& n) {
    const std::span<const int16_t> g = ri::kind_group(m.S_, k);
    n = static_cast<int64_t>(g.size());
    return g.data();
  }
  static int64_t site(const Machine& m, int64_t p) { return m.S_.site[static_cast<size_t>(p)]; }
  static int64_t attr(const Machine& m, int64_t p, int a) {
    return m.S_.attrs[static_cast<size_t>(p) * static_cast<size_t>(m.S_.nattrs) + static_cast<size_t>(a)];
  }
  static bool hiding(const Machine& m) { return m.hiding_; }
  static int64_t owned(const Machine& m, int64_t s, int64_t p) {
    return m.S_.owned[static_cast<size_t>(s) * static_cast<size_t>(m.S_.nplayers) + static_cast<size_t>(p)];
  }
  static size_t arena(const Machine& m) { return m.arena_.size(); }
  // a cached part's cell (runtime/closures.hpp, DirectPart): whether it holds the part's value yet, and the value
  static bool known(const Machine& m, size_t at) { return m.direct_known_[at] != 0; }
  static const Value& cell(const Machine& m, size_t at) { return m.direct_cells_[at]; }
  // an item appended to the list arena, within its limit (past it: host->push, which reports the error at node n)
  [[gnu::always_inline]] static void push(Machine& m, const NativeHost* h, int n, int64_t item) {
    if (m.arena_.size() >= Machine::kArenaMax) [[unlikely]] return h->push(m, n, item);
    m.arena_.push_back(item);
  }
  static void drop_lists(Machine& m, size_t mark) { m.drop_lists(mark); }
  // Machine::settle: the list made from `at` to the arena's top where it is when nothing below it can be dropped, else
  // moved down by the host
  [[gnu::always_inline]] static Value settle(Machine& m, const NativeHost* h, size_t from, size_t at) {
    if (std::max(from, m.arena_pin_) >= at) [[likely]]  // (nothing below it to move over)
      return Value{static_cast<int64_t>(ListKind::Literal), static_cast<int32_t>(at), static_cast<int32_t>(m.arena_.size() - at)};
    return h->settle(m, from, at);
  }
  [[gnu::always_inline]] static void tick(Machine& m, const NativeHost* h, int n) {
    if (--m.budget_ < 0 || --m.op_budget_ < 0) [[unlikely]] h->out_of_steps(m, n);
  }
  // a loop that counts its steps after it (codegen.cpp, quiet): whether the budgets hold `steps` more and the arena
  // `items` more; then the steps it counted, and an item appended (within the room checked)
  static bool room(const Machine& m, int64_t steps, int64_t items) {
    return m.budget_ >= steps && m.op_budget_ >= steps &&
           m.arena_.size() + static_cast<uint64_t>(items) <= Machine::kArenaMax;
  }
  static void spend(Machine& m, int64_t steps) {
    m.budget_ -= steps;
    m.op_budget_ -= steps;
  }
  [[gnu::always_inline]] static void put(Machine& m, int64_t item) { m.arena_.push_back(item); }
  // A filter whose condition is a test of who holds its element, a site (codegen.cpp, site_keep), without branches: room
  // for n more items in the arena's buffer; an item appended when `keep`; whether the board's stacks have room for a
  // piece (then a piece exists); occupied(s) and top(s).owner == w (`is`; else != w), the owner of piece 0 read for an
  // empty site (read, not used)
  static void reserve(Machine& m, int64_t n) { m.arena_.reserve(m.arena_.size() + static_cast<size_t>(n)); }
  [[gnu::always_inline]] static void put_if(Machine& m, int64_t item, bool keep) { m.arena_.push_if(item, keep); }
  static bool stacks(const Machine& m) { return m.S_.cap > 0 && !m.S_.owner.empty(); }
  // owned(s, w) > 0 of a site s, for any w (none: false)
  [[gnu::always_inline]] static bool owned_some(const Machine& m, int64_t s, int64_t w) {
    return w >= 0 && w < m.S_.nplayers && owned(m, s, w) > 0;
  }
  // word k of player p's sets of sites (State::held: the sites where p owns a piece; topped: those whose top piece p
  // owns); of every player but w (topped_but: w none, every player's)
  static uint64_t held(const Machine& m, int64_t p, int k) {
    return m.S_.held[static_cast<size_t>(p) * static_cast<size_t>(m.S_.site_words) + static_cast<size_t>(k)];
  }
  static uint64_t topped(const Machine& m, int64_t p, int k) {
    return m.S_.topped[static_cast<size_t>(p) * static_cast<size_t>(m.S_.site_words) + static_cast<size_t>(k)];
  }
  static uint64_t topped_but(const Machine& m, int64_t w, int k) {
    uint64_t b = 0;
    for (int p = 0; p < m.S_.nplayers; ++p)
      if (p != w) b |= topped(m, p, k);
    return b;
  }
  [[gnu::always_inline]] static bool occupied_top_owner(const Machine& m, int64_t s, int64_t w, bool is) {
    const int p = m.S_.tops[static_cast<size_t>(s)];
    const size_t q = static_cast<size_t>(p) & (size_t{0} - static_cast<size_t>(p >= 0));
    return (p >= 0) & ((m.S_.owner[q] == w) == is);
  }
  // effects: whether the operation's changes are past their budget (Machine::ex checks it before each statement), a
  // variable set (Machine::set_var), a flag of the turn raised (extra_turn, continue_turn, continue_move)
  static bool changes_over(const Machine& m) { return m.journal_.size() > m.journal_limit_; }
  [[gnu::always_inline]] static void set_var(Machine& m, int64_t i, int64_t v) { m.set_var(static_cast<int>(i), static_cast<int32_t>(v)); }
  static void raise(Machine& m, int32_t flag) { m.S_.flags |= flag; }
  // a step (Game::run_step): the flags it starts with; a let computed, left as it is when it fails (the error thrown on
  // when the operation's budgets are spent); the frame the effects start in (Machine::execute_all); an effect run as
  // Machine::ex runs it (a fresh budget, a step counted, the budget of changes checked), by `work`
  static void step_flags(Machine& m, bool further) {
    State& S = m.state();  // (a change, as Game::run_step counts it)
    S.flags &= ~(State::kContinueMove | State::kContinuing);
    if (further) S.flags |= State::kContinuing;
  }
  template <class Work>
  static void let(Machine& m, Work&& work) {
    try {
      begin_eval(m);
      work();
    } catch (const RuntimeError&) {
      if (m.spent()) throw;
    }
  }
  static void begin_effects(Machine& m) {
    m.depth_ = 0;
    m.base_ = 0;
    m.ncalls_ = 0;
    m.for_items_.clear();
  }
  template <class Work>
  [[gnu::always_inline]] static void effect(Machine& m, const NativeHost* h, int n, Work&& work) {
    m.budget_ = m.limits.steps;
    tick(m, h, n);
    if (changes_over(m)) [[unlikely]] h->too_many_changes(m, n);
    work();
  }
  // the end (Game::check_end): the game over as `ended_by` says, nobody winning yet; the winners; player l losing
  static void end(Machine& m, int32_t ended_by) {
    m.S_.over = 1;
    m.S_.winners = 0;
    m.S_.ended_by = ended_by;
  }
  static uint32_t& winners(Machine& m) { return m.S_.winners; }
  static void lose(Machine& m, int l) { ri::lose(m.S_, m.P_->nplayers(), l); }
  // list l's elements appended to the arena in order, as Machine::for_each walks them (the room checked): without
  // their steps (the caller counts them), or each step counted before its element (`++` at node n, Machine::join)
  static void append(Machine& m, const Value& l) { append_items<false>(m, nullptr, 0, l); }
  static void append_counted(Machine& m, const NativeHost* h, int n, const Value& l) { append_items<true>(m, h, n, l); }
  template <bool Counted>
  static void append_items(Machine& m, const NativeHost* h, int n, const Value& l) {
    auto add = [&](int64_t e) {
      if constexpr (Counted) tick(m, h, n);
      m.arena_.push_back(e);
    };
    switch (static_cast<ListKind>(l.i)) {
      case ListKind::Const:
        for (const int32_t e : m.P_->lists[static_cast<size_t>(l.b)]) add(e);
        return;
      case ListKind::Range:
        for (int64_t e = l.b; e <= l.c; ++e) add(e);
        return;
      case ListKind::AllPieces:
        for (size_t p = 0; p < m.S_.site.size(); ++p)
          if (m.S_.site[p] >= 0) add(static_cast<int64_t>(p));
        return;
      default:
        for (int64_t i = 0, len = m.list_len(l); i < len; ++i) add(at(m, l, i));
    }
  }
  // list l's length and its i-th element (Machine::list_len, list_at); every piece (ListKind::AllPieces) is walked
  // over the pieces instead, those off the board skipped, as Machine::for_each walks it
  static bool all_pieces(const Value& l) { return static_cast<ListKind>(l.i) == ListKind::AllPieces; }
  // (the lists that generation and loops meet most, read in place; in a loop over a list made at run time (`at_in`:
  // codegen.cpp, loop), a list made in the arena, a remembered or a kept list inline, each read through its buffer at
  // each element, since the loop's body may move the buffer; the others out of line)
  [[gnu::always_inline]] static int64_t len(Machine& m, const Value& l) {
    const auto k = static_cast<ListKind>(l.i);
    if (k == ListKind::Literal || k == ListKind::Memo || k == ListKind::Kept) return l.c;
    return m.list_len(l);
  }
  static int64_t at(Machine& m, const Value& l, int64_t i) {
    const auto k = static_cast<size_t>(l.b + i);
    switch (static_cast<ListKind>(l.i)) {
      case ListKind::Const: return m.P_->lists[static_cast<size_t>(l.b)][static_cast<size_t>(i)];
      case ListKind::Range: return l.b + i;
      case ListKind::Literal: return m.arena_[k];
      case ListKind::Memo: return m.memo_items_[k];
      case ListKind::Kept: return m.kept_items_[k];
      default: return m.list_at(l, static_cast<int>(i)).i;
    }
  }
  [[gnu::always_inline]] static int64_t at_in(Machine& m, const Value& l, int64_t i) {
    const auto k = static_cast<size_t>(l.b + i);
    switch (static_cast<ListKind>(l.i)) {
      case ListKind::Literal: return m.arena_[k];
      case ListKind::Memo: return m.memo_items_[k];
      case ListKind::Kept: return m.kept_items_[k];
      default: return at(m, l, i);
    }
  }
  // a call at node n (Closures::call): one nesting deeper, within the depth limit; its frame's first slot, where the
  // caller's frame (b slots) ends, within the slots; then the frame entered and left
  [[gnu::always_inline]] static void nest(Machine& m, const NativeHost* h, int n) {
    if (++m.depth_ > m.limits.depth) [[unlikely]] h->too_deep(m, n, true);
  }
  [[gnu::always_inline]] static int frame(Machine& m, const NativeHost* h, int n, int b, int size) {
    const int callee = m.base_ + b;
    if (static_cast<size_t>(callee + size + 1) > m.slots_.size()) [[unlikely]] h->too_deep(m, n, false);
    return callee;
  }
  static Value& absolute(Machine& m, int i) { return m.slots_[static_cast<size_t>(i)]; }
  // remembered calls (compile/memo.hpp, Closures::remembered): whether the machine remembers now, the entry of a call
  // of f with n arguments, whether it holds them at this state, and a single value kept in it (Machine::memo_keep)
  static bool memo_on(const Machine& m) { return m.memo_on_; }
  static Machine::MemoEntry& memo_entry(Machine& m, int f, const Value* args, int n) { return m.memo_entry(f, args, n); }
  static bool memo_hit(const Machine& m, const Machine::MemoEntry& e, int f, const Value* args, int n) {
    return m.memo_hit(e, f, args, n);
  }
  static void memo_keep(Machine& m, Machine::MemoEntry& e, int f, const Value* args, int n, int64_t v) {
    m.memo_store(e, f, args, n, Value{v, 0, 0});
  }
  // a list kept so (Machine::memo_keep): one made in the arena since `mark` moved to the remembered lists; the list the
  // call has
  static Value memo_keep_list(Machine& m, Machine::MemoEntry& e, int f, const Value* args, int n, Value v, size_t mark) {
    return m.memo_keep(e, f, args, n, v, mark);
  }
  static int& base(Machine& m) { return m.base_; }
  static size_t& calls(Machine& m) { return m.ncalls_; }
  [[gnu::always_inline]] static void push_call(Machine& m, int n) { m.push_call(n); }
  static bool& tail(Machine& m) { return m.tail_; }
  static int& depth(Machine& m) { return m.depth_; }
  // a tail call at node n made (Closures::tail_call_made)
  static void tail_made(Machine& m, int n) {
    tail_kept(m, n);
    m.tail_ = true;
  }
  // (the same, the body evaluated again by the generated code itself)
  static void tail_kept(Machine& m, int n) {
    if (m.ncalls_ < static_cast<size_t>(m.limits.depth)) m.push_call(n);
  }
  static Value ev(Machine& m, int n) {
    const XNode& x = m.nodes_[n];
    return x.fn(m, x);
  }
  static const XNode& node(const Machine& m, int n) { return m.nodes_[n]; }
  // what Machine::evaluate does before it evaluates a tree
  static void begin_eval(Machine& m) {
    m.budget_ = m.limits.steps;
    m.depth_ = 0;
    m.base_ = 0;
    m.ncalls_ = 0;
  }
  // move generation (Game::candidates): a combination examined (false past the operation's allowance), the arena
  // rewound to a mark, lets forgotten, a constant list's items (null for another list)
  static bool examine(Machine& m) { return m.examine(); }
  static void rewind(Machine& m, size_t mark) { m.arena_rewind(mark); }
  static void forget(Machine& m, uint64_t mask) { m.forget_lets(mask); }
  static const int32_t* items(const Machine& m, const Value& l) {
    return static_cast<ListKind>(l.i) == ListKind::Const ? m.P_->lists[static_cast<size_t>(l.b)].data() : nullptr;
  }
  // (a parameter's value in a loop of generation: read as a loop over a list reads it, at_in)
  [[gnu::always_inline]] static Value item(Machine& m, const Value& l, int64_t i) { return Value{at_in(m, l, i), 0, 0}; }
  // a cached part's list kept for the game (ListKind::Kept): its items in place (null for another list)
  static const int64_t* kept_items(const Machine& m, const Value& l) {
    return static_cast<ListKind>(l.i) == ListKind::Kept ? m.kept_items_.data() + l.b : nullptr;
  }
  // A direct listing (codegen_moves.cpp): the operation's steps and combinations examined (saved before it, put back
  // when it gives up), a fresh budget of steps for one evaluation (what begin_eval gives it), n combinations examined
  // at once (false past the operation's allowance)
  static int64_t& op_budget(Machine& m) { return m.op_budget_; }
  static int64_t& op_candidates(Machine& m) { return m.op_candidates_; }
  static void fresh_budget(Machine& m) { m.budget_ = m.limits.steps; }
  static bool examine_all(Machine& m, int64_t n) { return m.examine(n); }
  // a direct listing that gave up (an error met, a probe's candidate found), the move listed again: counted, for tests
  // and measurements
  static void gave_up(Machine& m) { ++m.native_gave_up_; }
  static int64_t gave_up_count(const Machine& m) { return m.native_gave_up_; }
  // Remembered calls in a direct listing (codegen.cpp, memo_loop): what it changes of the kept values logged from
  // memo_log_begin() and put back by memo_log_undo() when it gives up, so that the listing made again meets them as
  // they were; whether the remembered lists have room for n more items; an item appended; item k; the value v of a
  // call of f with the n values args kept in entry e, logged (a retry when the log is full). The log's mark: where a
  // listing's part of it begins (listings nest: a candidate played lists the move's further steps).
  struct MemoMark {
    size_t logged, items;
  };
  static MemoMark memo_log_begin(Machine& m) {
    // (outside a listing that plays its candidates, nothing logged before is needed: a listing that ended kept it)
    if (m.memo_nguards_ == 0) m.memo_nlogged_ = 0;
    return {m.memo_nlogged_, m.memo_items_.size()};
  }
  static void memo_log_undo(Machine& m, const MemoMark& k) {
    while (m.memo_nlogged_ > k.logged) {
      const Machine::MemoLogged& l = m.memo_log_[--m.memo_nlogged_];
      if (l.current) *l.at = l.was;
      else l.at->epoch = 0;  // (no listing's)
    }
    m.memo_items_.resize(k.items);
  }
  // A direct listing that plays its candidates as they come (the game's f, which plays each on the machine, lists its
  // further steps and checks its post-conditions): while it lists, what the plays overwrite of the values kept at the
  // listing's state is logged too (Machine::memo_guards_), and undone with the listing's when it gives up.
  class MemoGuard {
   public:
    explicit MemoGuard(Machine& m) : m_(m) {
      if (m_.memo_nguards_ < Machine::kMemoGuards) m_.memo_guards_[m_.memo_nguards_] = m_.version_;
      ++m_.memo_nguards_;
    }
    ~MemoGuard() { --m_.memo_nguards_; }
    MemoGuard(const MemoGuard&) = delete;
    MemoGuard& operator=(const MemoGuard&) = delete;

   private:
    Machine& m_;
  };
  // A candidate handed to the game to play (that listing's emission): the machine's frame as the game's own listing
  // would have it there, the parameters and lets of the local frame F (n values), its mask of lets L and kept parts
  // Z (nz values); what the listing holds of the machine's evaluation meanwhile (the game's plays evaluate from a
  // fresh start: the step budget of the evaluation under way, its depth of calls, its frame and its calls), given back
  // by played() after, and the state's version, given back by unplayed() when the play failed (the game takes a failed
  // play back without it: the listing made again would not find what it remembered).
  struct Held {
    int64_t budget;
    int depth, base;
    size_t ncalls;
    uint64_t version;
  };
  static Held play_frame(Machine& m, const Value* F, int n, uint64_t L, const Value* Z, int nz) {
    const Held h{m.budget_, m.depth_, m.base_, m.ncalls_, m.version_};
    std::copy(F, F + n, &m.slots_[static_cast<size_t>(m.base_)]);
    m.let_mask_ = L;
    std::copy(Z, Z + nz, m.hoisted_.begin());
    return h;
  }
  // (a play that failed: the game took it back, and the state has its version again, as after a play that did not)
  static void unplayed(Machine& m, const Held& h) { m.restore_version(h.version); }
  static void played(Machine& m, const Held& h) {
    m.budget_ = h.budget;
    m.depth_ = h.depth;
    m.base_ = h.base;
    m.ncalls_ = h.ncalls;
  }
  // A candidate of a move that ends with its step and has post-conditions, listed into a list: played where it is
  // listed, as Game::extend plays it (codegen_moves.cpp, trial): trial_begin() keeps what the play changes besides
  // the state (the lets computed, less the kept parts, the journal's mark, the state's version, whether the board's
  // key is kept, which a trial leaves as it is), save_control() saves the turn's control in the journal (where the
  // play may throw, as in Game::extend); trial_end() takes the play back and puts them back; trial_failed() takes back
  // a play that threw (the error goes on, as from Game::extend).
  struct Trial {
    uint64_t lets, version;
    size_t mark;
    bool keyed;
  };
  static Trial trial_begin(Machine& m, uint64_t hoisted) {
    const Trial t{m.let_mask_ & ~hoisted, m.version_, m.mark(), m.S_.keyed};
    m.S_.keyed = false;
    return t;
  }
  static void save_control(Machine& m) { m.save_control(); }
  // whether a candidate with post-conditions is listed without being played (Machine::list_unplayed)
  static bool unplayed(const Machine& m) { return m.unplayed_; }
  static void trial_failed(Machine& m, const NativeHost* h, const Trial& t) {
    h->rollback(m, t.mark);
    m.S_.keyed = t.keyed;
  }
  static void trial_end(Machine& m, const NativeHost* h, const Trial& t) {
    trial_failed(m, h, t);
    m.restore_version(t.version);
    m.let_mask_ = t.lets;
  }
  static bool memo_room(const Machine& m, int64_t n) {
    return m.memo_items_.size() + static_cast<uint64_t>(n) <= Machine::kMemoItemsMax;
  }
  static size_t memo_size(const Machine& m) { return m.memo_items_.size(); }
  // room for n more items (memo_room checked first): where they go, the caller appending through a pointer of its own
  // (GrowBuffer::open), then where they end
  static int64_t* memo_open(Machine& m, int64_t n) { return m.memo_items_.open(static_cast<size_t>(n)); }
  static void memo_close(Machine& m, const int64_t* end) { m.memo_items_.close(end); }
  static int64_t memo_item(const Machine& m, size_t k) { return m.memo_items_[k]; }
  [[gnu::always_inline]] static void memo_keep_logged(Machine& m, Machine::MemoEntry& e, int f, const Value* args, int n, Value v) {
    if (m.memo_nlogged_ >= Machine::kMemoLogMax) [[unlikely]] retry();
    Machine::MemoLogged& l = m.memo_logged();
    l.at = &e;
    l.current = e.epoch == m.memo_epoch_;
    if (l.current) l.was = e;
    m.memo_write(e, f, args, n, v);  // (logged: not again by a guard)
  }
  // node n's closure (a cached part's, which fills its cell)
  static Value closure(Machine& m, int n) { return m.code_->original[static_cast<size_t>(n)](m, m.nodes_[n]); }
  [[gnu::cold]] static Value redo(Machine& m, int n, const Start& s) {
    const int64_t budget = m.budget_, op_budget = m.op_budget_;
    restart(m, s);
    try {
      return closure(m, n);
    } catch (...) {
      m.budget_ = budget;
      m.op_budget_ = op_budget;
      throw;
    }
  }
  // (the same, the budgets after an error the closure's: where the interpreter meets it, for code that computes in
  // another order than the interpreter, codegen.cpp's fused filter and map)
  [[gnu::cold]] static Value redo_exact(Machine& m, int n, const Start& s) {
    restart(m, s);
    return closure(m, n);
  }
  // (the budgets, the depth of calls and the arena as the tree started with them)
  static void restart(Machine& m, const Start& s) {
    m.budget_ = s.budget;
    m.op_budget_ = s.op_budget;
    m.depth_ = s.depth;
    m.drop_lists(s.arena);
  }
  // Direct calls (codegen.cpp): a function whose body the generated code computes whole is called as a C++ function
  // with its arguments, its frame local, without the machine's frames and chain of calls. Where the interpreter would
  // report an error (also past the budget of steps or the depth of calls) it gives up (retry()), and direct_call()
  // makes the outermost direct call again through the machine's frames, its steps and depth as they were before it.
  struct Retry {};
  [[noreturn]] static void retry() { throw Retry{}; }
  // (a value that the code cannot compute: a retry)
  [[noreturn]] static const Value& missing() { throw Retry{}; }
  static void tick_or_retry(Machine& m) {
    if (--m.budget_ < 0 || --m.op_budget_ < 0) [[unlikely]] retry();
  }
  static void nest_or_retry(Machine& m) {
    if (++m.depth_ > m.limits.depth) [[unlikely]] retry();
  }
  template <class Direct, class Framed>
  static int64_t direct_call(Machine& m, Direct&& direct, Framed&& framed) {
    const int64_t budget = m.budget_, op_budget = m.op_budget_;
    const int depth = m.depth_;
    try {
      return direct();
    } catch (const Retry&) {
      m.budget_ = budget;
      m.op_budget_ = op_budget;
      m.depth_ = depth;
      return framed();
    }
  }
  // the loader's side (runtime/native.cpp)
  static const NativeHost host;
};

}  // namespace ri
