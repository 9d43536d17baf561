// The game: setup, legal-move generation, chance nodes, apply/undo, the turn state machine, the end and
// its result, the state hash, notation and rendering. Knows no game: everything comes from the Program.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/machine.hpp"
#include "runtime/native_abi.hpp"
#include "common/prng.hpp"
#include "compile/program.hpp"
#include "runtime/sorted.hpp"
#include "runtime/state.hpp"

namespace ri {

// A reference to a callable `bool (const Move&)` that owns nothing and allocates nothing: how move generation hands
// each legal move to its caller (also from the further steps of a move, generated recursively).
class EmitRef {
 public:
  template <class F>
  EmitRef(F& f) : obj_(&f), call_([](void* o, const Move& m) { return (*static_cast<F*>(o))(m); }) {}
  bool operator()(const Move& m) const { return call_(obj_, m); }

 private:
  void* obj_;
  bool (*call_)(void*, const Move&);
};

// Calls f(type, offset) for each step of move m (not a chance outcome), in order: its move's id and where its
// values start in m.args.
template <class F>
void for_each_step(const Program& P, const Move& m, F&& f) {
  for (int off = 0, type = m.type;;) {
    f(type, off);
    off += static_cast<int>(P.moves[static_cast<size_t>(type)].params.size());
    if (off >= m.nargs) return;
    type = m.args[off++];
  }
}

// The error of an end rule whose winner (or loser) at node `at` is no player.
[[noreturn]] void not_a_player(const Program& P, int at, bool loser);

class Game {
 public:
  // A game set up from the rule file's start (reset()): its setup draws from Prng(0).
  explicit Game(std::shared_ptr<const Program> p);
  // A game set up from the rule file's start, its setup drawing from `rng` (reset(Prng&)).
  Game(std::shared_ptr<const Program> p, Prng& rng);
  // The same, each 'shuffle' of the setup arranging its site's pieces in the order `deck` names them (the top piece
  // first) instead of drawing: also at every later reset(Prng&). A deck that does not name a shuffled site's pieces,
  // each once, is a DeckError (machine.hpp). An empty deck is none.
  Game(std::shared_ptr<const Program> p, Prng& rng, std::vector<std::string> deck);
  // A game set up at a position (a position file's: reset(const Position&)); the rule file's setup does not run.
  Game(std::shared_ptr<const Program> p, const Position& pos);

  const Program& prog() const { return *P_; }
  std::shared_ptr<const Program> program() const { return P_; }
  Machine& machine() { return M_; }
  const State& state() const { return M_.state(); }

  // The initial position (spec/language.md, section 8 (Setting up)), settled to the first decision or chance node. The
  // rule file's `setup` runs after the attributes are computed, its `random` drawing from `rng`, first and in
  // order (a rule file whose setup does not call random draws nothing; a 'shuffle' draws unless the game has a
  // deck). reset() draws from Prng(0).
  void reset(Prng& rng);
  void reset();
  // The same with another position's board, values and turn (a position file's: position.hpp), without the
  // setup; settled unless it is over.
  void reset(const Position& pos);
  // Games played again and again from one state (random playouts): the game put back at `start`, a copy of
  // its state, with nothing to undo. Its legal moves are listed at the first restart with a given `Restart` (as the
  // game's first move would list them) and kept there; a later restart hands them over with the version the state
  // had then (Machine::restore_version: the state is the same) instead of listing them anew. A Restart belongs to
  // one game and one start.
  struct Restart {
    bool listed = false;
    uint64_t version = 0;
    std::vector<Move> moves;
    std::vector<uint8_t> verdicts;  // (defer_post_conditions: the candidates' verdicts known then)
    int unknown = 0, failing = 0;
  };
  void restart(const State& start, Restart& r);

  enum class NodeKind { Decision, Chance, Over };
  NodeKind node() const {
    const State& S = state();
    if (S.over || P_->steps.empty()) return NodeKind::Over;
    return P_->steps[static_cast<size_t>(S.step)].kind == StepInfo::Roll ? NodeKind::Chance : NodeKind::Decision;
  }
  int player() const { return state().player; }
  const ChanceInfo* pending_chance() const;  // the chance event to roll at a chance node

  // A chance node's outcomes in the order of its actions (legal() lists outcome i as the move with
  // args[0] == i): each one's value and weight. Declared outcomes come from the event's tables; computed
  // ones are evaluated now (an empty list, more than 1024 elements or a value beyond 32 bits is a
  // RuntimeError) and weigh 1 each. The spans stay valid until the next call on the game. Not at a chance
  // node: no chance and no outcomes.
  struct Outcomes {
    const ChanceInfo* chance = nullptr;  // the event rolled (its name)
    std::span<const int64_t> values;
    std::span<const uint64_t> weights;
    uint64_t total = 0;  // the sum of the weights
  };
  Outcomes outcomes();

  // Decision: the legal moves in declaration order. Chance: one move per outcome. The moves of a decision node are
  // generated once, when the game settles there (or at the first call), and kept until the state changes
  // (Machine::version).
  void legal(MoveList& out);
  // The legal moves of a decision node as legal() lists them, without copying them: valid until the game changes
  // (apply, undo, reset) or lists them again. None at a chance node or when the game is over.
  std::span<const Move> decisions();
  // How many actions legal() would list.
  int legal_count();
  // At a decision node, the move a random player draws from `rng` (spec/cli.md, *Randomness*): one `below` over the
  // candidates in generation order, the moves whose requirements hold (those that end with their step and have
  // post-conditions not yet played); a candidate drawn whose post-conditions fail is replaced by the last one not yet
  // set aside and the draw made again over one fewer. Without such moves, one `below(n)` over the legal moves. False
  // when there is no legal move (or not at a decision node).
  bool random_decision(Prng& rng, Move& out) {
    // (the moves kept for this state all legal, and drawn so: one below(n) over them)
    if (moves_version_ == M_.version() && unknown_ == 0 && failing_ == 0 && !rejected_ &&
        (defer_ || !defers_[static_cast<size_t>(state().step)]) && node() == NodeKind::Decision) {
      const MoveList& l = *moves_.list;
      if (l.size == 0) return false;
      out.assign(l[static_cast<int>(rng.below(static_cast<uint64_t>(l.size)))]);
      return true;
    }
    return draw_decision(rng, out);
  }
  // With `on`, the moves kept for a decision node are its candidates (random_decision) rather than its legal moves: a
  // candidate's post-conditions are played only when a draw reaches it, or to find a first legal move when the game
  // settles, or when the legal moves are asked for (decisions(), legal()); random playouts of a game such as chess
  // check a few candidates a ply instead of every one. An error in a candidate's post-conditions is then met only
  // where the candidate is played. The same moves, draws and games as without.
  void defer_post_conditions(bool on);
  bool defers_post_conditions() const { return defer_; }
  // Applies a legal move or outcome; returns the mark to undo it with. A runtime error of the rule file on the way
  // leaves the game as it was before the move (then the error is thrown on).
  size_t apply(const Move& m);
  void undo(size_t mark) { M_.rollback(mark); }

  // The move as written by its first notation (a chance outcome: its value): the full notation, which logs record
  // and read() matches.
  std::string write(const Move& m);
  // The move as the player to move is shown it: write(m), except that with the rule file's `hidden` a part of the
  // notation that reads a secret of a piece hidden from them is ??? (spec/language.md, section 2 (hidden)).
  std::string shown(const Move& m);

  // Reads a move or outcome written in notation. On failure `error` says why: for a recognised but
  // illegal move, the first failing requirement's code and message.
  struct Reading {
    bool ok = false;
    Move move;
    std::string code;     // the requirement's error code (empty when not a requirement)
    std::string message;  // human-readable
  };
  Reading read(std::string_view text);

  uint64_t hash() const;
  // The position as the player to move sees it: the rule file's display (hiding what `hidden` hides), or a listing.
  std::string render();
  // The position in one line, rendered for the player to move: the rule file's `summary` template, each line break
  // in it replaced by a space and those at its end dropped; without a summary, default_summary().
  std::string summary();
  // The occupied sites with their pieces, then the variables, in one line of at most 200 bytes (spec/language.md,
  // section 11 (The summary)): `R4:Red start[Red]:Red*6 start[Green]:Green*7 roll=2`.
  std::string default_summary();
  // "Red wins", "draw", "Red and Green tie"; in a game of one player, "Player wins" or "Player loses" (no draw)
  std::string result_text() const;
  // The `message` of the end rule that ended the game, rendered for the player to move (hiding as render() does),
  // with the rule's `each` name bound to the player it held for; "" when the game is not over, ended otherwise
  // (no rule held, a resignation, a position file) or the rule has no message.
  std::string result_message();
  // Why the game ended: the `reason` of the end rule that ended it (a template, as `message` is), else the rule's
  // name (underscores read as spaces), else "the end rule at line N"; "Red resigned", "Red cannot move" (no legal
  // move and no end rule held), "nobody can move"; "" when the game is not over or a position file said it is.
  std::string result_reason();
  // What a human to move is prompted with when they are to type a move: the rule file's `game.prompt` rendered for
  // them (hiding as render() does), or their name and "> " ("Red> ") without one.
  std::string prompt();

  // Colour (off by default; the command line's --color): while it is on, `styled` wraps its text in the style's
  // escape sequences in what is rendered for people (render(), summary(), shown(), result_message(), prompt()), and
  // never in write(), which logs record and read() matches. It changes no state, hash or move.
  void set_colour(bool on) { M_.set_colour(on); }
  bool colour() const { return M_.colour(); }
  uint32_t winners() const { return state().winners; }

  // The players who passed automatically during the last apply()/reset(), in order, a player who passed
  // at several steps in a row named once (for the user interface only; skipped steps are not passes).
  const std::vector<int>& last_passers() const { return passers_; }

  // Which requirements reject candidates, for `check --playouts` (spec/cli.md): while `rejected` is set (not null),
  // move generation (the legal moves listed, a step's moves tried to decide an automatic pass) sets
  // (*rejected)[m][r] to 1 when requirement r of move m is the first, in the order written, that fails for a
  // combination of parameters it examines (with pruning, a partial one: the requirements are checked in the order
  // written, each once the parameters it depends on are bound). `rejected` is sized to the program's moves and
  // their requirements here (its entries kept). Null (the default): generation records nothing and costs nothing
  // more (a move's candidates are generated by the same code with and without recording, compiled twice).
  void record_rejections(std::vector<std::vector<uint8_t>>* rejected);

 private:
  friend struct Native;  // a native build's generation asks for values ahead and sorted values (NativeHost)
  size_t play(const Move& m);  // apply() without its rollback on an error
  // the public constructors' work
  Game(std::shared_ptr<const Program> p, const Position* pos, Prng* rng, std::vector<std::string> deck = {});
  // Setup at `pos`; the rule file's `setup` runs when `rng` is given (the start) and not for a position file.
  void set_up(const Position& pos, Prng* rng);
  void settle();
  Outcomes pending_outcomes();  // outcomes() within the current operation
  void next_step();
  // the player after p (p one of the players), without a division: the turn moves on at every move
  int32_t next_player(int32_t p) const { return p + 1 < P_->nplayers() ? p + 1 : 0; }
  uint64_t position_key();  // the key of the position a move reaches (repetitions)
  uint64_t hash_of(bool without_counters) const;  // hash(), or without the variables that are counters
  bool check_end();
  void finish_without_rule(int32_t how);  // how: State::ended_by
  bool any_legal();
  // Whether the player to move has a legal move, the moves generated into the cache for legal(); a runtime error on
  // the way leaves the answer to any_legal() (which meets it only before a first legal move, as before caching).
  bool has_moves();
  // Generates the legal moves of the decision node into `out` (the cache kept with its state's version when it is
  // the cache); with `defer`, its candidates (random_decision: moves that end with their step are not played for their
  // post-conditions).
  void generate(MoveList& out, bool defer = false);
  void list_straight(MoveList& out, size_t step, bool defer);  // (generate()'s, where straight_ says)
  // random_decision() where the moves kept are not the legal moves drawn as they are
  bool draw_decision(Prng& rng, Move& out);
  // The kept moves made anew for the state now (the cache's version set): the legal moves, or with
  // defer_post_conditions the candidates, each one's verdict known (kHolds) or not (kUnknown).
  void relist();
  // Whether kept candidate i's post-conditions hold, played when not known yet.
  bool holds(int i);
  // Whether the post-conditions of move m (of one step, at the decision node now) hold after its effects: played and
  // undone, the state and its version as they were.
  bool holds_after(const Move& m);
  // Calls emit(m) (which returns false to stop) for each legal move of the current step that extends `m`, whose
  // values up to m.nargs are the steps already chosen (`depth` of them; none: a whole move), in generation order:
  // each candidate whose requirements hold; one whose move has `ensures` or may continue is played (its effects
  // run): when it asks to go on (continue_move) and a further step is legal, it is extended by each further step
  // instead of emitted; else the move ends with it and is kept when its post-conditions hold. At emit(), a move that was played is still
  // played (its steps' effects are undone after). False when emit stopped it.
  template <bool Record>
  // With `out`, a move of one step (no further step, no post-condition) goes straight into it instead of through
  // emit (as generate's emit would add it).
  bool extend(Move& m, int depth, EmitRef emit, MoveList* out = nullptr);
  // One step of a move being played: the `let`s computed in the state before its effects, then the effects
  // (continue_move's request cleared first, `continuing` set for a further step; the caller journals the flags).
  void run_step(const MoveInfo& mi, bool further);
  // Whether the post-conditions of move `mv` hold after its effects (a failing one recorded with Record).
  template <bool Record>
  bool ensured(int mv);
  // Calls f(mi, k, off) for step k of m (its move, its values from m.args[off]), binding its values first; between
  // two steps the earlier one is played (run_step), and f's return value false stops the walk. The steps played are
  // undone at the end (also on an error). A chance outcome has no steps.
  template <class F>
  void walk_steps(const Move& m, F&& f);
  // The first failing requirement or post-condition of the candidate bound now, in `r` (true when one fails).
  bool refusal(const MoveInfo& mi, Reading& r);
  // Binds each combination of the move's parameters and calls f() (which returns false to stop). With
  // `legal_only`, combinations failing a requirement are skipped, each requirement checked as soon as the
  // parameters it depends on are bound; with `Record` too, each one that fails is recorded (record_rejections: a
  // separate instance, so that generation without it does not even test for it). With `widen` (and not
  // legal_only), a site, player or piece parameter that declares an error for values outside its domain takes every
  // value of its type instead (to tell a typed move why its value is refused).
  // (Features: what generation does for this move besides, when listing only legal moves, MoveInfo::features.)
  static constexpr int kEarly = MoveInfo::kEarly, kNarrow = MoveInfo::kNarrow, kSorted = MoveInfo::kSorted,
                       kPass = MoveInfo::kPass;
  template <bool Record = false, int Features = 0, class F>
  void candidates(int move, bool legal_only, F&& f, bool widen = false);
  // Requirement r checked natively on its parameter's value now (generate.hpp): 1, 0, or -1 to evaluate it.
  int native(const RequireInfo& r, int64_t who);
  // Node n's value computed ahead of where generation meets it, `otherwise` when that fails (generate.hpp).
  int64_t ahead(int n, int64_t otherwise);
  bool computed_ahead(int n, int64_t& value);  // the same: false when it fails
  // The table of the values of parameter k of move `move`, domain `dom`, sorted by the requirements of its level that
  // sort them (MoveInfo::sorts) for the inputs' values now; made when first needed (generate.cpp). Null when it cannot
  // be used: a requirement fails for some value, or the tables are full.
  const SortedTable* sorted_table(int move, int k, const Value& dom);
  // Parameter k's values, domain `dom`, sorted by the requirements of its level that sort them, for the values of
  // their other inputs now (MoveInfo::sorts): `values` and `n`, those requirements known to hold for each; false
  // (nothing set) when they cannot be (generate.hpp). `other`: the last one's E (RequireInfo::sort_other) when the
  // caller computed it (a direct listing, native/), else computed here.
  bool sorted_values(int move, int k, const Value& dom, const int32_t*& values, int& n, const int64_t* other = nullptr);
  SortedSpan* sorted_spans(int move, int k, size_t size) { return sorted_.spans(move, k, size); }  // (SortedValues::spans)
  // the list that generate() fills while it lists through extend() (null otherwise): a native build's direct listing
  // that gave up after the game played its candidates cuts it back (NativeHost::unlist)
  MoveList* listing_ = nullptr;
  // The first parameter of the candidate bound now whose value is outside its domain (computed with the values
  // before it), or -1.
  int outside(const MoveInfo& mi);
  std::string write_with(const TemplateInfo& t);
  std::string end_text(const TemplateInfo& t);
  void record(const MoveInfo& mi);
  // Binds step values m.args[off ..] to the parameters of move `mi` and forgets its lets.
  void bind(const MoveInfo& mi, const Move& m, int off) {
    for (size_t i = 0; i < mi.params.size(); ++i) M_.slot(static_cast<int>(i)) = Value{m.args[off + i], 0, 0};
    M_.reset_lets();
  }

  std::shared_ptr<const Program> P_;
  Machine M_;
  const NativeMoveFn* native_moves_ = nullptr;  // per move: a native build's listing of its candidates (or null)
  const NativeStepFn* native_steps_ = nullptr;  // per move: a native build's run of its step (or null)
  NativeEndsFn native_ends_ = nullptr;          // a native build's end rules (or null)
  // per step: whether a native build lists each of its moves and none has a further step (each candidate whose
  // requirements hold goes straight into the list, played first to check post-conditions where the move has them:
  // generate() calls the listings itself)
  std::vector<uint8_t> straight_;
  // per move: whether it ends with its step and has post-conditions (a candidate of it is played to be judged); per
  // step: whether one of its moves does
  std::vector<uint8_t> deferrable_, defers_;
  bool defer_ = false;  // defer_post_conditions
  // the kept moves' verdicts (with defer_): kHolds (a legal move), kUnknown (a candidate not played yet), kFails;
  // how many are unknown and how many fail
  enum Verdict : uint8_t { kHolds, kUnknown, kFails };
  std::vector<uint8_t> verdict_;
  int unknown_ = 0, failing_ = 0;
  std::vector<std::string> deck_;  // the order of the setup's shuffles (empty: they draw)
  std::vector<int> passers_;
  std::vector<std::vector<uint8_t>>* rejected_ = nullptr;  // record_rejections'
  std::vector<int32_t> entry_;  // the history entry being recorded
  std::vector<Value> frame_;     // a move's slots, kept while its step's 'after' statements run
  std::vector<std::vector<Value>> saved_;  // per step depth: a move's slots, kept while its further steps are generated
  SortedValues sorted_;  // sorted_table()'s
  // the legal moves of the state at moves_version_ (on the heap: a move list is large; a copy of the game copies them)
  struct Cache {
    std::unique_ptr<MoveList> list = std::make_unique<MoveList>();
    Cache() = default;
    Cache(const Cache& o) : list(std::make_unique<MoveList>(*o.list)) {}
    Cache& operator=(const Cache& o) {
      *list = *o.list;
      return *this;
    }
    Cache(Cache&&) = default;
    Cache& operator=(Cache&&) = default;
  } moves_;
  uint64_t moves_version_ = ~uint64_t{0};
  // the legal moves among kept candidates (decisions() with defer_), for the state at legal_version_
  Cache legal_;
  uint64_t legal_version_ = ~uint64_t{0};
  // a random draw's candidates listed aside when the kept moves are the legal ones, and their verdicts; the candidates
  // not set aside yet
  Cache drawn_;
  std::vector<uint8_t> drawn_verdict_;
  std::vector<int> pool_;
  std::vector<int64_t> values_;  // the computed outcomes of the chance node (capacity kMaxOutcomes: never reallocated)
  const std::vector<uint64_t> ones_ = std::vector<uint64_t>(kMaxOutcomes, 1);  // their weights
};

// Normalises written moves for comparison: lower case (unless `keep_case`), single spaces, trimmed.
std::string normalize_notation(std::string_view s, bool keep_case = false);

}  // namespace ri
