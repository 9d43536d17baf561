// ruleinterp moves, replay, perft, playout, eval and position. See spec/cli.md.
#include <fmt/format.h>

#include <iostream>
#include <random>

#include "analysis/perft.hpp"
#include "analysis/playouts.hpp"
#include "search/shards.hpp"
#include "commands.hpp"
#include "progress.hpp"
#include "io/position.hpp"
#include "io/position_text.hpp"

namespace ri::cli {

void add_moves(CLI::App& app, std::vector<Command>& out) {
  struct Opts {
    std::string file;
    Start start;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand(
      "moves", "Print the legal moves (one per line, in notation) or, at a chance node, each outcome as VALUE WEIGHT/TOTAL");
  cmd->add_option("file", o->file, "rule file")->required();
  add_start_options(cmd, o->start, "replay this move log first (its expectations are checked)");
  out.push_back({cmd, [o] {
                   return with_game(o->file, o->start, [](Game& g) {
                     if (Game::Outcomes o = g.outcomes(); o.chance) {
                       for (size_t i = 0; i < o.values.size(); ++i)
                         std::cout << fmt::format("{} {}/{}\n", o.values[i], o.weights[i], o.total);
                     } else {
                       MoveList ml;
                       g.legal(ml);
                       for (const Move& m : ml) std::cout << g.write(m) << '\n';
                     }
                     return 0;
                   });
                 }});
}

void add_replay(CLI::App& app, std::vector<Command>& out) {
  struct Opts {
    std::string file;
    Start start;  // the log is the positional LOG; the seed is its `seed:` header
  };
  auto o = std::make_shared<Opts>();
  o->start.invariants = true;  // a replay checks the rule file's invariants after every action
  auto* cmd = app.add_subcommand("replay",
                                 "Replay a move log, checking every action, expectation and invariant; exit 1 at the first divergence");
  cmd->add_option("file", o->file, "rule file")->required();
  cmd->add_option("log", o->start.log, "move log (see spec/movelog.md)")->required();
  add_position_option(cmd, o->start);
  add_set_option(cmd, o->start.set);
  add_allow_dir_option(cmd, o->start.allow_dirs);
  add_engine_option(cmd, o->start, "interp");
  out.push_back({cmd, [o] {
                   Opened game;
                   auto prog = load_started(o->file, o->start, game);
                   if (!prog) return 1;
                   return guarded(*prog, [&] {
                     if (!open_game(prog, o->start, 0, game)) return 1;
                     const ReplayResult& r = game.replay;
                     std::cout << fmt::format("ok: {} action{}, {} expectation{}\n", r.actions, r.actions == 1 ? "" : "s",
                                              r.expectations, r.expectations == 1 ? "" : "s");
                     return 0;
                   });
                 }});
}

void add_perft(CLI::App& app, std::vector<Command>& out) {
  struct Opts {
    std::string file;
    Start start;
    int depth = 1;
    int threads = 1;
    std::string shard;  // --shard I/K
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand(
      "perft", "Count the action sequences of exactly D plies for D = 1..DEPTH (chance outcomes are plies)");
  cmd->add_option("file", o->file, "rule file")->required();
  cmd->add_option("depth", o->depth, "the deepest level, 1 to 64")->required()->check(CLI::Range(1, 64));
  add_start_options(cmd, o->start, "count from the position after this move log");
  add_threads_option(cmd, o->threads);
  add_shard_option(cmd, o->shard);
  add_engine_option(cmd, o->start);
  out.push_back({cmd, [o] {
                   o->start.long_job = o->depth >= 6;
                   return with_game(o->file, o->start, [&](Game& g) {
                     if (!o->shard.empty()) {  // one shard's counts, for `merge`
                       ShardRun run{"perft", o->file, start_text(o->start), 1, 1};
                       parse_shard(o->shard, run.shard, run.shards);
                       std::vector<uint64_t> c;
                       {
                         ProgressLine line("perft", "root moves");
                         c = perft_shard(g, o->depth, run.shard, run.shards, o->threads, line.hook());
                       }
                       std::cout << write_perft_shard(run, c);
                       return 0;
                     }
                     std::vector<uint64_t> c;
                     {
                       ProgressLine line("perft", "subtrees");
                       c = perft(g, o->depth, o->threads, line.hook());
                     }
                     for (int d = 1; d <= o->depth; ++d) std::cout << fmt::format("{} {}\n", d, c[static_cast<size_t>(d)]);
                     return 0;
                   });
                 }});
}

void add_playout(CLI::App& app, std::vector<Command>& out) {
  struct Opts {
    std::string file;
    Start start;
    uint64_t count = 1000;
    int64_t max_plies = 10000;
    int threads = 1;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("playout", "Play random games (chance by weight, moves uniformly) and tally the results");
  cmd->add_option("file", o->file, "rule file")->required();
  cmd->add_option("--count", o->count, "number of playouts (default 1000)")->check(CLI::Range(uint64_t{1}, uint64_t{1} << 40));
  o->start.seed_option = cmd->add_option("--seed", o->start.seed,
                                         "playout K draws from the generator of the seed S + K - 1, its setup first "
                                         "(default: the log's seed:, else random)")
                             ->check(seed_number());
  o->start.deck_option = add_deck_option(cmd, o->start.deck);
  cmd->add_option("--max-plies", o->max_plies, "stop a playout after this many plies; it counts as unfinished (default 10000)")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  add_position_option(cmd, o->start);
  add_set_option(cmd, o->start.set);
  add_allow_dir_option(cmd, o->start.allow_dirs);
  cmd->add_option("--log", o->start.log, "play from the position after this move log");
  add_threads_option(cmd, o->threads);
  add_engine_option(cmd, o->start);
  out.push_back({cmd, [o] {
                   o->start.long_job = o->count >= 10000;
                   Opened game;
                   auto prog = load_started(o->file, o->start, game);
                   if (!prog) return 1;
                   return guarded(*prog, [&] {
                     std::random_device rd;
                     if (!open_game(prog, o->start, (static_cast<uint64_t>(rd()) << 32) ^ rd(), game)) return 1;
                     // a generator per playout; from the rule file's start, a setup that draws gives every playout
                     // its own start, drawn from its generator first
                     bool fresh = prog->setup_draws && !o->start.from_position() && o->start.log.empty();
                     PlayoutStats st;
                     {
                       ProgressLine line("playout", "playouts");
                       st = playouts(*game.game, {o->count, game.seed, o->max_plies, fresh, o->threads, line.hook()});
                     }
                     std::cout << fmt::format("seed: {}\n", game.seed);
                     std::cout << fmt::format("playouts: {}\n", st.count);
                     for (auto& r : st.results) std::cout << fmt::format("{}: {}\n", r.text, r.count);
                     std::cout << fmt::format("unfinished: {}\n", st.unfinished);
                     std::cout << fmt::format("average plies: {:.1f}\n",
                                              st.count ? static_cast<double>(st.plies) / static_cast<double>(st.count) : 0.0);
                     double rate = st.seconds > 0 ? static_cast<double>(st.count) / st.seconds : 0.0;
                     std::cout << fmt::format("playouts/s: {:.0f}\n", rate);
                     return 0;
                   });
                 }});
}

void add_eval(CLI::App& app, std::vector<Command>& out) {
  struct Opts {
    std::string file;
    Start start;
    std::vector<std::string> expressions;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("eval", "Print the value of each expression in the position, one per line (me: the "
                                         "player to move)");
  cmd->add_option("file", o->file, "rule file")->required();
  cmd->add_option("expressions", o->expressions, "expressions in the rule language (one argument each: quote them)")
      ->required();
  add_start_options(cmd, o->start, "evaluate in the position after this move log");
  out.push_back({cmd, [o] {
                   return with_game(
                       o->file, o->start,
                       [](Game& g) {
                         const Program& P = g.prog();
                         Machine& M = g.machine();
                         M.begin_operation();
                         for (int e : P.expressions) {
                           M.begin_operation();
                           std::cout << M.show_value(M.evaluate(e), P.code[e].type) << '\n';
                         }
                         return 0;
                       },
                       &o->expressions);
                 }});
}

void add_position(CLI::App& app, std::vector<Command>& out) {
  struct Opts {
    std::string file;
    Start start;
    bool text = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("position", "Print the position as a position file (spec/position.md)");
  cmd->add_option("file", o->file, "rule file")->required();
  add_start_options(cmd, o->start, "the position after this move log");
  cmd->add_flag("--text", o->text, "print it as one line of text, as the rule file's position_text says");
  out.push_back({cmd, [o] {
                   return with_game(o->file, o->start, [&](Game& g) {
                     if (!o->text) {
                       std::cout << write_position(g, o->file);
                       return 0;
                     }
                     std::string text, why;
                     if (!write_position_text(g, text, why)) {
                       std::cerr << "error: the position cannot be written as text: " << why << "\n";
                       return 1;
                     }
                     std::cout << text << "\n";
                     return 0;
                   });
                 }});
}

}  // namespace ri::cli
