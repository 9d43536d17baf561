// Monte Carlo tree search (UCT) over the runtime's generation and undo. See mcts.hpp.
#include "search/mcts.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <numbers>
#include <utility>

#include "analysis/playouts.hpp"
#include "search/rewind.hpp"

namespace ri {
namespace {

// A node of the tree: a position reached from the root by the actions on its way. Its children are contiguous in
// the tree's vector, one per action in legal() order, made when the node is reached a second time (the root: at once).
struct TreeNode {
  int32_t first = -1;  // the first child; -1 while the children are not made
  int32_t count = 0;   // children
  uint32_t visits = 0;
  int16_t player = -1;  // the player to move at a decision node
  Game::NodeKind kind = Game::NodeKind::Over;
};

class Search {
 public:
  Search(Game& g, const MctsOptions& o, Prng& rng)
      : g_(g), M_(g.machine()), P_(g.prog()), o_(o), rng_(rng), n_(g.prog().nplayers()) {}

  int run(SearchStats* stats) {
    const auto t0 = std::chrono::steady_clock::now();
    // (its playouts play only the candidates they draw, Game::random_decision; the game as it was after)
    const DeferredPostConditions deferred(g_);
    const std::span<const Move> moves = g_.decisions();
    real_.assign(moves.begin(), moves.end());
    int chosen = real_.size() <= 1 ? 0 : winning_move();
    if (chosen < 0) chosen = search(t0);
    if (stats) {
      stats->iterations = iterations_;
      stats->nodes = nodes_.size();
      stats->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      stats->max_depth = max_depth_;
      stats->value = 0;
      if (!nodes_.empty() && nodes_[0].first >= 0) {
        const size_t c = static_cast<size_t>(nodes_[0].first + chosen);
        if (nodes_[c].visits) stats->value = sums_[c * static_cast<size_t>(n_) + static_cast<size_t>(g_.player())] / nodes_[c].visits;
      }
    }
    return chosen;
  }

 private:
  // A move that ends the game with the player to move its only winner (the first such), else -1. Not with hidden
  // information: whether a move wins there might depend on a secret.
  int winning_move() {
    if (P_.hidden.when >= 0) return -1;
    const int me = g_.player();
    Rewind here(g_);
    int found = -1;
    try {
      for (size_t i = 0; i < real_.size() && found < 0; ++i) {
        g_.apply(real_[i]);
        if (g_.state().over && g_.state().winners == 1u << me) found = static_cast<int>(i);
        here.back();
      }
    } catch (...) {
      here.back();
      throw;
    }
    return found;
  }

  int search(std::chrono::steady_clock::time_point t0) {
    Rewind start(g_);
    add_node();
    result_.assign(static_cast<size_t>(n_), 0.0);
    try {
      for (;;) {
        if (o_.seconds > 0) {
          if ((iterations_ & 15) == 0 &&
              std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() >= o_.seconds)
            break;
        } else if (iterations_ >= o_.iterations) {
          break;
        }
        ++iterations_;
        iterate();
        start.back();
      }
    } catch (...) {
      start.back();
      throw;
    }
    // the most visited child of the root; among those tied, the best mean result, then one drawn at random
    const TreeNode& root = nodes_[0];
    const auto mean = [&](int c) {
      const size_t ci = static_cast<size_t>(root.first + c);
      return nodes_[ci].visits ? sums_[ci * static_cast<size_t>(n_) + static_cast<size_t>(root.player)] / nodes_[ci].visits : 0.0;
    };
    const auto better = [&](int a, int b) {  // -1: a before b, 1: b before a, 0: tied
      const uint32_t va = nodes_[static_cast<size_t>(root.first + a)].visits, vb = nodes_[static_cast<size_t>(root.first + b)].visits;
      if (va != vb) return va > vb ? -1 : 1;
      const double ma = mean(a), mb = mean(b);
      return ma > mb ? -1 : ma < mb ? 1 : 0;
    };
    int best = 0, tied = 1;
    for (int i = 1; i < root.count; ++i) {
      const int b = better(i, best);
      if (b < 0) best = i, tied = 1;
      else if (b == 0 && rng_.below(static_cast<uint64_t>(++tied)) == 0) best = i;
    }
    return best;
  }

  void add_node() {
    nodes_.emplace_back();
    sums_.resize(sums_.size() + static_cast<size_t>(n_), 0.0);
  }

  // Makes the children of node i, at which the game stands (unless the tree is full).
  void expand(size_t i) {
    const Game::NodeKind kind = g_.node();
    const int count = g_.legal_count();
    if (nodes_.size() + static_cast<size_t>(count) > kMaxTreeNodes) return;
    const auto first = static_cast<int32_t>(nodes_.size());
    for (int c = 0; c < count; ++c) add_node();
    TreeNode& t = nodes_[i];
    t.kind = kind;
    t.player = static_cast<int16_t>(g_.player());
    t.first = first;
    t.count = count;
  }

  // Applies action a of the game's position (its index in legal() order).
  void play(int a) {
    g_.apply(g_.node() == Game::NodeKind::Chance ? Move::chance(a) : g_.decisions()[static_cast<size_t>(a)]);
  }

  // The child of decision node t to go to: one never visited (drawn among them), else the UCT choice.
  int select(const TreeNode& t) {
    int unvisited = 0;
    for (int c = 0; c < t.count; ++c) unvisited += nodes_[static_cast<size_t>(t.first + c)].visits == 0;
    if (unvisited > 0) {
      auto k = static_cast<int>(rng_.below(static_cast<uint64_t>(unvisited)));
      for (int c = 0; c < t.count; ++c)
        if (nodes_[static_cast<size_t>(t.first + c)].visits == 0 && k-- == 0) return c;
    }
    const double log_n = std::log(static_cast<double>(t.visits));
    int best = 0;
    double best_u = -1;
    for (int c = 0; c < t.count; ++c) {
      const size_t ci = static_cast<size_t>(t.first + c);
      const double v = nodes_[ci].visits;
      const double u = sums_[ci * static_cast<size_t>(n_) + static_cast<size_t>(t.player)] / v + o_.exploration * std::sqrt(log_n / v);
      if (u > best_u) best_u = u, best = c;
    }
    return best;
  }

  void iterate() {
    if (P_.hidden.when >= 0 && !determinize()) return;
    path_.clear();
    size_t i = 0;
    for (;;) {
      path_.push_back(i);
      if (g_.node() == Game::NodeKind::Over) break;
      if (nodes_[i].first < 0) {
        if (nodes_[i].visits == 0 && i != 0) break;  // a new leaf: played out from here
        expand(i);
        if (nodes_[i].first < 0) break;  // the tree is full
      }
      const TreeNode& t = nodes_[i];
      if (t.count != g_.legal_count()) break;  // (a drawn hidden state that offers other actions here: played out)
      int c;
      if (t.kind == Game::NodeKind::Chance) {
        const Game::Outcomes o = g_.outcomes();
        c = static_cast<int>(rng_.pick_weighted(o.weights.data(), o.weights.size()));
      } else {
        c = select(t);
      }
      play(c);
      i = static_cast<size_t>(t.first + c);
    }
    max_depth_ = std::max(max_depth_, static_cast<int>(path_.size()) - 1);
    playout();
    for (size_t k : path_) {
      ++nodes_[k].visits;
      for (int p = 0; p < n_; ++p) sums_[k * static_cast<size_t>(n_) + static_cast<size_t>(p)] += result_[static_cast<size_t>(p)];
    }
  }

  // Plays at random from the game's position and sets result_ to each player's result.
  void playout() {
    Move m;
    int64_t plies = 0;
    while (plies < o_.playout_plies && random_action(g_, rng_, m)) {
      g_.apply(m);
      ++plies;
    }
    const State& S = g_.state();
    const double share = n_ > 1 ? 1.0 / n_ : 0.0;  // a draw, or a game cut short without an evaluation
    if (!S.over && P_.evaluation.value >= 0) {
      share_by_evaluation();
    } else if (S.over && S.winners != 0) {
      const double each = 1.0 / std::popcount(S.winners);
      for (int p = 0; p < n_; ++p) result_[static_cast<size_t>(p)] = (S.winners >> p & 1) ? each : 0.0;
    } else {
      const double v = S.over == State::kLost ? 0.0 : share;
      std::fill(result_.begin(), result_.end(), v);
    }
  }

  // Shares a game cut short by the players' evaluations read as win odds (mcts.hpp): result_[p] is 10^(v_p/400)
  // over the sum of 10^(v_q/400), a single player's against a player valued 0.
  void share_by_evaluation() {
    double top = n_ > 1 ? -HUGE_VAL : 0.0;
    for (int p = 0; p < n_; ++p) {
      M_.begin_operation();
      M_.slot(0) = Value{p, 0, 0};
      const double v = static_cast<double>(M_.evaluate(P_.evaluation.value).i) * (std::numbers::ln10 / 400);
      result_[static_cast<size_t>(p)] = v;
      top = std::max(top, v);
    }
    double sum = n_ > 1 ? 0.0 : std::exp(-top);  // (one player: the player valued 0)
    for (double& r : result_) sum += r = std::exp(r - top);
    for (double& r : result_) r /= sum;
  }

  // Draws a state the player to move cannot tell from the real one (mcts.hpp); false when it offers them other moves
  // (the iteration is then not counted in the tree).
  bool determinize() {
    M_.begin_operation();
    const State& S = std::as_const(M_).state();
    const int npieces = static_cast<int>(S.kind.size());
    hidden_.clear();
    for (int p = 0; p < npieces; ++p) {
      M_.slot(0) = Value{p, 0, 0};
      if (M_.evaluate(P_.hidden.when).i) hidden_.push_back(p);
    }
    std::stable_sort(hidden_.begin(), hidden_.end(), [&](int a, int b) { return S.kind[static_cast<size_t>(a)] < S.kind[static_cast<size_t>(b)]; });
    for (size_t from = 0; from < hidden_.size();) {
      size_t to = from;
      const int kind = S.kind[static_cast<size_t>(hidden_[from])];
      while (to < hidden_.size() && S.kind[static_cast<size_t>(hidden_[to])] == kind) ++to;
      shuffle_secrets(kind, from, to);
      from = to;
    }
    const std::span<const Move> moves = g_.decisions();
    return std::equal(moves.begin(), moves.end(), real_.begin(), real_.end());
  }

  // Shuffles the secret attributes of the hidden pieces hidden_[from, to), all of `kind`, among them: their tuples of
  // secret values, sorted (so that the state drawn depends only on which tuples are hidden, not on where they are),
  // dealt out in an order drawn from the generator.
  void shuffle_secrets(int kind, size_t from, size_t to) {
    if (to - from < 2) return;
    const State& S = std::as_const(M_).state();
    const size_t na = static_cast<size_t>(S.nattrs), n = to - from;
    secret_.clear();
    for (int a : P_.kinds[static_cast<size_t>(kind)].attrs)
      if (P_.hidden.secret[static_cast<size_t>(a)]) secret_.push_back(a);
    const size_t w = secret_.size();
    if (w == 0) return;
    values_.resize(n * w);
    for (size_t k = 0; k < n; ++k)
      for (size_t j = 0; j < w; ++j)
        values_[k * w + j] = S.attrs[static_cast<size_t>(hidden_[from + k]) * na + static_cast<size_t>(secret_[j])];
    perm_.resize(n);
    for (size_t k = 0; k < n; ++k) perm_[k] = static_cast<int>(k);
    std::sort(perm_.begin(), perm_.end(), [&](int a, int b) {
      return std::lexicographical_compare(values_.begin() + a * static_cast<std::ptrdiff_t>(w),
                                          values_.begin() + (a + 1) * static_cast<std::ptrdiff_t>(w),
                                          values_.begin() + b * static_cast<std::ptrdiff_t>(w),
                                          values_.begin() + (b + 1) * static_cast<std::ptrdiff_t>(w));
    });
    rng_.shuffle(perm_.data(), n);
    for (size_t k = 0; k < n; ++k) {
      const int piece = hidden_[from + k];
      for (size_t j = 0; j < w; ++j) {
        const int32_t v = values_[static_cast<size_t>(perm_[k]) * w + j];
        if (S.attrs[static_cast<size_t>(piece) * na + static_cast<size_t>(secret_[j])] != v) M_.set_attr(piece, secret_[j], v);
      }
    }
  }

  Game& g_;
  Machine& M_;
  const Program& P_;
  const MctsOptions& o_;
  Prng& rng_;
  const int n_;
  std::vector<TreeNode> nodes_;
  std::vector<double> sums_;  // node * players + player: the summed results of the games through the node
  std::vector<size_t> path_;
  std::vector<double> result_;
  std::vector<Move> real_;  // the real position's moves
  std::vector<int> hidden_, perm_, secret_;
  std::vector<int32_t> values_;
  uint64_t iterations_ = 0;
  int max_depth_ = 0;
};

}  // namespace

int mcts_choose(Game& g, const MctsOptions& opts, Prng& rng, SearchStats* stats) {
  Search s(g, opts, rng);
  return s.run(stats);
}

}  // namespace ri
