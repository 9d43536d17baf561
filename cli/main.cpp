// ruleinterp, the command line for any rule file: play, check, replay, moves, perft, playout, apply, eval, position
// and tree. See spec/cli.md.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cctype>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"

namespace {

// CLI11's messages start with a capital; ours are lower-case.
std::string lower_first(std::string s) {
  if (!s.empty()) s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
  return s;
}

// The subcommand the arguments were for (the deepest one that was parsed), or the app.
const CLI::App* parsed_command(const CLI::App& app) {
  for (const CLI::App* sub : app.get_subcommands())
    if (sub) return sub;
  return &app;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ruleinterp: a general game rules interpreter. `ruleinterp FILE` plays the game in FILE "
               "(the same as `ruleinterp play FILE`)."};
  app.name("ruleinterp");
  app.require_subcommand(1);
  std::vector<ri::cli::Command> commands;
  ri::cli::add_check(app, commands);
  ri::cli::add_play(app, commands);
  ri::cli::add_replay(app, commands);
  ri::cli::add_moves(app, commands);
  ri::cli::add_perft(app, commands);
  ri::cli::add_playout(app, commands);
  ri::cli::add_apply(app, commands);
  ri::cli::add_eval(app, commands);
  ri::cli::add_position(app, commands);
  ri::cli::add_tree(app, commands);

  std::vector<std::string> args(argv, argv + argc);
  if (args.size() <= 1) {  // no arguments: the help on stderr, and a usage error's exit code
    std::cerr << app.help();
    return 2;
  }
  // `ruleinterp FILE ...` (or options first) means `ruleinterp play FILE ...`
  bool known = args[1] == "-h" || args[1] == "--help";
  for (auto* sub : app.get_subcommands({}))
    if (sub->get_name() == args[1]) known = true;
  if (!known) args.insert(args.begin() + 1, "play");
  std::vector<char*> av;
  for (auto& a : args) av.push_back(a.data());
  try {
    app.parse(static_cast<int>(av.size()), av.data());
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "error: " << lower_first(e.what()) << "\n\n" << parsed_command(app)->help(parsed_command(app) == &app ? "" : "ruleinterp");
    return 2;
  } catch (const std::exception& e) {  // out of memory, ...
    std::cerr << "error: " << lower_first(e.what()) << '\n';
    return 1;
  }
  int code = 0;
  for (auto& c : commands) {
    if (!c.sub->parsed()) continue;
    try {
      code = c.run();
    } catch (const ri::cli::UsageError& e) {
      std::cerr << "error: " << e.what() << "\n\n" << c.sub->help("ruleinterp");
      return 2;
    } catch (const std::exception& e) {
      std::cerr << "error: " << lower_first(e.what()) << '\n';
      return 1;
    }
  }
  return code;
}
