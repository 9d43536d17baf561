// ruleinterp check FILE...: exit 0 when every file is valid, 1 with diagnostics otherwise.
#include <fmt/format.h>

#include <iostream>

#include "commands.hpp"

namespace ri::cli {

std::shared_ptr<const Program> load_or_report(const std::string& path, const std::vector<std::string>* expressions) {
  Diagnostics diags;
  auto prog = load_rules(path, diags, expressions);
  if (!diags.empty()) std::cerr << diags.format();
  return diags.empty() ? prog : nullptr;
}

void add_check(CLI::App& app, int* code) {
  auto* cmd = app.add_subcommand("check", "Check rule files; exit 1 with FILE:LINE:COL diagnostics when any has a problem");
  auto files = std::make_shared<std::vector<std::string>>();
  cmd->add_option("files", *files, "rule files")->required();
  cmd->callback([files, code] {
    int bad = 0;
    for (auto& f : *files) {
      Diagnostics diags;
      load_rules(f, diags);
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
