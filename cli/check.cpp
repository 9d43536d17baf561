// ruleinterp check FILE... [--playouts N]: exit 0 when every file is valid (and, with --playouts, its invariants
// hold in random playouts: check_playouts.hpp), 1 with diagnostics otherwise.
#include <fmt/format.h>

#include <iostream>
#include <random>

#include "check_playouts.hpp"
#include "commands.hpp"

namespace ri::cli {

namespace {

// A UsageError that says why: every message of a value the rule file cannot take, each on its own line.
UsageError bad_params(const std::vector<std::string>& why, const std::string& prefix = "") {
  std::string text;
  for (const std::string& w : why) text += (text.empty() ? "" : "\nerror: ") + prefix + w;
  return UsageError(text);
}

}  // namespace

std::shared_ptr<const Program> load_or_report(const std::string& path, const std::vector<std::string>* expressions,
                                              const ParamValues& params) {
  Diagnostics diags;
  LoadOptions options;
  options.expressions = expressions;
  options.params = params;
  std::vector<std::string> bad;
  options.param_errors = &bad;
  auto prog = load_rules(path, diags, options);
  if (!bad.empty()) throw bad_params(bad);
  if (!diags.empty()) std::cerr << diags.format();
  return diags.empty() ? prog : nullptr;
}

void add_check(CLI::App& app, int* code) {
  auto* cmd = app.add_subcommand("check", "Check rule files; exit 1 with FILE:LINE:COL diagnostics when any has a problem");
  auto files = std::make_shared<std::vector<std::string>>();
  auto set = std::make_shared<std::vector<std::string>>();
  auto play = std::make_shared<PlayoutCheck>();
  cmd->add_option("files", *files, "rule files")->required();
  add_set_option(cmd, *set);
  auto* playouts = cmd->add_option("--playouts", play->playouts,
                                   "then play N random games of each valid file, checking its invariants after every "
                                   "action")
                       ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 40));
  auto* seed = cmd->add_option("--seed", play->seed, "with --playouts: playout K plays with the seed S + K - 1 "
                                                     "(default: a random S)")
                   ->check(seed_number())
                   ->needs(playouts);
  cmd->add_option("--max-plies", play->max_plies, "with --playouts: stop a playout, unfinished, after this many actions "
                                                  "(default 1000)")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 40))
      ->needs(playouts);
  cmd->callback([files, set, play, playouts, seed, code] {
    ParamValues params;
    gather_params(*set, "", "", nullptr, params);
    if (playouts->count() && !seed->count()) {
      std::random_device rd;
      play->seed = (static_cast<uint64_t>(rd()) << 32) ^ rd();
    }
    int bad = 0;
    for (auto& f : *files) {
      Diagnostics diags;
      LoadOptions options;
      options.params = params;
      std::vector<std::string> unusable;
      options.param_errors = &unusable;
      auto prog = load_rules(f, diags, options);
      if (!unusable.empty()) throw bad_params(unusable, files->size() > 1 ? f + ": " : "");
      if (!diags.empty()) {
        std::cerr << diags.format();
        ++bad;
      } else if (playouts->count() && prog && !check_playouts(prog, f, *play)) {
        ++bad;
      }
    }
    if (bad) std::cerr << fmt::format("{} of {} file{} with errors\n", bad, files->size(), files->size() == 1 ? "" : "s");
    else std::cout << fmt::format("{} file{} ok\n", files->size(), files->size() == 1 ? "" : "s");
    *code = bad ? 1 : 0;
  });
}

}  // namespace ri::cli
