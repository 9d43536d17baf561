// Text styles as ANSI escape sequences. See styles.hpp.
#include "common/styles.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <utility>

#include "common/suggest.hpp"

namespace ri {

namespace {

// Each name with its SGR parameter ("" for plain: nothing to set).
constexpr std::array<std::pair<std::string_view, std::string_view>, 14> kStyles = {{
    {"plain", ""},   {"bold", "1"},  {"dim", "2"},    {"italic", "3"},  {"underline", "4"},
    {"reverse", "7"}, {"black", "30"}, {"red", "31"}, {"green", "32"}, {"yellow", "33"},
    {"blue", "34"},  {"magenta", "35"}, {"cyan", "36"}, {"white", "37"},
}};

}  // namespace

const std::vector<std::string>& style_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (auto& [name, code] : kStyles) out.emplace_back(name);
    return out;
  }();
  return names;
}

// style -> NAME (' '+ NAME)*
std::optional<std::string> style_codes(std::string_view style, std::string& unknown) {
  std::string codes;
  size_t words = 0;
  for (size_t i = 0; i < style.size();) {
    if (style[i] == ' ') {
      ++i;
      continue;
    }
    size_t end = style.find(' ', i);
    if (end == std::string_view::npos) end = style.size();
    std::string_view word = style.substr(i, end - i);
    i = end;
    ++words;
    auto it = std::find_if(kStyles.begin(), kStyles.end(), [&](auto& s) { return s.first == word; });
    if (it == kStyles.end()) {
      unknown = std::string(word);
      return std::nullopt;
    }
    if (it->second.empty()) continue;
    if (!codes.empty()) codes += ';';
    codes += it->second;
  }
  if (words == 0) {
    unknown = std::string(style);
    return std::nullopt;
  }
  return codes;
}

std::string style_hint(const std::string& unknown) {
  std::string near = did_you_mean(unknown, style_names());
  return near.empty() ? fmt::format(" (expected one of: {})", fmt::join(style_names(), ", ")) : near;
}

std::string apply_style(std::string_view text, std::string_view codes) {
  if (codes.empty() || text.empty()) return std::string(text);
  return fmt::format("\x1b[{}m{}\x1b[0m", codes, text);
}

}  // namespace ri
