// Which files a rule file may have the interpreter read. A rule file is untrusted input: its `extends` reads only
// rule files (named *.rules) inside the allowed directories, judged after symbolic links and '..' are resolved, so
// that no rule file can read (and have the diagnostics quote) any other file. The allowed directories are the tree
// of the directory of the rule file named first, the trees of the directories the caller allows (the command
// line's --allow-dir) and the tree of the shipped games (trusted: they come with the interpreter). `import` reads only the standard library embedded in the interpreter. See spec/language.md,
// section 2 (extends and remove).
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace ri {

// How the name of every rule file ends, the standard library's too (stdlib/NAME.rules).
inline constexpr const char* kRuleFileSuffix = ".rules";

class FileAccess {
 public:
  // The tree of the directory of `rule_file` (the file named first; its own name need not end in '.rules') and the
  // trees of `allowed_dirs`, each as written (a relative path is relative to the working directory), and the tree of
  // `shipped_dir` (the games shipped with the interpreter, shown as "the shipped games"; "" for none).
  FileAccess(const std::string& rule_file, const std::vector<std::string>& allowed_dirs,
             const std::string& shipped_dir = "");

  // Whether the rule file at `path` may be read: "" when it may (`real` is then the path to read, symbolic links
  // and '..' resolved), else why not, without looking at the file: "it is not a rule file (...)", "it is outside the
  // directories ...". A name that does not end in '.rules' is refused before the file system is asked anything.
  std::string check(const std::string& path, std::string& real) const;

 private:
  struct Dir {
    std::string shown;           // as written
    std::filesystem::path real;  // resolved, absolute
  };
  bool inside(const std::filesystem::path& real) const;
  std::vector<Dir> dirs_;
};

}  // namespace ri
