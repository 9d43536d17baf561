// ruleinterp check FILE... [--format gcc|json|github] [--werror] [--playouts N]: exit 0 when every file is valid (and,
// with --playouts, its invariants hold in random playouts: check_playouts.hpp), 1 with errors otherwise. Warnings are
// reported too, and fail the check only with --werror.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <random>

#include "check_playouts.hpp"
#include "commands.hpp"
#include "common/diagnostic_formats.hpp"

namespace ri::cli {

namespace {

// A UsageError that says why: every message of a value the rule file cannot take, each on its own line.
UsageError bad_params(const std::vector<std::string>& why, const std::string& prefix = "") {
  std::string text;
  for (const std::string& w : why) text += (text.empty() ? "" : "\nerror: ") + prefix + w;
  return UsageError(text);
}

// The base a variant extends (files[1], the path as its diagnostics name it), loaded on its own as a rule file, for
// check --playouts to compare their games: with the values of `params` (--set) that the base takes, and the
// directories the variant could read its bases from (its own, `allow_dirs` and the shipped games'). Null when `prog`
// extends none or its base does not load alone (its problems are not reported: they are not the variant's).
std::shared_ptr<const Program> load_base(const Program& prog, const ParamValues& params,
                                         const std::vector<std::string>& allow_dirs) {
  if (prog.extends.line <= 0 || prog.files.size() < 2) return nullptr;
  LoadOptions options = load_options(allow_dirs);
  options.allowed_dirs.push_back(std::filesystem::path(prog.files[0]->path).parent_path().lexically_normal().string());
  if (options.allowed_dirs.back().empty()) options.allowed_dirs.back() = ".";
  std::vector<std::string> unusable;  // a value out of the base's range: the base does not load
  options.param_errors = &unusable;
  Diagnostics ignored;
  auto base = load_rules(prog.files[1]->path, ignored, options);
  if (!base) return nullptr;
  for (const auto& given : params)  // the values given that the base takes: it is loaded again with them
    if (std::any_of(base->params.begin(), base->params.end(),
                    [&](const RuleParam& p) { return p.name == given.first; }))
      options.params.push_back(given);
  if (options.params.empty()) return base;
  Diagnostics ignored_again;
  return load_rules(prog.files[1]->path, ignored_again, options);
}

}  // namespace

std::shared_ptr<const Program> load_or_report(const std::string& path, const std::vector<std::string>* expressions,
                                              const ParamValues& params, const std::vector<std::string>& allow_dirs) {
  Diagnostics diags;
  LoadOptions options = load_options(allow_dirs);
  options.expressions = expressions;
  options.params = params;
  std::vector<std::string> bad;
  options.param_errors = &bad;
  auto prog = load_rules(path, diags, options);
  if (!bad.empty()) throw bad_params(bad);
  if (!diags.empty()) diags.print(std::cerr);
  return diags.empty() ? prog : nullptr;
}

void add_check(CLI::App& app, std::vector<Command>& out) {
  struct Opts {
    std::vector<std::string> files;
    std::vector<std::string> set;
    std::vector<std::string> allow_dirs;
    std::string format = "gcc";
    bool werror = false;
    PlayoutCheck play;
    CLI::Option* playouts = nullptr;
    CLI::Option* seed = nullptr;
    std::string engine = "auto";  // --engine, for --playouts
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("check", "Check rule files; exit 1 with FILE:LINE:COL diagnostics when any has a problem");
  cmd->add_option("files", o->files, "rule files")->required();
  cmd->add_option("--format", o->format, "how diagnostics are written: gcc (FILE:LINE:COL: error: ..., on stderr; the "
                                         "default), json (one document on stdout) or github (workflow commands on stdout)")
      ->check(CLI::IsMember({"gcc", "json", "github"}));
  cmd->add_flag("--werror", o->werror, "a file with warnings fails the check too (exit 1)");
  add_set_option(cmd, o->set);
  add_allow_dir_option(cmd, o->allow_dirs);
  o->playouts = cmd->add_option("--playouts", o->play.playouts,
                                "then play N random games of each valid file, checking its invariants after every "
                                "action")
                    ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 40));
  o->seed = cmd->add_option("--seed", o->play.seed, "with --playouts: playout K plays with the seed S + K - 1 "
                                                    "(default: a random S)")
                ->check(seed_number())
                ->needs(o->playouts);
  cmd->add_option("--max-plies", o->play.max_plies, "with --playouts: stop a playout, unfinished, after this many "
                                                    "actions (default 1000)")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 40))
      ->needs(o->playouts);
  add_threads_option(cmd, o->play.threads)->needs(o->playouts);
  cmd->add_option("--engine", o->engine,
                  "with --playouts: interp, native or auto (default): what plays them (spec/native.md)")
      ->check(CLI::IsMember({"interp", "native", "auto"}))
      ->needs(o->playouts);
  out.push_back({cmd, [o] {
                   DiagnosticFormat how = diagnostic_format(o->format).value_or(DiagnosticFormat::Gcc);
                   if (how != DiagnosticFormat::Gcc && o->playouts->count())
                     throw UsageError("--playouts reports as text: it cannot be combined with --format " + o->format);
                   ParamValues params;
                   gather_params(o->set, "", "", nullptr, params);
                   if (o->playouts->count() && !o->seed->count()) {
                     std::random_device rd;
                     o->play.seed = (static_cast<uint64_t>(rd()) << 32) ^ rd();
                   }
                   const std::vector<std::string>& files = o->files;
                   int bad = 0;
                   size_t warnings = 0;
                   std::vector<Diagnostics> all;  // with --format json, every file's, printed at the end
                   for (auto& f : files) {
                     Diagnostics diags;
                     LoadOptions options = load_options(o->allow_dirs);
                     options.params = params;
                     std::vector<std::string> unusable;
                     options.param_errors = &unusable;
                     options.warnings = true;
                     auto prog = load_rules(f, diags, options);
                     if (!unusable.empty()) throw bad_params(unusable, files.size() > 1 ? f + ": " : "");
                     // with warnings only the program is loaded: it fails only with --werror
                     bool failed = !prog || diags.errors() > 0 || (o->werror && diags.warnings() > 0);
                     warnings += diags.warnings();
                     if (!diags.empty()) {
                       if (how == DiagnosticFormat::Gcc) diags.print(std::cerr);
                       else if (how == DiagnosticFormat::Github) std::cout << diagnostics_github(diags);
                       else all.push_back(std::move(diags));
                     }
                     if (failed) {
                       ++bad;
                     } else if (o->playouts->count() && prog) {
                       Diagnostics played;  // the warnings about how the games went
                       auto run = with_engine(prog, o->engine, o->play.playouts >= 10000, f);
                       bool ok = run && check_playouts(run, f, o->play, load_base(*prog, params, o->allow_dirs), played);
                       played.print(std::cerr);
                       warnings += played.warnings();
                       if (!ok || (o->werror && played.warnings() > 0)) ++bad;
                     }
                   }
                   if (how == DiagnosticFormat::Json) std::cout << diagnostics_json(all);
                   // the summary: with a format for tools, on stderr (stdout holds only their output)
                   std::ostream& summary = bad || how != DiagnosticFormat::Gcc ? std::cerr : std::cout;
                   const char* s = files.size() == 1 ? "" : "s";
                   std::string warned = warnings == 0 ? ""
                                        : fmt::format(", {} warning{}", warnings, warnings == 1 ? "" : "s");
                   if (bad)
                     summary << fmt::format("{} of {} file{} with errors{}{}\n", bad, files.size(), s,
                                            o->werror && warnings ? " or warnings" : "", warned);
                   else summary << fmt::format("{} file{} ok{}\n", files.size(), s, warned);
                   return bad ? 1 : 0;
                 }});
}

}  // namespace ri::cli
