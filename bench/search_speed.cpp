// Timing MCTS searches. See search_speed.hpp.
#include "search_speed.hpp"

#include <fmt/format.h>

#include <chrono>

#include "analysis/playouts.hpp"
#include "search/mcts.hpp"
#include "table.hpp"

namespace bench {

std::optional<SearchFigures> time_mcts(ri::Game& g, uint64_t iterations, uint64_t seed, int repeat) {
  const ri::State start = g.state();
  ri::Machine& M = g.machine();
  ri::Prng rng(seed);
  SearchFigures f;
  ri::Move m;
  // the first decision with a choice
  while (g.node() != ri::Game::NodeKind::Over && f.ply < 10'000 &&
         !(g.node() == ri::Game::NodeKind::Decision && g.decisions().size() > 1)) {
    if (!ri::random_action(g, rng, m)) break;
    g.apply(m);
    M.clear_journal();
    ++f.ply;
  }
  std::optional<SearchFigures> out;
  if (g.node() == ri::Game::NodeKind::Decision && g.decisions().size() > 1) {
    ri::MctsOptions o;
    o.iterations = iterations;
    for (int r = 0; r < repeat; ++r) {
      ri::Prng search(seed);
      ri::SearchStats st;
      const auto t0 = std::chrono::steady_clock::now();
      ri::mcts_choose(g, o, search, &st);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (r == 0 || seconds < f.seconds) f.seconds = seconds;
      f.iterations = st.iterations;
      f.nodes = st.nodes;
    }
    f.per_s = f.seconds > 0 ? static_cast<double>(f.iterations) / f.seconds : 0;
    out = f;
  }
  M.state().copy_from(start);
  M.clear_journal();
  return out;
}

std::string search_header(size_t w) {
  return fmt::format("| {:<{}} | {:>5} | {:>10} | {:>9} | {:>12} |\n| {:-<{}} | {:->5} | {:->10} | {:->9} | {:->12} |\n",
                     "game", w, "ply", "iterations", "nodes", "iterations/s", "", w, ":", ":", ":", ":");
}

std::string search_row(size_t w, const std::string& name, const std::optional<SearchFigures>& f) {
  if (!f) return fmt::format("| {:<{}} | {:>5} | {:>10} | {:>9} | {:>12} |\n", name, w, "-", "-", "-", "-");
  return fmt::format("| {:<{}} | {:>5} | {:>10} | {:>9} | {:>12} |\n", name, w, f->ply,
                     format_rate(static_cast<double>(f->iterations)), format_rate(static_cast<double>(f->nodes)),
                     format_rate(f->per_s));
}

}  // namespace bench
