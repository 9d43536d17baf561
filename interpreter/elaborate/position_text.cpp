// 'position_text' resolved against the model (language.md, section 2 (position_text)). See elaborate_impl.hpp.
#include <fmt/format.h>

#include <algorithm>

#include "common/suggest.hpp"
#include "common/text.hpp"
#include "elaborate/board.hpp"
#include "elaborate/elaborate_impl.hpp"

namespace ri::elaboration {
namespace {

// The number of characters (UTF-8 code points) of s.
size_t characters(const std::string& s) {
  return static_cast<size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

bool has_space(const std::string& s) { return s.find_first_of(" \t\r\n") != std::string::npos; }
bool has_digit(const std::string& s) { return s.find_first_of("0123456789") != std::string::npos; }

}  // namespace

bool position_text(const Declarations& d, Model& P, Diagnostics& diags) {
  if (!d.position_text) return true;
  const PositionTextDecl& t = *d.position_text;
  size_t before = diags.size();
  Names names(P, P.files, diags);
  PositionTextInfo out;
  if (P.grids.empty())
    names.error(t.pos, "'position_text' writes the first grid of 'topology.grids', and the rule file has no grid");
  if (t.rows.pos.line && t.rows.s != "top_to_bottom" && t.rows.s != "bottom_to_top")
    names.error(t.rows.pos, fmt::format("'rows' is top_to_bottom or bottom_to_top, not '{}'", clip(t.rows.s)));
  out.bottom_to_top = t.rows.s == "bottom_to_top";
  if (t.empty.pos.line && t.empty.s != "digits") {
    if (characters(t.empty.s) != 1 || has_space(t.empty.s) || has_digit(t.empty.s))
      names.error(t.empty.pos, fmt::format("'empty' is digits or the symbol of one empty square (one character, not a "
                                           "digit or a space), not '{}'",
                                           clip(t.empty.s)));
    else
      out.empty = t.empty.s;
  }
  if (t.separator.pos.line) {
    if (t.separator.s.empty() || has_space(t.separator.s) || (out.empty.empty() && has_digit(t.separator.s)) ||
        t.separator.s == out.empty)
      names.error(t.separator.pos, fmt::format("'separator' is text without spaces{}, not '{}'",
                                               out.empty.empty() ? " or digits" : " other than 'empty'",
                                               clip(t.separator.s)));
    else
      out.separator = t.separator.s;
  }
  for (const auto& [symbol, bp] : t.pieces) {
    const std::string& s = symbol.s;
    if (characters(s) != 1 || has_space(s) || (out.empty.empty() && has_digit(s)) || s == out.separator || s == out.empty)
      names.error(symbol.pos, fmt::format("a piece's symbol is one character, not a space, a digit, the separator or "
                                          "the empty square, not '{}'",
                                          clip(s)));
    PositionTextInfo::Symbol sym{s, names.kind(bp.kind), names.player(bp.owner), {}, symbol.pos};
    for (auto& [name, value] : bp.attributes) {
      int a = names.attribute(name);
      int32_t v = 0;
      if (names.int32(value, fmt::format("attribute '{}'", name.s), v) && a >= 0) sym.attrs.push_back({a, v});
    }
    out.pieces.push_back(std::move(sym));
  }
  // a variable written NAME or NAME[PLAYER]: its slot in State::vars, or -1 after reporting why not
  std::vector<std::string> var_names;
  for (const VarInfo& v : P.vars) var_names.push_back(v.name);
  auto variable = [&](const Text& t, Type& type) {
    size_t open = t.s.find('[');
    std::string name = t.s.substr(0, open);
    int v = index_of(var_names, name);
    if (v < 0) {
      names.error(t.pos, fmt::format("undeclared variable '{}'{}", clip(name), near_or_list(name, var_names)));
      return -1;
    }
    const VarInfo& vi = P.vars[static_cast<size_t>(v)];
    type = vi.type;
    if (open == std::string::npos) {
      if (!vi.per_player) return vi.offset;
      names.error(t.pos, fmt::format("'{}' has a value for each player: write {}[PLAYER]", name, name));
      return -1;
    }
    if (!vi.per_player || t.s.back() != ']') {
      names.error(t.pos, vi.per_player ? fmt::format("expected '{}[PLAYER]', not '{}'", name, clip(t.s))
                                       : fmt::format("'{}' is not a per-player variable: write {}", name, name));
      return -1;
    }
    int player = names.player(Text{t.s.substr(open + 1, t.s.size() - open - 2), t.at(open + 1), {}});
    return player < 0 ? -1 : vi.offset + player;
  };
  for (const PositionTextField& f : t.fields) {
    PositionTextInfo::Field field;
    if (f.kind.s == "variable") {
      field.kind = PositionTextInfo::Field::Variable;
      field.variable = f.variable.s;
      field.slot = variable(f.variable, field.type);
    } else {
      field.kind = f.kind.s == "player" ? PositionTextInfo::Field::Player : PositionTextInfo::Field::Flags;
      for (const auto& [symbol, value] : f.symbols) {
        if (symbol.s.empty() || has_space(symbol.s) || symbol.s == "-" ||
            (field.kind == PositionTextInfo::Field::Flags && characters(symbol.s) != 1))
          names.error(symbol.pos, fmt::format("{} is written without spaces and is not '-', not '{}'",
                                              field.kind == PositionTextInfo::Field::Flags ? "a flag is one character that"
                                                                                           : "a player's symbol",
                                              clip(symbol.s)));
        field.symbols.push_back({symbol.s, value.s});
        if (field.kind == PositionTextInfo::Field::Player) {
          names.player(value);
          continue;
        }
        Type type = Type::Bool;
        int slot = variable(value, type);
        if (slot >= 0 && type != Type::Bool)
          names.error(value.pos, fmt::format("a flag sets a bool variable, and '{}' is {}", clip(value.s), type_name(type)));
        field.slots.push_back(slot);
      }
    }
    out.fields.push_back(std::move(field));
  }
  if (diags.size() != before) return false;
  P.position_text = std::move(out);
  return true;
}

}  // namespace ri::elaboration
