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

namespace {

// Tallies with nothing counted yet: every player's win and the draw, in that order.
PlayoutStats empty_stats(const Program& P) {
  PlayoutStats st;
  for (int p = 0; p < P.nplayers(); ++p) st.results.push_back({1u << p, P.players[p] + " wins", 0});
  st.results.push_back({0, "draw", 0});
  return st;
}

// Counts a playout that ended with these winners (the game's result text when they are met for the first time).
void count_result(PlayoutStats& st, uint32_t winners, const std::string& text) {
  auto it = std::find_if(st.results.begin(), st.results.end(), [&](auto& r) { return r.winners == winners; });
  if (it == st.results.end()) it = st.results.insert(st.results.end(), {winners, text, 0});
  ++it->count;
}

// Plays playout k (from 0) on g, from `start` or a new setup, drawing from Prng(seed + k), and tallies it.
void play_one(Game& g, const State& start, const PlayoutRun& run, uint64_t k, MoveList& scratch, PlayoutStats& st) {
  Machine& M = g.machine();
  Prng rng(run.seed + k);
  if (run.fresh_setup) g.reset(rng);  // a new random start, drawn first from the playout's generator
  else M.state() = start;             // a copy into the same buffers: no allocation
  M.clear_journal();                  // playouts never undo
  int64_t plies = 0;
  Move m;
  while (plies < run.max_plies && random_action(g, rng, scratch, m)) {
    g.apply(m);
    M.clear_journal();
    ++plies;
  }
  st.plies += static_cast<uint64_t>(plies);
  ++st.count;
  if (g.node() != Game::NodeKind::Over) ++st.unfinished;
  else count_result(st, g.winners(), g.result_text());
}

}  // namespace

PlayoutStats playouts(Game& g, const PlayoutRun& run) {
  PlayoutStats st = empty_stats(g.prog());
  const State start = g.state();
  auto scratch = std::make_unique<MoveList>();
  auto t0 = std::chrono::steady_clock::now();
  for (uint64_t k = 0; k < run.count; ++k) play_one(g, start, run, k, *scratch, st);
  st.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  g.machine().state() = start;
  g.machine().clear_journal();
  return st;
}

}  // namespace ri
