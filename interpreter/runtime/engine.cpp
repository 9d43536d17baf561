// Game: the turn state machine and move generation. See engine.hpp.
#include "runtime/engine.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <utility>

#include "common/text.hpp"

namespace ri {

Game::Game(std::shared_ptr<const Program> p, const Position* pos, Prng* rng, std::vector<std::string> deck)
    : P_(std::move(p)), M_(P_), deck_(std::move(deck)) {
  values_.reserve(kMaxOutcomes);
  if (P_->native && P_->native->moves.size() == P_->moves.size()) native_moves_ = P_->native->moves.data();
  if (P_->native && P_->native->steps.size() == P_->moves.size()) native_steps_ = P_->native->steps.data();
  if (P_->native) native_ends_ = P_->native->ends;
  for (const MoveInfo& mi : P_->moves) deferrable_.push_back(!mi.continues && !mi.ensures.empty());
  for (const StepInfo& st : P_->steps) {
    bool straight = native_moves_ != nullptr, defers = false;
    for (int mv : st.moves) {
      const MoveInfo& mi = P_->moves[static_cast<size_t>(mv)];
      straight = straight && native_moves_[mv] && !mi.continues;  // (post-conditions checked by its code too)
      defers = defers || deferrable_[static_cast<size_t>(mv)];
    }
    straight_.push_back(straight);
    defers_.push_back(defers);
  }
  saved_.resize(kMaxMoveValues + 2);  // a move has at most that many steps (never resized: extend keeps references)
  passers_.reserve(P_->steps.size() * static_cast<size_t>(P_->nplayers()) + 2);  // settle's guard bounds them
  if (pos) reset(*pos);
  else if (rng) reset(*rng);
  else reset();
}

Game::Game(std::shared_ptr<const Program> p) : Game(std::move(p), nullptr, nullptr) {}
Game::Game(std::shared_ptr<const Program> p, Prng& rng) : Game(std::move(p), nullptr, &rng) {}
Game::Game(std::shared_ptr<const Program> p, Prng& rng, std::vector<std::string> deck)
    : Game(std::move(p), nullptr, &rng, std::move(deck)) {}
Game::Game(std::shared_ptr<const Program> p, const Position& pos) : Game(std::move(p), &pos, nullptr) {}

void Game::reset() {
  Prng rng(0);
  reset(rng);
}

void Game::reset(Prng& rng) { set_up(P_->start, &rng); }

void Game::reset(const Position& pos) { set_up(pos, nullptr); }

// Setup (spec/language.md, section 8 (Setting up)) with the position's board: its pieces placed in order, its values in place
// of the initial values they replace (those are not computed), the rule file's setup statements (from the start
// only: with `rng`), then its turn.
void Game::set_up(const Position& pos, Prng* rng) {
  const Program& P = *P_;
  State& S = M_.state();
  M_.clear_journal();
  S.vars.assign(P.nvars, 0);
  size_t np = P.pieces.size();
  S.kind.assign(np, 0);
  S.owner.assign(np, 0);
  S.site.assign(np, -1);
  S.height.assign(np, -1);
  S.attrs.assign(np * S.nattrs, 0);
  empty_board(S, P.nsites(), P.nplayers(), P.uses_site_sets);
  S.player = 0;
  S.step = 0;
  S.over = 0;
  S.winners = 0;
  S.turn = 1;
  S.ply = 0;
  S.flags = 0;
  S.ended_by = 0;
  S.history.clear();
  S.hist_len = 0;
  S.positions.clear();
  S.hist_width = 1 + static_cast<int>(P.history.size());
  S.history.reserve(static_cast<size_t>(S.hist_width) * 256);
  entry_.assign(S.hist_width, 0);
  M_.begin_operation();
  // pieces first, so that initial values can look at the board
  for (size_t i = 0; i < np; ++i) {
    S.kind[i] = static_cast<int16_t>(P.pieces[i].kind);
    S.owner[i] = static_cast<int16_t>(P.pieces[i].owner);
  }
  for (const Position::Place& pl : pos.places) {
    if (pl.owner >= 0) S.owner[pl.piece] = static_cast<int16_t>(pl.owner);  // a generated piece: the owner written
    if (pl.kind >= 0) S.kind[pl.piece] = static_cast<int16_t>(pl.kind);     // a kind the position gives it
    if (pl.site >= 0) M_.place(pl.piece, pl.site);
  }
  group_by_kind(S, static_cast<int>(P.kinds.size()));
  // the values the position gives
  std::vector<char> given_var(S.vars.size(), 0), given_attr(S.attrs.size(), 0);
  for (const Position::Var& v : pos.vars) {
    S.vars[v.slot] = v.value;
    given_var[v.slot] = 1;
  }
  for (const Position::Attr& a : pos.attrs) {
    size_t i = static_cast<size_t>(a.piece) * S.nattrs + a.attr;
    S.attrs[i] = a.value;
    given_attr[i] = 1;
  }
  // variables: per-player initial values are computed with `me` = that player
  for (const VarInfo& v : P.vars) {
    if (v.init < 0) continue;
    int n = v.per_player ? P.nplayers() : 1;
    for (int p = 0; p < n; ++p) {
      if (given_var[v.offset + p]) continue;
      S.player = p;
      S.vars[v.offset + p] = fit_32_bits(P.code[v.init].pos, M_.evaluate(v.init).i);
    }
  }
  // attributes, those of the piece's kind now, computed with `me` = the piece's owner (and a generated piece's
  // element in slot 0)
  for (size_t i = 0; i < np; ++i) {
    const PieceInit& pi = P.pieces[i];
    const KindInfo& k = P.kinds[S.kind[i]];
    S.player = S.owner[i];
    M_.slot(0) = Value{pi.element, 0, 0};
    for (size_t a = 0; a < k.attrs.size(); ++a)
      if (k.attr_inits[a] >= 0 && !given_attr[i * S.nattrs + k.attrs[a]])
        S.attrs[i * S.nattrs + k.attrs[a]] = fit_32_bits(P.code[k.attr_inits[a]].pos, M_.evaluate(k.attr_inits[a]).i);
  }
  // the setup's statements, with `me` = the first player; 'random' and 'shuffle' draw from rng while they run (a
  // 'shuffle' follows the deck instead, when the game has one)
  if (rng && !P.setup.empty()) {
    struct Draws {  // the generator and the deck are the machine's only while the statements run, also when one fails
      Machine& m;
      ~Draws() {
        m.set_rng(nullptr);
        m.set_deck(nullptr);
      }
    } draws{M_};
    M_.set_rng(rng);
    M_.set_deck(deck_.empty() ? nullptr : &deck_);
    S.player = 0;
    for (int st : P.setup) M_.execute(st);
  }
  S.player = pos.player;
  S.step = pos.step;
  S.turn = pos.turn;
  // the board's key kept as the board changes when every position is hashed (repetitions), else made for a hash
  S.keyed = P_->uses_repetitions;
  S.board_key = S.keyed ? board_key_of(S) : 0;  // (the setup wrote attributes and stacks directly)
  if (P_->uses_repetitions) S.positions.push_back(hash_of(true));  // the start, with the player and step it starts at
  M_.clear_journal();  // the setup itself is not undoable
  passers_.clear();
  if (pos.over) {
    S.over = pos.lost ? State::kLost : 1;
    S.winners = pos.winners;
    return;
  }
  settle();
}

const ChanceInfo* Game::pending_chance() const {
  if (node() != NodeKind::Chance) return nullptr;
  return &P_->chance[P_->steps[state().step].chance];
}

Game::Outcomes Game::outcomes() {
  M_.begin_operation();
  return pending_outcomes();
}

Game::Outcomes Game::pending_outcomes() {
  Outcomes o;
  o.chance = pending_chance();
  if (!o.chance) return o;
  const ChanceInfo& c = *o.chance;
  if (c.computed < 0) {
    o.values = c.values;
    o.weights = c.weights;
    o.total = c.total;
    return o;
  }
  // computed: the elements of the list, in order, each one outcome of weight 1
  Value l = M_.evaluate(c.computed);
  int n = M_.list_len(l);
  const Pos& at = P_->code[c.computed].pos;
  if (n == 0) throw RuntimeError(at, fmt::format("chance '{}' has no outcomes here", c.name));
  if (n > kMaxOutcomes) throw RuntimeError(at, fmt::format("chance '{}' has {} outcomes here; at most {}", c.name, n, kMaxOutcomes));
  values_.resize(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    int64_t v = M_.list_at(l, i).i;
    if (v < INT32_MIN || v > INT32_MAX)
      throw RuntimeError(at, fmt::format("chance '{}' has the outcome {} here, beyond 32 bits", c.name, v));
    values_[static_cast<size_t>(i)] = v;
  }
  o.values = values_;
  o.weights = std::span<const uint64_t>(ones_).first(static_cast<size_t>(n));
  o.total = static_cast<uint64_t>(n);
  return o;
}

// The state hash without the counters, with the player and step the turn goes on with after this move (extra_turn: step 0; continue_turn:
// the same step; else the next step, or the next player's first), without the automatic passes of settling.
uint64_t Game::position_key() {
  State& S = M_.state();
  const int32_t player = S.player, step = S.step;
  if (S.flags & State::kExtraTurn) {
    S.step = 0;
  } else if (!(S.flags & State::kContinueTurn) && ++S.step >= static_cast<int>(P_->steps.size())) {
    S.step = 0;
    S.player = next_player(S.player);
  }
  const uint64_t h = hash_of(true);
  S.player = player;
  S.step = step;
  return h;
}

void Game::next_step() {
  State& S = M_.state();
  if (++S.step >= static_cast<int>(P_->steps.size())) {
    S.step = 0;
    S.player = next_player(S.player);
    ++S.turn;
  }
}

// Moves on through steps that need no decision: steps whose condition is false, automatic passes when no
// move exists, or the end.
void Game::settle() {
  State& S = M_.state();
  int guard = 0;
  const int limit = static_cast<int>(P_->steps.size()) * P_->nplayers() + 1;
  while (!S.over) {
    const StepInfo& st = P_->steps[S.step];
    if (st.when < 0 || M_.evaluate(st.when).i) {
      if (st.kind == StepInfo::Roll) return;
      if (has_moves()) return;
      if (st.end_if_none || st.lose_if_none) {
        S.flags |= State::kCannotMove;  // cannot_move is true while the end rules are tried
        bool ended = false;
        try {
          ended = check_end();
        } catch (...) {
          S.flags &= ~State::kCannotMove;
          throw;
        }
        S.flags &= ~State::kCannotMove;
        if (!ended) {
          finish_without_rule(State::kEndNoMove | S.player);
          if (st.lose_if_none) lose(S, P_->nplayers(), S.player);
        }
        return;
      }
      if (passers_.empty() || passers_.back() != S.player) passers_.push_back(S.player);
    }
    next_step();
    if (++guard > limit) {  // nobody can ever move: the game cannot go on
      finish_without_rule(State::kEndStuck);
      return;
    }
  }
}

void Game::finish_without_rule(int32_t how) {
  State& S = M_.state();
  S.over = 1;
  S.winners = 0;
  S.ended_by = how;
}

void not_a_player(const Program& P, int at, bool loser) {
  throw RuntimeError(P.code[static_cast<size_t>(at)].pos,
                     loser ? "the loser is not a player (none)" : "the winner is not a player (none)");
}

// Evaluates the end rules in order; the first that holds decides the result.
bool Game::check_end() {
  if (native_ends_) return native_ends_(M_);  // (the same, by a native build's code)
  const Program& P = *P_;
  State& S = M_.state();
  for (size_t r = 0; r < P.ends.size(); ++r) {
    const EndInfo& e = P.ends[r];
    int nrounds = e.each ? P.nplayers() : 1;
    for (int p = 0; p < nrounds; ++p) {
      M_.slot(0) = Value{p, 0, 0};
      if (!M_.evaluate(e.when).i) continue;
      S.over = 1;
      S.winners = 0;
      S.ended_by = static_cast<int32_t>(r + 1) << 8 | p << 1 | ((S.flags & State::kCannotMove) != 0);
      if (e.result == EndInfo::Win) {
        M_.slot(0) = Value{p, 0, 0};
        int64_t w = M_.evaluate(e.arg).i;
        if (w < 0 || w >= P.nplayers()) not_a_player(P, e.arg, false);
        S.winners = 1u << w;
      } else if (e.result == EndInfo::Lose) {  // the loser last, every other player wins (spec/language.md, section 10)
        M_.slot(0) = Value{p, 0, 0};
        int64_t l = M_.evaluate(e.arg).i;
        if (l < 0 || l >= P.nplayers()) not_a_player(P, e.arg, true);
        lose(S, P.nplayers(), static_cast<int>(l));
      } else if (e.result == EndInfo::Rank) {
        int64_t best = 0;
        for (int q = 0; q < P.nplayers(); ++q) {
          M_.slot(0) = Value{q, 0, 0};
          int64_t v = M_.evaluate(e.arg).i;
          if (q == 0 || v > best) best = v, S.winners = 0;
          if (v == best) S.winners |= 1u << q;
        }
      }
      return true;
    }
  }
  return false;
}

size_t Game::apply(const Move& m) {
  size_t mark = M_.mark();
  try {
    return play(m);
  } catch (...) {
    M_.rollback(mark);
    throw;
  }
}

size_t Game::play(const Move& m) {
  M_.begin_operation();
  // a chance outcome's value, computed before anything changes
  int32_t outcome = m.type == Move::kChance ? static_cast<int32_t>(pending_outcomes().values[m.args[0]]) : 0;
  size_t mark = M_.mark();
  State& S = M_.state();
  M_.save_control();
  passers_.clear();
  S.flags = 0;
  ++S.ply;
  if (m.type == Move::kChance) {
    const ChanceInfo& c = *pending_chance();
    M_.set_var(P_->vars[c.var].offset, outcome);
    M_.execute_all(c.effects);  // with me = the player who rolls
    next_step();
    settle();
    return mark;
  }
  // each step in turn: its values bound, its lets computed, its effects run; a further step follows one that asked
  // for it (continue_move), which a legal move always does
  const MoveInfo* mi = &P_->moves[m.type];
  for (int off = 0, k = 0;; ++k) {
    bind(*mi, m, off);
    off += static_cast<int>(mi->params.size());
    run_step(*mi, k > 0);
    if (off >= m.nargs) break;
    mi = &P_->moves[m.args[off++]];
  }
  S.flags &= ~(State::kContinueMove | State::kContinuing);
  const StepInfo& st = P_->steps[S.step];
  if (!st.after.empty()) {
    // the step's statements have a frame of their own: the move's parameters and lets are kept for its record
    frame_.assign(&M_.slot(0), &M_.slot(0) + mi->frame);
    M_.execute_all(st.after);
    std::copy(frame_.begin(), frame_.end(), &M_.slot(0));
  }
  record(*mi);
  if (P_->uses_repetitions) M_.push_position(position_key());
  if (check_end()) return mark;
  if (S.flags & State::kExtraTurn) {
    S.step = 0;
    ++S.turn;
  } else if (!(S.flags & State::kContinueTurn)) {
    next_step();
  }
  settle();
  return mark;
}

// Appends the move's history entry: the mover, then each field. The values the move records come first, while
// its parameters are still in their slots; the other fields' defaults, checked in a frame of their own, after.
void Game::record(const MoveInfo& mi) {
  const Program& P = *P_;
  entry_[0] = std::as_const(M_).state().player;  // (read only: push_history counts the change)
  auto field = [&](size_t h, int node) { entry_[1 + h] = fit_32_bits(P.code[node].pos, M_.evaluate(node).i); };
  for (size_t h = 0; h < P.history.size(); ++h)
    if (mi.record[h] >= 0) field(h, mi.record[h]);
  for (size_t h = 0; h < P.history.size(); ++h)
    if (mi.record[h] < 0) field(h, P.history[h].init);
  M_.push_history(entry_.data());
}

std::string Game::result_message() {
  State& S = M_.state();
  if (!S.over || S.ended_by < State::kEndRule) return "";
  const EndInfo& e = P_->ends[static_cast<size_t>((S.ended_by >> 8) - 1)];
  if (!e.has_message) return "";
  return end_text(e.message);
}

std::string Game::result_reason() {
  State& S = M_.state();
  if (!S.over || S.ended_by == 0) return "";
  if (S.ended_by < State::kEndRule) {
    const int p = S.ended_by & (State::kEndResigned - 1), how = S.ended_by & ~(State::kEndResigned - 1);
    const std::string who = p < P_->nplayers() ? P_->players[static_cast<size_t>(p)] : "?";
    if (how == State::kEndResigned) return who + " resigned";
    if (how == State::kEndNoMove) return who + " cannot move";
    return "nobody can move";
  }
  const EndInfo& e = P_->ends[static_cast<size_t>((S.ended_by >> 8) - 1)];
  if (e.has_reason) return end_text(e.reason);
  if (e.name.empty()) return fmt::format("the end rule at line {}", e.pos.line);
  std::string s = e.name;
  std::replace(s.begin(), s.end(), '_', ' ');
  return s;
}

// A template of the end rule that ended the game (its message or reason), as when the rule held.
std::string Game::end_text(const TemplateInfo& t) {
  State& S = M_.state();
  M_.begin_operation();
  Showing h(M_);
  int32_t flags = S.flags;
  if (S.ended_by & 1) S.flags |= State::kCannotMove;  // cannot_move, as when the rule held
  M_.slot(0) = Value{S.ended_by >> 1 & 127, 0, 0};     // the player the rule's `each` name was bound to
  std::string out;
  try {
    out = write_with(t);
  } catch (...) {
    S.flags = flags;
    throw;
  }
  S.flags = flags;
  return out;
}

std::string Game::result_text() const {
  const State& S = state();
  if (!S.over) return "not over";
  std::vector<std::string> w;
  for (int p = 0; p < P_->nplayers(); ++p)
    if (S.winners & (1u << p)) w.push_back(P_->players[p]);
  if (w.empty() && S.over == State::kLost) return P_->nplayers() == 1 ? P_->players[0] + " loses" : "nobody wins";
  if (w.empty()) return "draw";
  if (w.size() == 1) return w[0] + " wins";
  std::string s;
  for (size_t i = 0; i < w.size(); ++i) s += (i ? (i + 1 == w.size() ? " and " : ", ") : "") + w[i];
  return s + " tie";
}

}  // namespace ri
