// Alpha-beta search with the rule file's evaluation. See alphabeta.hpp.
#include "search/alphabeta.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <vector>

#include "search/rewind.hpp"

namespace ri {
namespace {

constexpr double kWin = 1e9;
constexpr double kInf = std::numeric_limits<double>::infinity();

// The node budget ran out.
struct OutOfNodes {};

class AlphaBeta {
 public:
  explicit AlphaBeta(Game& g) : g_(g), M_(g.machine()), P_(g.prog()), me_(g.player()), n_(g.prog().nplayers()) {}

  int run(int depth, SearchStats* stats) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::span<const Move> moves = g_.decisions();
    root_.assign(moves.begin(), moves.end());
    std::vector<int> order(root_.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    int best = 0, reached = 0;
    double best_value = 0;
    Rewind root(g_);
    try {
      for (int d = 1; d <= depth && root_.size() > 1; ++d) {
        int iteration_best = order[0];
        double alpha = -kInf;
        for (int i : order) {
          g_.apply(root_[static_cast<size_t>(i)]);
          const double v = value(d - 1, 1, alpha, kInf);
          root.back();
          if (v > alpha) alpha = v, iteration_best = i;
        }
        best = iteration_best;
        best_value = alpha;
        reached = d;
        // the best first in the next iteration
        std::stable_partition(order.begin(), order.end(), [&](int i) { return i == best; });
        if (alpha >= kWin / 2) break;  // a win found: deeper cannot do better
      }
    } catch (const OutOfNodes&) {
      root.back();
    } catch (...) {
      root.back();
      throw;
    }
    if (stats) {
      stats->iterations = static_cast<uint64_t>(reached);
      stats->nodes = nodes_;
      stats->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      stats->max_depth = reached;
      stats->value = best_value;
    }
    return best;
  }

 private:
  // The rule file's evaluation of player p here.
  double evaluate(int p) {
    M_.begin_operation();
    M_.slot(0) = Value{p, 0, 0};
    return static_cast<double>(M_.evaluate(P_.evaluation.value).i);
  }

  // The value for me_ of a position reached after `ply` actions (a finished game, or the evaluation).
  double leaf(int ply) {
    const State& S = g_.state();
    if (S.over) {
      if (S.winners == 1u << me_) return kWin - ply;
      if (S.winners == 0 || (S.winners >> me_ & 1)) return S.winners == 0 && S.over == State::kLost ? -kWin + ply : 0.0;
      return -kWin + ply;
    }
    const double mine = evaluate(me_);
    if (n_ == 1) return mine;
    double others = -kInf;
    for (int q = 0; q < n_; ++q)
      if (q != me_) others = std::max(others, evaluate(q));
    return mine - others;
  }

  double value(int depth, int ply, double alpha, double beta) {
    if (++nodes_ > kMaxAlphaBetaNodes) throw OutOfNodes{};
    const Game::NodeKind kind = g_.node();
    if (kind == Game::NodeKind::Over || depth == 0) return leaf(ply);
    Rewind here(g_);
    if (kind == Game::NodeKind::Chance) {
      const Game::Outcomes o = g_.outcomes();
      const std::vector<uint64_t> weights(o.weights.begin(), o.weights.end());
      const double total = static_cast<double>(o.total);
      double sum = 0;
      for (size_t i = 0; i < weights.size(); ++i) {
        g_.apply(Move::chance(static_cast<int32_t>(i)));
        sum += static_cast<double>(weights[i]) * value(depth - 1, ply + 1, -kInf, kInf);
        here.back();
      }
      return sum / total;
    }
    const std::span<const Move> listed = g_.decisions();
    const std::vector<Move> moves(listed.begin(), listed.end());
    const bool maximise = g_.player() == me_;
    double best = maximise ? -kInf : kInf;
    for (const Move& m : moves) {
      g_.apply(m);
      const double v = value(depth - 1, ply + 1, alpha, beta);
      here.back();
      if (maximise) {
        best = std::max(best, v);
        alpha = std::max(alpha, v);
      } else {
        best = std::min(best, v);
        beta = std::min(beta, v);
      }
      if (alpha >= beta) break;
    }
    return best;
  }

  Game& g_;
  Machine& M_;
  const Program& P_;
  const int me_, n_;
  std::vector<Move> root_;
  uint64_t nodes_ = 0;
};

}  // namespace

int alphabeta_choose(Game& g, int depth, SearchStats* stats) {
  AlphaBeta a(g);
  return a.run(depth, stats);
}

}  // namespace ri
