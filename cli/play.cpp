// ruleinterp play FILE (also `ruleinterp FILE`): terminal play for humans and computer players, from the start or
// continuing a logged game (--log), the game written to --log-out as it is played. See spec/cli.md.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>
#include <random>

#include <unistd.h>

#include "analysis/playouts.hpp"
#include "commands.hpp"
#include "common/text.hpp"
#include "io/position.hpp"
#include "log_out.hpp"
#include "search/mcts.hpp"
#include "search/player.hpp"

namespace ri::cli {

namespace {

struct PlayOpts {
  std::string file;
  Start start;  // --position, --set, --log (the game to continue), --deck; play's --seed is not the setup's alone
  std::vector<std::string> players;
  uint64_t seed = 0;
  CLI::Option* seed_opt = nullptr;
  std::string dice = "random";
  std::string log_out;
  int64_t max_plies = 100'000;
  std::string colour = "auto";  // --color
};

std::string trimmed(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

// A whole number 1..n, or 0.
int move_number(const std::string& s, int n) {
  uint64_t k = 0;
  return parse_unsigned(s, k) && k >= 1 && k <= static_cast<uint64_t>(n) ? static_cast<int>(k) : 0;
}

// The start of a new game's log: a comment and the header (spec/movelog.md, *Writing logs*). `deck`: the names
// --deck gave (empty: none).
std::string log_header(const Program& P, const PlayOpts& o, uint64_t seed, const std::vector<std::string>& deck,
                       const std::vector<PlayerSpec>& players) {
  MoveLog log;
  log.header["rules"] = o.file;
  if (params_set(P.params)) log.header["set"] = format_settings(P);
  if (!o.start.position.empty()) log.header["position"] = o.start.position;
  log.header["seed"] = std::to_string(seed);
  if (!deck.empty() && !o.start.from_position()) log.header["deck"] = fmt::format("{}", fmt::join(deck, " "));
  std::string types;
  for (size_t i = 0; i < players.size(); ++i) types += std::string(i ? "," : "") + players[i].text;
  log.header["players"] = types;
  log.header["dice"] = o.dice;
  return "# ruleinterp move log: replay with `ruleinterp replay RULES LOG`\n" + format_log(log);
}

class Session {
 public:
  // `rng` is the generator of the dice and the computer players. `log`: the open --log-out file, its history written
  // (null: none); each action is appended to it as it is played.
  Session(Game& g, const PlayOpts& o, const Prng& rng, std::vector<PlayerSpec> players, LogOut* log, std::istream& in,
          std::ostream& out)
      : g_(g), P_(g.prog()), o_(o), rng_(rng), players_(std::move(players)), log_(log), in_(in), out_(out),
        ml_(std::make_unique<MoveList>()) {}

  // Plays until the game is over, the input ends or a player quits.
  void run() {
    report_passes();
    while (!quit_ && g_.node() != Game::NodeKind::Over) {
      if (static_cast<int64_t>(hist_.size()) >= o_.max_plies) {
        out_ << fmt::format("stopped after {} plies (--max-plies)\n", o_.max_plies);
        break;
      }
      show_turn();
      if (g_.node() == Game::NodeKind::Chance) chance();
      else if (players_[static_cast<size_t>(g_.player())].kind == PlayerSpec::Human) human();
      else computer();
    }
    if (g_.node() == Game::NodeKind::Over) {
      out_ << '\n' << g_.render();
      if (std::string m = g_.result_message(); !m.empty()) out_ << m << (m.back() == '\n' ? "" : "\n");
      std::string why = g_.result_reason();
      out_ << fmt::format("result: {}{}\n", g_.result_text(), why.empty() ? "" : " (" + why + ")");
    } else {
      out_ << fmt::format("game left unfinished (turn {})\n", g_.state().turn);
    }
  }

  // False when the log could not be written (the game was stopped there).
  bool log_ok() const { return log_ok_; }

 private:
  const std::string& name(int p) const { return P_.players[static_cast<size_t>(p)]; }

  // Draws the board at the start of each turn, and again before each further decision of a turn whose moves
  // changed it (a turn of several moves: each move's effect is seen before the next is chosen).
  void show_turn() {
    if (g_.state().turn == shown_turn_) {
      if (!moved_ || g_.node() != Game::NodeKind::Decision) return;
      out_ << '\n' << g_.render();
    } else {
      shown_turn_ = g_.state().turn;
      out_ << fmt::format("\n--- turn {}: {} ---\n", shown_turn_, name(g_.player())) << g_.render();
    }
    moved_ = false;
  }

  // Names the players who had no move and passed during the last action.
  void report_passes() {
    for (int q : g_.last_passers()) out_ << fmt::format("{} has no legal move and passes\n", name(q));
  }

  // Appends lines to the log file, when there is one. False (after saying so, once) when it cannot be written: the
  // game stops, so that nobody plays on unsaved.
  bool write_log(const LogLine& line) {
    if (!log_ || !log_ok_) return log_ok_;
    MoveLog l;
    l.lines.push_back(line);
    if (log_->append(format_log(l))) return true;
    std::cerr << fmt::format("{}: error: cannot write the log file\n", log_->path());
    log_ok_ = false;
    quit_ = true;
    return false;
  }

  // Records an action (written to the log before it is applied, so that the log of an action that fails with a
  // runtime error of the rule file replays to that error) and, when `act` has ended the game, its result.
  template <class Act>
  void record(const LogLine& line, bool human_decision, int player, Act act) {
    size_t mark = g_.machine().mark(), bytes = log_ ? log_->size() : 0;
    if (!write_log(line)) return;
    hist_.push_back({mark, player, human_decision, bytes});
    act();
    if (g_.node() == Game::NodeKind::Over) {
      LogLine r;
      r.kind = LogLine::ExpectResult;
      r.text = g_.result_text();
      write_log(r);
    }
  }

  // Records and applies an action.
  void play(const Move& m, bool human_decision) {
    LogLine line = action_line(g_, m);
    if (m.type != Move::kChance) {
      Game::Reading back = g_.read(line.text);
      if (!back.ok || !(back.move == m))
        out_ << fmt::format("warning: the notation '{}' also names another move; a replay of the log will differ\n",
                            line.text);
    }
    record(line, human_decision, g_.player(), [&] {
      g_.apply(m);
      report_passes();
    });
    if (m.type != Move::kChance) moved_ = true;
  }

  void announce_roll(const Move& m) {
    Game::Outcomes o = g_.outcomes();
    out_ << fmt::format("{} rolls: {} = {}\n", name(g_.player()), o.chance->name, o.values[static_cast<size_t>(m.args[0])]);
  }

  // Reads one line; false at the end of the input.
  bool read_line(const std::string& prompt, std::string& line) {
    out_ << prompt << std::flush;
    if (!std::getline(in_, line)) {
      out_ << '\n';
      quit_ = true;
      return false;
    }
    line = trimmed(line);
    if (echo_) out_ << line << '\n';  // piped input: show it, so the transcript reads like a session
    return true;
  }

  void chance() {
    const ChanceInfo* c = g_.pending_chance();
    if (o_.dice != "manual") {
      Move m;
      random_action(g_, rng_, m);
      announce_roll(m);
      play(m, false);
      return;
    }
    std::string choices;
    Game::Outcomes o = g_.outcomes();
    for (size_t i = 0; i < o.values.size(); ++i)
      choices += fmt::format("{}{} ({}/{})", i ? ", " : "", o.values[i], o.weights[i], o.total);
    out_ << fmt::format("{} rolls {}: type the outcome, one of {}\n", name(g_.player()), c->name, choices);
    for (;;) {
      std::string line;
      if (!read_line(c->name + "> ", line)) return;
      std::string cmd = normalize_notation(line);
      if (cmd.empty()) continue;
      if (cmd == "quit" || cmd == "exit") {
        quit_ = true;
        return;
      }
      if (cmd == "help" || cmd == "?") {
        out_ << fmt::format("type an outcome of {} (one of {}), or: board, {}undo, quit\n", c->name, choices,
                            position_allowed() ? "position, " : "");
        continue;
      }
      if (cmd == "moves") {
        out_ << choices << '\n';
        continue;
      }
      if (show(cmd)) continue;
      if (cmd == "undo") {
        if (undo(-1)) return;
        continue;
      }
      Game::Reading rd = g_.read(line);
      if (!rd.ok) {
        out_ << fmt::format("error: {}\n", rd.message);
        continue;
      }
      announce_roll(rd.move);
      play(rd.move, false);
      return;
    }
  }

  // Whether `position` is accepted: a position file holds every piece, so not with 'hidden' (it would show them).
  bool position_allowed() const { return P_.hidden.when < 0; }

  // The commands that show the game, at a chance node and at a decision alike: true when `cmd` was one.
  bool show(const std::string& cmd) {
    if (cmd == "board") out_ << g_.render();
    else if (cmd == "position" && !position_allowed())
      out_ << "error: 'position' would show the hidden pieces (the rule file has 'hidden'): use 'board'\n";
    else if (cmd == "position") out_ << write_position(g_, o_.file);
    else return false;
    return true;
  }

  void computer() {
    Move m;
    if (!choose_action(g_, players_[static_cast<size_t>(g_.player())], rng_, m)) {  // cannot happen: settle() passes
      quit_ = true;
      return;
    }
    out_ << fmt::format("{} plays: {}\n", name(g_.player()), g_.shown(m));
    play(m, false);
  }

  // The start of a human's help: how the rule file says a move is typed (game.syntax), and the first legal move as
  // an example.
  void explain_moves() {
    if (!P_.syntax.empty()) out_ << "how to type a move:\n" << wrapped(P_.syntax, 2, SIZE_MAX);  // as written
    if (ml_->size > 0) out_ << fmt::format("for example: {}\n", g_.shown((*ml_)[0]));
  }

  void list_moves() {
    out_ << fmt::format("{} to move:\n", name(g_.player()));
    for (int i = 0; i < ml_->size; ++i) out_ << fmt::format("  {:>2}. {}\n", i + 1, g_.shown((*ml_)[i]));
  }

  // With 'hidden', a text that is not a move's full notation may be the notation the player is shown (with ???):
  // the one legal move shown so. Returns its number (1..), 0 when none is, or -N when N moves are shown so.
  int shown_as(const std::string& text) {
    if (P_.hidden.when < 0) return 0;
    const bool keep_case = P_.notation_case_sensitive;
    std::string want = normalize_notation(text, keep_case);
    int found = 0, count = 0;
    for (int i = 0; i < ml_->size; ++i)
      if (normalize_notation(g_.shown((*ml_)[i]), keep_case) == want && ++count == 1) found = i + 1;
    return count > 1 ? -count : found;
  }

  // Takes back every action since `player`'s previous decision (any human's when player < 0).
  bool undo(int player) {
    for (size_t i = hist_.size(); i-- > 0;) {
      const Hist& h = hist_[i];
      if (!h.human_decision || (player >= 0 && h.player != player)) continue;
      if (log_ && log_ok_ && !log_->truncate(h.log_bytes)) {
        std::cerr << fmt::format("{}: error: cannot write the log file\n", log_->path());
        log_ok_ = false;
        quit_ = true;
        return true;
      }
      g_.undo(h.mark);
      hist_.resize(i);
      shown_turn_ = -1;
      out_ << fmt::format("undone: back to {}'s previous move\n", name(g_.player()));
      return true;
    }
    out_ << "nothing to undo\n";
    return false;
  }

  // The move an MCTS search of the default budget chooses for the player to move, from a generator of its own
  // (Prng of the ply: the game's generator does not move), and how sure it is.
  void hint() {
    Prng rng(static_cast<uint64_t>(g_.state().ply));
    MctsOptions o;
    SearchStats st;
    const int i = mcts_choose(g_, o, rng, &st);
    const Move m = g_.decisions()[static_cast<size_t>(i)];
    if (st.iterations == 0) out_ << fmt::format("hint: {} (the only legal move)\n", g_.shown(m));
    else out_ << fmt::format("hint: {} (mcts:{}: mean result {:.2f})\n", g_.shown(m), o.iterations, st.value);
  }

  void human() {
    const int me = g_.player();
    g_.legal(*ml_);
    list_moves();
    for (;;) {
      std::string line;
      if (!read_line(g_.prompt(), line)) return;
      std::string cmd = normalize_notation(line);
      if (cmd.empty()) continue;
      if (cmd == "help" || cmd == "?") {
        explain_moves();
        out_ << "type a move in notation (as listed) or its number, or one of:\n"
                "  moves     list the legal moves\n"
                "  board     show the board\n";
        if (position_allowed())
          out_ << "  position  print the position as a position file (spec/position.md)\n";
        out_ << "  hint      ask the computer (mcts) for a move\n"
                "  undo      take back your previous move and everything after it\n"
                "  resign    give up the game\n"
                "  quit      leave the game unfinished\n";
        continue;
      }
      if (cmd == "moves") {
        list_moves();
        continue;
      }
      if (cmd == "hint") {
        hint();
        continue;
      }
      if (show(cmd)) continue;
      if (cmd == "quit" || cmd == "exit") {
        quit_ = true;
        return;
      }
      if (cmd == "undo") {
        if (undo(me)) return;
        continue;
      }
      if (cmd == "resign") {
        LogLine l;
        l.kind = LogLine::Resign;
        l.player = name(me);
        record(l, true, me, [&] {
          resign(g_, me);
          out_ << fmt::format("{} resigns\n", name(me));
        });
        return;
      }
      Game::Reading rd = g_.read(line);
      if (!rd.ok) {
        if (int k = shown_as(line); k != 0) {
          if (k > 0) {
            play((*ml_)[k - 1], true);
            return;
          }
          out_ << fmt::format("error: {} moves are shown as '{}': type the number of one\n", -k, line);
          continue;
        }
        if (int k = move_number(cmd, ml_->size)) {
          play((*ml_)[k - 1], true);
          return;
        }
        if (cmd.find_first_not_of("0123456789") == std::string::npos) {
          out_ << fmt::format("error: no move is numbered {} (the moves are numbered 1 to {})\n", cmd, ml_->size);
          continue;
        }
        out_ << (rd.code.empty() ? fmt::format("error: {}\n", rd.message)
                                 : fmt::format("error: {}: {}\n", rd.code, rd.message));
        continue;
      }
      play(rd.move, true);
      return;
    }
  }

  struct Hist {
    size_t mark;          // the journal mark before the action
    int player;           // who acted
    bool human_decision;  // a move chosen by a human (undo goes back to these)
    size_t log_bytes;     // the size of the log file before the action
  };

  Game& g_;
  const Program& P_;
  const PlayOpts& o_;
  Prng rng_;
  std::vector<PlayerSpec> players_;  // one per player
  LogOut* log_;
  bool log_ok_ = true;
  std::istream& in_;
  std::ostream& out_;
  std::unique_ptr<MoveList> ml_;
  std::vector<Hist> hist_;
  int shown_turn_ = -1;
  bool moved_ = false;  // a move was played since the board was last drawn
  bool quit_ = false;
  bool echo_ = !isatty(STDIN_FILENO);
};

int run_play(const PlayOpts& o) {
  Opened opened;  // the parameters' values of --set, the position file and the log (its `set:`)
  auto prog = load_started(o.file, o.start, opened);
  if (!prog) return 1;
  const int np = prog->nplayers();
  std::vector<PlayerSpec> players(static_cast<size_t>(np));  // random by default
  for (PlayerSpec& p : players) p.text = "random";
  if (o.players.empty()) {
    players[0].kind = PlayerSpec::Human;
    players[0].text = "human";
  } else {
    if (static_cast<int>(o.players.size()) != np) {
      std::string names;
      for (int p = 0; p < np; ++p) names += (p ? ", " : "") + prog->players[static_cast<size_t>(p)];
      throw UsageError(fmt::format("--players needs {} entr{} (one per player: {}), not {}", np, np == 1 ? "y" : "ies",
                                   names, o.players.size()));
    }
    for (int p = 0; p < np; ++p) {
      std::string error;
      std::optional<PlayerSpec> spec = parse_player(o.players[static_cast<size_t>(p)], error);
      if (!spec) throw UsageError("--players: " + error);
      players[static_cast<size_t>(p)] = *spec;
      std::string note;
      as_played(*prog, *spec, note);
      if (!note.empty()) std::cerr << "note: " << note << '\n';
    }
  }
  command_deck(*prog, o.start.deck_option, o.start.deck);  // a bad --deck is a usage error before anything is printed
  uint64_t seed = o.seed;
  if (!o.seed_opt->count()) {
    std::random_device rd;
    seed = (static_cast<uint64_t>(rd()) << 32) ^ rd();
  }
  const bool continued = !o.start.log.empty();
  return guarded(*prog, [&] {
    // a new game: one generator, the setup's draws first, then the dice and the random players' (the seed is printed
    // first, so that a setup that fails can be tried again). A continued game is set up as its log says (the log's
    // seed and deck, as `replay` does) and the log replayed, with every check of `replay`; the seed then serves the
    // dice and the random players from there.
    std::cout << fmt::format("seed: {}\n", seed);
    if (!open_game(prog, o.start, continued ? 0 : seed, opened)) return 1;
    opened.game->set_colour(colour_wanted(o.colour));
    LogOut log;
    if (!o.log_out.empty()) {
      std::string error;
      bool ok = continued ? log.continue_log(o.log_out, o.start.log, opened.log.file->text, error)
                          : log.create(o.log_out, log_header(*prog, o, seed, opened.deck, players), error);
      if (!ok) {
        std::cerr << fmt::format("{}: error: {}\n", o.log_out, error);
        return 1;
      }
    }
    exit_on_signals(o.log_out);  // from here on, the log file holds the game at every moment
    if (continued)
      std::cout << fmt::format("continuing the game of {} ({} action{})\n", o.start.log, opened.replay.actions,
                               opened.replay.actions == 1 ? "" : "s");
    Session s(*opened.game, o, continued ? Prng(seed) : opened.rng, players, log.is_open() ? &log : nullptr, std::cin,
              std::cout);
    int code = 0;
    try {
      s.run();
    } catch (const RuntimeError& e) {
      code = report_runtime(*prog, e);
    }
    if (!s.log_ok()) code = 1;
    if (!log.close() && code == 0) {
      std::cerr << fmt::format("{}: error: cannot write the log file\n", o.log_out);
      code = 1;
    }
    return code;
  });
}

}  // namespace

void add_play(CLI::App& app, std::vector<Command>& out) {
  auto o = std::make_shared<PlayOpts>();
  auto* cmd = app.add_subcommand("play", "Play a game in the terminal (the default command: `ruleinterp FILE`)");
  cmd->add_option("file", o->file, "rule file")->required();
  cmd->add_option("--players", o->players,
                  "one player per seat, in order: human, random, mcts, mcts:ITERATIONS, mcts:SECONDSs (each mcts "
                  "optionally :playout=ACTIONS) or alphabeta:DEPTH (default: human,random,...)")
      ->delimiter(',');
  o->seed_opt = cmd->add_option("--seed", o->seed,
                                "seed of the generator for the setup, the dice and the computer players (with --log: the "
                                "dice and the computer players; default: random, printed)")
                    ->check(seed_number());
  cmd->add_option("--dice", o->dice, "random (default): drawn by weight; manual: typed in at each chance node")
      ->check(CLI::IsMember({"random", "manual"}));
  cmd->add_option("--log", o->start.log,
                  "continue the game of this move log: replayed first, with every check of `replay` (spec/movelog.md)");
  cmd->add_option("--log-out", o->log_out,
                  "write the game to this file as a replayable move log, each action as it is played (it may be the "
                  "--log: the game is appended to it)");
  o->start.invariants = true;  // a continued game's log is replayed as `replay` replays it
  o->start.deck_option = add_deck_option(cmd, o->start.deck);
  add_position_option(cmd, o->start);
  add_set_option(cmd, o->start.set);
  add_allow_dir_option(cmd, o->start.allow_dirs);
  add_engine_option(cmd, o->start, "interp");  // (for the computer players' searches)
  cmd->add_option("--max-plies", o->max_plies, "stop the game unfinished after this many plies (default 100000)")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  add_colour_option(cmd, o->colour);
  out.push_back({cmd, [o] { return run_play(*o); }});
}

}  // namespace ri::cli
