// Move logs: a replayable text record of a game (header, chance outcomes, moves, resignations) with
// expectations checked along the way. The format is specified in spec/movelog.md.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/diagnostics.hpp"
#include "runtime/engine.hpp"
#include "syntax/params.hpp"

namespace ri {

// One item of a log. Comment and blank lines are not kept; an `expect board` item holds its `| ` lines.
struct LogLine {
  enum Kind {
    Action,         // a chance outcome or a move: `text`, optionally by `player` (`Red: Start-R3`)
    Resign,         // `resign` or `NAME: resign`; `player` may be empty (the player to move)
    ExpectIllegal,  // `expect illegal MOVE [CODE]`: text = MOVE, arg = CODE (may be empty)
    ExpectMoves,    // `expect moves A, B, C`: items
    ExpectTurn,     // `expect turn PLAYER`: text
    ExpectResult,   // `expect result TEXT`: text
    ExpectMessage,  // `expect message [TEXT]`: text (empty: the game has no message)
    ExpectReason,   // `expect reason [TEXT]`: text (empty: no reason is known)
    ExpectHash,     // `expect hash HEX`: text (as written), hash
    ExpectBoard,    // `expect board` + `| ` lines: items (prefix stripped), item_lines
    ExpectOver,     // `expect over`
    ExpectNotOver,  // `expect not over`
  };
  int line = 0;  // 1-based line in the log
  int col = 1;   // 1-based column where the item's text starts
  Kind kind = Action;
  std::string player;               // Action/Resign: the name before `: ` (empty when none)
  std::string text;                 // see Kind
  std::string arg;                  // see Kind
  std::vector<std::string> items;   // ExpectMoves, ExpectBoard
  std::vector<int> item_lines;      // ExpectBoard: the log line of each board line
  uint64_t hash = 0;                // ExpectHash

  bool is_expectation() const { return kind != Action && kind != Resign; }
};

struct MoveLog {
  std::map<std::string, std::string> header;  // rules, set, position, seed, deck, players, dice
  ParamValues params;                         // the `set:` header's values: the rule file's parameters
  std::vector<std::string> deck;              // the `deck:` header's names (parse_deck); empty without one
  int deck_line = 0, deck_col = 0;            // where the `deck:` header's value starts
  std::vector<LogLine> lines;
  std::shared_ptr<const SourceFile> file;     // set by parse_log: for diagnostics that quote the log
};

// deck -> NAME ((' ' | ',')+ NAME)*   the names of a deck (a log's `deck:` header, the command line's --deck), in
// order: the top piece first. Empty when the text names nothing.
std::vector<std::string> parse_deck(std::string_view text);

// The header keys a log may have (only before the first action).
bool is_log_header_key(std::string_view key);

// Parses a log. Reports every problem as LOG:LINE:COL in `diags`; returns true when there is none.
bool parse_log(std::shared_ptr<const SourceFile> file, MoveLog& out, Diagnostics& diags);
// Reads the file at `path` and parses it; a file that cannot be read is reported in `diags`.
bool read_log(const std::string& path, MoveLog& out, Diagnostics& diags);

// The outcome of a replay: ok, or the first divergence (its log position and a message that quotes the
// expected and the actual value). A rule-file runtime error stops the replay with `runtime_error` set
// and its position in the rule file in `rule_pos`.
struct ReplayResult {
  bool ok = true;
  int line = 0, col = 0;  // the log item that failed
  std::string expected, actual;
  std::string message;    // complete, lower-case: "expected result 'Red wins', got 'not over'"
  bool runtime_error = false;
  Pos rule_pos;                  // rule_pos.file: a Program::files index
  std::vector<Pos> rule_calls;   // RuntimeError::calls
  int actions = 0;        // actions applied (including resignations)
  int expectations = 0;   // expectations that held
  int invariant = -1;     // with invariants: the invariant that does not hold (Program::invariants), or -1
};

// Replays the log's items in order from the game's current position, checking each expectation.
// Stops at the first illegal action or failed expectation; the game is left at that point. With `invariants`, the
// rule file's invariants are checked too (invariants.hpp), before the first item and after every action: a
// violation stops the replay (r.invariant; line 0 when it is before the first item), and so does a runtime error
// of an invariant (at the action's line).
ReplayResult replay(Game& g, const MoveLog& log, bool invariants = false);
// Replays one item (the replay loop's step), adding to r's counts; false when it failed (r says why).
bool replay_line(Game& g, const LogLine& item, ReplayResult& r);

// Ends the game by `player`'s resignation: that player loses; with two players the other wins, with
// more the others share the win (with one player nobody wins). Undoable: returns the mark for
// Game::undo. The game must not be over.
size_t resign(Game& g, int player);

// The player whose name is `name` (case-insensitive, spaces collapsed), or -1.
int find_player(const Program& p, std::string_view name);

// The log item that records `m`, an action legal in the current position (call it before applying
// m): a chance outcome as `NAME VALUE` (`roll 3`), a move as `PLAYER: NOTATION` (`Red: Start-R3`).
LogLine action_line(Game& g, const Move& m);
// The same as one line of text.
std::string action_text(Game& g, const Move& m);

// Formats a log as text, in the format parse_log reads: the header (rules, set, position, seed, deck, players, dice, then
// any other key), a blank line, then one line per item.
std::string format_log(const MoveLog& log);

// The hash as written in logs: 16 lower-case hex digits.
std::string hash_text(uint64_t h);

// The values of the program's parameters as a move log's `set:` header writes them: NAME=VALUE, separated by one
// space, in the order declared ("" when it has none).
std::string format_settings(const Program& P);

}  // namespace ri
