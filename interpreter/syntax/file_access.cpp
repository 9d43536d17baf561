// Which files a rule file may have the interpreter read. See file_access.hpp.
#include "syntax/file_access.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

namespace ri {
namespace fs = std::filesystem;

namespace {

// Whether a file's name is a rule file's: something, then '.rules'.
bool rule_file_name(const fs::path& p) {
  std::string name = p.filename().string();
  std::string_view suffix = kRuleFileSuffix;
  return name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The path without a trailing separator ("/a/b/" names the directory "/a/b").
fs::path without_trailing(fs::path p) {
  if (p.has_relative_path() && p.filename().empty()) p = p.parent_path();
  return p;
}

// `p` absolute, with symbolic links and '..' resolved (as far as it exists; the rest lexically); empty when it
// cannot be (a loop of symbolic links, ...).
fs::path resolved(const fs::path& p) {
  std::error_code ec;
  fs::path abs = fs::absolute(p, ec);
  if (ec) return {};
  fs::path real = fs::weakly_canonical(abs, ec);
  if (ec) return {};
  return without_trailing(real);
}

// `p` absolute, with '..' removed as written, symbolic links left alone.
fs::path lexical(const fs::path& p) {
  std::error_code ec;
  fs::path abs = fs::absolute(p, ec);
  return ec ? fs::path{} : without_trailing(abs.lexically_normal());
}

}  // namespace

FileAccess::FileAccess(const std::string& rule_file, const std::vector<std::string>& allowed_dirs,
                       const std::string& shipped_dir) {
  fs::path own = fs::path(rule_file).parent_path();
  if (own.empty()) own = ".";
  dirs_.push_back({own.string(), resolved(own)});
  for (const std::string& d : allowed_dirs) {
    fs::path p(d);
    dirs_.push_back({d, resolved(p.empty() ? fs::path(".") : p)});
  }
  if (!shipped_dir.empty()) dirs_.push_back({"", resolved(shipped_dir)});
}

bool FileAccess::inside(const fs::path& real) const {
  if (real.empty()) return false;
  return std::any_of(dirs_.begin(), dirs_.end(), [&](const Dir& d) {
    if (d.real.empty()) return false;
    auto [in_dir, in_real] = std::mismatch(d.real.begin(), d.real.end(), real.begin(), real.end());
    return in_dir == d.real.end();
  });
}

std::string FileAccess::check(const std::string& path, std::string& real) const {
  real.clear();
  if (!rule_file_name(path))
    return fmt::format("it is not a rule file (the name of a rule file ends in '{}')", kRuleFileSuffix);
  fs::path r = resolved(path);
  if (r.empty()) return "its path cannot be resolved";
  std::string dirs;
  for (const Dir& d : dirs_)
    dirs += (dirs.empty() ? "" : ", ") + (d.shown.empty() ? std::string("the shipped games") : "'" + d.shown + "'");
  std::string where =
      fmt::format("the directories rule files may be read from ({}; allow another with --allow-dir DIR)", dirs);
  if (!inside(r)) {
    if (inside(lexical(path))) return fmt::format("it leads, through a symbolic link, outside {}", where);
    return fmt::format("it is outside {}", where);
  }
  if (!rule_file_name(r))
    return fmt::format("it is not a rule file: it leads, through a symbolic link, to a file whose name does not end in "
                       "'{}'",
                       kRuleFileSuffix);
  real = r.string();
  return "";
}

}  // namespace ri
