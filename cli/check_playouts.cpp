// The report of `ruleinterp check --playouts N`. See check_playouts.hpp and spec/cli.md.
#include "check_playouts.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <bit>
#include <iostream>
#include <optional>
#include <vector>

#include "commands.hpp"
#include "progress.hpp"
#include "io/movelog.hpp"
#include "runtime/invariants.hpp"

namespace ri::cli {

namespace {

// The comment that ends the log of a failed playout: where it failed (`written`: the action that failed while it
// was played is the log's last line).
std::string failure_comment(const Program& p, const PlayoutOutcome& o, bool written) {
  if (!o.error) return fmt::format("# invariant '{}' does not hold here\n", p.invariants[o.invariant].name);
  switch (o.phase) {
    case PlayoutOutcome::SettingUp: return "# the rule file fails while the game is set up\n";
    case PlayoutOutcome::Checking: return "# an invariant fails here with a runtime error\n";
    case PlayoutOutcome::Choosing: return "# the rule file fails here, while the legal actions are listed\n";
    case PlayoutOutcome::Applying:
      return written ? "# the rule file fails while the last action is played\n"
                     : "# the rule file fails while the next action is played (it cannot be written)\n";
  }
  return "";
}

// The failed playout's game as a move log (failed_playout_log), between a comment that repeats the failure and one
// that says where it failed.
std::string failure_log(const std::shared_ptr<const Program>& prog, const std::string& file, uint64_t seed,
                        const PlayoutOutcome& o, const std::string& what) {
  bool written = false;  // the action that failed while it was played is the log's last line
  MoveLog log = failed_playout_log(prog, file, seed, o, &written);
  return fmt::format("# ruleinterp check --playouts: {}\n", what) + format_log(log) + failure_comment(*prog, o, written);
}

// When in the playout the rule file failed: "while the game is set up", "after N actions", "while action N is played".
std::string when(const PlayoutOutcome& o) {
  if (o.error && o.phase == PlayoutOutcome::SettingUp) return "while the game is set up";
  if (o.error && o.phase == PlayoutOutcome::Applying) return fmt::format("while action {} is played", o.actions + 1);
  return fmt::format("after {} action{}", o.actions, o.actions == 1 ? "" : "s");
}

// Reports a failed playout: the diagnostic on stderr, the game's log on stdout.
void report_failure(const std::shared_ptr<const Program>& prog, const std::string& file, const PlayoutCheck& opts,
                    uint64_t k, const PlayoutOutcome& o) {
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

// n of total as a whole percentage, rounded half up; never 0% for a share above 0 (<1%), nor 100% for one below the
// whole (>99%).
std::string percent(uint64_t n, uint64_t total) {
  uint64_t p = total ? (200 * n + total) / (2 * total) : 0;
  if (n > 0 && p == 0) return "<1%";
  if (n < total && p == 100) return ">99%";
  return fmt::format("{}%", p);
}

// "  results: a wins 46%, b wins 44%, ties 10%, draws 0%": each player's wins alone, the ties (several winners: left
// out when there were none) and the draws (no winner), as shares of all the playouts.
std::string results_line(const Program& P, const PlayoutTally& t) {
  uint64_t ties = 0, draws = 0;
  std::vector<uint64_t> alone(static_cast<size_t>(P.nplayers()), 0);
  for (const PlayoutTally::Result& r : t.results) {
    if (r.winners == 0) draws += r.count;
    else if (r.winners & (r.winners - 1)) ties += r.count;
    else alone[static_cast<size_t>(std::countr_zero(r.winners))] += r.count;
  }
  std::vector<std::string> items;
  for (int p = 0; p < P.nplayers(); ++p)
    items.push_back(fmt::format("{} wins {}", P.players[p], percent(alone[static_cast<size_t>(p)], t.playouts)));
  if (ties) items.push_back(fmt::format("ties {}", percent(ties, t.playouts)));
  items.push_back(fmt::format("draws {}", percent(draws, t.playouts)));
  return fmt::format("  results: {}\n", fmt::join(items, ", "));
}

std::string tenths(uint64_t t) { return fmt::format("{}.{}", t / 10, t % 10); }

// "  plies: mean 10.3, min 2, max 25; cut by --max-plies: 0%"
std::string plies_line(const PlayoutTally& t) {
  return fmt::format("  plies: mean {}, min {}, max {}; cut by --max-plies: {}\n", tenths(mean_plies_tenths(t)),
                     t.min_plies, t.max_plies, percent(t.unfinished, t.playouts));
}

// The moves that some turn step offers (the others are never played: a warning of the check says so).
std::vector<uint8_t> offered_moves(const Program& P) {
  std::vector<uint8_t> offered(P.moves.size(), 0);
  for (const StepInfo& s : P.steps)
    for (int m : s.moves) offered[static_cast<size_t>(m)] = 1;
  return offered;
}

// "  moves: 515, 10.3 a playout (attack 64%, pass 36%)[; chance outcomes: C]": the moves played, each offered move's
// share of them in the order declared (no parentheses when no step offers any), and the chance outcomes played (for a
// game with chance).
std::string moves_line(const Program& P, const PlayoutTally& t) {
  std::vector<uint8_t> offered = offered_moves(P);
  std::vector<std::string> items;
  for (size_t m = 0; m < P.moves.size(); ++m)
    if (offered[m]) items.push_back(fmt::format("{} {}", P.moves[m].name, percent(t.played[m], t.moves())));
  std::string chance = P.chance.empty() ? "" : fmt::format("; chance outcomes: {}", t.chance);
  std::string shares = items.empty() ? "" : fmt::format(" ({})", fmt::join(items, ", "));
  return fmt::format("  moves: {}, {} a playout{}{}\n", t.moves(), tenths(mean_moves_tenths(t)), shares, chance);
}

// "  base FILE, same seeds: 10.9 moves a playout": a variant's base's games.
std::string base_line(const Program& P, const PlayoutTally& base) {
  return fmt::format("  base {}, same seeds: {} moves a playout\n", P.files[1]->path, tenths(mean_moves_tenths(base)));
}

// "  requirement errors never raised: attack.TooFewDice, move.JunctionEmpty (line 172)": the requirements of the
// offered moves that rejected no candidate, each as MOVE.NAME (requirement_name), or MOVE at LINE without a code;
// "none" when every one did; no line when the offered moves have no requirements.
std::string never_raised_line(const Program& P, const PlayoutTally& t) {
  std::vector<uint8_t> offered = offered_moves(P);
  std::vector<std::string> items;
  bool any = false;
  for (size_t m = 0; m < P.moves.size(); ++m) {
    if (!offered[m]) continue;
    const MoveInfo& mi = P.moves[m];
    for (size_t r = 0; r < mi.nconditions(); ++r) {
      any = true;
      if (!t.rejected[m][r])
        items.push_back(mi.name + (mi.condition(r).code.empty() ? " at " : ".") +
                        requirement_name(P, mi, mi.condition(r)));
    }
  }
  if (!any) return "";
  return fmt::format("  requirement errors never raised: {}\n",
                     items.empty() ? "none" : fmt::format("{}", fmt::join(items, ", ")));
}

}  // namespace

bool check_playouts(const std::shared_ptr<const Program>& prog, const std::string& file, const PlayoutCheck& opts,
                    const std::shared_ptr<const Program>& base, Diagnostics& warnings) {
  const Program& P = *prog;
  PlayoutCheckResult r;
  {
    ProgressLine line("check --playouts", "playouts");
    PlayoutCheck shown = opts;
    shown.progress = line.hook();
    r = ri::check_playouts(prog, shown);
  }
  if (r.failed_playout) {
    try {
      report_failure(prog, file, opts, r.failed_playout, r.failure);
    } catch (const RuntimeError& e) {  // the log could not be written
      report_runtime(P, e);
    }
    return false;
  }
  size_t n = P.invariants.size();
  std::cout << fmt::format("{}: {} playout{}{}, {} action{}, {} (seed {})\n", file, opts.playouts,
                           opts.playouts == 1 ? "" : "s",
                           r.unfinished ? fmt::format(" ({} unfinished)", r.unfinished) : std::string(), r.actions,
                           r.actions == 1 ? "" : "s",
                           n == 0 ? std::string("no invariants")
                                  : fmt::format("{} invariant{} held", n, n == 1 ? "" : "s"),
                           opts.seed);
  // the base's games, with the same seeds (its failures are its own check's: then there is nothing to compare)
  std::optional<PlayoutCheckResult> based;
  if (base && P.extends.line > 0 && P.files.size() > 1) {
    based = ri::check_playouts(base, opts);
    if (based->failed_playout) based.reset();
  }
  const PlayoutTally* base_tally = based ? &based->tally : nullptr;
  std::cout << results_line(P, r.tally) << plies_line(r.tally) << moves_line(P, r.tally)
            << (base_tally ? base_line(P, *base_tally) : "") << never_raised_line(P, r.tally);
  playout_warnings(P, r.tally, base_tally, warnings);
  return true;
}

}  // namespace ri::cli
