// Move logs: parsing, replay with expectations, resignation and writing. See spec/movelog.md.
#include "io/movelog.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <unordered_set>

#include "common/text.hpp"
#include "runtime/invariants.hpp"

namespace ri {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t'; }

std::string_view ltrim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  return s;
}

std::string_view rtrim(std::string_view s) {
  while (!s.empty() && (is_space(s.back()) || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::string_view trim(std::string_view s) { return rtrim(ltrim(s)); }

// Whether `s` is `word` (lower case) in any case: without a copy of `s`, which may be a whole line.
bool is_word(std::string_view s, std::string_view word) {
  if (s.size() != word.size()) return false;
  for (size_t i = 0; i < s.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[i])) != word[i]) return false;
  return true;
}

// Splits off the first whitespace-separated word.
std::string_view first_word(std::string_view s, std::string_view& rest) {
  s = ltrim(s);
  size_t e = 0;
  while (e < s.size() && !is_space(s[e])) ++e;
  rest = ltrim(s.substr(e));
  return s.substr(0, e);
}

// Drops a comment: a '#' at the start or after a space or tab, and everything after it.
std::string_view strip_comment(std::string_view s) {
  for (size_t i = 0; i < s.size(); ++i)
    if (s[i] == '#' && (i == 0 || is_space(s[i - 1]))) return rtrim(s.substr(0, i));
  return rtrim(s);
}

bool parse_u64(std::string_view s, uint64_t& v) {
  if (s.empty() || s.size() > 20) return false;
  v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    uint64_t d = static_cast<uint64_t>(c - '0');
    if (v > (UINT64_MAX - d) / 10) return false;
    v = v * 10 + d;
  }
  return true;
}

bool parse_hex64(std::string_view s, uint64_t& v) {
  if (s.size() != 16) return false;
  v = 0;
  for (char c : s) {
    int d;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
    else return false;
    v = v << 4 | static_cast<uint64_t>(d);
  }
  return true;
}

std::string join(const std::vector<std::string>& v, const char* sep = ", ") {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) out += (i ? sep : "") + v[i];
  return out;
}

class LogParser {
 public:
  LogParser(std::shared_ptr<const SourceFile> f, MoveLog& out, Diagnostics& d) : file_(std::move(f)), out_(out), diags_(d) {}

  bool run() {
    size_t before = diags_.size();
    const int n = static_cast<int>(file_->line_starts.size());
    for (int i = 1; i <= n; ++i) one(i);
    close_board();
    return diags_.size() == before;
  }

 private:
  // the 1-based column of a view into the current line
  int col(std::string_view part) const { return static_cast<int>(part.data() - raw_.data()) + 1; }
  void error(std::string_view at, std::string msg) { diags_.error(file_, {line_, col(at)}, std::move(msg)); }

  void close_board() {
    if (board_ < 0) return;
    board_ = -1;
  }

  void one(int line) {
    line_ = line;
    raw_ = file_->line(line);
    std::string_view s = raw_;
    if (line == 1 && s.substr(0, 3) == "\xEF\xBB\xBF") s.remove_prefix(3);  // a UTF-8 byte order mark
    s = ltrim(s);
    if (!s.empty() && s[0] == '|') {
      std::string_view rest = s.substr(1);
      if (board_ < 0) {
        error(s, "a board line ('| ...') must follow 'expect board' or another board line");
        return;
      }
      if (!rest.empty() && rest[0] != ' ' && rtrim(rest).size() > 0) {
        error(s, "a board line starts with '| ' (a bar and a space)");
        return;
      }
      LogLine& b = out_.lines[static_cast<size_t>(board_)];
      b.items.emplace_back(rest.empty() ? std::string_view{} : rest.substr(1));
      b.item_lines.push_back(line);
      return;
    }
    if (board_ >= 0) {
      close_board();
    }
    s = strip_comment(s);
    if (s.empty()) return;

    // a header line: KEY: VALUE, KEY one of the header keys
    size_t colon = s.find(':');
    if (colon != std::string_view::npos && is_log_header_key(s.substr(0, colon)) &&
        (colon + 1 == s.size() || is_space(s[colon + 1]))) {
      header(s.substr(0, colon), trim(s.substr(colon + 1)));
      return;
    }
    seen_item_ = true;

    LogLine item;
    item.line = line;
    item.col = col(s);
    std::string_view rest;
    std::string_view w = first_word(s, rest);
    if (is_word(w, "expect")) {
      if (expectation(s, rest, item)) {
        out_.lines.push_back(std::move(item));
        if (out_.lines.back().kind == LogLine::ExpectBoard) board_ = static_cast<int>(out_.lines.size()) - 1;
      }
      return;
    }
    // an action, maybe with the mover's name: NAME: MOVE
    std::string_view text = s;
    size_t sep = std::string_view::npos;
    for (size_t i = 0; i < s.size(); ++i)
      if (s[i] == ':' && (i + 1 == s.size() || is_space(s[i + 1]))) {
        sep = i;
        break;
      }
    if (sep != std::string_view::npos) {
      std::string_view name = trim(s.substr(0, sep));
      text = trim(s.substr(sep + 1));
      if (name.empty()) {
        error(s, "missing player name before ':'");
        return;
      }
      if (text.empty()) {
        error(s, fmt::format("missing move after '{}:'", clip(name)));
        return;
      }
      item.player = std::string(name);
      item.arg = std::string(s);  // the whole text, in case the colon belongs to the notation
    }
    item.text = std::string(text);
    item.kind = is_word(text, "resign") ? LogLine::Resign : LogLine::Action;
    if (item.kind == LogLine::Action) item.col = col(text);
    out_.lines.push_back(std::move(item));
  }

  void header(std::string_view key, std::string_view value) {
    std::string k(key);
    if (seen_item_) {
      error(key, fmt::format("header '{}' must come before the first action or expectation", k));
      return;
    }
    if (out_.header.count(k)) {
      error(key, fmt::format("duplicate header '{}'", k));
      return;
    }
    if (value.empty()) {
      error(key, fmt::format("header '{}' needs a value", k));
      return;
    }
    uint64_t v;
    if (k == "seed" && !parse_u64(value, v)) {
      error(value, fmt::format("the seed must be a whole number from 0 to 18446744073709551615, not '{}'", clip(value)));
      return;
    }
    if (k == "set" && !settings(value)) return;
    if (k == "deck") {
      out_.deck = parse_deck(value);
      out_.deck_line = line_;
      out_.deck_col = col(value);
    }
    out_.header[k] = std::string(value);
  }

  // set -> setting ((' ' | ',')+ setting)*      (params.hpp: parse_setting)
  bool settings(std::string_view value) {
    bool ok = true;
    std::unordered_set<std::string> set_names;  // (a set: a header may set many)
    while (!value.empty()) {
      size_t b = value.find_first_not_of(" \t,");
      if (b == std::string_view::npos) break;
      size_t e = value.find_first_of(" \t,", b);
      std::string_view item = value.substr(b, e == std::string_view::npos ? std::string_view::npos : e - b);
      std::pair<std::string, int64_t> setting;
      if (std::string why = parse_setting(item, setting); !why.empty()) {
        error(item, why);
        ok = false;
      } else if (!set_names.insert(setting.first).second) {
        error(item, fmt::format("parameter '{}' is set twice", clip(setting.first)));
        ok = false;
      } else {
        out_.params.push_back(std::move(setting));
      }
      value.remove_prefix(e == std::string_view::npos ? value.size() : e);
    }
    return ok;
  }

  // `s` is the whole line, `rest` what follows the word `expect`.
  bool expectation(std::string_view s, std::string_view rest, LogLine& item) {
    std::string_view args;
    std::string_view what = first_word(rest, args);

    if (!args.empty()) item.col = col(args);  // a failed expectation points at what was expected
    static const char* kinds = "illegal, moves, turn, result, message, reason, hash, board, over, not over";
    if (what.empty()) {
      error(s, fmt::format("'expect' needs what to expect (one of: {})", kinds));
      return false;
    }
    auto no_more = [&](const char* name) {
      if (args.empty()) return true;
      error(args, fmt::format("unexpected '{}' after 'expect {}'", clip(args), name));
      return false;
    };
    auto need = [&](const char* name, const char* thing) {
      if (!args.empty()) return true;
      error(what, fmt::format("'expect {}' needs {}", name, thing));
      return false;
    };
    if (is_word(what, "illegal")) {
      item.kind = LogLine::ExpectIllegal;
      if (!need("illegal", "a move")) return false;
      if (args[0] == '"') {
        size_t close = args.find('"', 1);
        if (close == std::string_view::npos) {
          error(args, "missing closing '\"'");
          return false;
        }
        item.text = std::string(args.substr(1, close - 1));
        std::string_view code = trim(args.substr(close + 1));
        std::string_view after;
        first_word(code, after);
        if (!after.empty()) {
          error(after, fmt::format("unexpected '{}' after the error code", clip(after)));
          return false;
        }
        item.arg = std::string(code);
        if (trim(item.text).empty()) {
          error(args, "'expect illegal' needs a move");
          return false;
        }
        return true;
      }
      // MOVE CODE: the last word is the code when there are two or more
      size_t last = args.size();
      while (last > 0 && !is_space(args[last - 1])) --last;
      if (last == 0) {
        item.text = std::string(args);
      } else {
        item.text = std::string(rtrim(args.substr(0, last)));
        item.arg = std::string(args.substr(last));
      }
      return true;
    }
    if (is_word(what, "moves")) {
      item.kind = LogLine::ExpectMoves;
      if (args.empty()) return true;  // no legal move
      std::string_view a = args;
      for (;;) {
        size_t comma = a.find(',');
        std::string_view m = trim(a.substr(0, comma));
        if (m.empty()) {
          error(a, "an empty move in 'expect moves'");
          return false;
        }
        item.items.emplace_back(m);
        if (comma == std::string_view::npos) break;
        a = a.substr(comma + 1);
      }
      return true;
    }
    if (is_word(what, "turn")) {
      item.kind = LogLine::ExpectTurn;
      if (!need("turn", "a player")) return false;
      item.text = std::string(args);
      return true;
    }
    if (is_word(what, "result")) {
      item.kind = LogLine::ExpectResult;
      if (!need("result", "a result such as 'draw' or 'not over'")) return false;
      item.text = std::string(args);
      return true;
    }
    if (is_word(what, "message")) {  // no text: the game has no message
      item.kind = LogLine::ExpectMessage;
      item.text = std::string(args);
      return true;
    }
    if (is_word(what, "reason")) {  // no text: no reason is known (the game is not over, or a position said so)
      item.kind = LogLine::ExpectReason;
      item.text = std::string(args);
      return true;
    }
    if (is_word(what, "hash")) {
      item.kind = LogLine::ExpectHash;
      if (!need("hash", "16 hex digits")) return false;
      if (!parse_hex64(args, item.hash)) {
        error(args, fmt::format("a hash is 16 hex digits, not '{}'", clip(args)));
        return false;
      }
      item.text = std::string(args);
      return true;
    }
    if (is_word(what, "board")) {
      item.kind = LogLine::ExpectBoard;
      return no_more("board");
    }
    if (is_word(what, "over")) {
      item.kind = LogLine::ExpectOver;
      return no_more("over");
    }
    if (is_word(what, "not")) {
      std::string_view after;
      std::string_view o = first_word(args, after);
      if (!is_word(o, "over") || !after.empty()) {
        error(what, "did you mean 'expect not over'?");
        return false;
      }
      item.kind = LogLine::ExpectNotOver;
      return true;
    }
    error(what, fmt::format("unknown expectation '{}' (one of: {})", clip(what), kinds));
    return false;
  }

  std::shared_ptr<const SourceFile> file_;
  MoveLog& out_;
  Diagnostics& diags_;
  int line_ = 0;
  std::string_view raw_;
  int board_ = -1;  // index of the open `expect board` item
  bool seen_item_ = false;
};

// The lines of a rendering or an expected board: trailing spaces dropped, trailing empty lines dropped.
std::vector<std::string> board_lines(std::string_view text) {
  std::vector<std::string> out;
  size_t b = 0;
  while (b < text.size()) {
    size_t e = text.find('\n', b);
    if (e == std::string_view::npos) e = text.size();
    out.emplace_back(rtrim(text.substr(b, e - b)));
    b = e + 1;
  }
  while (!out.empty() && out.back().empty()) out.pop_back();
  return out;
}

bool has_code(const Program& p, const std::string& code) {
  for (const MoveInfo& m : p.moves) {
    for (size_t r = 0; r < m.nconditions(); ++r)
      if (m.condition(r).code == code) return true;
    for (const ParamInfo& pi : m.params)
      if (pi.code == code) return true;
  }
  return false;
}

// Where two texts first differ (the length of the shorter when one starts the other): a long one is quoted around it.
size_t differ(std::string_view a, std::string_view b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  return i;
}

std::string reading_error(const Game::Reading& rd) {
  return rd.code.empty() ? rd.message : fmt::format("{}: {}", rd.code, rd.message);
}

}  // namespace

bool is_log_header_key(std::string_view key) {
  return key == "rules" || key == "set" || key == "position" || key == "seed" || key == "deck" || key == "players" ||
         key == "dice";
}

std::vector<std::string> parse_deck(std::string_view text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    size_t b = text.find_first_not_of(" \t,", i);
    if (b == std::string_view::npos) break;
    size_t e = text.find_first_of(" \t,", b);
    if (e == std::string_view::npos) e = text.size();
    out.emplace_back(text.substr(b, e - b));
    i = e;
  }
  return out;
}

bool parse_log(std::shared_ptr<const SourceFile> file, MoveLog& out, Diagnostics& diags) {
  out.file = file;
  return LogParser(std::move(file), out, diags).run();
}

bool read_log(const std::string& path, MoveLog& out, Diagnostics& diags) {
  std::string text;
  if (!read_source(path, 64u << 20, text, diags)) return false;
  return parse_log(std::make_shared<SourceFile>(path, std::move(text)), out, diags);
}

int find_player(const Program& p, std::string_view name) {
  std::string want = normalize_notation(name);
  for (int i = 0; i < p.nplayers(); ++i)
    if (normalize_notation(p.players[i]) == want) return i;
  return -1;
}

size_t resign(Game& g, int player) {
  Machine& M = g.machine();
  size_t mark = M.mark();
  M.save_control();
  State& S = M.state();
  S.over = 1;
  lose(S, g.prog().nplayers(), player);
  S.flags = 0;
  S.ended_by = State::kEndResigned | player;  // no end rule: no message
  ++S.ply;
  return mark;
}

std::string hash_text(uint64_t h) { return fmt::format("{:016x}", h); }

LogLine action_line(Game& g, const Move& m) {
  LogLine l;
  l.kind = LogLine::Action;
  if (m.type == Move::kChance) {
    Game::Outcomes o = g.outcomes();
    if (!o.chance || m.args[0] < 0 || static_cast<size_t>(m.args[0]) >= o.values.size()) l.text.assign(1, '?');  // (not = "?": GCC 12 -O3 warns falsely, -Wrestrict)
    else l.text = fmt::format("{} {}", o.chance->name, o.values[static_cast<size_t>(m.args[0])]);
    return l;
  }
  l.player = g.prog().players[g.player()];
  l.text = g.write(m);
  return l;
}

std::string action_text(Game& g, const Move& m) {
  LogLine l = action_line(g, m);
  return l.player.empty() ? l.text : l.player + ": " + l.text;
}

bool replay_line(Game& g, const LogLine& it, ReplayResult& r) {
  const Program& P = g.prog();
  auto fail = [&](std::string expected, std::string actual, std::string message) {
    r.ok = false;
    r.line = it.line;
    r.col = it.col;
    r.expected = std::move(expected);
    r.actual = std::move(actual);
    r.message = std::move(message);
    return false;
  };
  auto turn_text = [&]() -> std::string {
    return g.node() == Game::NodeKind::Over ? std::string("nobody (the game is over)") : P.players[g.player()];
  };
  try {
    switch (it.kind) {
      case LogLine::Action: {
        if (g.node() == Game::NodeKind::Over)
          return fail("a game in progress", g.result_text(),
                      fmt::format("the game is over ({}); '{}' cannot be played", g.result_text(),
                                  clip(it.arg.empty() ? it.text : it.arg)));
        std::string_view text = it.text;  // (a view: a move may be long)
        if (!it.player.empty()) {
          int p = find_player(P, it.player);
          if (p < 0) {
            Game::Reading whole = g.read(it.arg);  // the colon may belong to the notation
            if (!whole.ok) return fail("a player", it.player, fmt::format("unknown player '{}'", clip(it.player)));
            text = it.arg;
          } else if (p != g.player()) {
            return fail(P.players[p], P.players[g.player()],
                        fmt::format("expected {} to move, but it is {}'s turn", P.players[p], P.players[g.player()]));
          }
        }
        Game::Reading rd = g.read(text);
        if (!rd.ok)
          return fail("a legal move", reading_error(rd), fmt::format("illegal move '{}': {}", clip(text), reading_error(rd)));
        g.apply(rd.move);
        ++r.actions;
        return true;
      }
      case LogLine::Resign: {
        if (g.node() == Game::NodeKind::Over)
          return fail("a game in progress", g.result_text(),
                      fmt::format("the game is over ({}); nobody can resign", g.result_text()));
        int p = g.player();
        if (!it.player.empty()) {
          p = find_player(P, it.player);
          if (p < 0) return fail("a player", it.player, fmt::format("unknown player '{}'", clip(it.player)));
        }
        resign(g, p);
        ++r.actions;
        return true;
      }
      case LogLine::ExpectIllegal: {
        if (!it.arg.empty() && !has_code(P, it.arg))
          return fail(it.arg, "", fmt::format("no requirement, post-condition or parameter has the error code '{}' (expected for '{}')", clip(it.arg),
                                              clip(it.text)));
        uint64_t before = g.hash();
        Game::Reading rd = g.read(it.text);
        uint64_t after = g.hash();
        if (before != after)
          return fail(hash_text(before), hash_text(after),
                      fmt::format("reading '{}' changed the state: hash '{}' before, '{}' after", clip(it.text),
                                  hash_text(before), hash_text(after)));
        if (rd.ok) return fail("illegal", "legal", fmt::format("expected '{}' to be illegal, but it is legal", clip(it.text)));
        if (!it.arg.empty() && rd.code != it.arg)
          return fail(it.arg, rd.code,
                      fmt::format("expected '{}' to be illegal with code '{}', got {}", clip(it.text), clip(it.arg),
                                  rd.code.empty() ? fmt::format("'{}'", rd.message)
                                                  : fmt::format("code '{}' ({})", rd.code, rd.message)));
        break;
      }
      case LogLine::ExpectMoves: {
        MoveList ml;
        g.legal(ml);
        std::vector<std::string> actual;
        for (const Move& m : ml) actual.push_back(g.write(m));
        bool same = actual.size() == it.items.size();
        for (size_t i = 0; same && i < actual.size(); ++i)
          same = normalize_notation(actual[i], P.notation_case_sensitive) ==
                 normalize_notation(it.items[i], P.notation_case_sensitive);
        if (!same) {
          std::string e = join(it.items), a = join(actual);
          size_t at = differ(e, a);
          return fail(e, a, fmt::format("expected moves '{}', got '{}'", clip(e, at), clip(a, at)));
        }
        break;
      }
      case LogLine::ExpectTurn: {
        bool same = g.node() != Game::NodeKind::Over && find_player(P, it.text) == g.player();
        if (!same)
          return fail(it.text, turn_text(), fmt::format("expected turn '{}', got '{}'", clip(it.text), turn_text()));
        break;
      }
      case LogLine::ExpectResult: {
        std::string a = g.result_text();
        if (normalize_notation(a) != normalize_notation(it.text))
          return fail(it.text, a, fmt::format("expected result '{}', got '{}'", clip(it.text), clip(a)));
        break;
      }
      case LogLine::ExpectMessage: {
        std::string a = g.result_message();
        if (normalize_notation(a) != normalize_notation(it.text))
          return fail(it.text, a, fmt::format("expected message '{}', got '{}'", clip(it.text, differ(it.text, a)),
                                              clip(a, differ(it.text, a))));
        break;
      }
      case LogLine::ExpectReason: {
        std::string a = g.result_reason();
        if (normalize_notation(a) != normalize_notation(it.text))
          return fail(it.text, a, fmt::format("expected reason '{}', got '{}'", clip(it.text), clip(a)));
        break;
      }
      case LogLine::ExpectHash: {
        uint64_t h = g.hash();
        if (h != it.hash)
          return fail(hash_text(it.hash), hash_text(h),
                      fmt::format("expected hash '{}', got '{}'", hash_text(it.hash), hash_text(h)));
        break;
      }
      case LogLine::ExpectBoard: {
        std::vector<std::string> actual = board_lines(g.render());
        std::vector<std::string> want;
        for (auto& s : it.items) want.emplace_back(rtrim(s));
        size_t n = want.size();
        while (n > 0 && want[n - 1].empty()) --n;
        want.resize(n);
        for (size_t i = 0; i < std::max(want.size(), actual.size()); ++i) {
          if (i < want.size() && i < actual.size() && want[i] == actual[i]) continue;
          size_t at = i < want.size() && i < actual.size() ? differ(want[i], actual[i]) : 0;
          std::string e = i < want.size() ? fmt::format("'{}'", clip(want[i], at)) : std::string("no line");
          std::string a = i < actual.size() ? fmt::format("'{}'", clip(actual[i], at)) : std::string("no line");
          fail(e, a, fmt::format("expected board line {} {}, got {}", i + 1, e, a));
          r.line = i < it.item_lines.size() ? it.item_lines[i] : (it.item_lines.empty() ? it.line : it.item_lines.back());
          r.col = 1;
          return false;
        }
        break;
      }
      case LogLine::ExpectOver:
        if (g.node() != Game::NodeKind::Over)
          return fail("over", g.result_text(), fmt::format("expected the game to be over, got '{}'", g.result_text()));
        break;
      case LogLine::ExpectNotOver:
        if (g.node() == Game::NodeKind::Over)
          return fail("not over", g.result_text(),
                      fmt::format("expected the game not to be over, got '{}'", g.result_text()));
        break;
    }
  } catch (const RuntimeError& e) {
    fail("", "", e.what());
    r.runtime_error = true;
    r.rule_pos = e.pos;
    r.rule_calls = e.calls;
    return false;
  }
  ++r.expectations;
  return true;
}

namespace {

// Checks the invariants after the item `it` (null: before the first), recording a violation or a runtime error of
// an invariant in r; false then.
bool invariants_hold(Game& g, const LogLine* it, ReplayResult& r) {
  try {
    int broken = broken_invariant(g);
    if (broken < 0) return true;
    r.invariant = broken;
    r.message = invariant_message(g.prog(), broken, r.actions);
  } catch (const RuntimeError& e) {
    r.message = e.what();
    r.runtime_error = true;
    r.rule_pos = e.pos;
    r.rule_calls = e.calls;
  }
  r.ok = false;
  r.line = it ? it->line : 0;
  r.col = it ? it->col : 0;
  return false;
}

}  // namespace

ReplayResult replay(Game& g, const MoveLog& log, bool invariants) {
  ReplayResult r;
  if (invariants && !invariants_hold(g, nullptr, r)) return r;
  for (const LogLine& it : log.lines) {
    if (!replay_line(g, it, r)) break;
    if (invariants && !it.is_expectation() && !invariants_hold(g, &it, r)) break;
  }
  return r;
}

std::string format_log(const MoveLog& log) {
  std::string out;
  static const std::vector<std::string> known = {"rules", "set", "position", "seed", "deck", "players", "dice"};
  for (const std::string& k : known) {
    auto f = log.header.find(k);
    if (f != log.header.end()) out += fmt::format("{}: {}\n", f->first, f->second);
  }
  for (auto& [k, v] : log.header)
    if (std::find(known.begin(), known.end(), k) == known.end()) out += fmt::format("{}: {}\n", k, v);
  if (!out.empty()) out += '\n';
  for (const LogLine& it : log.lines) {
    std::string who = it.player.empty() ? "" : it.player + ": ";
    switch (it.kind) {
      case LogLine::Action: out += who + it.text + '\n'; break;
      case LogLine::Resign: out += who + "resign\n"; break;
      case LogLine::ExpectIllegal: {
        bool quote = it.text.find_first_of(" \t") != std::string::npos;
        out += "expect illegal " + (quote ? '"' + it.text + '"' : it.text) + (it.arg.empty() ? "" : " " + it.arg) + '\n';
        break;
      }
      case LogLine::ExpectMoves: {
        std::string l = "expect moves " + join(it.items);
        out += std::string(rtrim(l)) + '\n';
        break;
      }
      case LogLine::ExpectTurn: out += "expect turn " + it.text + '\n'; break;
      case LogLine::ExpectResult: out += "expect result " + it.text + '\n'; break;
      case LogLine::ExpectMessage: out += std::string(rtrim("expect message " + it.text)) + '\n'; break;
      case LogLine::ExpectReason: out += std::string(rtrim("expect reason " + it.text)) + '\n'; break;
      case LogLine::ExpectHash: out += "expect hash " + hash_text(it.hash) + '\n'; break;
      case LogLine::ExpectBoard:
        out += "expect board\n";
        for (auto& s : it.items) {
          std::string l = "| " + s;
          out += std::string(rtrim(l)) + '\n';
        }
        break;
      case LogLine::ExpectOver: out += "expect over\n"; break;
      case LogLine::ExpectNotOver: out += "expect not over\n"; break;
    }
  }
  return out;
}

std::string format_settings(const Program& P) {
  std::vector<std::string> settings;
  for (const RuleParam& p : P.params) settings.push_back(fmt::format("{}={}", p.name, p.value));
  return fmt::format("{}", fmt::join(settings, " "));
}

}  // namespace ri
