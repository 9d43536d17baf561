// Game: move generation: the legal moves of a decision node (with their further steps), whether the player to move
// has one, and the post-conditions. See engine.hpp.
#include "runtime/generate.hpp"

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

std::span<const Move> Game::decisions() {
  if (node() != NodeKind::Decision) return {};
  if (moves_version_ != M_.version() || rejected_) {
    M_.begin_operation();  // (kept moves are handed over without an operation: nothing is evaluated)
    moves_version_ = ~uint64_t{0};  // until the moves are all there
    generate(*moves_.list);
    moves_version_ = M_.version();
  }
  return {moves_.list->begin(), static_cast<size_t>(moves_.list->size)};
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
    moves_version_ = r.version;
    return;
  }
  if (node() != NodeKind::Decision || rejected_) return;
  const std::span<const Move> moves = decisions();
  if (moves_version_ != M_.version()) return;  // (not kept: the listing changed the state)
  r.moves.assign(moves.begin(), moves.end());
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

void Game::generate(MoveList& out) {
  out.size = 0;
  const auto step = static_cast<size_t>(std::as_const(M_).state().step);
  if (straight_[step] && !rejected_) {
    // every move of the step listed by a native build's code straight into the list, as extend() would have it
    Remembering remembering(M_);
    for (int mv : P_->steps[step].moves)
      native_moves_[mv](M_, this, [](void*) { return true; }, nullptr, &out);
    return;
  }
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
  if (rejected_) [[unlikely]] extend<true>(m, 0, add, &out);
  else extend<false>(m, 0, add, &out);
}

bool Game::has_moves() {
  if (rejected_) [[unlikely]] return any_legal();
  moves_version_ = ~uint64_t{0};
  try {
    generate(*moves_.list);
  } catch (const RuntimeError&) {
    if (M_.spent()) throw;
    return any_legal();
  }
  moves_version_ = M_.version();
  return moves_.list->size > 0;
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
