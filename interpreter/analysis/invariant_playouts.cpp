// The playouts of `ruleinterp check --playouts N`. See invariant_playouts.hpp and spec/cli.md.
#include "analysis/invariant_playouts.hpp"

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

PlayoutCheckResult check_playouts(const std::shared_ptr<const Program>& prog, const PlayoutCheck& opts) {
  PlayoutCheckResult r;
  r.tally = PlayoutTally(*prog);
  std::unique_ptr<Game> game;
  auto scratch = std::make_unique<MoveList>();
  for (uint64_t k = 1; k <= opts.playouts; ++k) {
    PlayoutOutcome o = play_checked(prog, opts.seed + (k - 1), opts.max_plies, game, *scratch, &r.tally);
    if (o.failed) {
      r.failed_playout = k;
      r.failure = std::move(o);
      return r;
    }
    r.actions += static_cast<uint64_t>(o.actions);
    if (!o.over) ++r.unfinished;
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
    auto scratch = std::make_unique<MoveList>();
    Move m;
    for (int64_t i = 0; i < o.actions && random_action(g, rng, *scratch, m); ++i) {
      log.lines.push_back(action_line(g, m));
      g.apply(m);
      g.machine().clear_journal();
    }
    if (o.error && o.phase == PlayoutOutcome::Applying && random_action(g, rng, *scratch, m)) {
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
