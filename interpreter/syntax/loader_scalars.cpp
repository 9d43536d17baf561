// The loader's building blocks: positions of nodes, scalars as Texts with their byte-to-file maps, the shapes a
// value must have (mapping, list), unknown, duplicate and missing keys, and the scalar kinds (whole numbers,
// counts, 32-bit integers, yes/no). Every section loader is written with these.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <fmt/format.h>
#include <string_view>
#include <unordered_map>

#include "common/suggest.hpp"
#include "common/text.hpp"
#include "syntax/loader_impl.hpp"
#include "syntax/schema.hpp"
#include "syntax/source_map.hpp"

namespace ri {

Pos Loader::pos_of(const YAML::Node& n, Pos fallback) const {
  Pos p = fallback;
  if (n.IsDefined() && !n.Mark().is_null()) p = {n.Mark().line + 1, n.Mark().column + 1};
  p.file = index_;
  return p;
}

const char* Loader::kind_name(const YAML::Node& n) const {
  if (n.IsMap()) return "a mapping";
  if (n.IsSequence()) return "a list";
  if (n.IsNull()) return "nothing";
  return "a scalar";
}

// scalar -> Text with its byte-to-file map
bool Loader::text(const YAML::Node& n, Text& out, const char* what, Pos fallback) {
  if (!n.IsDefined() || !n.IsScalar()) {
    error(pos_of(n, fallback), fmt::format("{} must be a scalar, not {}", what, n.IsDefined() ? kind_name(n) : "nothing"));
    return false;
  }
  out.s = n.Scalar();
  out.pos = pos_of(n, fallback);
  if (!n.Mark().is_null() && n.Mark().pos >= 0)
    out.map = map_scalar(file_->text, file_->line_starts, static_cast<size_t>(n.Mark().pos), out.s, index_);
  return true;
}

// key -> scalar
Text Loader::key_text(const YAML::Node& k) {
  Text t;
  text(k, t, "a key", {1, 1});
  return t;
}

// mapping -> '{' ... '}' | indented KEY: VALUE lines
bool Loader::expect_map(const YAML::Node& n, const std::string& what, Pos fallback) {
  if (n.IsMap()) return true;
  error(pos_of(n, fallback), fmt::format("'{}' must be a mapping, not {}", what, kind_name(n)));
  return false;
}

// list -> '[' ... ']' | indented '- ' items
bool Loader::expect_seq(const YAML::Node& n, const std::string& what, Pos fallback) {
  if (n.IsSequence()) return true;
  if (n.IsScalar() && !n.Scalar().empty() && n.Scalar().size() <= 60 && n.Scalar().find('\n') == std::string::npos)
    error(pos_of(n, fallback), fmt::format("'{}' must be a list, like [{}], not a scalar", what, n.Scalar()));
  else
    error(pos_of(n, fallback), fmt::format("'{}' must be a list, not {}", what, kind_name(n)));
  return false;
}

std::vector<std::string> Loader::rule_keys(std::string_view path, std::string_view with) {
  return schema::keys(schema::rule_file(), path, with);
}

void Loader::check_keys(const YAML::Node& map, const std::string& where, const std::vector<std::string>& allowed) {
  // the first line of each key, by key (the keys' texts live in the YAML nodes): linear in the mapping's size
  std::unordered_map<std::string_view, int> seen;
  std::string list;  // the allowed keys, written once
  for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
  for (auto it = map.begin(); it != map.end(); ++it) {
    if (!it->first.IsScalar()) {
      error(pos_of(it->first), fmt::format("keys of '{}' must be scalars", where));
      continue;
    }
    const std::string& k = it->first.Scalar();
    Pos p = pos_of(it->first);
    auto [first, fresh] = seen.try_emplace(k, p.line);
    if (!fresh) error(p, fmt::format("duplicate key '{}' (first at line {})", clip(k), first->second));
    if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), k) == allowed.end()) {
      std::string near = closest_key(k, allowed);
      std::string hint = near.empty() ? fmt::format("expected one of: {}", list) : fmt::format("did you mean '{}'?", near);
      if (where.empty()) error(p, fmt::format("unknown {} '{}' ({})", top_level_, clip(k), hint));
      else error(p, fmt::format("unknown key '{}' in '{}' ({})", clip(k), where, hint));
    }
  }
}

YAML::Node Loader::need(const YAML::Node& map, const char* key, const std::string& where, Pos at) {
  YAML::Node v = map[key];
  if (!v) error(at, fmt::format("missing key '{}' in {}", key, where));
  return v;
}

// names -> { NAME: SCALAR }
void Loader::named_texts(const YAML::Node& n, const std::string& where, const char* what, Pos fallback,
                         std::vector<std::pair<Text, Text>>& out) {
  each_named(n, where, fallback, [&](Text name, const YAML::Node& value) {
    Text v;
    if (text(value, v, what, name.pos)) out.push_back({std::move(name), std::move(v)});
  });
}

// The keys a mapping writes, each at its position (a variant's entry merges with its base's by these).
Keys Loader::keys_of(const YAML::Node& map) {
  Keys out;
  if (!map.IsMap()) return out;
  for (auto it = map.begin(); it != map.end(); ++it)
    if (it->first.IsScalar()) {
      Text t = key_text(it->first);
      t.map.clear();
      out.push_back(std::move(t));
    }
  return out;
}

// appended -> '!append' LIST   (only in a variant: the list is appended to its base's)
bool Loader::appended(const YAML::Node& n, const std::string& what) {
  if (n.Tag() != "!append") return false;
  if (!n.IsSequence()) {
    error(pos_of(n), fmt::format("'!append' is for a list: '{}' is {}", what, kind_name(n)));
    return false;
  }
  if (!variant_) {
    error(pos_of(n), fmt::format("'!append' appends '{}' to the base's: it needs 'extends'", what));
    return false;
  }
  return true;
}

// statements -> '[' STMT (',' STMT)* ']' | '{' NAME ':' STMT (',' NAME ':' STMT)* '}'   (named: a variant can
// replace or remove one by its name)
bool Loader::statement_list(const YAML::Node& n, const std::string& what, std::vector<Text>& out,
                            std::vector<Text>& names, Pos fallback) {
  if (!n.IsMap()) {
    size_t before = out.size();
    bool ok = scalar_list(n, what, out, fallback);
    names.resize(names.size() + (out.size() - before));
    return ok;
  }
  each_named(n, what, fallback, [&](Text name, const YAML::Node& value) {
    Text v;
    if (!text(value, v, "a statement", name.pos)) return;
    name.map.clear();
    names.push_back(std::move(name));
    out.push_back(std::move(v));
  });
  return true;
}

// list -> '[' scalar (',' scalar)* ']'
bool Loader::scalar_list(const YAML::Node& n, const std::string& what, std::vector<Text>& out, Pos fallback) {
  if (!expect_seq(n, what, fallback)) return false;
  for (auto item : n) {
    Text t;
    if (text(item, t, fmt::format("an entry of '{}'", what).c_str(), pos_of(n, fallback))) out.push_back(std::move(t));
  }
  return true;
}

namespace {
// whole -> SPACE* ['+' | '-'] DIGITS, from 0 to 1000000   (leading white space and a '+' are accepted, and so is
// '-0', as they always were)
bool small_whole(const std::string& s, int& out) {
  std::string_view t = s;
  size_t start = t.find_first_not_of(" \t\n\v\f\r");
  if (start == std::string_view::npos) return false;
  t.remove_prefix(start);
  if (t[0] == '+') t.remove_prefix(1);
  int64_t v = 0;
  if (!parse_whole(t, v) || v < 0 || v > 1000000) return false;
  out = static_cast<int>(v);
  return true;
}
}  // namespace

// int -> DIGITS, from 0 to 1000000   (a length)
bool Loader::int_of(const YAML::Node& n, const std::string& what, int& out, Pos fallback) {
  Text t;
  if (!text(n, t, what.c_str(), fallback)) return false;
  if (small_whole(t.s, out)) return true;
  error(t.pos, fmt::format("'{}' must be a whole number from 0 to 1000000, not '{}'", what, clip(t.s)));
  return false;
}

// count -> WHOLE_NUMBER (0 to 1000000) | PARAMETER | EXPRESSION
//   (a parameter's name: letters, digits, '_', not a digit first; an expression: names, digits, spaces, + - * / %
//   and parentheses, parsed and worked out by the checker)
bool Loader::count_of(const YAML::Node& n, const std::string& what, Count& out, Pos fallback) {
  Text t;
  if (!text(n, t, what.c_str(), fallback)) return false;
  out.pos = t.pos;
  bool name = !t.s.empty() && (std::isalpha(static_cast<unsigned char>(t.s[0])) || t.s[0] == '_');
  for (char c : t.s) name = name && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (name) {
    out.param = std::move(t);
    return true;
  }
  if (small_whole(t.s, out.value)) return true;
  // arithmetic: an operator or a parenthesis among names and numbers (a negative number is not a count)
  int64_t whole = 0;
  bool arithmetic = t.s.find_first_of("+-*/%(") != std::string::npos && !parse_whole(t.s, whole);
  for (char c : t.s)
    arithmetic = arithmetic && (std::isalnum(static_cast<unsigned char>(c)) || std::strchr("_ +-*/%()", c) != nullptr);
  if (arithmetic) {
    out.param = std::move(t);
    out.expr = true;
    return true;
  }
  error(t.pos, fmt::format("'{}' must be a whole number from 0 to 1000000, a parameter or arithmetic of parameters "
                           "('(width * height + 1) / 2'), not '{}'",
                           what, clip(t.s)));
  return false;
}

// int32 -> ['-'] DIGITS, from -2147483648 to 2147483647   (a parameter's default, min and max)
bool Loader::int32_of(const YAML::Node& n, const std::string& what, int32_t& out, Pos& at, Pos fallback) {
  Text t;
  if (!text(n, t, what.c_str(), fallback)) return false;
  at = t.pos;
  int64_t v = 0;
  if (parse_whole(t.s, v) && v >= INT32_MIN && v <= INT32_MAX) {
    out = static_cast<int32_t>(v);
    return true;
  }
  error(t.pos, fmt::format("{} must be a whole number from -2147483648 to 2147483647, not '{}'", what, clip(t.s)));
  return false;
}

// flag -> true | false   (as YAML 1.2 writes them: also True, TRUE, False, FALSE)
void Loader::flag(const YAML::Node& n, const char* what, bool& out) {
  static const char* yes[] = {"true", "True", "TRUE"};
  static const char* no[] = {"false", "False", "FALSE"};
  if (n.IsScalar()) {
    for (auto* y : yes) if (n.Scalar() == y) { out = true; return; }
    for (auto* f : no) if (n.Scalar() == f) { out = false; return; }
  }
  error(pos_of(n), fmt::format("'{}' is true or false, not {}", what, n.IsScalar() ? "'" + clip(n.Scalar()) + "'" : kind_name(n)));
}

}  // namespace ri
