// ruleinterp check FILE...: exit 0 when every file is valid, 1 with diagnostics otherwise.
#include <fmt/format.h>

#include <iostream>

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
  cmd->add_option("files", *files, "rule files")->required();
  add_set_option(cmd, *set);
  cmd->callback([files, set, code] {
    ParamValues params;
    gather_params(*set, "", "", nullptr, params);
    int bad = 0;
    for (auto& f : *files) {
      Diagnostics diags;
      LoadOptions options;
      options.params = params;
      std::vector<std::string> unusable;
      options.param_errors = &unusable;
      load_rules(f, diags, options);
      if (!unusable.empty()) throw bad_params(unusable, files->size() > 1 ? f + ": " : "");
      if (!diags.empty()) {
        std::cerr << diags.format();
        ++bad;
      }
    }
    if (bad) std::cerr << fmt::format("{} of {} file{} with errors\n", bad, files->size(), files->size() == 1 ? "" : "s");
    else std::cout << fmt::format("{} file{} ok\n", files->size(), files->size() == 1 ? "" : "s");
    *code = bad ? 1 : 0;
  });
}

}  // namespace ri::cli
