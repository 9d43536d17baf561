// Positions as one line of text. See position_text.hpp.
#include "io/position_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "common/suggest.hpp"
#include "common/text.hpp"
#include "io/position.hpp"

namespace ri {
namespace {

// The length in bytes of the UTF-8 character that starts at s[i].
size_t char_len(const std::string& s, size_t i) {
  size_t n = 1;
  while (i + n < s.size() && (static_cast<unsigned char>(s[i + n]) & 0xC0) == 0x80) ++n;
  return n;
}

// "'a', 'b' or 'c'"
std::string one_of(const std::vector<std::string>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i)
    out += fmt::format("{}'{}'", i == 0 ? "" : i + 1 == items.size() ? " or " : ", ", items[i]);
  return out;
}

}  // namespace

bool parse_position_text(const std::string& text, const Program& P, Position& out, Diagnostics& diags,
                         const std::string& name) {
  auto file = std::make_shared<SourceFile>(name, text);
  SourceFiles files{file};
  size_t before = diags.size();
  auto error = [&](size_t offset, std::string message) {
    diags.error(files, Pos{1, static_cast<int>(offset) + 1, 0}, std::move(message));
  };
  if (!P.position_text) {
    error(0, "the rule file has no 'position_text': it says how a position is written as text");
    return false;
  }
  if (size_t nl = text.find_first_of("\r\n"); nl != std::string::npos) {
    error(nl, "a position text is one line");
    return false;
  }
  const PositionTextInfo& T = *P.position_text;
  const GridInfo& grid = P.grids[0];
  // the words: the board, then the fields
  std::vector<std::pair<size_t, std::string>> words;  // offset, text
  for (size_t i = 0; i < text.size();) {
    if (text[i] == ' ' || text[i] == '\t') {
      ++i;
      continue;
    }
    size_t end = text.find_first_of(" \t", i);
    if (end == std::string::npos) end = text.size();
    words.push_back({i, text.substr(i, end - i)});
    i = end;
  }
  if (words.empty()) {
    error(0, "the position text is empty: it starts with the board");
    return false;
  }
  auto text_at = [&](std::string s, size_t offset) { return Text{std::move(s), Pos{1, static_cast<int>(offset) + 1, 0}, {}}; };
  PositionDecl d;
  // the board: rows, each of symbols and runs of empty squares
  {
    const auto& [start, board] = words[0];
    std::vector<std::pair<size_t, std::string>> rows;
    for (size_t i = 0;;) {
      size_t end = board.find(T.separator, i);
      rows.push_back({start + i, board.substr(i, end == std::string::npos ? std::string::npos : end - i)});
      if (end == std::string::npos) break;
      i = end + T.separator.size();
    }
    if (static_cast<int>(rows.size()) != grid.height) {
      size_t at = static_cast<int>(rows.size()) > grid.height ? rows[static_cast<size_t>(grid.height)].first : start + board.size();
      error(at, fmt::format("the board has {} row{}; the grid has {} (rows are separated by '{}')", rows.size(),
                            rows.size() == 1 ? "" : "s", grid.height, T.separator));
    }
    std::vector<std::string> symbols;
    for (const auto& s : T.pieces) symbols.push_back(s.symbol);
    for (size_t r = 0; r < rows.size() && static_cast<int>(r) < grid.height; ++r) {
      const auto& [row_at, row] = rows[r];
      int y = T.bottom_to_top ? static_cast<int>(r) + 1 : grid.height - static_cast<int>(r);
      int x = 0;  // squares so far
      bool ok = true;
      for (size_t i = 0; i < row.size() && ok;) {
        if (T.empty.empty() && std::isdigit(static_cast<unsigned char>(row[i]))) {
          size_t j = i;
          while (j < row.size() && std::isdigit(static_cast<unsigned char>(row[j]))) ++j;
          int64_t n = 0;
          if (!parse_whole(row.substr(i, j - i), n) || n < 1 || n > grid.width) {
            error(row_at + i, fmt::format("a run of empty squares is 1 to {}, not '{}'", grid.width, clip(row.substr(i, j - i))));
            ok = false;
          }
          x += static_cast<int>(n);
          i = j;
          continue;
        }
        if (!T.empty.empty() && row.compare(i, T.empty.size(), T.empty) == 0) {
          ++x;
          i += T.empty.size();
          continue;
        }
        size_t len = char_len(row, i);
        std::string sym = row.substr(i, len);
        auto it = std::find_if(T.pieces.begin(), T.pieces.end(), [&](const auto& s) { return s.symbol == sym; });
        if (it == T.pieces.end()) {
          error(row_at + i, fmt::format("unknown piece symbol '{}' (the rule file's position_text has {})", sym, one_of(symbols)));
          ok = false;
          break;
        }
        ++x;
        if (x <= grid.width) {
          BoardSite site;
          site.site = text_at(P.site_names[grid.sites[static_cast<size_t>((y - 1) * grid.width + x - 1)]], row_at + i);
          BoardPiece bp;
          bp.kind = text_at(P.kinds[it->kind].name, row_at + i);
          bp.owner = text_at(P.players[it->owner], row_at + i);
          for (auto& [a, v] : it->attrs) bp.attributes.push_back({text_at(P.attr_names[a], row_at + i), text_at(std::to_string(v), row_at + i)});
          site.pieces.push_back(std::move(bp));
          d.board.push_back(std::move(site));
        }
        i += len;
      }
      if (ok && x != grid.width)
        error(row_at, fmt::format("row {} has {} square{}; the grid has {}", r + 1, x, x == 1 ? "" : "s", grid.width));
    }
  }
  // the fields
  if (words.size() - 1 > T.fields.size())
    error(words[T.fields.size() + 1].first, fmt::format("the text has {} field{} after the board; the rule file's "
                                                        "position_text has {}",
                                                        words.size() - 1, words.size() == 2 ? "" : "s", T.fields.size()));
  for (size_t f = 0; f < T.fields.size() && f + 1 < words.size(); ++f) {
    const PositionTextInfo::Field& field = T.fields[f];
    const auto& [at, word] = words[f + 1];
    std::vector<std::string> known;
    for (const auto& s : field.symbols) known.push_back(s.first);
    switch (field.kind) {
      case PositionTextInfo::Field::Player: {
        auto it = std::find_if(field.symbols.begin(), field.symbols.end(), [&](const auto& s) { return s.first == word; });
        if (it == field.symbols.end()) error(at, fmt::format("unknown player symbol '{}' (expected {})", clip(word), one_of(known)));
        else d.player = text_at(it->second, at);
        break;
      }
      case PositionTextInfo::Field::Flags: {
        std::vector<bool> set(field.symbols.size(), false);
        if (word != "-")
          for (size_t i = 0; i < word.size();) {
            size_t len = char_len(word, i);
            std::string letter = word.substr(i, len);
            size_t k = static_cast<size_t>(index_of(known, letter));
            if (k == static_cast<size_t>(-1)) error(at + i, fmt::format("unknown flag '{}' (expected {}, or '-' for none)", letter, one_of(known)));
            else if (set[k]) error(at + i, fmt::format("flag '{}' is written twice", letter));
            else set[k] = true;
            i += len;
          }
        for (size_t k = 0; k < field.symbols.size(); ++k)
          d.variables.push_back({text_at(field.symbols[k].second, at), text_at(set[k] ? "true" : "false", at)});
        break;
      }
      case PositionTextInfo::Field::Variable:
        d.variables.push_back({text_at(field.variable, at), text_at(word == "-" ? "none" : word, at)});
        break;
    }
  }
  if (diags.size() != before) return false;
  return resolve_position(d, files, P, out, diags);
}

namespace {

// A variable's value as a text field writes it: as a position file does, none as '-'.
std::string field_value(const Program& P, const State& S, Type t, int32_t v) {
  auto in = [&](size_t n) { return v >= 0 && static_cast<size_t>(v) < n; };
  switch (t) {
    case Type::Bool: return v ? "true" : "false";
    case Type::Player: return in(P.players.size()) ? P.players[v] : "-";
    case Type::Site: return in(P.site_names.size()) ? P.site_names[v] : "-";
    case Type::Kind: return in(P.kinds.size()) ? P.kinds[v].name : "-";
    case Type::Piece: return in(P.pieces.size()) ? fmt::format("{}#{}", P.kinds[S.kind[v]].name, v) : "-";
    case Type::Line: {
      if (!in(P.line_sites.size())) return "-";
      std::string out;
      for (int32_t s : P.lists[P.line_sites[v]]) out += (out.empty() ? "" : "-") + P.site_names[s];
      return out;
    }
    default: return std::to_string(v);
  }
}

}  // namespace

bool write_position_text(const Game& g, std::string& out, std::string& why) {
  const Program& P = g.prog();
  const State& S = g.state();
  if (!P.position_text) {
    why = "the rule file has no 'position_text': it says how a position is written as text";
    return false;
  }
  const PositionTextInfo& T = *P.position_text;
  const GridInfo& grid = P.grids[0];
  std::vector<bool> on_grid(static_cast<size_t>(P.nsites()), false);
  for (int32_t s : grid.sites) on_grid[static_cast<size_t>(s)] = true;
  for (int s = 0; s < P.nsites(); ++s) {
    if (S.count[s] > 0 && !on_grid[static_cast<size_t>(s)]) {
      why = fmt::format("'{}' holds a piece, and a position text holds the grid's squares only", P.site_names[s]);
      return false;
    }
    if (S.count[s] > 1) {
      why = fmt::format("'{}' holds {} pieces, and a square of a position text holds one", P.site_names[s], S.count[s]);
      return false;
    }
  }
  std::string board;
  for (int r = 0; r < grid.height; ++r) {
    int y = T.bottom_to_top ? r + 1 : grid.height - r;
    if (r > 0) board += T.separator;
    int run = 0;
    for (int x = 1; x <= grid.width; ++x) {
      int s = grid.sites[static_cast<size_t>((y - 1) * grid.width + x - 1)];
      if (S.count[s] == 0) {
        if (T.empty.empty()) ++run;
        else board += T.empty;
        continue;
      }
      if (run) board += std::to_string(run);
      run = 0;
      int p = S.stack[static_cast<size_t>(s) * S.cap];
      auto it = std::find_if(T.pieces.begin(), T.pieces.end(), [&](const PositionTextInfo::Symbol& sym) {
        return sym.kind == S.kind[p] && sym.owner == S.owner[p] &&
               std::all_of(sym.attrs.begin(), sym.attrs.end(), [&](auto& a) {
                 return S.attrs[static_cast<size_t>(p) * S.nattrs + a.first] == a.second;
               });
      });
      if (it == T.pieces.end()) {
        why = fmt::format("the piece on '{}' ({} of '{}') has no symbol in the rule file's position_text",
                          P.site_names[s], P.kinds[S.kind[p]].name, P.players[S.owner[p]]);
        return false;
      }
      board += it->symbol;
    }
    if (run) board += std::to_string(run);
  }
  out = board;
  for (const PositionTextInfo::Field& field : T.fields) {
    out += ' ';
    switch (field.kind) {
      case PositionTextInfo::Field::Player: {
        auto it = std::find_if(field.symbols.begin(), field.symbols.end(),
                               [&](const auto& s) { return s.second == P.players[S.player]; });
        if (it == field.symbols.end()) {
          why = fmt::format("player '{}' has no symbol in the rule file's position_text", P.players[S.player]);
          return false;
        }
        out += it->first;
        break;
      }
      case PositionTextInfo::Field::Flags: {
        std::string letters;
        for (size_t k = 0; k < field.symbols.size(); ++k)
          if (S.vars[static_cast<size_t>(field.slots[k])]) letters += field.symbols[k].first;
        out += letters.empty() ? "-" : letters;
        break;
      }
      case PositionTextInfo::Field::Variable:
        out += field_value(P, S, field.type, S.vars[static_cast<size_t>(field.slot)]);
        break;
    }
  }
  return true;
}

}  // namespace ri
