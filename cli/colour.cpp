// The option --color=auto|always|never of the commands that show games to people (play, tree): whether the rule
// file's `styled` colours what they print. See spec/cli.md.
#include <cstdlib>

#include <unistd.h>

#include "commands.hpp"

namespace ri::cli {

void add_colour_option(CLI::App* cmd, std::string& when) {
  cmd->add_option("--color", when,
                  "colour what the rule file styles (styled): auto (default: when standard output is a terminal and "
                  "NO_COLOR is not set), always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
}

// auto: a terminal on standard output, and no NO_COLOR (set and not empty: https://no-color.org)
bool colour_wanted(const std::string& when) {
  if (when == "always") return true;
  if (when == "never") return false;
  const char* no_colour = std::getenv("NO_COLOR");
  return isatty(STDOUT_FILENO) && (no_colour == nullptr || *no_colour == '\0');
}

}  // namespace ri::cli
