// Random actions and random playouts. See playouts.hpp and spec/cli.md.
#include "analysis/playouts.hpp"

#include <algorithm>
#include <chrono>
#include <memory>

#include "analysis/parallel.hpp"

namespace ri {

bool random_action(Game& g, Prng& rng, Move& out) {
  switch (g.node()) {
    case Game::NodeKind::Over: return false;
    case Game::NodeKind::Chance: {
      Game::Outcomes o = g.outcomes();
      out = Move::chance(static_cast<int32_t>(rng.pick_weighted(o.weights.data(), o.weights.size())));
      return true;
    }
    case Game::NodeKind::Decision: return g.random_decision(rng, out);
  }
  return false;
}

bool random_action(Game& g, Prng& rng, MoveList& listed, Move& out) {
  if (g.node() != Game::NodeKind::Decision) return random_action(g, rng, out);
  g.legal(listed);
  return g.random_decision(rng, out);
}

namespace {

// Tallies with nothing counted yet: every player's win and the draw, in that order.
PlayoutStats empty_stats(const Program& P) {
  PlayoutStats st;
  for (int p = 0; p < P.nplayers(); ++p) st.results.push_back({1u << p, P.players[p] + " wins", 0, 0});
  st.results.push_back({0, "draw", 0, 0});
  return st;
}

// Counts a result with these winners met in playout k (the game's result text, text(), when it is the first: asked
// for only then).
template <class Text>
void count_result(PlayoutStats& st, uint32_t winners, Text&& text, uint64_t count, uint64_t k) {
  auto it = std::find_if(st.results.begin(), st.results.end(), [&](auto& r) { return r.winners == winners; });
  if (it == st.results.end()) it = st.results.insert(st.results.end(), {winners, text(), 0, k});
  else if (k < it->first) *it = {winners, text(), it->count, k};
  it->count += count;
}

// Plays playout k (from 0) on g, from `start` or a new setup, drawing from Prng(seed + k), and tallies it (`again`:
// g's restarts at `start`).
void play_one(Game& g, const State& start, Game::Restart& again, const PlayoutRun& run, uint64_t k, PlayoutStats& st) {
  Machine& M = g.machine();
  Prng rng(run.seed + k);
  if (run.fresh_setup) g.reset(rng);  // a new random start, drawn first from the playout's generator
  else g.restart(start, again);       // a copy into the same buffers (no allocation), its moves listed once
  M.clear_journal();                  // playouts never undo
  int64_t plies = 0;
  Move m;
  while (plies < run.max_plies && random_action(g, rng, m)) {
    g.apply(m);
    M.clear_journal();
    ++plies;
  }
  st.plies += static_cast<uint64_t>(plies);
  ++st.count;
  if (g.node() != Game::NodeKind::Over) ++st.unfinished;
  else count_result(st, g.winners(), [&] { return g.result_text(); }, 1, k);
}

// The tallies of the workers added up, the results after the fixed ones in the order of the playouts that first met
// them: what one thread playing every playout in order tallies.
PlayoutStats merged(const Program& P, const std::vector<PlayoutStats>& parts) {
  PlayoutStats st = empty_stats(P);
  const auto fixed = static_cast<std::ptrdiff_t>(st.results.size());
  for (const PlayoutStats& part : parts) {
    for (const auto& r : part.results) count_result(st, r.winners, [&] { return r.text; }, r.count, r.first);
    st.unfinished += part.unfinished;
    st.count += part.count;
    st.plies += part.plies;
  }
  std::stable_sort(st.results.begin() + fixed, st.results.end(), [](auto& a, auto& b) { return a.first < b.first; });
  return st;
}

}  // namespace

PlayoutStats playouts(Game& g, const PlayoutRun& run) {
  const Program& P = g.prog();
  const State start = g.state();
  const int workers = worker_count(run.count, run.threads);
  WorkerGames games(g, workers);
  // (each candidate's post-conditions played only where a draw needs them: the same games; g as it was after, the
  // copies dropped)
  const DeferredPostConditions deferred(g);
  for (int w = 1; w < workers; ++w) games[w].defer_post_conditions(true);
  std::vector<PlayoutStats> parts(static_cast<size_t>(workers), empty_stats(P));
  std::vector<Game::Restart> again(static_cast<size_t>(workers));
  auto t0 = std::chrono::steady_clock::now();
  run_tasks(run.count, workers, [&](int w, uint64_t k) {
    play_one(games[w], start, again[static_cast<size_t>(w)], run, k, parts[static_cast<size_t>(w)]);
  }, run.progress);
  PlayoutStats st = merged(P, parts);
  st.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  g.machine().state() = start;
  g.machine().clear_journal();
  return st;
}

}  // namespace ri
