// The ruleinterp subcommands. See spec/cli.md.
#pragma once
#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/parallel.hpp"
#include "pipeline/pipeline.hpp"
#include "runtime/engine.hpp"
#include "io/movelog.hpp"

namespace ri::cli {

// The shipped games' directory (rules/ of the source tree ruleinterp was built from): its tree is allowed to every
// rule file's `extends`, so that the shipped variants (rules/variants/) extend the shipped games.
inline constexpr const char* kShippedRules = RULEINTERP_SHIPPED_RULES;

// The options every command loads a rule file with: the directories its bases may be in (--allow-dir's, and the
// shipped games').
inline LoadOptions load_options(const std::vector<std::string>& allow_dirs) {
  LoadOptions options;
  options.allowed_dirs = allow_dirs;
  options.shipped_dir = kShippedRules;
  return options;
}

// Loads and checks a rule file (with an expression to compile: load_rules), giving its parameters `params` and
// letting it extend the rule files of `allow_dirs` (--allow-dir); prints every diagnostic to stderr. Null when the
// file (or the expression) has problems. A value the rule file cannot take (an unknown parameter, a value out of
// range) is a bad argument: thrown as a UsageError.
std::shared_ptr<const Program> load_or_report(const std::string& path,
                                              const std::vector<std::string>* expressions = nullptr,
                                              const ParamValues& params = {},
                                              const std::vector<std::string>& allow_dirs = {});

// Registers the option `--allow-dir DIR` on a command that loads a rule file: the rule file may extend the rule files
// of DIR's tree, besides those of its own directory's (repeatable; DIR must be a directory).
void add_allow_dir_option(CLI::App* cmd, std::vector<std::string>& dirs);

// Registers the option `--color WHEN` (auto, always or never; default auto) on a command that shows games to people:
// whether the rule file's `styled` colours what it prints (Game::set_colour).
void add_colour_option(CLI::App* cmd, std::string& when);

// Whether to colour, by --color's WHEN: always, never, or (auto) when standard output is a terminal and the
// environment variable NO_COLOR is not set or empty (https://no-color.org).
bool colour_wanted(const std::string& when);

// A subcommand whose `run` is called after parsing when it was given; it returns the exit code.
struct Command {
  CLI::App* sub = nullptr;
  std::function<int()> run;
};
// Each registers one subcommand on the app and appends it to `out`.
void add_check(CLI::App& app, std::vector<Command>& out);
void add_play(CLI::App& app, std::vector<Command>& out);
void add_moves(CLI::App& app, std::vector<Command>& out);
void add_replay(CLI::App& app, std::vector<Command>& out);
void add_perft(CLI::App& app, std::vector<Command>& out);
void add_playout(CLI::App& app, std::vector<Command>& out);
void add_apply(CLI::App& app, std::vector<Command>& out);
void add_eval(CLI::App& app, std::vector<Command>& out);
void add_position(CLI::App& app, std::vector<Command>& out);
void add_tree(CLI::App& app, std::vector<Command>& out);
void add_describe(CLI::App& app, std::vector<Command>& out);
void add_arena(CLI::App& app, std::vector<Command>& out);
void add_bestmove(CLI::App& app, std::vector<Command>& out);
void add_merge(CLI::App& app, std::vector<Command>& out);
void add_compile(CLI::App& app, std::vector<Command>& out);

// A text for people (a description, how to type a move): its lines wrapped at spaces to at most `width` bytes with
// the indent (a longer word stays whole; SIZE_MAX: not wrapped), each indented by `indent` spaces; its own line
// breaks kept, those at its end dropped.
std::string wrapped(const std::string& text, size_t indent, size_t width = 100);

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

// Reads the log at `path` and parses it. On a problem prints the diagnostics and returns false.
bool read_log_file(const std::string& path, MoveLog& log);

// Replays a parsed log on g (checking its expectations, and with `invariants` the rule file's invariants: movelog.hpp).
// On a failure prints it (at the log's LOG:LINE:COL, or the rule file's for a runtime error or an invariant) and
// returns false.
bool replay_log(Game& g, const MoveLog& log, ReplayResult* result = nullptr, bool invariants = false);

// Prints a failed replay result (r.ok == false) for the log `log`.
void report_replay(const Program& p, const MoveLog& log, const ReplayResult& r);

// Where a command's game starts: the position file POS (--position; empty: the rule file's start), the log LOG
// whose actions are played first (--log; empty: none) and the seed the rule file's setup draws from (--seed).
struct Start {
  std::string position, log;
  std::optional<std::string> position_text;  // --position-text TEXT: the position written as text
  bool from_position() const { return !position.empty() || position_text.has_value(); }
  uint64_t seed = 0;
  CLI::Option* seed_option = nullptr;  // --seed, when the command has it (add_seed_option)
  std::vector<std::string> set;        // --set NAME=VALUE (add_set_option)
  std::vector<std::string> allow_dirs;  // --allow-dir DIR (add_allow_dir_option)
  bool invariants = false;             // check the rule file's invariants while the log is replayed (`replay`)
  std::string deck;                    // --deck NAMES (add_deck_option)
  CLI::Option* deck_option = nullptr;
  std::string engine = "interp";       // --engine (add_engine_option): interp, native or auto
  bool long_job = false;               // the job is long enough for `auto` to compile a native build
};

// Registers the option `--engine interp|native|auto` (default `fallback`) on a command that runs a game.
void add_engine_option(CLI::App* cmd, Start& start, const std::string& fallback = "auto");

// The program a command runs on by --engine: `prog` (interp; auto without a native build in the cache when the job
// is not long), or a copy running its native build (interpreter/native/), compiled now if need be (native; auto for
// a long job). Null after printing why there is none when native was asked for; auto prints a note and falls back to
// the interpreter when a compile fails.
std::shared_ptr<const Program> with_engine(std::shared_ptr<const Program> prog, const std::string& engine,
                                           bool long_job, const std::string& file);

// The options of `start` that set a game up, in one line (the `start:` of a shard's file, spec/cli.md, *Shards*):
// `--set A=1 --position POS --log LOG --deck NAMES --seed N`, each only when given; "" when none is.
std::string start_text(const Start& start);

// Registers the option `--shard I/K` on a command whose work can be split (perft, arena): the shard's result is
// printed instead, for `ruleinterp merge`. Its value is checked (1 <= I <= K <= 1,000,000).
CLI::Option* add_shard_option(CLI::App* cmd, std::string& shard);

// Registers the options `--position POS` (the game starts from that position file) and `--position-text TEXT` (from
// that position written as text) on a command; they exclude each other.
void add_position_option(CLI::App* cmd, Start& start);

// Registers the option `--set NAME=VALUE` on a command: a value for one of the rule file's parameters, in place of
// its default (repeatable; `--set a=1,b=2` sets two). A malformed one is a usage error when parsing.
void add_set_option(CLI::App* cmd, std::vector<std::string>& set);

// The parameter values a game is loaded with: those of `set` (as add_set_option stores them), of the position file's
// `params` and of the move log's `set:` header (when `position` or `log_path` is given; the log is read into *log).
// A value given in several places must be the same in all (otherwise a UsageError). False after printing the
// problems of a position file or log that cannot be read or parsed.
bool gather_params(const std::vector<std::string>& set, const std::string& position, const std::string& log_path,
                   MoveLog* log, ParamValues& out);

// Registers where a command's game starts: --position POS, --set NAME=VALUE, --log LOG (described by `log_help`),
// --seed N and --deck NAMES, each into `start`, and the rule file's --allow-dir DIR.
void add_start_options(CLI::App* cmd, Start& start, const std::string& log_help);

// Registers the option `--seed N` (the seed of the generator the rule file's setup draws from; default: the log's
// `seed:`, else 0) on a command.
void add_seed_option(CLI::App* cmd, Start& start);

// The seed the game's setup draws from: --seed when given, else the log's `seed:` header when it has one, else
// `fallback`. When --seed and the log's seed differ while the rule file's setup draws random numbers (and the game
// starts from the rule file's start), the log's game is not the one set up: prints why and returns false.
bool setup_seed(const Program& p, const Start& start, const MoveLog& log, uint64_t fallback, uint64_t& seed);

// Registers the option `--threads N` (1 to kMaxThreads; default 1) on a command that shares its work out over N
// threads with the same results as one (perft, playout, check --playouts); returns it.
CLI::Option* add_threads_option(CLI::App* cmd, int& threads);

// Registers the option `--deck NAMES` (the order of the setup's shuffles: the pieces' names, the top piece first,
// separated by spaces or commas) on a command; returns it.
CLI::Option* add_deck_option(CLI::App* cmd, std::string& deck);

// The names --deck gives (parse_deck), when it was given (`option` counted), else none. A deck for a rule file whose
// setup shuffles no site, or one that names nothing, is a UsageError.
std::vector<std::string> command_deck(const Program& p, const CLI::Option* option, const std::string& text);

// The deck a game's setup shuffles with (empty: its shuffles draw), and where it comes from: the move log `log` (its
// `deck:` header), or else the command line's --deck.
struct Deck {
  std::vector<std::string> names;
  const MoveLog* log = nullptr;
};

// A game of `prog`, set up at the position text `position_text` (spec/position.md, "Positions as text") or the
// position file `position` (the rule file's setup does not run) or, when both are empty, from the rule file's start, its setup drawing from `rng` (its shuffles following `deck`, when it names
// pieces). Null after printing the position file's problems, or a logged deck that does not fit (at the log's
// `deck:` line); a --deck that does not fit is a UsageError; a runtime error of the rule file while setting up is
// thrown.
std::unique_ptr<Game> start_game(const std::shared_ptr<const Program>& prog, const std::string& position,
                                 const std::optional<std::string>& position_text, Prng& rng, const Deck& deck = {});

// A game where a command's Start says: the log read, the seed chosen, the game set up and the log replayed.
struct Opened {
  MoveLog log;             // empty without a log
  uint64_t seed = 0;       // setup_seed's
  std::vector<std::string> deck;  // the deck the setup's shuffles followed: --deck's, else the log's (empty: none)
  Prng rng{0};             // Prng(seed), after the setup's draws: the game's generator goes on from here
  std::unique_ptr<Game> game;
  ReplayResult replay;     // the log's replay
};

// Reads the log (when given and not read yet: out.log.file is null), chooses the setup's seed (setup_seed, with
// `fallback`) and deck (--deck, else the log's `deck:`; a log whose deck is not --deck's, when the setup shuffles, is
// reported), sets the game up (start_game) and replays the log (its expectations are checked; the invariants too with
// start.invariants). False after reporting a problem (a runtime error of the rule
// file is thrown).
bool open_game(const std::shared_ptr<const Program>& prog, const Start& start, uint64_t fallback, Opened& out);

// Loads the rule file (load_or_report) with the parameter values that `start` gathers (gather_params: --set, the
// position file's and the log's; the log is read into out.log, for open_game) and its --allow-dir. Null after
// reporting a problem.
std::shared_ptr<const Program> load_started(const std::string& file, const Start& start, Opened& out,
                                            const std::vector<std::string>* expressions = nullptr);

// Loads the rule file with the parameter values of the command line, the position file and the log
// (gather_params), opens its game (open_game, fallback seed 0), then runs f(game). Every problem is reported;
// returns the exit code.
int with_game(const std::string& file, const Start& start, const std::function<int(Game&)>& f,
              const std::vector<std::string>* expressions = nullptr);

}  // namespace ri::cli
