// Diagnostics: one format everywhere, FILE:LINE:COL: error: message, then the source line and a caret.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ri {

// A 1-based position in a source file. line == 0 means "no position known". `file` says which file: an index
// into the file table of the rule file being read (SourceFiles: [0] = the rule file named on the command line,
// then the bases it extends, then the standard library's files).
struct Pos {
  int line = 0;
  int col = 0;
  int16_t file = 0;
};

// The text of one source file, kept so diagnostics can quote the offending line.
struct SourceFile {
  std::string path;
  std::string text;
  std::vector<size_t> line_starts;  // byte offset of each line's first character

  SourceFile(std::string path, std::string text);
  std::string_view line(int line1) const;  // 1-based; empty when out of range
};

// The files that positions refer to, by Pos::file.
using SourceFiles = std::vector<std::shared_ptr<const SourceFile>>;

// How serious a diagnostic is: an error fails the command; a warning does not (only `check --werror` fails on one); a
// note says more about the error or warning before it.
enum class Severity : uint8_t { Error, Note, Warning };

// How a diagnostic writes its severity: "error", "note", "warning".
inline const char* severity_name(Severity s) {
  return s == Severity::Note ? "note" : s == Severity::Warning ? "warning" : "error";
}

struct Diagnostic {
  std::shared_ptr<const SourceFile> file;
  Pos pos;
  std::string message;
  Severity severity = Severity::Error;
  std::string code{};  // a stable name of the kind of problem, for tools; empty: none (no diagnostic has one yet)
};

// Collects every problem instead of stopping at the first one. Each note comes after the error it belongs to.
class Diagnostics {
 public:
  void error(std::shared_ptr<const SourceFile> file, Pos pos, std::string message);
  // in the file that pos.file names in `files`
  void error(const SourceFiles& files, Pos pos, std::string message);
  // a problem that does not fail the command, in the file that pos.file names in `files`
  void warning(const SourceFiles& files, Pos pos, std::string message);
  // more about the error or warning before it (a position without a line: the rule file, files[0])
  void note(const SourceFiles& files, Pos pos, std::string message);
  // Adds, after each error and warning reported from index `from` on (and after its own notes), the notes
  // `notes` gives for it.
  void annotate(size_t from, const std::function<std::vector<Diagnostic>(const Diagnostic&)>& notes);
  bool empty() const { return list_.empty(); }
  size_t size() const { return list_.size(); }
  // how many errors, how many warnings (notes not counted)
  size_t errors() const;
  size_t warnings() const;
  // in the order reported: each error followed by its notes
  const std::vector<Diagnostic>& all() const { return list_; }
  // Each error or warning with its notes (a group of all(): the error first), sorted by the error's file, then position (none
  // first); an error reported again at the same place with the same message only once. The spans point into all(): valid while this Diagnostics lives unchanged.
  std::vector<std::span<const Diagnostic>> grouped() const;
  // Every diagnostic, formatted (format_diagnostic): the groups in grouped()'s order.
  std::string format() const;
  // The same, written to `out` one diagnostic at a time (many diagnostics never make one huge string).
  void print(std::ostream& out) const;

 private:
  std::vector<Diagnostic> list_;
};

// The largest rule file read.
constexpr size_t kMaxSourceBytes = 16u << 20;

// Reads a whole file of at most max_bytes into `out`; reports why not (missing, a directory, too large).
bool read_source(const std::string& path, size_t max_bytes, std::string& out, Diagnostics& diags);

// The same without reporting: "" when it was read, else why not ("no such file", "it is a directory", "it is
// larger than 16 MiB", "it cannot be read").
std::string read_file(const std::string& path, size_t max_bytes, std::string& out);

// FILE:LINE:COL: error: message\n  LINE | source\n       |   ^\n (warning: or note: for those)
std::string format_diagnostic(const Diagnostic& d);

}  // namespace ri
