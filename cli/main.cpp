// ruleinterp: play, check, replay, perft and playouts for any rule file.
#include <CLI/CLI.hpp>

#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"ruleinterp: a general game rules interpreter. `ruleinterp FILE` plays the game in FILE."};
  app.require_subcommand(1);
  int code = 0;
  ri::cli::add_check(app, &code);
  // `ruleinterp FILE ...` means `ruleinterp play FILE ...`
  std::vector<std::string> args(argv, argv + argc);
  bool known = false;
  for (auto* sub : app.get_subcommands({}))
    if (args.size() > 1 && sub->get_name() == args[1]) known = true;
  if (args.size() > 1 && !args[1].empty() && args[1][0] != '-' && !known) args.insert(args.begin() + 1, "play");
  std::vector<char*> av;
  for (auto& a : args) av.push_back(a.data());
  try {
    app.parse(static_cast<int>(av.size()), av.data());
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return 2;
  }
  return code;
}
