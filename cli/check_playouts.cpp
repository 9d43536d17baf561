// The report of `ruleinterp check --playouts N`. See check_playouts.hpp and spec/cli.md.
#include "check_playouts.hpp"

#include <fmt/format.h>

#include <iostream>

#include "commands.hpp"
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

}  // namespace

bool check_playouts(const std::shared_ptr<const Program>& prog, const std::string& file, const PlayoutCheck& opts) {
  const Program& P = *prog;
  PlayoutCheckResult r = ri::check_playouts(prog, opts);
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
  return true;
}

}  // namespace ri::cli
