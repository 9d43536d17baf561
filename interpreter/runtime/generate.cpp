// Game: move generation: the legal moves of a decision node (with their further steps), whether the player to move
// has one, and the post-conditions. See engine.hpp.
#include "runtime/generate.hpp"

#include "common/scoped_flag.hpp"

namespace ri {

void Game::record_rejections(std::vector<std::vector<uint8_t>>* rejected) {
  rejected_ = rejected;
  if (!rejected) return;
  rejected->resize(P_->moves.size());
  for (size_t m = 0; m < P_->moves.size(); ++m) (*rejected)[m].resize(P_->moves[m].nconditions());
}

void Game::legal(MoveList& out) {
  out.size = 0;
  if (node() == NodeKind::Chance) {
    M_.begin_operation();
    size_t n = pending_outcomes().values.size();  // at most kMaxOutcomes
    for (size_t o = 0; o < n; ++o) {
      Move& m = out.add();
      m.type = Move::kChance;
      m.nargs = 1;
      m.args[0] = static_cast<int32_t>(o);
    }
    return;
  }
  for (const Move& m : decisions()) out.add().assign(m);
}

// While it lives, the machine lists candidates unplayed or not, as `on` says (Machine::list_unplayed).
using Unplayed = ScopedFlag<Machine, &Machine::lists_unplayed, &Machine::list_unplayed>;

// Every move of the step listed by a native build's code straight into the list, as extend() would have it (inlined:
// relist() lists so at every move of most games); with `defer`, the candidates unplayed.
[[gnu::always_inline]] inline void Game::list_straight(MoveList& out, size_t step, bool defer) {
  out.size = 0;
  Remembering remembering(M_);
  const Unplayed unplayed(M_, defer);
  for (int mv : P_->steps[step].moves) native_moves_[mv](M_, this, [](void*) { return true; }, nullptr, &out);
}

std::span<const Move> Game::decisions() {
  if (node() != NodeKind::Decision) return {};
  if (moves_version_ != M_.version() || rejected_) {
    M_.begin_operation();  // (kept moves are handed over without an operation: nothing is evaluated)
    relist();
  }
  const MoveList& l = *moves_.list;
  if (unknown_ == 0 && failing_ == 0) return {l.begin(), static_cast<size_t>(l.size)};
  // kept candidates: those that hold, each one not judged yet played
  if (legal_version_ != moves_version_) {
    M_.begin_operation();
    MoveList& legal = *legal_.list;
    legal.size = 0;
    for (int i = 0; i < l.size; ++i)
      if (holds(i)) legal.add().assign(l[i]);
    legal_version_ = moves_version_;
  }
  return {legal_.list->begin(), static_cast<size_t>(legal_.list->size)};
}

// (inlined: has_moves() lists at every move)
[[gnu::always_inline]] inline void Game::relist() {
  moves_version_ = ~uint64_t{0};  // until the moves are all there
  MoveList& l = *moves_.list;
  // (a step without a move to defer lists its legal moves: nothing to judge)
  const auto step = static_cast<size_t>(std::as_const(M_).state().step);
  const bool defer = defer_ && !rejected_ && defers_[step];
  if (straight_[step] && !rejected_) list_straight(l, step, defer);
  else generate(l, defer);
  unknown_ = failing_ = 0;
  if (defer) {
    verdict_.resize(static_cast<size_t>(l.size));
    for (int i = 0; i < l.size; ++i) {
      const bool judged = !deferrable_[static_cast<size_t>(l[i].type)];
      verdict_[static_cast<size_t>(i)] = judged ? kHolds : kUnknown;
      unknown_ += !judged;
    }
  }
  moves_version_ = M_.version();
}

bool Game::holds(int i) {
  uint8_t& v = verdict_[static_cast<size_t>(i)];
  if (v == kUnknown) {
    const bool ok = holds_after((*moves_.list)[i]);
    v = ok ? kHolds : kFails;
    --unknown_;
    failing_ += !ok;
  }
  return v == kHolds;
}

// As Game::extend plays a candidate at depth 0: its step, then its post-conditions (nothing remembered), undone.
bool Game::holds_after(const Move& m) {
  const MoveInfo& mi = P_->moves[static_cast<size_t>(m.type)];
  bind(mi, m, 0);
  Trial trial(M_);
  M_.save_control();  // the flags the step changes
  run_step(mi, false);
  const bool ok = ensured<false>(m.type);
  trial.ended();
  return ok;
}

void Game::defer_post_conditions(bool on) {
  if (on == defer_) return;
  defer_ = on;
  moves_version_ = legal_version_ = ~uint64_t{0};  // (listed anew as the mode says)
}

bool Game::draw_decision(Prng& rng, Move& out) {
  if (node() != NodeKind::Decision) return false;
  // (kept moves all legal for this state were drawn by random_decision)
  const bool kept = defer_ && !rejected_;
  if (!defers_[static_cast<size_t>(std::as_const(M_).state().step)]) {
    const std::span<const Move> moves = decisions();
    if (moves.empty()) return false;
    out.assign(moves[static_cast<size_t>(rng.below(static_cast<uint64_t>(moves.size())))]);
    return true;
  }
  // the candidates and what is known of them: kept, or listed aside and judged by the legal moves, which are among
  // them in the same order
  const MoveList* c;
  uint8_t* v;
  if (kept) {
    if (moves_version_ != M_.version()) {
      M_.begin_operation();
      relist();
    }
    c = moves_.list.get();
    v = verdict_.data();
  } else {
    const std::span<const Move> legal = decisions();
    M_.begin_operation();
    generate(*drawn_.list, true);
    c = drawn_.list.get();
    drawn_verdict_.resize(static_cast<size_t>(c->size));
    v = drawn_verdict_.data();
    size_t j = 0;
    for (int i = 0; i < c->size; ++i) {
      const bool is = j < legal.size() && (*c)[i] == legal[j];
      v[i] = is ? kHolds : kFails;
      j += is;
    }
  }
  const int n = c->size;
  if (n == 0) return false;
  bool begun = !kept;  // (an operation begun for the candidates played)
  int left = n;
  bool pooled = false;  // pool_[0, left): the candidates not set aside, once one is
  for (;;) {
    const int j = static_cast<int>(rng.below(static_cast<uint64_t>(left)));
    const int i = pooled ? pool_[static_cast<size_t>(j)] : j;
    if (v[i] == kUnknown && !begun) {
      M_.begin_operation();
      begun = true;
    }
    if (v[i] == kUnknown ? holds(i) : v[i] == kHolds) {
      out.assign((*c)[i]);
      return true;
    }
    if (!pooled) {
      pool_.resize(static_cast<size_t>(n));
      for (int k = 0; k < n; ++k) pool_[static_cast<size_t>(k)] = k;
      pooled = true;
    }
    pool_[static_cast<size_t>(j)] = pool_[static_cast<size_t>(left - 1)];
    if (--left == 0) return false;
  }
}

void Game::restart(const State& start, Restart& r) {
  M_.state().copy_from(start);
  M_.clear_journal();
  if (r.listed) {
    M_.restore_version(r.version);
    MoveList& l = *moves_.list;  // (copied whole: fewer instructions than move by move)
    while (l.room < static_cast<int>(r.moves.size())) l.grow();
    std::copy(r.moves.begin(), r.moves.end(), l.moves.begin());
    l.size = static_cast<int>(r.moves.size());
    if (r.unknown != 0 || r.failing != 0) verdict_.assign(r.verdicts.begin(), r.verdicts.end());
    unknown_ = r.unknown;
    failing_ = r.failing;
    moves_version_ = r.version;
    return;
  }
  if (node() != NodeKind::Decision || rejected_) return;
  if (moves_version_ != M_.version()) {
    M_.begin_operation();
    relist();
  }
  if (moves_version_ != M_.version()) return;  // (not kept: the listing changed the state)
  const MoveList& l = *moves_.list;
  r.moves.assign(l.begin(), l.begin() + l.size);
  r.verdicts.clear();
  if (unknown_ != 0 || failing_ != 0) r.verdicts.assign(verdict_.begin(), verdict_.begin() + l.size);
  r.unknown = unknown_;
  r.failing = failing_;
  r.version = moves_version_;
  r.listed = true;
}

int Game::legal_count() {
  if (node() == NodeKind::Chance) {
    M_.begin_operation();
    return static_cast<int>(pending_outcomes().values.size());
  }
  return static_cast<int>(decisions().size());
}

void Game::generate(MoveList& out, bool defer) {
  out.size = 0;
  const auto step = static_cast<size_t>(std::as_const(M_).state().step);
  defer = defer && defers_[step];
  if (straight_[step] && !rejected_) return list_straight(out, step, defer);
  auto add = [&](const Move& m) {
    if (out.size >= kMaxMoves) too_many_moves(P_->moves[static_cast<size_t>(m.type)]);
    out.add().assign(m);
    return true;
  };
  Move m;
  Remembering remembering(M_);
  struct Listing {  // (listing_ set while extend() lists, put back also when it throws)
    MoveList*& at;
    MoveList* was;
    ~Listing() { at = was; }
  } listing{listing_, listing_};
  listing_ = &out;
  const Unplayed unplayed(M_, defer);
  if (rejected_) [[unlikely]] extend<true>(m, 0, add, &out);
  else extend<false>(m, 0, add, &out);
}

bool Game::has_moves() {
  if (rejected_) [[unlikely]] return any_legal();
  try {
    relist();
  } catch (const RuntimeError&) {
    if (M_.spent()) throw;
    return any_legal();
  }
  const MoveList& l = *moves_.list;
  if (unknown_ < l.size) return true;  // (a move known to hold)
  // candidates only: the first that holds, in order (an error on the way is the one any_legal() would meet)
  for (int i = 0; i < l.size; ++i)
    if (holds(i)) return true;
  return false;
}

bool Game::any_legal() {
  auto stop = [](const Move&) { return false; };
  Move m;
  Remembering remembering(M_);
  if (rejected_) [[unlikely]] return !extend<true>(m, 0, stop);
  return !extend<false>(m, 0, stop);
}

const SortedTable* Game::sorted_table(int move, int k, const Value& dom) {
  const MoveInfo& mi = P_->moves[static_cast<size_t>(move)];
  const MoveInfo::Sorting& sorting = mi.sorts[static_cast<size_t>(k)];
  SortedValues::Key key;
  key.move = move;
  key.param = k;
  for (size_t i = 0; i < sorting.inputs.size(); ++i) {
    const Node& in = P_->code[static_cast<size_t>(sorting.inputs[i])];
    // (compile/requirements.cpp: `me` or a slot)
    key.in[i] = in.op == Op::Me ? std::as_const(M_).state().player : M_.slot(in.a).i;
  }
  if (const SortedTable* t = sorted_.find(key)) return t->usable ? t : nullptr;
  const int n = M_.list_len(dom);
  SortedTable* t = sorted_.add(key, static_cast<size_t>(n));
  if (!t) return nullptr;
  const int first = mi.require_at[static_cast<size_t>(k + 1)];
  std::vector<std::pair<int64_t, int32_t>> sorted;
  for (int i = 0; i < n; ++i) {
    const int32_t v = static_cast<int32_t>(M_.list_at(dom, i).i);
    M_.slot(k) = Value{v, 0, 0};
    try {
      // the requirements in order, as generation checks them (those between them cannot fail)
      bool meets = true;
      int64_t f = 1;
      for (uint32_t m = sorting.mask; m != 0 && meets; m &= m - 1) {
        const RequireInfo& req = mi.requires_[static_cast<size_t>(first + std::countr_zero(m))];
        const int64_t value = M_.evaluate(req.sort_part).i;
        if (req.sort == RequireInfo::SortTrue) meets = value != 0;
        else f = value;
      }
      if (meets) {
        sorted.emplace_back(f, v);
        t->all.push_back(v);
      }
    } catch (const RuntimeError&) {
      if (M_.spent()) throw;
      return nullptr;  // (kept as not usable)
    }
  }
  if (mi.requires_[static_cast<size_t>(sorting.last)].sort != RequireInfo::SortTrue) {  // (else only `all` is read)
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [f, v] : sorted) {
      t->values.push_back(f);
      t->items.push_back(v);
    }
    t->ones = t->with(1);
  }
  t->usable = true;
  return t;
}

void Game::run_step(const MoveInfo& mi, bool further) {
  if (native_steps_) {  // (the same, by a native build's code)
    native_steps_[&mi - P_->moves.data()](M_, further);
    return;
  }
  State& S = M_.state();
  S.flags &= ~(State::kContinueMove | State::kContinuing);
  if (further) S.flags |= State::kContinuing;
  // every 'let' takes its value from the state before the effects (one that cannot be computed there is left to
  // fail where an effect uses it)
  for (int l = 0; l < mi.nlets; ++l) {
    try {
      M_.evaluate(mi.let_nodes[l]);
    } catch (const RuntimeError&) {
      if (M_.spent()) throw;
    }
  }
  M_.execute_all(mi.effects);
}

// (no call is remembered in a post-condition: each candidate's are evaluated in the state its effects leave, which
// nothing else is evaluated in, so that a value kept there would hardly be asked for again; spec/language.md)
template <bool Record>
bool Game::ensured(int mv) {
  const MoveInfo& mi = P_->moves[mv];
  const NotRemembering suspended(M_);
  for (size_t k = 0; k < mi.ensures.size(); ++k)
    if (!M_.evaluate(mi.ensures[k].node).i) {
      if constexpr (Record) (*rejected_)[static_cast<size_t>(mv)][mi.requires_.size() + k] = 1;
      return false;
    }
  return true;
}

template bool Game::ensured<true>(int);
template bool Game::ensured<false>(int);

}  // namespace ri
