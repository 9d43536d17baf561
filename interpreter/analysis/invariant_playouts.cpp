// The playouts of `ruleinterp check --playouts N`. See invariant_playouts.hpp and spec/cli.md.
#include "analysis/invariant_playouts.hpp"

#include "analysis/parallel.hpp"
#include "analysis/playouts.hpp"
#include "runtime/invariants.hpp"

namespace ri {

PlayoutOutcome play_checked(const std::shared_ptr<const Program>& prog, uint64_t seed, int64_t max_plies,
                            std::unique_ptr<Game>& game, MoveList& scratch, PlayoutTally* tally) {
  PlayoutOutcome o;
  try {
    Prng rng(seed);
    if (!game) {  // made with the same setup, so that one failing fails here as it would below
      Prng first = rng;
      game = std::make_unique<Game>(prog, first);
    }
    // the setup's automatic passes examine requirements too: recording starts before it
    game->record_rejections(tally ? &tally->rejected : nullptr);
    game->reset(rng);
    Game& g = *game;
    Move m;
    while (true) {
      o.phase = PlayoutOutcome::Checking;
      if ((o.invariant = broken_invariant(g)) >= 0) {
        o.failed = true;
        return o;
      }
      o.phase = PlayoutOutcome::Choosing;
      if (o.actions >= max_plies || !random_action(g, rng, scratch, m)) break;
      if (tally) tally->add_action(m, scratch);
      o.phase = PlayoutOutcome::Applying;
      g.apply(m);
      g.machine().clear_journal();  // a playout never undoes
      ++o.actions;
    }
    o.over = g.node() == Game::NodeKind::Over;
    o.winners = o.over ? g.winners() : 0;
    if (tally) tally->add_playout(static_cast<uint64_t>(o.actions), o.over, o.winners);
  } catch (const RuntimeError& e) {
    o.failed = true;
    o.error = e;
  }
  return o;
}

namespace {

// What one worker of check_playouts plays with and tallies.
struct Checker {
  std::unique_ptr<Game> game;  // made by the first playout
  std::unique_ptr<MoveList> scratch = std::make_unique<MoveList>();
  PlayoutCheckResult r;
};

// A playout that failed, thrown from its task so that the first one in playout order stops the others (run_tasks).
struct FailedPlayout {
  uint64_t k;  // from 1
  PlayoutOutcome outcome;
};

}  // namespace

PlayoutCheckResult check_playouts(const std::shared_ptr<const Program>& prog, const PlayoutCheck& opts) {
  std::vector<Checker> workers(static_cast<size_t>(worker_count(opts.playouts, opts.threads)));
  for (Checker& c : workers) c.r.tally = PlayoutTally(*prog);
  PlayoutCheckResult r;
  r.tally = PlayoutTally(*prog);
  try {
    run_tasks(opts.playouts, static_cast<int>(workers.size()), [&](int w, uint64_t i) {
      Checker& c = workers[static_cast<size_t>(w)];
      PlayoutOutcome o = play_checked(prog, opts.seed + i, opts.max_plies, c.game, *c.scratch, &c.r.tally);
      if (o.failed) throw FailedPlayout{i + 1, std::move(o)};
      c.r.actions += static_cast<uint64_t>(o.actions);
      if (!o.over) ++c.r.unfinished;
    }, opts.progress);
  } catch (FailedPlayout& f) {
    r.failed_playout = f.k;
    r.failure = std::move(f.outcome);
    return r;
  }
  for (const Checker& c : workers) {
    r.actions += c.r.actions;
    r.unfinished += c.r.unfinished;
    r.tally.merge(c.r.tally);
  }
  return r;
}

MoveLog failed_playout_log(const std::shared_ptr<const Program>& prog, const std::string& file, uint64_t seed,
                           const PlayoutOutcome& o, bool* last_failed) {
  const Program& P = *prog;
  MoveLog log;
  log.header["rules"] = file;
  if (params_set(P.params)) log.header["set"] = format_settings(P);
  log.header["seed"] = std::to_string(seed);
  std::string players;
  for (int p = 0; p < P.nplayers(); ++p) players += p ? ",random" : "random";
  log.header["players"] = players;
  log.header["dice"] = "random";
  bool written = false;  // the action that failed while it was played
  if (!(o.error && o.phase == PlayoutOutcome::SettingUp)) {
    Prng rng(seed);
    Game g(prog, rng);
    Move m;
    for (int64_t i = 0; i < o.actions && random_action(g, rng, m); ++i) {
      log.lines.push_back(action_line(g, m));
      g.apply(m);
      g.machine().clear_journal();
    }
    if (o.error && o.phase == PlayoutOutcome::Applying && random_action(g, rng, m)) {
      try {
        log.lines.push_back(action_line(g, m));
        written = true;
      } catch (const RuntimeError&) {  // the action cannot be written: the log ends before it
      }
    }
  }
  if (last_failed) *last_failed = written;
  return log;
}

}  // namespace ri
