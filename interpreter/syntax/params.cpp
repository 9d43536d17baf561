// Parameter values given from outside the rule file: reading, checking and writing them. See params.hpp.
#include "syntax/params.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <climits>
#include <string_view>
#include <unordered_set>

#include "common/suggest.hpp"
#include "common/text.hpp"

namespace ri {

std::string parse_setting(std::string_view text, std::pair<std::string, int64_t>& out) {
  size_t eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0)
    return fmt::format("a parameter is set as NAME=VALUE, like size=4, not '{}'", clip(text));
  std::string_view name = text.substr(0, eq), value = text.substr(eq + 1);
  bool ok = std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_';
  for (char c : name) ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (!ok) return fmt::format("'{}' cannot be the name of a parameter (in '{}')", clip(name), clip(text));
  int64_t v = 0;
  if (!parse_whole(value, v))
    return fmt::format("the value of '{}' must be a whole number, not '{}'", clip(name), clip(value));
  out = {std::string(name), v};
  return "";
}

std::string param_range(const RuleParamDecl& p) {
  std::string step = p.step && *p.step > 1 ? fmt::format(" in steps of {}", *p.step) : "";
  if (p.min && p.max) return fmt::format("from {} to {}{}", *p.min, *p.max, step);
  if (p.min) return fmt::format("at least {}{}", *p.min, step);
  if (p.max) return fmt::format("at most {}{}", *p.max, step);
  return fmt::format("from {} to {}{}", INT32_MIN, INT32_MAX, step);
}

bool param_allows(const RuleParamDecl& p, int64_t value) {
  const int64_t lo = p.min ? *p.min : INT32_MIN, hi = p.max ? *p.max : INT32_MAX;
  if (value < lo || value > hi) return false;
  if (!p.step || *p.step <= 1) return true;
  const int64_t r = (value - (p.min ? *p.min : 0)) % *p.step;
  return r == 0;
}

std::vector<std::string> setting_errors(const std::vector<RuleParamDecl>& declared, const ParamValues& values) {
  std::vector<std::string> out;
  if (values.empty()) return out;
  if (declared.empty()) return {"the rule file has no parameters"};
  std::vector<std::string> names;
  for (const RuleParamDecl& p : declared) names.push_back(p.name.s);
  std::vector<std::string> sorted = names;
  std::sort(sorted.begin(), sorted.end());
  std::string list = fmt::format("{}", fmt::join(sorted, ", "));
  std::unordered_set<std::string_view> given;
  for (size_t i = 0; i < values.size(); ++i) {
    const auto& [name, value] = values[i];
    if (!given.insert(name).second) {
      out.push_back(fmt::format("parameter '{}' is given twice", clip(name)));
      continue;
    }
    auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) {
      std::string dym = did_you_mean(name, names);
      out.push_back(fmt::format("unknown parameter '{}'{}", clip(name), dym.empty() ? fmt::format(" (parameters: {})", list) : dym));
      continue;
    }
    const RuleParamDecl& p = declared[static_cast<size_t>(it - names.begin())];
    if (!param_allows(p, value)) out.push_back(fmt::format("parameter '{}' is {}, not {}", name, param_range(p), value));
  }
  return out;
}

}  // namespace ri
