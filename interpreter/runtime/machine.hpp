// The machine: evaluates compiled code against a State and performs effects with an undo journal.
// Evaluation is bounded: a step budget per top-level evaluation and a call-depth limit; a game operation's evaluation
// steps, parameter combinations, changes of the state (the undo journal), lists and strings are budgeted too.
#pragma once
#include <algorithm>
#include <deque>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "common/arith.hpp"
#include "common/prng.hpp"
#include "compile/cache.hpp"
#include "compile/memo.hpp"
#include "compile/program.hpp"
#include "runtime/closures.hpp"
#include "runtime/grow_buffer.hpp"
#include "runtime/state.hpp"

namespace ri {


// Thrown while a template is rendered for the player to move (Machine::begin_hiding) when it reads a secret
// attribute of a piece hidden from them, or writes such a piece: the template part shows ??? instead.
struct SecretRead {};

struct Limits {
  int64_t steps = 10'000'000;       // evaluation steps per top-level evaluation
  int64_t candidates = 10'000'000;  // parameter combinations one game operation may examine
  int64_t operation_steps = 200'000'000;  // evaluation steps of one game operation (all its evaluations)
  int64_t changes = 1'000'000;      // changes of the state one game operation may make (entries of the undo journal)
  int depth = 200;             // nested function calls
};

// A deck given for the setup's shuffles (Machine::set_deck) that does not name the pieces of a shuffled site, each
// once: a problem of whoever gave it (the command line's --deck, a move log's `deck:`), not of the rule file.
struct DeckError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// v as the 32-bit value of a variable, an attribute or a history field; a larger value is the rule file's error at
// `at`.
int32_t fit_32_bits(const Pos& at, int64_t v);

class Machine {
 public:
  explicit Machine(std::shared_ptr<const Program> p);

  const Program& prog() const { return *P_; }
  // The state. Non-const access counts as a change (version()).
  State& state() {
    changed();
    return S_;
  }
  const State& state() const { return S_; }
  // Changes whenever the state may have changed: a mutation, an undo, non-const access to the state. What was computed
  // from the state at one version (the legal moves) holds while the version stays.
  uint64_t version() const { return version_; }
  // After rollback(mark) to a mark taken at version v, with no change of the state but through the machine's journaled
  // mutations since: the state is the one it was, and has its version again (every version names one state: a change
  // takes a version never used before).
  void restore_version(uint64_t v) { version_ = v; }
  Limits limits;

  // Top-level evaluation of node `n` with a fresh budget; `frame` slots are already set by the caller.
  Value evaluate(int n) {
    budget_ = limits.steps;
    depth_ = 0;
    base_ = 0;
    ncalls_ = 0;
    return ev(n);
  }
  void execute(int n);
  // execute() of each statement in order (each with a fresh budget of steps; the rest of what execute() resets, which
  // a statement that ends normally leaves as it found it, reset once)
  void execute_all(std::span<const int> statements) {
    depth_ = 0;
    base_ = 0;
    ncalls_ = 0;
    for_items_.clear();
    for (const int n : statements) {
      budget_ = limits.steps;
      ex(n);
    }
  }
  // Whether node n is evaluated by a block's code (runtime/blocks.hpp), not by closures alone.
  bool in_block(int n) const;
  // Whether node n is evaluated by a native build's code (Program::native, runtime/native_abi.hpp).
  bool in_native(int n) const {
    return n >= 0 && static_cast<size_t>(n) < code_->original.size() && code_->original[static_cast<size_t>(n)];
  }
  Value& slot(int i) { return slots_[i]; }
  void reset_lets() { let_mask_ = 0; }
  // While on, a listing appends a candidate of a move that ends with its step and has post-conditions without playing
  // it (Game::generate listing candidates for a random draw; a native build's listing reads it).
  void list_unplayed(bool on) { unplayed_ = on; }
  bool lists_unplayed() const { return unplayed_; }
  void forget_lets(uint64_t mask) { let_mask_ &= ~mask; }  // the lets whose bits are set are computed anew
  uint64_t let_mask() const { return let_mask_; }  // the lets computed (kept, with their slots, by a caller)
  void set_let_mask(uint64_t mask) { let_mask_ = mask; }
  // Starts a game operation (listing moves, applying one, reading, writing, rendering): clears the list
  // arena and the strings and renews the operation's budgets of steps, parameter combinations and changes. With
  // `same_budgets`, the budgets go on from the operation before (the computation at load is one operation).
  void begin_operation(bool same_budgets = false);
  // Whether the game operation's allowance of evaluation steps or parameter combinations is spent: a runtime error
  // that a diagnosis would pass over is then thrown on (every later evaluation would fail the same way).
  bool spent() const { return op_budget_ < 0 || op_candidates_ > limits.candidates; }
  // Counts one parameter combination examined; false once the operation's allowance is spent.
  bool examine() { return ++op_candidates_ <= limits.candidates; }
  bool examine(int64_t n) { return (op_candidates_ += n) <= limits.candidates; }  // n of them
  size_t arena_mark() const { return arena_.size(); }
  // drops the lists made since `mark` (the caller forgets the list-valued lets computed since)
  void arena_rewind(size_t mark) {
    if (arena_.size() > mark) arena_.resize(mark);
    arena_pin_ = std::min(arena_pin_, mark);
  }

  // mutations (journaled)
  // (a variable set to the value it has is no change: nothing journaled, the state keeps its version)
  void set_var(int index, int32_t v) {  // (inline: the native engine's code sets variables too)
    int32_t& at = S_.vars[static_cast<size_t>(index)];
    if (at == v) return;
    changed();
    journal_.push_back({UndoEntry::Var, index, at});
    at = v;
  }
  void set_attr(int piece, int attr, int32_t v);
  void set_owner(int piece, int player);
  void set_kind(int piece, int kind);
  void place(int piece, int site);  // on top of site's stack; site -1 removes it from the board
  void save_control() {
    changed();
    controls_.push_back({S_.player, S_.step, S_.over, S_.turn, S_.ply, S_.flags, S_.ended_by, S_.winners});
    journal_.push_back({UndoEntry::Control});
  }
  // appends a history entry (hist_width values: the mover, then the fields)
  void push_history(const int32_t* entry) {
    changed();
    S_.history.append(entry, entry + S_.hist_width);
    ++S_.hist_len;
    journal_.push_back({UndoEntry::History});
  }
  // appends a position's key to State::positions (`repetitions`)
  void push_position(uint64_t key);
  size_t mark() const { return journal_.size(); }
  void rollback(size_t mark);
  void clear_journal() {
    journal_.clear();
    controls_.clear();
  }
  // The generator 'random' and 'shuffle' draw from (only while the setup runs; null otherwise).
  void set_rng(Prng* rng) { rng_ = rng; }
  // The order 'shuffle' gives a site's pieces instead of drawing (only while the setup runs; null otherwise): their
  // names, the top piece's first (a piece without a name is named by how it is written, KIND#NUMBER).
  void set_deck(const std::vector<std::string>* deck) { deck_ = deck; }

  // list helpers shared with generation
  int list_len(const Value& l) {
    switch (static_cast<ListKind>(l.i)) {
      case ListKind::Const: return static_cast<int>(P_->lists[static_cast<size_t>(l.b)].size());
      case ListKind::Range: return l.c >= l.b ? l.c - l.b + 1 : 0;  // at most kMaxRange (checked on creation)
      case ListKind::Stack: return S_.count[static_cast<size_t>(l.b)];
      case ListKind::Literal: return l.c;
      case ListKind::AllPieces: return pieces_on_board();
      case ListKind::Memo: return l.c;
      case ListKind::Kept: return l.c;
    }
    return 0;
  }
  Value list_at(const Value& l, int i) {
    switch (static_cast<ListKind>(l.i)) {
      case ListKind::Const: return Value{P_->lists[static_cast<size_t>(l.b)][static_cast<size_t>(i)], 0, 0};
      case ListKind::Range: return Value{l.b + i, 0, 0};
      case ListKind::Stack: return Value{S_.stack[static_cast<size_t>(l.b) * S_.cap + i], 0, 0};
      case ListKind::Literal: return Value{arena_[static_cast<size_t>(l.b) + i], 0, 0};
      case ListKind::AllPieces: return Value{piece_on_board(i), 0, 0};
      case ListKind::Memo: return Value{memo_items_[static_cast<size_t>(l.b) + i], 0, 0};
      case ListKind::Kept: return Value{kept_items_[static_cast<size_t>(l.b) + i], 0, 0};
    }
    return Value{};
  }

  // Remembered calls (compile/memo.hpp): between begin_remembering() and end_remembering() (a listing of the legal
  // moves: the engine changes the state only through the machine's mutations there), the value of a call of a
  // remembered function is kept with its arguments and the state's version, and a call with the same arguments at
  // the same version has it without evaluating the body. begin_remembering() forgets every value kept before.
  void begin_remembering() {
    ++memo_epoch_;
    memo_items_.clear();
    memo_on_ = true;
  }
  void end_remembering() { memo_on_ = false; }
  // (while a candidate's post-conditions are evaluated, nothing is remembered: suspend_remembering() says whether the
  // machine remembered, resume_remembering() goes on so, the values kept before still held)
  bool suspend_remembering() { return std::exchange(memo_on_, false); }
  void resume_remembering(bool was) { memo_on_ = was; }

  // Hidden information (the rule file's 'hidden'): begin_hiding() decides which pieces are hidden from the player
  // to move (evaluating 'hidden.when' for every piece, with slot 0) and, until end_hiding(), reading a secret
  // attribute of one of them or writing one of them throws SecretRead. Without 'hidden' it does nothing.
  void begin_hiding();
  void end_hiding() { hiding_ = false; }
  bool hiding() const { return hiding_; }

  // Colour (off by default): while it is on, `styled` wraps its text in the style's escape sequences in what is
  // rendered for people (between begin_showing() and end_showing(): the display, the summary, the notation shown, an
  // end message, the prompt); elsewhere (a move's full notation, what `eval` computes, the state) it never does.
  void set_colour(bool on) { colour_ = on; }
  bool colour() const { return colour_; }
  // Rendering for the player to move: hides what 'hidden' hides (begin_hiding) and styles text (set_colour) until
  // end_showing().
  void begin_showing() {
    begin_hiding();
    showing_ = true;
  }
  void end_showing() {
    showing_ = false;
    end_hiding();
  }

  std::string show(const Value& v, Type t) const;
  // Any value: a single one as show() writes it, a list as its elements so written, `[a1, b2]` (empty: `[]`).
  std::string show_value(const Value& v, Type t);

 private:
  friend struct Closures;    // the handlers of the expressions (closures.cpp)
  friend struct Statements;  // and of the statements (effects.cpp)
  friend struct Blocks;      // and the blocks' code (blocks_run.cpp)
  friend struct Native;      // and a native build's code (native_abi.hpp)
  Value ev(int n) {
    const XNode& x = nodes_[static_cast<size_t>(n)];
    return x.fn(*this, x);
  }
  [[gnu::noinline]] Value random(const Node& n);
  [[gnu::noinline]] Value styled(const Node& n);  // styled(TEXT, STYLE)
  // lists.cpp: iterating over lists and making new ones in the arena
  size_t collect_over(const Node& n, size_t start, size_t count);  // filter, map (lists.cpp)
  [[gnu::noinline]] Value join(const Node& n);
  [[gnu::noinline]] Value unique(const Node& n);
  [[gnu::noinline]] Value slice(const Node& n);
  [[gnu::noinline]] Value reverse(const Node& n);
  void append_items(const Node& n, const Value& l, int i, int j);  // l's elements i .. j - 1, onto the arena
  [[gnu::noinline]] void secret_read(const Node& n, int piece) const;  // throws when the attribute n.a is secret
  [[gnu::noinline]] Value kind_pieces(const Node& n);  // all_pieces(KIND)
  void arena_room(const Node& n, size_t more);
  Value settle(size_t from, size_t at);
  // Drops the lists made since `mark`, except those of the lets computed since (they are kept until the
  // engine rewinds the arena and forgets them).
  void drop_lists(size_t mark) { arena_.resize(std::max(mark, arena_pin_)); }
  [[gnu::noinline]] void for_loop(const Node& n);
  [[gnu::noinline]] void while_loop(const Node& n);
  [[gnu::noinline]] void shuffle(const Node& n, int site);
  std::vector<int> dealt(int site, const std::vector<int>& pieces) const;  // the deck's order
  void ex(int n);
  bool truth(int n) { return ev(n).i != 0; }
  // one evaluation step, at node n
  void tick(const Node& n) {
    if (--budget_ < 0 || --op_budget_ < 0) [[unlikely]] out_of_steps(n);
  }
  [[noreturn, gnu::noinline]] void out_of_steps(const Node& n) const;
  [[noreturn, gnu::noinline]] void too_many_changes(const Node& n) const;
  [[noreturn, gnu::noinline]] void fail(const Node& n, const std::string& msg) const;
  // p as a piece, s as a site, s's grid position: none (or out of range), or a site not on a grid, is an error at n
  int checked_piece(const Node& n, int64_t p) {
    if (p < 0 || p >= static_cast<int64_t>(S_.kind.size())) [[unlikely]] no_piece(n);
    return static_cast<int>(p);
  }
  int checked_site(const Node& n, int64_t s) {
    if (s < 0 || s >= nsites_) [[unlikely]] no_site(n);
    return static_cast<int>(s);
  }
  const GridPlace& grid_place(const Node& n, int64_t s) {
    const GridPlace& g = P_->grid_place[static_cast<size_t>(checked_site(n, s))];
    if (g.grid < 0) [[unlikely]] not_on_grid(n, s);
    return g;
  }
  [[noreturn, gnu::noinline]] void no_piece(const Node& n) const;
  [[noreturn, gnu::noinline]] void no_site(const Node& n) const;
  [[noreturn, gnu::noinline]] void not_on_grid(const Node& n, int64_t s) const;
  // the pieces on the board, and the i-th of them in creation order (every piece: ListKind::AllPieces)
  int pieces_on_board() const {
    int k = 0;
    for (auto s : S_.site) k += s >= 0;
    return k;
  }
  int64_t piece_on_board(int i) const {
    int k = 0;
    for (size_t p = 0; p < S_.site.size(); ++p)
      if (S_.site[p] >= 0 && k++ == i) return static_cast<int64_t>(p);
    return 0;
  }
  bool contains(const Value& l, int64_t x);
  // Calls f(Value) for each element of l, one step each (at node `at`); f returns false to stop early.
  template <class F>
  void for_each(const Value& l, const Node& at, F&& f);

  std::shared_ptr<const Program> P_;
  // the code's closures: immutable once built, so shared by copies of the machine (a copy's kids point into them)
  std::shared_ptr<const XCode> code_;
  const XNode* nodes_;  // code_->nodes
  const int32_t* tables_;  // code_->tables
  int nsites_;             // P_->nsites(), at hand for every site checked
  State S_;
  std::vector<Value> slots_;
  std::vector<Value> hoisted_;  // the values of the Op::Hoisted nodes (valid while their bits of let_mask_ are set)
  // reachable(...): the elements listed and which of those below kMaxSites were seen, one of each per nesting level
  // (a reachable inside another's condition or body), reused from call to call (a deque: a deeper level added does
  // not move the levels in use)
  std::deque<std::vector<int64_t>> reach_lists_;
  std::deque<std::vector<uint64_t>> reach_seen_;
  size_t reach_depth_ = 0;
  // the values kept of the Op::Cached nodes (compile/cache.hpp), by the node and its inputs' values: a table indexed by
  // a hash of them, valid for the whole game (the value depends on nothing else)
  struct CacheEntry {
    int32_t part = -1;
    int64_t keys[kMaxCacheKeys] = {};
    Value value{};
  };
  static constexpr size_t kCacheEntries = 2048;  // a power of two
  std::vector<CacheEntry> cache_ = std::vector<CacheEntry>(kCacheEntries);
  // per part: how its values were found in the table over its last tries; a part whose inputs take too many values
  // for the table (fewer than half found over kCacheTries) is computed without it from then on (which changes
  // nothing but the time: a kept value is the value, and a part costs no steps)
  struct CacheUse {
    uint32_t tries = 0, found = 0;
    bool off = false;
  };
  static constexpr uint32_t kCacheTries = 1024;
  std::vector<CacheUse> cache_use_;
  // the cells of the parts with cells of their own (XCode::direct): the value, and whether it is there
  std::vector<Value> direct_cells_;
  std::vector<uint8_t> direct_known_;
  // the items of the lists kept as cached parts' values (ListKind::Kept: offset and length), for the whole game; at
  // most kKeptItemsMax (a list beyond is computed each time)
  std::vector<int64_t> kept_items_;
  static constexpr size_t kKeptItemsMax = size_t{1} << 20;
  // Value v of a cached part of a list type, computed since the arena's `mark`, as it is kept: a list made in the
  // arena copied to kept_items_ (and dropped from the arena); false when it cannot be kept.
  bool keep_cached(Value& v, size_t mark);
  // Moves list v's items (made in the arena since `mark`, or a remembered call's) to the end of `to`, which holds at most
  // `max`: v becomes a list of `kind` there, and the arena drops what was made since `mark` (unless a let's list is
  // pinned there); false, nothing moved, when they do not fit.
  template <class Items>
  bool move_items(Value& v, Items& to, size_t max, ListKind kind, size_t mark);
  GrowBuffer<UndoEntry> journal_;
  GrowBuffer<Control> controls_;  // the controls the journal's Control entries saved, in order
  uint64_t version_ = 0;   // version()
  uint64_t versions_ = 0;  // the versions given so far
  void changed() { version_ = ++versions_; }  // a version never used before
  int base_ = 0;       // current frame's first slot
  int depth_ = 0;
  int64_t budget_ = 0;
  int64_t op_budget_ = 0;
  int64_t op_candidates_ = 0;
  size_t journal_limit_ = Limits{}.changes;  // the undo journal's size past which the operation made too many changes
  uint64_t let_mask_ = 0;
  bool unplayed_ = false;  // list_unplayed
  GrowBuffer<int64_t> arena_;  // the items of the lists made in this game operation (bounded by kArenaMax)
  size_t arena_pin_ = 0;        // the arena up to here holds the lists of computed lets: drop_lists keeps it
  std::vector<int64_t> for_items_;  // snapshots of the piece lists that 'for' loops run over
  Prng* rng_ = nullptr;         // the setup's generator while it runs
  bool hiding_ = false;           // rendering for the player to move: hidden_ marks the pieces hidden from them
  bool colour_ = false;           // set_colour's
  bool showing_ = false;          // rendering for people (begin_showing): 'styled' styles when colour_ is on too
  std::vector<uint8_t> hidden_;  // per piece
  const std::vector<std::string>* deck_ = nullptr;  // the order of the setup's shuffles, when given
  // remembered calls (begin_remembering): a table of values indexed by a hash of the call, and the items of the
  // lists among them (ListKind::Memo: offset and length in memo_items_, kept until the next begin_remembering)
  struct MemoEntry {
    uint64_t version = ~uint64_t{0};
    uint64_t epoch = 0;
    int32_t fn = -1;
    int64_t args[kMaxMemoArgs] = {};
    Value value{};
  };
  static constexpr size_t kMemoEntries = 512;        // a power of two
  static constexpr size_t kMemoItemsMax = 1 << 16;   // lists beyond it are not remembered
  std::vector<MemoEntry> memo_ = std::vector<MemoEntry>(kMemoEntries);
  GrowBuffer<int64_t> memo_items_;
  uint64_t memo_epoch_ = 1;
  bool memo_on_ = false;
  // what a native build's direct listing changed of them (Native::memo_log_begin): the entries it overwrote as they
  // were, and how many items there were, put back when it gives up (Native::memo_log_undo); a listing that would log
  // more than kMemoLogMax entries of its own gives up. An entry of an earlier listing (its epoch past: never a hit
  // again) is put back as such, without its old value. Listings nest (a candidate played lists the move's further
  // steps): each undoes the log from its own mark.
  struct MemoLogged {
    MemoEntry* at = nullptr;
    bool current = false;  // (of this listing: `was` holds it)
    MemoEntry was;
  };
  static constexpr size_t kMemoLogMax = 4 * kMemoEntries;
  std::vector<MemoLogged> memo_log_ = std::vector<MemoLogged>(kMemoEntries);  // (the first memo_nlogged_; grows)
  size_t memo_nlogged_ = 0;
  MemoLogged& memo_logged() {
    if (memo_nlogged_ == memo_log_.size()) [[unlikely]] memo_log_.resize(2 * memo_log_.size());
    return memo_log_[memo_nlogged_++];
  }
  // The versions of the direct listings that play candidates as they come (Native::MemoGuard): while one lists, an
  // entry kept at its version, and so a hit where the listing made again would look, is logged before anything
  // overwrites it (the game's plays of candidates included); at most kMemoGuards (a move has at most kMaxMoveValues
  // steps: deeper listings are not watched and cannot be, nothing nests so deep).
  static constexpr int kMemoGuards = 64;
  uint64_t memo_guards_[kMemoGuards] = {};
  int memo_nguards_ = 0;
  [[gnu::noinline]] void memo_guarded(MemoEntry& e) {
    if (e.epoch != memo_epoch_) return;
    for (int i = 0; i < memo_nguards_ && i < kMemoGuards; ++i)
      if (e.version == memo_guards_[i]) {
        MemoLogged& l = memo_logged();
        l.at = &e;
        l.current = true;
        l.was = e;
        return;
      }
  }
  int64_t native_gave_up_ = 0;  // direct listings of a native build that gave up (Native::gave_up)
  // The entry of a call of function f with the n values args (a hit when it holds them at this state).
  MemoEntry& memo_entry(int f, const Value* args, int n) {
    uint64_t h = static_cast<uint64_t>(f) * 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < n; ++i) h = (h ^ static_cast<uint64_t>(args[i].i)) * 0xBF58476D1CE4E5B9ull;
    return memo_[(h >> 40) & (kMemoEntries - 1)];
  }
  bool memo_hit(const MemoEntry& e, int f, const Value* args, int n) const {
    if (e.version != version_ || e.epoch != memo_epoch_ || e.fn != f) return false;
    for (int i = 0; i < n; ++i)
      if (e.args[i] != args[i].i) return false;
    return true;
  }
  // Keeps value v of the call in entry e (a list made in the arena since `mark` copied to memo_items_ and dropped from
  // the arena); returns the value the call has (the list's copy).
  Value memo_keep(MemoEntry& e, int f, const Value* args, int n, Value v, size_t mark);
  // (entry e holds the call of f with the n values args at this state, of value v)
  void memo_store(MemoEntry& e, int f, const Value* args, int n, Value v) {
    if (memo_nguards_ > 0) [[unlikely]] memo_guarded(e);
    memo_write(e, f, args, n, v);
  }
  void memo_write(MemoEntry& e, int f, const Value* args, int n, Value v) const {
    e.version = version_;
    e.epoch = memo_epoch_;
    e.fn = f;
    for (int i = 0; i < n; ++i) e.args[i] = args[i].i;
    e.value = v;
  }
  // The Call nodes being evaluated and the tail calls made in their frames, outermost first (for error reports): the
  // first ncalls_ of calls_ (a buffer that only grows, so that adding one is a store).
  std::vector<int> calls_;
  size_t ncalls_ = 0;
  [[gnu::always_inline]] void push_call(int n) {
    if (ncalls_ == calls_.size()) [[unlikely]] calls_.resize(2 * calls_.size() + 8);
    calls_[ncalls_++] = n;
  }
  bool tail_ = false;  // a tail call stored its arguments in the frame: its function's body is evaluated again
  std::vector<std::string> strings_;  // strings made by '++' in this game operation (after Program::strings)
  size_t string_bytes_ = 0;
  static constexpr size_t kStringBytesMax = 1 << 20;
  [[gnu::noinline]] Value concat(const Node& n);
  [[gnu::noinline]] Value join_text(const Node& n);
  [[gnu::noinline]] Value reachable(const Node& n);
  // a string made in this game operation: counts its bytes against kStringBytesMax (at node n)
  Value new_string(const Node& n, std::string s);
  std::string strings_exceeded() const {
    return "the strings made with '++' and 'concat' in one game operation exceed " + std::to_string(kStringBytesMax) +
           " bytes";
  }
  const std::string& text_of(const Value& v) const;
  int checked_entry(const Node& n, int64_t k);
  static constexpr size_t kArenaMax = 1 << 20;
};

template <class F>
void Machine::for_each(const Value& l, const Node& at, F&& f) {
  switch (static_cast<ListKind>(l.i)) {
    case ListKind::Const:
      for (auto e : P_->lists[l.b]) {
        tick(at);
        if (!f(Value{e, 0, 0})) return;
      }
      return;
    case ListKind::Range:
      for (int64_t x = l.b; x <= l.c; ++x) {
        tick(at);
        if (!f(Value{x, 0, 0})) return;
      }
      return;
    case ListKind::AllPieces:
      for (size_t p = 0; p < S_.site.size(); ++p) {
        if (S_.site[p] < 0) continue;
        tick(at);
        if (!f(Value{static_cast<int64_t>(p), 0, 0})) return;
      }
      return;
    default: {
      int n = list_len(l);
      for (int i = 0; i < n; ++i) {
        tick(at);
        if (!f(list_at(l, i))) return;
      }
    }
  }
}

// While it lives, the machine renders for the player to move (begin_showing): it hides from them what the rule
// file's 'hidden' hides, and 'styled' styles its text when colour is on.
class Showing {
 public:
  explicit Showing(Machine& m) : m_(m) { m_.begin_showing(); }
  ~Showing() { m_.end_showing(); }
  Showing(const Showing&) = delete;
  Showing& operator=(const Showing&) = delete;

 private:
  Machine& m_;
};

// (written out where they are used, by the interpreter and by native builds: a listing keeps a list per call)
template <class Items>
[[gnu::always_inline]] inline bool Machine::move_items(Value& v, Items& to, size_t max, ListKind kind, size_t mark) {
  const bool made = static_cast<ListKind>(v.i) == ListKind::Literal;  // (else a remembered call's)
  const int64_t* from = made ? arena_.data() : memo_items_.data();
  const size_t len = static_cast<size_t>(v.c);
  if (to.size() + len > max) return false;
  const size_t at = to.size();
  if (len != 0) {  // (`from` is not in `to`)
    to.resize(at + len);
    std::copy(from + v.b, from + v.b + static_cast<ptrdiff_t>(len), to.data() + at);
  }
  if (made && arena_pin_ <= mark && arena_.size() > mark) arena_.resize(mark);
  v = Value{static_cast<int64_t>(kind), static_cast<int32_t>(at), static_cast<int32_t>(len)};
  return true;
}

// While it lives, the machine remembers calls (Machine::begin_remembering): during a listing of the legal moves.
class Remembering {
 public:
  explicit Remembering(Machine& m) : m_(m) { m_.begin_remembering(); }
  ~Remembering() { m_.end_remembering(); }
  Remembering(const Remembering&) = delete;
  Remembering& operator=(const Remembering&) = delete;

 private:
  Machine& m_;
};

// While it lives, the machine remembers nothing (Machine::suspend_remembering): a candidate's post-conditions.
class NotRemembering {
 public:
  explicit NotRemembering(Machine& m) : m_(m), was_(m.suspend_remembering()) {}
  ~NotRemembering() { m_.resume_remembering(was_); }
  NotRemembering(const NotRemembering&) = delete;
  NotRemembering& operator=(const NotRemembering&) = delete;

 private:
  Machine& m_;
  bool was_;
};

inline Value Machine::memo_keep(MemoEntry& e, int f, const Value* args, int n, Value v, size_t mark) {
  // a list made in the arena: its items move to memo_items_, where they stay for this listing
  if (is_list(P_->functions[static_cast<size_t>(f)].result) && static_cast<ListKind>(v.i) == ListKind::Literal &&
      !move_items(v, memo_items_, kMemoItemsMax, ListKind::Memo, mark))
    return v;  // not remembered
  memo_store(e, f, args, n, v);
  return v;
}

}  // namespace ri
