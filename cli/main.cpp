// ruleinterp, the command line for any rule file: play, check, replay, moves, perft, playout, apply, eval, position,
// tree and describe. See spec/cli.md.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <sys/resource.h>

#include <cctype>
#include <cstdint>
#include <cstring>
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "commands.hpp"

namespace {

// CLI11's messages start with a capital; ours are lower-case. A validator's message comes after the option's name
// ("depth: Value 0 not in range 1 to 64"): its "Value" is lower-cased too.
std::string lower_first(std::string s) {
  if (!s.empty()) s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
  if (size_t at = s.find(": Value "); at != std::string::npos && s.find(' ') > at) s[at + 2] = 'v';
  return s;
}

// A usage error as the other errors read: lower case, and what went wrong first. CLI11 checks the required arguments
// before it reports the ones it did not expect, so `ruleinterp --bogus` (read as `play --bogus`) would say that the
// file is missing: an argument the command does not take is named first.
std::string usage_message(const CLI::ParseError& e, const CLI::App& cmd) {
  const bool required = dynamic_cast<const CLI::RequiredError*>(&e) != nullptr;
  if (required || dynamic_cast<const CLI::ExtrasError*>(&e)) {
    std::vector<std::string> rest = cmd.remaining();
    for (const std::string& a : rest)
      if (a.size() > 1 && a[0] == '-') return fmt::format("unknown option '{}'", a);
    if (!required && !rest.empty()) return fmt::format("unexpected argument '{}'", rest[0]);
  }
  if (required) {
    std::string m = e.what();
    if (size_t at = m.find(" is required"); at != std::string::npos && at + 12 == m.size() && m.find(' ') == at)
      return fmt::format("the argument '{}' is missing", m.substr(0, at));
  }
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e)) {  // "--depth: 1 required INT:INT in [0 - 9] missing"
    std::string m = e.what();
    if (size_t colon = m.find(": "); colon != std::string::npos && m.rfind("missing") == m.size() - 7)
      return fmt::format("the option '{}' needs a value", m.substr(0, colon));
  }
  return lower_first(e.what());
}

// The subcommand the arguments were for (the deepest one that was parsed), or the app.
const CLI::App* parsed_command(const CLI::App& app) {
  for (const CLI::App* sub : app.get_subcommands())
    if (sub) return sub;
  return &app;
}

// The process's memory budget (--max-memory, MiB): a limit of its address space, so that a rule file that makes the
// interpreter allocate without end (within every budget of the language) ends with an error instead of taking what
// the machine has. Under AddressSanitizer, whose shadow memory is address space too, it is not set.
constexpr uint64_t kDefaultMaxMemoryMiB = 4096;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressLimit = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAddressLimit = false;
#else
constexpr bool kAddressLimit = true;
#endif
#else
constexpr bool kAddressLimit = true;
#endif

// Limits the address space to `mib` MiB (0: no limit); false when the system refuses.
bool limit_memory(uint64_t mib) {
  if (mib == 0 || !kAddressLimit) return true;
  rlimit r{};
  if (getrlimit(RLIMIT_AS, &r) != 0) return false;
  rlim_t want = static_cast<rlim_t>(mib) << 20;
  if (r.rlim_max != RLIM_INFINITY && r.rlim_max < want) want = r.rlim_max;  // a lower limit already holds
  r.rlim_cur = want;
  return setrlimit(RLIMIT_AS, &r) == 0;
}

// What the process was doing, for an error no command explained: `ruleinterp ARGS` (cut to a readable length).
std::string doing(const std::vector<std::string>& args) {
  std::string out = "ruleinterp";
  for (size_t i = 1; i < args.size(); ++i) out += " " + args[i];
  if (out.size() > 200) out = out.substr(0, 200) + "...";
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ruleinterp: a general game rules interpreter. `ruleinterp FILE` plays the game in FILE "
               "(the same as `ruleinterp play FILE`)."};
  app.name("ruleinterp");
  app.set_version_flag("--version", "ruleinterp " RULEINTERP_VERSION, "print the version and exit");
  app.require_subcommand(1);
  std::vector<ri::cli::Command> commands;
  ri::cli::add_check(app, commands);
  ri::cli::add_play(app, commands);
  ri::cli::add_replay(app, commands);
  ri::cli::add_moves(app, commands);
  ri::cli::add_perft(app, commands);
  ri::cli::add_playout(app, commands);
  ri::cli::add_arena(app, commands);
  ri::cli::add_bestmove(app, commands);
  ri::cli::add_merge(app, commands);
  ri::cli::add_compile(app, commands);
  ri::cli::add_apply(app, commands);
  ri::cli::add_eval(app, commands);
  ri::cli::add_position(app, commands);
  ri::cli::add_tree(app, commands);
  ri::cli::add_describe(app, commands);

  uint64_t max_memory = kDefaultMaxMemoryMiB;
  for (auto& c : commands)
    c.sub->add_option("--max-memory", max_memory,
                      fmt::format("the process's memory budget in MiB (default {}; 0: none): past it the command ends "
                                  "with an error",
                                  kDefaultMaxMemoryMiB))
        ->check(CLI::Range(uint64_t{0}, uint64_t{1} << 30));

  std::vector<std::string> args(argv, argv + argc);
  if (args.size() <= 1) {  // no arguments: the help on stderr, and a usage error's exit code
    std::cerr << app.help();
    return 2;
  }
  // `ruleinterp FILE ...` (or options first) means `ruleinterp play FILE ...`
  bool known = args[1] == "-h" || args[1] == "--help" || args[1] == "--version";
  for (auto* sub : app.get_subcommands({}))
    if (sub->get_name() == args[1]) known = true;
  if (!known) args.insert(args.begin() + 1, "play");
  std::vector<char*> av;
  for (auto& a : args) av.push_back(a.data());
  try {
    app.parse(static_cast<int>(av.size()), av.data());
  } catch (const CLI::Success& e) {  // -h, --help, --version: printed to stdout, exit 0
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    const CLI::App* cmd = parsed_command(app);
    std::cerr << "error: " << usage_message(e, *cmd) << "\n\n" << cmd->help(cmd == &app ? "" : "ruleinterp");
    return 2;
  } catch (const std::exception& e) {  // out of memory, ...
    std::cerr << fmt::format("error: internal error while reading the arguments: {}\n", e.what());
    return 1;
  }
  if (!limit_memory(max_memory)) {
    std::cerr << fmt::format("error: cannot limit the memory to {} MiB (--max-memory)\n", max_memory);
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
    } catch (const std::bad_alloc&) {
      if (max_memory > 0 && kAddressLimit)
        std::cerr << fmt::format("error: out of memory while running '{}': the process reached its memory budget of "
                                 "{} MiB (--max-memory)\n", doing(args), max_memory);
      else
        std::cerr << fmt::format("error: out of memory while running '{}'\n", doing(args));
      return 1;
    } catch (const std::exception& e) {
      std::cerr << fmt::format("error: internal error while running '{}': {}\n", doing(args), e.what());
      return 1;
    }
  }
  return code;
}
