// The computer players' commands. ruleinterp arena FILE --players A,B[,...] [--games N] [--seed S] [--threads T]
// [--max-plies M] [--json]: games between computer players with the seats rotating, and what they say about the
// players and the game; ruleinterp bestmove FILE [--position POS | --log LOG] [--ai SPEC]: the move a computer player
// chooses, and what its search found. See spec/cli.md.
#include <fmt/format.h>

#include <iostream>
#include <random>

#include "commands.hpp"
#include "progress.hpp"
#include "search/arena.hpp"
#include "search/arena_report.hpp"
#include "search/player.hpp"
#include "search/shards.hpp"

namespace ri::cli {

namespace {

struct ArenaOpts {
  std::string file;
  Start start;
  std::vector<std::string> players;
  uint64_t games = 100;
  int64_t max_plies = 10000;
  int threads = 1;
  bool json = false;
  std::string shard;  // --shard I/K
};

// The players of --players, one per seat of the rule file; a spec that is not a computer player's, or a count that
// is not the players', is a UsageError.
std::vector<PlayerSpec> arena_players(const Program& P, const std::vector<std::string>& given) {
  const int np = P.nplayers();
  if (static_cast<int>(given.size()) != np) {
    std::string names;
    for (int p = 0; p < np; ++p) names += (p ? ", " : "") + P.players[static_cast<size_t>(p)];
    throw UsageError(fmt::format("--players needs {} entr{} (one per player: {}), not {}", np, np == 1 ? "y" : "ies",
                                 names, given.size()));
  }
  std::vector<PlayerSpec> specs;
  for (const std::string& text : given) {
    std::string error;
    std::optional<PlayerSpec> spec = parse_player(text, error);
    if (!spec) throw UsageError("--players: " + error);
    if (spec->kind == PlayerSpec::Human) throw UsageError("--players: the arena plays computer players only, not 'human'");
    specs.push_back(*spec);
    std::string note;
    as_played(P, *spec, note);
    if (!note.empty()) std::cerr << "note: " << note << '\n';
  }
  return specs;
}

int run_arena_command(const ArenaOpts& o) {
  Opened game;
  auto prog = load_started(o.file, o.start, game);
  if (!prog) return 1;
  const std::vector<PlayerSpec> specs = arena_players(*prog, o.players);
  if (!o.shard.empty() && !o.start.seed_option->count() && o.start.log.empty())
    throw UsageError("--shard needs --seed: every shard must play the games of the same run");
  return guarded(*prog, [&] {
    std::random_device rd;
    if (!open_game(prog, o.start, (static_cast<uint64_t>(rd()) << 32) ^ rd(), game)) return 1;
    ArenaRun run;
    run.specs = specs;
    run.games = o.games;
    run.seed = game.seed;
    run.max_plies = o.max_plies;
    run.threads = o.threads;
    // from the rule file's start, a setup that draws gives every game its own start, drawn from its generator first
    run.fresh_setup = prog->setup_draws && !o.start.from_position() && o.start.log.empty();
    if (!o.shard.empty()) {  // one shard's games, for `merge`
      parse_shard(o.shard, run.shard, run.shards);
      const ShardRun shard{"arena", o.file, start_text(o.start), run.shard, run.shards};
      ArenaResult r;
      {
        ProgressLine line("arena", "games");
        run.progress = line.hook();
        r = run_arena(*game.game, run);
      }
      std::cout << write_arena_shard(shard, r);
      return 0;
    }
    ArenaResult r;
    {
      ProgressLine line("arena", "games");
      run.progress = line.hook();
      r = run_arena(*game.game, run);
    }
    const ArenaReport rep = report(r);
    if (o.json) {
      std::cout << report_json(r, rep) << '\n';
    } else {
      std::cout << fmt::format("seed: {}\n", game.seed);
      std::cout << report_text(r, rep);
    }
    return 0;
  });
}

struct BestOpts {
  std::string file;
  Start start;
  std::string ai = "mcts";
};

int run_bestmove(const BestOpts& o) {
  std::string error;
  const std::optional<PlayerSpec> spec = parse_player(o.ai, error);
  if (!spec) throw UsageError("--ai: " + error);
  if (spec->kind == PlayerSpec::Human) throw UsageError("--ai: a computer player, not 'human'");
  Opened game;
  auto prog = load_started(o.file, o.start, game);
  if (!prog) return 1;
  std::string note;
  const PlayerSpec played = as_played(*prog, *spec, note);
  if (!note.empty()) std::cerr << "note: " << note << '\n';
  return guarded(*prog, [&] {
    if (!open_game(prog, o.start, 0, game)) return 1;
    Game& g = *game.game;
    if (g.node() == Game::NodeKind::Over) {
      std::cerr << fmt::format("{}: error: the game is over ({}): no move to choose\n", o.file, g.result_text());
      return 1;
    }
    if (g.node() == Game::NodeKind::Chance) {
      std::cerr << fmt::format("{}: error: the position waits for chance ('{}'), not for a player's move\n", o.file,
                               g.pending_chance()->name);
      return 1;
    }
    // the search draws from the game's generator where the setup left it (Prng(seed) after the setup's draws)
    Prng rng = game.rng;
    Move m;
    SearchStats st;
    choose_action(g, *spec, rng, m, &st);
    std::cout << fmt::format("{}: {}\n", prog->players[static_cast<size_t>(g.player())], g.shown(m));
    if (played.kind == PlayerSpec::AlphaBeta) {
      std::cout << fmt::format("depth {} in {:.3f} s, {} positions, value {}\n", st.max_depth, st.seconds, st.nodes,
                               st.value);
    } else if (played.kind == PlayerSpec::Mcts) {
      std::cout << fmt::format("{} iterations in {:.3f} s ({:.0f}/s), {} tree nodes, depth {}, mean result {:.3f}\n",
                               st.iterations, st.seconds, st.seconds > 0 ? static_cast<double>(st.iterations) / st.seconds : 0.0,
                               st.nodes, st.max_depth, st.value);
    }
    return 0;
  });
}

}  // namespace

void add_bestmove(CLI::App& app, std::vector<Command>& out) {
  auto o = std::make_shared<BestOpts>();
  auto* cmd = app.add_subcommand("bestmove", "Print the move a computer player chooses at a position, and what its "
                                             "search found");
  cmd->add_option("file", o->file, "rule file")->required();
  cmd->add_option("--ai", o->ai, "the computer player: random, mcts, mcts:ITERATIONS, mcts:SECONDSs (each mcts optionally :playout=ACTIONS) or "
                  "alphabeta:DEPTH (default mcts)");
  add_start_options(cmd, o->start, "the position after this move log");
  add_engine_option(cmd, o->start);
  out.push_back({cmd, [o] { return run_bestmove(*o); }});
}

void add_arena(CLI::App& app, std::vector<Command>& out) {
  auto o = std::make_shared<ArenaOpts>();
  auto* cmd = app.add_subcommand("arena", "Play games between computer players, the seats rotating, and report the "
                                          "results and the game's balance");
  cmd->add_option("file", o->file, "rule file")->required();
  cmd->add_option("--players", o->players,
                  "one computer player per seat of the first game, in order: random, mcts, mcts:ITERATIONS, "
                  "mcts:SECONDSs (each mcts optionally :playout=ACTIONS) or alphabeta:DEPTH; the seats rotate from "
                  "game to game")
      ->delimiter(',')
      ->required();
  cmd->add_option("--games", o->games, "number of games (default 100)")->check(CLI::Range(uint64_t{1}, uint64_t{1} << 32));
  o->start.seed_option = cmd->add_option("--seed", o->start.seed,
                                         "game G (from 0) sets up and rolls from the generator of the seed S + G "
                                         "(default: the log's seed:, else random, printed)")
                             ->check(seed_number());
  cmd->add_option("--max-plies", o->max_plies, "stop a game after this many plies: a timeout, counted as a draw "
                                               "(default 10000)")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  add_threads_option(cmd, o->threads);
  cmd->add_flag("--json", o->json, "print the report as one JSON object");
  add_shard_option(cmd, o->shard)->excludes("--json");
  o->start.deck_option = add_deck_option(cmd, o->start.deck);
  add_position_option(cmd, o->start);
  add_set_option(cmd, o->start.set);
  add_allow_dir_option(cmd, o->start.allow_dirs);
  cmd->add_option("--log", o->start.log, "play every game from the position after this move log");
  add_engine_option(cmd, o->start);
  out.push_back({cmd, [o] {
                   o->start.long_job = o->games >= 1000;
                   return run_arena_command(*o);
                 }});
}

}  // namespace ri::cli
