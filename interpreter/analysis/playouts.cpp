// Random actions and random playouts. See playouts.hpp and spec/cli.md.
#include "analysis/playouts.hpp"

#include <algorithm>
#include <chrono>
#include <memory>

namespace ri {

bool random_action(Game& g, Prng& rng, MoveList& scratch, Move& out) {
  switch (g.node()) {
    case Game::NodeKind::Over: return false;
    case Game::NodeKind::Chance: {
      Game::Outcomes o = g.outcomes();
      out = Move{};
      out.type = Move::kChance;
      out.nargs = 1;
      out.args[0] = static_cast<int32_t>(rng.pick_weighted(o.weights.data(), o.weights.size()));
      return true;
    }
    case Game::NodeKind::Decision:
      g.legal(scratch);
      if (scratch.size == 0) return false;
      out = scratch[static_cast<int>(rng.below(static_cast<uint64_t>(scratch.size)))];
      return true;
  }
  return false;
}

PlayoutStats playouts(Game& g, uint64_t count, uint64_t seed, int64_t max_plies) {
  Prng rng(seed);
  return playouts(g, count, rng, max_plies);
}

PlayoutStats playouts(Game& g, uint64_t count, Prng& rng, int64_t max_plies, bool fresh_setup) {
  PlayoutStats st;
  const Program& P = g.prog();
  for (int p = 0; p < P.nplayers(); ++p) st.results.push_back({1u << p, P.players[p] + " wins", 0});
  st.results.push_back({0, "draw", 0});

  Machine& M = g.machine();
  const State start = g.state();
  auto scratch = std::make_unique<MoveList>();
  auto t0 = std::chrono::steady_clock::now();
  for (uint64_t i = 0; i < count; ++i) {
    if (fresh_setup && i > 0) g.reset(rng);  // a new random start, drawn from the same generator
    else M.state() = start;                  // a copy into the same buffers: no allocation
    M.clear_journal();                       // playouts never undo
    int64_t plies = 0;
    Move m;
    while (plies < max_plies && random_action(g, rng, *scratch, m)) {
      g.apply(m);
      M.clear_journal();
      ++plies;
    }
    st.plies += static_cast<uint64_t>(plies);
    ++st.count;
    if (g.node() != Game::NodeKind::Over) {
      ++st.unfinished;
      continue;
    }
    uint32_t w = g.winners();
    auto it = std::find_if(st.results.begin(), st.results.end(), [&](auto& r) { return r.winners == w; });
    if (it == st.results.end()) it = st.results.insert(st.results.end(), {w, g.result_text(), 0});
    ++it->count;
  }
  st.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  M.state() = start;
  M.clear_journal();
  return st;
}

}  // namespace ri
