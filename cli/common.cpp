// Helpers shared by the subcommands: runtime-error reports and replaying a log file.
#include <fmt/format.h>

#include <iostream>

#include "commands.hpp"
#include "position.hpp"

namespace ri::cli {

std::string format_runtime(const Program& p, const RuntimeError& e) {
  std::string out = format_diagnostic(Diagnostic{p.files.at(e.pos.file), e.pos, e.what()});
  // where the failing function was called from, innermost first (the first few)
  constexpr size_t kShown = 4;
  for (size_t i = 0; i < e.calls.size() && i < kShown; ++i)
    out += format_diagnostic(Diagnostic{p.files.at(e.calls[i].file), e.calls[i], "called from here", "note"});
  if (e.calls.size() > kShown)
    out += fmt::format("{}: note: ... and {} more call{} further out\n", p.file->path, e.calls.size() - kShown,
                       e.calls.size() - kShown == 1 ? "" : "s");
  return out;
}

int report_runtime(const Program& p, const RuntimeError& e) {
  std::cerr << format_runtime(p, e);
  return 1;
}

int guarded(const Program& p, const std::function<int()>& f) {
  try {
    return f();
  } catch (const RuntimeError& e) {
    return report_runtime(p, e);
  }
}

void report_replay(const Program& p, const MoveLog& log, const ReplayResult& r) {
  if (r.runtime_error) {
    RuntimeError e(r.rule_pos, r.message);
    e.calls = r.rule_calls;
    std::cerr << format_runtime(p, e);
    std::cerr << format_diagnostic(Diagnostic{log.file, {r.line, r.col}, "the rule file failed while replaying this line"});
    return;
  }
  std::cerr << format_diagnostic(Diagnostic{log.file, {r.line, r.col}, r.message});
}

void add_position_option(CLI::App* cmd, std::string& path) {
  cmd->add_option("--position", path, "start from this position file (spec/position.md) instead of the rule file's start");
}

bool start_at(Game& g, const std::string& path) {
  if (path.empty()) return true;
  Diagnostics diags;
  Position pos;
  if (!read_position(path, g.prog(), pos, diags)) {
    std::cerr << diags.format();
    return false;
  }
  g.reset(pos);
  return true;
}

int with_game(const std::string& file, const std::string& position, const std::string& log,
              const std::function<int(Game&)>& f, const std::vector<std::string>* expressions) {
  auto prog = load_or_report(file, expressions);
  if (!prog) return 1;
  return guarded(*prog, [&] {
    Game g(prog);
    if (!start_at(g, position)) return 1;
    if (!log.empty() && !replay_file(g, log)) return 1;
    return f(g);
  });
}

bool replay_file(Game& g, const std::string& path, ReplayResult* result, MoveLog* out) {
  Diagnostics diags;
  MoveLog local;
  MoveLog& log = out ? *out : local;
  if (!read_log(path, log, diags)) {
    std::cerr << diags.format();
    return false;
  }
  ReplayResult r = replay(g, log);
  if (result) *result = r;
  if (!r.ok) report_replay(g.prog(), log, r);
  return r.ok;
}

}  // namespace ri::cli
