// ruleinterp apply FILE [--log LOG] MOVE: one action applied to a logged game; prints the updated log.
// See spec/cli.md.
//
//   success:  the log as given (a newline added when its last line has none; without a log, `set: ...` when a
//             parameter is not at its default, `seed: N` when its setup draws from the seed and `deck: ...` with --deck), then the action in the log writer's form (`PLAYER: NOTATION`, `NAME VALUE`, `PLAYER: resign`), then
//             `expect result TEXT` when the game is now over                                   exit 0
//   refused:  error: WHY / history: / the log as given / move: MOVE                           exit 1
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iostream>

#include "commands.hpp"
#include "common/text.hpp"

namespace ri::cli {

namespace {

struct ApplyOpts {
  std::string file;
  Start start;
  std::vector<std::string> move;  // the words of MOVE (joined with single spaces)
};

// MOVE read as one line of a log: it must be exactly one action or resignation.
bool parse_move(const std::string& text, LogLine& out, std::string& why) {
  if (text.find_first_of("\r\n") != std::string::npos) {
    why = "a move is one line";
    return false;
  }
  Diagnostics diags;
  MoveLog l;
  if (!parse_log(std::make_shared<SourceFile>("move", text), l, diags)) {
    why = diags.all().front().message;
    return false;
  }
  if (l.lines.size() != 1 || l.lines[0].is_expectation()) {
    why = fmt::format("'{}' is not an action (a move, a chance outcome or resign)", clip(text));
    return false;
  }
  out = l.lines[0];
  return true;
}

int run_apply(const ApplyOpts& o) {
  std::string move;
  for (const std::string& w : o.move) move += (move.empty() ? "" : " ") + w;
  Opened opened;  // set up with the log's seed, so that the updated log replays the same game
  auto prog = load_started(o.file, o.start, opened);
  if (!prog) return 1;
  const Program& P = *prog;
  return guarded(P, [&] {
    if (!open_game(prog, o.start, 0, opened)) return 1;
    Game& g = *opened.game;
    const MoveLog& log = opened.log;
    std::string history = log.file ? log.file->text : std::string();
    // without a log, the new one starts with what the game was set up with, so that it replays the same game: the
    // parameters' values, and the seed when the setup draws from it
    if (!log.file) {
      if (params_set(P.params)) history += fmt::format("set: {}\n", format_settings(P));
      if (P.setup_draws && !o.start.from_position()) history += fmt::format("seed: {}\n", opened.seed);
      if (!opened.deck.empty() && !o.start.from_position()) history += fmt::format("deck: {}\n", fmt::join(opened.deck, " "));
      if (!history.empty()) history += "\n";
    }
    const bool crlf = history.find("\r\n") != std::string::npos;
    if (!history.empty() && history.back() != '\n') history += crlf ? "\r\n" : "\n";
    auto refuse = [&](const std::string& why) {
      std::cout << fmt::format("error: {}\nhistory:\n{}move: {}\n", why, history, move);
      return 1;
    };

    LogLine item;
    std::string why;
    if (!parse_move(move, item, why)) return refuse(why);

    // The line the log writer writes for the action, found before it changes the position. An illegal
    // move of the right player is refused with the reason `play` gives.
    MoveLog added;
    if (g.node() != Game::NodeKind::Over) {
      const int named = item.player.empty() ? -1 : find_player(P, item.player);
      if (item.kind == LogLine::Resign) {
        const int p = item.player.empty() ? g.player() : named;
        LogLine l;
        l.kind = LogLine::Resign;
        if (p >= 0) l.player = P.players[static_cast<size_t>(p)];
        added.lines.push_back(l);  // (an unknown name: replay_line refuses it below)
      } else {
        // as replay_line reads it: a name that is no player's is part of the notation
        Game::Reading rd = g.read(named < 0 && !item.player.empty() ? item.arg : item.text);
        if (rd.ok) added.lines.push_back(action_line(g, rd.move));
        else if (item.player.empty() || named == g.player())
          return refuse(rd.code.empty() ? rd.message : fmt::format("{}: {}", rd.code, rd.message));
      }
    }

    // applied as a log line is replayed: the named player, the game not over, ...
    ReplayResult r;
    if (!replay_line(g, item, r)) {
      if (!r.runtime_error) return refuse(r.message);
      RuntimeError e(r.rule_pos, r.message);
      e.calls = r.rule_calls;
      return report_runtime(P, e);
    }
    if (g.node() == Game::NodeKind::Over) {
      LogLine l;
      l.kind = LogLine::ExpectResult;
      l.text = g.result_text();
      added.lines.push_back(l);
    }
    std::string text = format_log(added);
    if (crlf) {
      std::string t;
      for (char c : text) t += c == '\n' ? std::string("\r\n") : std::string(1, c);
      text = t;
    }
    std::cout << history << text;
    return 0;
  });
}

}  // namespace

void add_apply(CLI::App& app, std::vector<Command>& out) {
  auto o = std::make_shared<ApplyOpts>();
  auto* cmd = app.add_subcommand(
      "apply", "Replay a move log, play one more action and print the updated log; exit 1 (with the history) when illegal");
  cmd->add_option("file", o->file, "rule file")->required();
  cmd->add_option("move", o->move,
                  "the action, as a log line writes it: a move in notation, an outcome VALUE or NAME VALUE, or resign, "
                  "optionally after 'PLAYER: ' (several words are joined with spaces)")
      ->required();
  add_start_options(cmd, o->start, "the game so far (see spec/movelog.md); default: none, the initial position");
  out.push_back({cmd, [o] { return run_apply(*o); }});
}

}  // namespace ri::cli
