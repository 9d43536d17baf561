// The ruleinterp subcommands. See spec/cli.md.
#pragma once
#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "compiler.hpp"
#include "engine.hpp"
#include "movelog.hpp"

namespace ri::cli {

// Loads and checks a rule file (with an expression to compile: load_rules), giving its parameters `params`;
// prints every diagnostic to stderr. Null when the file (or the expression) has problems. A value the rule file
// cannot take (an unknown parameter, a value out of range) is a bad argument: thrown as a UsageError.
std::shared_ptr<const Program> load_or_report(const std::string& path,
                                              const std::vector<std::string>* expressions = nullptr,
                                              const ParamValues& params = {});

// Registers each subcommand on the app; the callback runs it and stores the exit code in *code.
void add_check(CLI::App& app, int* code);

// A subcommand whose `run` is called after parsing when it was given; it returns the exit code.
struct Command {
  CLI::App* sub = nullptr;
  std::function<int()> run;
};
void add_play(CLI::App& app, std::vector<Command>& out);
void add_moves(CLI::App& app, std::vector<Command>& out);
void add_replay(CLI::App& app, std::vector<Command>& out);
void add_perft(CLI::App& app, std::vector<Command>& out);
void add_playout(CLI::App& app, std::vector<Command>& out);
void add_apply(CLI::App& app, std::vector<Command>& out);
void add_eval(CLI::App& app, std::vector<Command>& out);
void add_position(CLI::App& app, std::vector<Command>& out);

// A bad combination of arguments found after parsing: main prints it with the subcommand's usage, exit 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Accepts a decimal number from 0 to 2^64 - 1 (CLI11 alone would wrap "-1" around).
inline CLI::Validator seed_number() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789") != std::string::npos ||
            (s.size() == 20 && s > "18446744073709551615"))
          return "the seed must be a whole number from 0 to 18446744073709551615, not '" + s + "'";
        return "";
      },
      "UINT64");
}

// A rule-file runtime error as FILE:LINE:COL: error: ... with the source line, then the calls that led
// there as notes.
std::string format_runtime(const Program& p, const RuntimeError& e);

// Prints a rule-file runtime error (format_runtime) to stderr; returns 1.
int report_runtime(const Program& p, const RuntimeError& e);

// Runs f() (which returns an exit code), reporting a RuntimeError from the rule file as exit 1.
int guarded(const Program& p, const std::function<int()>& f);

// Reads the log at `path` and replays it on g (checking its expectations). On any problem prints the
// diagnostics (the log's LOG:LINE:COL, or the rule file's for a runtime error) and returns false. The
// parsed log (with its text in log->file) is stored in *log when given.
bool replay_file(Game& g, const std::string& path, ReplayResult* result = nullptr, MoveLog* log = nullptr);

// Prints a failed replay result (r.ok == false) for the log `log`.
void report_replay(const Program& p, const MoveLog& log, const ReplayResult& r);

// Registers the option `--position POS` (the game starts from that position file) on a command.
void add_position_option(CLI::App* cmd, std::string& path);

// Registers the option `--set NAME=VALUE` on a command: a value for one of the rule file's parameters, in place of
// its default (repeatable; `--set a=1,b=2` sets two). A malformed one is a usage error when parsing.
void add_set_option(CLI::App* cmd, std::vector<std::string>& set);

// The parameter values a game is loaded with: those of `set` (as add_set_option stores them), of the position file's
// `params` and of the move log's `set:` header (when `position` or `log_path` is given; the log is read into *log).
// A value given in several places must be the same in all (otherwise a UsageError). False after printing the
// problems of a position file or log that cannot be read or parsed.
bool gather_params(const std::vector<std::string>& set, const std::string& position, const std::string& log_path,
                   MoveLog* log, ParamValues& out);

// Sets g up at the position file `path` (nothing when it is empty). On a problem in the file prints its
// diagnostics and returns false; a runtime error of the rule file while setting up is thrown.
bool start_at(Game& g, const std::string& path);

// Loads the rule file, builds its game, sets it up at the position file `position` (when given), replays the log
// (when given: its expectations are checked), then runs f(game). Every problem is reported; returns the exit code.
int with_game(const std::string& file, const std::string& position, const std::string& log,
              const std::function<int(Game&)>& f, const std::vector<std::string>* expressions = nullptr);
// The same, the rule file loaded with the parameter values of `set` (--set), the position file and the log
// (gather_params).
int with_game(const std::string& file, const std::string& position, const std::string& log,
              const std::vector<std::string>& set, const std::function<int(Game&)>& f,
              const std::vector<std::string>* expressions = nullptr);

// Replays a log already read on g (checking its expectations), as replay_file does.
bool replay_log(Game& g, const MoveLog& log, ReplayResult* result = nullptr);

}  // namespace ri::cli
