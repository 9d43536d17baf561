// Helpers shared by the subcommands: runtime-error reports, where a game starts (position, seed, deck, log,
// the parameters' values) and replaying a log file.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <unordered_map>

#include "commands.hpp"
#include "search/shards.hpp"
#include "common/text.hpp"
#include "io/position.hpp"
#include "io/position_text.hpp"

namespace ri::cli {

std::string format_runtime(const Program& p, const RuntimeError& e) {
  std::string out = format_diagnostic(Diagnostic{p.files.at(e.pos.file), e.pos, e.what()});
  // where the failing function was called from, innermost first (the first few)
  constexpr size_t kShown = 4;
  for (size_t i = 0; i < e.calls.size() && i < kShown; ++i)
    out += format_diagnostic(Diagnostic{p.files.at(e.calls[i].file), e.calls[i], "called from here", Severity::Note});
  if (e.calls.size() > kShown)
    out += fmt::format("{}: note: ... and {} more call{} further out\n", p.file->path, e.calls.size() - kShown,
                       e.calls.size() - kShown == 1 ? "" : "s");
  return out;
}

int report_runtime(const Program& p, const RuntimeError& e) {
  std::cerr << format_runtime(p, e);
  return 1;
}

int guarded(const Program& p, const std::function<int()>& f) {
  try {
    return f();
  } catch (const RuntimeError& e) {
    return report_runtime(p, e);
  }
}

void report_replay(const Program& p, const MoveLog& log, const ReplayResult& r) {
  // a problem of the rule file (a runtime error, an invariant that does not hold), then where the log was
  bool start = r.line == 0;  // before the log's first item (the invariants of the start)
  if (r.runtime_error) {
    RuntimeError e(r.rule_pos, r.message);
    e.calls = r.rule_calls;
    std::cerr << format_runtime(p, e);
    std::cerr << format_diagnostic(Diagnostic{log.file, {r.line, r.col},
                                              start ? "the rule file failed before the log's first action"
                                                    : "the rule file failed while replaying this line"});
    return;
  }
  if (r.invariant >= 0) {
    std::cerr << format_diagnostic(Diagnostic{p.files.at(p.invariants[r.invariant].pos.file),
                                              p.invariants[r.invariant].pos, r.message});
    std::cerr << format_diagnostic(Diagnostic{log.file, {r.line, r.col},
                                              start ? "the invariant does not hold before the log's first action"
                                                    : "the invariant does not hold after this line"});
    return;
  }
  std::cerr << format_diagnostic(Diagnostic{log.file, {r.line, r.col}, r.message});
}

void add_position_option(CLI::App* cmd, Start& start) {
  auto* file = cmd->add_option("--position", start.position,
                               "start from this position file (spec/position.md) instead of the rule file's start");
  cmd->add_option("--position-text", start.position_text,
                  "start from this position written as text, as the rule file's position_text says (spec/position.md)")
      ->type_name("TEXT")
      ->excludes(file);
}

void add_set_option(CLI::App* cmd, std::vector<std::string>& set) {
  cmd->add_option("--set", set, "give a parameter of the rule file this value instead of its default: NAME=VALUE "
                                "(repeatable; NAME=VALUE,NAME=VALUE sets several)")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->type_name("NAME=VALUE")
      ->check(CLI::Validator(
          [](std::string& s) {
            std::pair<std::string, int64_t> setting;
            return parse_setting(s, setting);
          },
          ""));
}

void add_allow_dir_option(CLI::App* cmd, std::vector<std::string>& dirs) {
  cmd->add_option("--allow-dir", dirs,
                  "let the rule file extend the rule files under this directory too (besides those under its own "
                  "directory and the shipped games'; repeatable)")
      ->allow_extra_args(false)
      ->type_name("DIR")
      ->check(CLI::Validator(
          [](std::string& s) -> std::string {
            std::error_code ec;
            return std::filesystem::is_directory(s, ec) ? "" : "'" + s + "' is not a directory";
          },
          ""));
}

namespace {

// Adds the values of one source to the values gathered so far; a value for a name already there must be the same.
// `where` names the source ("on the command line (--set)", "in the position file 'p.position'"); `index` finds a
// name's value in `into` and `source` says which of `wheres` gave it (a source may give many).
struct Gathered {
  std::unordered_map<std::string, size_t> index;
  std::vector<size_t> source;
  std::vector<std::string> wheres;
};
void gather(ParamValues& into, Gathered& g, const ParamValues& from, const std::string& where) {
  size_t here = g.wheres.size();
  g.wheres.push_back(where);
  for (auto& [name, value] : from) {
    auto [it, fresh] = g.index.try_emplace(name, into.size());
    if (fresh) {
      into.push_back({name, value});
      g.source.push_back(here);
    } else if (g.source[it->second] == here) {
      throw UsageError(fmt::format("parameter '{}' is set twice {}", clip(name), where));
    } else if (into[it->second].second != value) {
      throw UsageError(fmt::format("parameter '{}' is {} {} but {} {}", clip(name), into[it->second].second,
                                   g.wheres[g.source[it->second]], value, where));
    }
  }
}

}  // namespace

bool gather_params(const std::vector<std::string>& set, const std::string& position, const std::string& log_path,
                   MoveLog* log, ParamValues& out) {
  Gathered gathered;  // where each value of `out` comes from
  gathered.wheres.push_back("");
  for (size_t i = 0; i < out.size(); ++i) {
    gathered.index.emplace(out[i].first, i);
    gathered.source.push_back(0);
  }
  ParamValues given;
  for (const std::string& s : set) {
    std::pair<std::string, int64_t> setting;
    if (std::string why = parse_setting(s, setting); !why.empty()) throw UsageError("--set: " + why);
    given.push_back(setting);
  }
  gather(out, gathered, given, "on the command line (--set)");
  if (!position.empty()) {
    Diagnostics diags;
    ParamValues from;
    if (!read_position_params(position, from, diags)) {
      diags.print(std::cerr);
      return false;
    }
    gather(out, gathered, from, fmt::format("in the position file '{}'", position));
  }
  if (!log_path.empty()) {
    Diagnostics diags;
    MoveLog local;
    MoveLog& l = log ? *log : local;
    if (!read_log(log_path, l, diags)) {
      diags.print(std::cerr);
      return false;
    }
    gather(out, gathered, l.params, fmt::format("in the move log '{}'", log_path));
  }
  return true;
}

void add_start_options(CLI::App* cmd, Start& start, const std::string& log_help) {
  add_position_option(cmd, start);
  add_set_option(cmd, start.set);
  add_allow_dir_option(cmd, start.allow_dirs);
  cmd->add_option("--log", start.log, log_help);
  add_seed_option(cmd, start);
  start.deck_option = add_deck_option(cmd, start.deck);
}

void add_seed_option(CLI::App* cmd, Start& start) {
  start.seed_option = cmd->add_option("--seed", start.seed,
                                      "the seed of the generator the rule file's setup draws from (default: the log's "
                                      "seed:, else 0)")
                          ->check(seed_number());
}

bool setup_seed(const Program& p, const Start& start, const MoveLog& log, uint64_t fallback, uint64_t& seed) {
  bool given = start.seed_option && start.seed_option->count() > 0;
  auto header = log.header.find("seed");
  bool logged = header != log.header.end();
  uint64_t logged_seed = 0;
  if (logged) parse_unsigned(header->second, logged_seed);  // parse_log checked it
  seed = given ? start.seed : logged ? logged_seed : fallback;
  if (given && logged && logged_seed != start.seed && p.setup_draws && !start.from_position()) {
    std::cerr << fmt::format("{}: error: the log's seed is {}, not {} (--seed): the rule file's setup draws from it\n",
                             start.log, logged_seed, start.seed);
    return false;
  }
  return true;
}

CLI::Option* add_threads_option(CLI::App* cmd, int& threads) {
  return cmd
      ->add_option("--threads", threads,
                   fmt::format("share the work out over N threads, 1 to {}: the same results as one (default 1)",
                               kMaxThreads))
      ->type_name("N")
      ->check(CLI::Range(1, kMaxThreads));
}

CLI::Option* add_deck_option(CLI::App* cmd, std::string& deck) {
  return cmd->add_option("--deck", deck,
                         "the order the setup's shuffles give: the pieces' names, the top one first, separated by "
                         "spaces or commas (default: a --log's deck:, else drawn from the seed)")
      ->type_name("NAMES");
}

std::vector<std::string> command_deck(const Program& p, const CLI::Option* option, const std::string& text) {
  if (!option || option->count() == 0) return {};
  if (!p.setup_shuffles)
    throw UsageError("--deck: the rule file's setup shuffles no site (a deck gives the order of a 'shuffle')");
  std::vector<std::string> names = parse_deck(text);
  if (names.empty()) throw UsageError("--deck: name the pieces, the top one first, separated by spaces or commas");
  return names;
}

std::unique_ptr<Game> start_game(const std::shared_ptr<const Program>& prog, const std::string& position,
                                 const std::optional<std::string>& position_text, Prng& rng, const Deck& deck) {
  if (position_text) {
    Diagnostics diags;
    Position pos;
    if (!prog->position_text)
      throw UsageError("--position-text: the rule file has no 'position_text' section, which says how a position is "
                       "written as text");
    if (!parse_position_text(*position_text, *prog, pos, diags)) {
      diags.print(std::cerr);
      return nullptr;
    }
    return std::make_unique<Game>(prog, pos);
  }
  if (position.empty()) {
    try {
      return std::make_unique<Game>(prog, rng, deck.names);
    } catch (const DeckError& e) {
      if (!deck.log) throw UsageError(fmt::format("--deck: {}", e.what()));
      std::cerr << format_diagnostic(Diagnostic{deck.log->file, {deck.log->deck_line, deck.log->deck_col}, e.what()});
      return nullptr;
    }
  }
  Diagnostics diags;
  Position pos;
  if (!read_position(position, *prog, pos, diags)) {
    diags.print(std::cerr);
    return nullptr;
  }
  return std::make_unique<Game>(prog, pos);
}

std::shared_ptr<const Program> load_started(const std::string& file, const Start& start, Opened& out,
                                            const std::vector<std::string>* expressions) {
  ParamValues params;
  if (!gather_params(start.set, start.position, start.log, &out.log, params)) return nullptr;
  return with_engine(load_or_report(file, expressions, params, start.allow_dirs), start.engine, start.long_job, file);
}

int with_game(const std::string& file, const Start& start, const std::function<int(Game&)>& f,
              const std::vector<std::string>* expressions) {
  Opened o;
  auto prog = load_started(file, start, o, expressions);
  if (!prog) return 1;
  return guarded(*prog, [&] {
    if (!open_game(prog, start, 0, o)) return 1;
    return f(*o.game);
  });
}

bool open_game(const std::shared_ptr<const Program>& prog, const Start& start, uint64_t fallback, Opened& out) {
  if (!start.log.empty() && !out.log.file && !read_log_file(start.log, out.log)) return false;
  if (!setup_seed(*prog, start, out.log, fallback, out.seed)) return false;
  std::vector<std::string> given = command_deck(*prog, start.deck_option, start.deck);
  if (!given.empty() && !out.log.deck.empty() && given != out.log.deck && !start.from_position()) {
    std::cerr << fmt::format("{}: error: the log's deck is not the one --deck gives: the rule file's setup shuffles with "
                             "it\n",
                             start.log);
    return false;
  }
  out.deck = given.empty() ? out.log.deck : given;
  out.rng = Prng(out.seed);
  out.game = start_game(prog, start.position, start.position_text, out.rng, {out.deck, given.empty() ? &out.log : nullptr});
  if (!out.game) return false;
  return start.log.empty() || replay_log(*out.game, out.log, &out.replay, start.invariants);
}

bool read_log_file(const std::string& path, MoveLog& log) {
  Diagnostics diags;
  if (read_log(path, log, diags)) return true;
  diags.print(std::cerr);
  return false;
}

bool replay_log(Game& g, const MoveLog& log, ReplayResult* result, bool invariants) {
  ReplayResult r = replay(g, log, invariants);
  if (result) *result = r;
  if (!r.ok) report_replay(g.prog(), log, r);
  return r.ok;
}

// text -> its lines, each wrapped at spaces to at most width - indent bytes (a longer word stays whole), indented;
// the line breaks written in it are kept and those at its end dropped (commands.hpp).
std::string wrapped(const std::string& text, size_t indent, size_t width) {
  std::string out, pad(indent, ' ');
  std::string body = text;
  while (!body.empty() && (body.back() == '\n' || body.back() == ' ')) body.pop_back();
  size_t start = 0;
  while (start <= body.size()) {
    size_t end = body.find('\n', start);
    if (end == std::string::npos) end = body.size();
    std::string line = body.substr(start, end - start);
    std::string current;
    size_t at = 0;
    while (at < line.size()) {
      size_t next = line.find(' ', at);
      if (next == std::string::npos) next = line.size();
      std::string word = line.substr(at, next - at);
      if (!current.empty() && current.size() + 1 + word.size() > width - std::min(width, indent)) {
        out += pad + current + '\n';
        current.clear();
      }
      current += (current.empty() ? "" : " ") + word;
      at = next + 1;
    }
    out += pad + current + '\n';
    start = end + 1;
  }
  return out;
}

std::string start_text(const Start& start) {
  std::string out;
  auto add = [&](const std::string& option, const std::string& value) {
    out += (out.empty() ? "" : " ") + option + " " + value;
  };
  for (const std::string& s : start.set) add("--set", s);
  if (!start.position.empty()) add("--position", start.position);
  if (start.position_text) add("--position-text", *start.position_text);
  if (!start.log.empty()) add("--log", start.log);
  if (start.deck_option && start.deck_option->count()) add("--deck", start.deck);
  if (start.seed_option && start.seed_option->count()) add("--seed", std::to_string(start.seed));
  for (char& c : out)
    if (c == '\n' || c == '\r') c = ' ';  // one line
  return out;
}

CLI::Option* add_shard_option(CLI::App* cmd, std::string& shard) {
  return cmd
      ->add_option("--shard", shard,
                   "count only shard I of K of the work (I/K, 1 <= I <= K) and print its result for `ruleinterp merge`")
      ->check(CLI::Validator(
          [](std::string& s) -> std::string {
            int i = 0, k = 0;
            return parse_shard(s, i, k) ? "" : "expected I/K with 1 <= I <= K <= 1000000, not '" + s + "'";
          },
          "I/K"));
}

}  // namespace ri::cli
