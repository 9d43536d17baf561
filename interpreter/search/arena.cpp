// Playing the games of an arena run. See arena.hpp.
#include "search/arena.hpp"

#include <chrono>

#include "analysis/parallel.hpp"
#include "analysis/playouts.hpp"

namespace ri {

uint64_t player_seed(uint64_t game_seed, int seat) {
  // SplitMix64's output for the state game_seed + (seat + 1) * 0x9E3779B97F4A7C15 (spec/prng.md)
  uint64_t z = game_seed + 0x9E3779B97F4A7C15ull * (static_cast<uint64_t>(seat) + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

namespace {

// Marks the sites that hold a piece now.
void cover(const State& S, std::vector<uint8_t>& seen, int& covered) {
  for (size_t s = 0; s < seen.size(); ++s)
    if (!seen[s] && S.count[s] > 0) seen[s] = 1, ++covered;
}

// Plays game k of the run on g, from `start` or a new setup.
ArenaGame play_game(Game& g, const State& start, const ArenaRun& run, uint64_t k) {
  Machine& M = g.machine();
  const uint64_t game_seed = run.seed + k;
  Prng rng(game_seed);  // the setup and the dice
  if (run.fresh_setup) g.reset(rng);
  else M.state().copy_from(start);
  M.clear_journal();
  const int n = static_cast<int>(run.specs.size());
  ArenaGame a;
  a.index = k;
  std::vector<Prng> players;
  for (int s = 0; s < n; ++s) {
    a.spec_of_seat.push_back(static_cast<int>((static_cast<uint64_t>(s) + k) % static_cast<uint64_t>(n)));
    players.emplace_back(player_seed(game_seed, s));
  }
  const Program& P = g.prog();
  std::vector<uint8_t> seen(static_cast<size_t>(P.nsites()), 0);
  a.sites = P.nsites();
  cover(g.state(), seen, a.covered);
  Move m;
  while (a.plies < run.max_plies && g.node() != Game::NodeKind::Over) {
    bool acted;
    if (g.node() == Game::NodeKind::Chance) {
      acted = random_action(g, rng, m);
    } else {
      const int seat = g.player();
      const auto count = static_cast<uint64_t>(g.decisions().size());
      ++a.decisions;
      a.choices += count;
      a.multi += count > 1;
      acted = choose_action(g, run.specs[static_cast<size_t>(a.spec_of_seat[static_cast<size_t>(seat)])],
                            players[static_cast<size_t>(seat)], m);
    }
    if (!acted) break;
    g.apply(m);
    M.clear_journal();
    ++a.plies;
    cover(g.state(), seen, a.covered);
  }
  const State& S = g.state();
  a.finished = S.over != 0;
  a.winners = a.finished ? S.winners : 0;
  a.turns = S.turn;
  return a;
}

}  // namespace

ArenaResult run_arena(Game& g, const ArenaRun& run) {
  ArenaResult r;
  for (const PlayerSpec& s : run.specs) r.specs.push_back(s.text);
  r.seats = g.prog().players;
  r.seed = run.seed;
  r.max_plies = run.max_plies;
  r.scheduled = run.games;
  const State start = g.state();
  // the shard's games: shard - 1, shard - 1 + shards, ...
  const auto first = static_cast<uint64_t>(run.shard - 1), step = static_cast<uint64_t>(run.shards);
  const uint64_t count = run.games > first ? (run.games - first + step - 1) / step : 0;
  const int workers = worker_count(count, run.threads);
  WorkerGames games(g, workers);
  r.games.resize(static_cast<size_t>(count));
  const auto t0 = std::chrono::steady_clock::now();
  try {
    run_tasks(count, workers, [&](int w, uint64_t i) {
      r.games[static_cast<size_t>(i)] = play_game(games[w], start, run, first + i * step);
    }, run.progress);
  } catch (...) {
    g.machine().state() = start;
    g.machine().clear_journal();
    throw;
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  g.machine().state() = start;
  g.machine().clear_journal();
  return r;
}

}  // namespace ri
