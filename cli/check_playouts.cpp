// The playouts of `ruleinterp check --playouts N`. See check_playouts.hpp and spec/cli.md.
#include "check_playouts.hpp"

#include <fmt/format.h>

#include <iostream>
#include <optional>

#include "analysis.hpp"
#include "commands.hpp"
#include "runtime/invariants.hpp"
#include "io/movelog.hpp"

namespace ri::cli {

namespace {

// Where a playout stopped: it ended or reached the most actions (failed false), or an invariant does not hold
// (`invariant`), or the rule file failed with a runtime error (`error`), in one of the phases of a playout.
struct Outcome {
  enum Phase { SettingUp, Checking, Choosing, Applying };
  bool failed = false;
  int invariant = -1;
  std::optional<RuntimeError> error;
  Phase phase = SettingUp;
  int64_t actions = 0;  // the actions played before it stopped
  bool over = false;    // the game ended
};

// Plays one playout with the generator Prng(seed): the setup's draws first, then one random action after another
// (random_action: the random players of `play` and `playout`), the invariants checked after the setup and after
// every action. `game` is reused from one playout to the next (null before the first).
Outcome play_one(const std::shared_ptr<const Program>& prog, uint64_t seed, int64_t max_plies,
                 std::unique_ptr<Game>& game, MoveList& scratch) {
  Outcome o;
  try {
    Prng rng(seed);
    if (game) game->reset(rng);
    else game = std::make_unique<Game>(prog, rng);
    Game& g = *game;
    Move m;
    while (true) {
      o.phase = Outcome::Checking;
      if ((o.invariant = broken_invariant(g)) >= 0) {
        o.failed = true;
        return o;
      }
      o.phase = Outcome::Choosing;
      if (o.actions >= max_plies || !random_action(g, rng, scratch, m)) break;
      o.phase = Outcome::Applying;
      g.apply(m);
      g.machine().clear_journal();  // a playout never undoes
      ++o.actions;
    }
    o.over = g.node() == Game::NodeKind::Over;
  } catch (const RuntimeError& e) {
    o.failed = true;
    o.error = e;
  }
  return o;
}

// The comment that ends the log of a failed playout: where it failed (`written`: the action that failed while it
// was played is the log's last line).
std::string failure_comment(const Program& p, const Outcome& o, bool written) {
  if (!o.error) return fmt::format("# invariant '{}' does not hold here\n", p.invariants[o.invariant].name);
  switch (o.phase) {
    case Outcome::SettingUp: return "# the rule file fails while the game is set up\n";
    case Outcome::Checking: return "# an invariant fails here with a runtime error\n";
    case Outcome::Choosing: return "# the rule file fails here, while the legal actions are listed\n";
    case Outcome::Applying:
      return written ? "# the rule file fails while the last action is played\n"
                     : "# the rule file fails while the next action is played (it cannot be written)\n";
  }
  return "";
}

// The failed playout's game as a move log (spec/movelog.md) that `replay` reproduces: played again from Prng(seed),
// each action written before it is played (Game::write is only called here), up to where it failed; an action that
// failed while it was played is the last line (when it can be written). A runtime error while writing is thrown.
std::string failure_log(const std::shared_ptr<const Program>& prog, const std::string& file, uint64_t seed,
                        const Outcome& o, const std::string& what) {
  const Program& P = *prog;
  MoveLog log;
  log.header["rules"] = file;
  if (!P.params.empty()) log.header["set"] = format_settings(P);
  log.header["seed"] = std::to_string(seed);
  std::string players;
  for (int p = 0; p < P.nplayers(); ++p) players += p ? ",random" : "random";
  log.header["players"] = players;
  log.header["dice"] = "random";
  bool written = false;  // the action that failed while it was played
  if (!(o.error && o.phase == Outcome::SettingUp)) {
    Prng rng(seed);
    Game g(prog, rng);
    auto scratch = std::make_unique<MoveList>();
    Move m;
    for (int64_t i = 0; i < o.actions && random_action(g, rng, *scratch, m); ++i) {
      log.lines.push_back(action_line(g, m));
      g.apply(m);
      g.machine().clear_journal();
    }
    if (o.error && o.phase == Outcome::Applying && random_action(g, rng, *scratch, m)) {
      try {
        log.lines.push_back(action_line(g, m));
        written = true;
      } catch (const RuntimeError&) {  // the action cannot be written: the log ends before it
      }
    }
  }
  return fmt::format("# ruleinterp check --playouts: {}\n", what) + format_log(log) + failure_comment(P, o, written);
}

// When in the playout the rule file failed: "while the game is set up", "after N actions", "while action N is played".
std::string when(const Outcome& o) {
  if (o.error && o.phase == Outcome::SettingUp) return "while the game is set up";
  if (o.error && o.phase == Outcome::Applying) return fmt::format("while action {} is played", o.actions + 1);
  return fmt::format("after {} action{}", o.actions, o.actions == 1 ? "" : "s");
}

// Reports a failed playout: the diagnostic on stderr, the game's log on stdout.
void report_failure(const std::shared_ptr<const Program>& prog, const std::string& file, const PlayoutCheck& opts,
                    uint64_t k, const Outcome& o) {
  const Program& P = *prog;
  uint64_t seed = opts.seed + (k - 1);
  std::string where = fmt::format("seed {}, playout {}", opts.seed, k);
  std::string what;
  if (o.error) {
    std::cerr << format_runtime(P, *o.error);
    std::cerr << fmt::format("{}: note: in playout {} (seed {}), {}; its move log is on standard output\n", P.file->path,
                             k, opts.seed, when(o));
    what = fmt::format("the rule file fails {} ({})", when(o), where);
  } else {
    what = fmt::format("{} ({})", invariant_message(P, o.invariant, o.actions), where);
    const InvariantInfo& inv = P.invariants[o.invariant];
    std::cerr << format_diagnostic(Diagnostic{P.files.at(inv.pos.file), inv.pos, what});
  }
  std::cout << failure_log(prog, file, seed, o, what);
}

}  // namespace

bool check_playouts(const std::shared_ptr<const Program>& prog, const std::string& file, const PlayoutCheck& opts) {
  const Program& P = *prog;
  std::unique_ptr<Game> game;
  auto scratch = std::make_unique<MoveList>();
  uint64_t actions = 0, unfinished = 0;
  for (uint64_t k = 1; k <= opts.playouts; ++k) {
    Outcome o = play_one(prog, opts.seed + (k - 1), opts.max_plies, game, *scratch);
    if (o.failed) {
      try {
        report_failure(prog, file, opts, k, o);
      } catch (const RuntimeError& e) {  // the log could not be written
        report_runtime(P, e);
      }
      return false;
    }
    actions += static_cast<uint64_t>(o.actions);
    if (!o.over) ++unfinished;
  }
  size_t n = P.invariants.size();
  std::cout << fmt::format("{}: {} playout{}{}, {} action{}, {} (seed {})\n", file, opts.playouts,
                           opts.playouts == 1 ? "" : "s",
                           unfinished ? fmt::format(" ({} unfinished)", unfinished) : std::string(), actions,
                           actions == 1 ? "" : "s",
                           n == 0 ? std::string("no invariants")
                                  : fmt::format("{} invariant{} held", n, n == 1 ? "" : "s"),
                           opts.seed);
  return true;
}

}  // namespace ri::cli
