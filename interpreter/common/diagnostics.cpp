#include "common/diagnostics.hpp"

#include "common/text.hpp"

#include <algorithm>
#include <set>
#include <tuple>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <ostream>

namespace ri {

SourceFile::SourceFile(std::string p, std::string t) : path(std::move(p)), text(std::move(t)) {
  line_starts.push_back(0);
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') line_starts.push_back(i + 1);
}

std::string_view SourceFile::line(int line1) const {
  if (line1 < 1 || static_cast<size_t>(line1) > line_starts.size()) return {};
  size_t b = line_starts[line1 - 1];
  size_t e = text.find('\n', b);
  if (e == std::string::npos) e = text.size();
  if (e > b && text[e - 1] == '\r') --e;
  return std::string_view(text).substr(b, e - b);
}

std::string read_file(const std::string& path, size_t max_bytes, std::string& out) {
  out.clear();
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return "it is a directory";
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::filesystem::exists(path, ec) ? "it cannot be read" : "no such file";
  // read in chunks and stop past the limit (a device such as /dev/zero never ends); a regular file's size is known
  if (auto size = std::filesystem::file_size(path, ec); !ec) out.reserve(std::min<uintmax_t>(size, max_bytes + 1));
  char buf[1 << 16];
  while (in) {
    in.read(buf, sizeof buf);
    out.append(buf, static_cast<size_t>(in.gcount()));
    if (out.size() > max_bytes) {
      out.clear();
      return fmt::format("it is larger than {} MiB", max_bytes >> 20);
    }
  }
  if (in.bad()) return "it cannot be read";
  return "";
}

bool read_source(const std::string& path, size_t max_bytes, std::string& out, Diagnostics& diags) {
  std::string why = read_file(path, max_bytes, out);
  if (why.empty()) return true;
  std::string message = why == "it is a directory"         ? "cannot read the file: it is a directory"
                        : why.rfind("it is larger", 0) == 0 ? "the file" + why.substr(2)
                                                            : "cannot read the file";
  diags.error(std::make_shared<SourceFile>(path, ""), {}, message);
  return false;
}

void Diagnostics::error(std::shared_ptr<const SourceFile> file, Pos pos, std::string message) {
  list_.push_back({std::move(file), pos, std::move(message)});
}

void Diagnostics::error(const SourceFiles& files, Pos pos, std::string message) {
  size_t f = pos.file >= 0 && static_cast<size_t>(pos.file) < files.size() ? static_cast<size_t>(pos.file) : 0;
  error(files.empty() ? nullptr : files[f], pos, std::move(message));
}

namespace {

// The length of the UTF-8 character at s[i], or 0 when the bytes there are not one (or are a control
// character other than a tab).
size_t char_len(std::string_view s, size_t i) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) return (c >= 0x20 && c != 0x7F) || c == '\t' ? 1 : 0;
  return utf8_length(s, i);
}

// Text as a terminal shows it: a byte that is not UTF-8, or a control character, becomes '?', so the output
// stays valid UTF-8 whatever the file holds.
std::string printable(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    size_t n = char_len(s, i);
    if (n == 0) {
      out += '?';
      ++i;
    } else {
      out.append(s.substr(i, n));
      i += n;
    }
  }
  return out;
}

}  // namespace

std::string format_diagnostic(const Diagnostic& d) {
  std::string path = d.file ? d.file->path : std::string("<input>");
  std::string message = printable(d.message);
  if (d.pos.line <= 0) return fmt::format("{}: {}: {}\n", path, severity_name(d.severity), message);
  std::string out =
      fmt::format("{}:{}:{}: {}: {}\n", path, d.pos.line, d.pos.col, severity_name(d.severity), message);
  if (d.file) {
    std::string_view src = d.file->line(d.pos.line);
    size_t col = static_cast<size_t>(std::max(d.pos.col, 1)) - 1;  // the caret's byte offset in the line
    // a long line is shown as a window around the caret
    auto [from, to] = window_around(src, col, 160);
    std::string lead = from > 0 ? "..." : "", trail = to < src.size() ? "..." : "";
    std::string gutter = fmt::format("{:>5}", d.pos.line);
    out += fmt::format("{} | {}{}{}\n", gutter, lead, printable(src.substr(from, to - from)), trail);
    // one pad character per character shown before the caret (a tab stays a tab, so the caret lines up)
    std::string pad(lead.size(), ' ');
    for (size_t i = from; i < col && i < to;) {
      size_t n = char_len(src, i);
      pad += n == 1 && src[i] == '\t' ? '\t' : ' ';
      i += n == 0 ? 1 : n;
    }
    out += fmt::format("{} | {}^\n", std::string(gutter.size(), ' '), pad);
  }
  return out;
}

void Diagnostics::warning(const SourceFiles& files, Pos pos, std::string message) {
  size_t f = pos.file >= 0 && static_cast<size_t>(pos.file) < files.size() ? static_cast<size_t>(pos.file) : 0;
  list_.push_back({files.empty() ? nullptr : files[f], pos, std::move(message), Severity::Warning});
}

size_t Diagnostics::errors() const {
  return static_cast<size_t>(std::count_if(list_.begin(), list_.end(), [](auto& d) { return d.severity == Severity::Error; }));
}

size_t Diagnostics::warnings() const {
  return static_cast<size_t>(
      std::count_if(list_.begin(), list_.end(), [](auto& d) { return d.severity == Severity::Warning; }));
}

void Diagnostics::note(const SourceFiles& files, Pos pos, std::string message) {
  size_t f = pos.line > 0 && pos.file >= 0 && static_cast<size_t>(pos.file) < files.size() ? static_cast<size_t>(pos.file) : 0;
  list_.push_back({files.empty() ? nullptr : files[f], pos, std::move(message), Severity::Note});
}

void Diagnostics::annotate(size_t from, const std::function<std::vector<Diagnostic>(const Diagnostic&)>& notes) {
  if (from >= list_.size()) return;
  std::vector<Diagnostic> out(list_.begin(), list_.begin() + static_cast<std::ptrdiff_t>(from));
  std::vector<Diagnostic> pending;  // the notes of the last error or warning, added after its own
  for (size_t i = from; i < list_.size(); ++i) {
    if (list_[i].severity != Severity::Note) {
      out.insert(out.end(), pending.begin(), pending.end());
      pending = notes(list_[i]);
    }
    out.push_back(std::move(list_[i]));
  }
  out.insert(out.end(), pending.begin(), pending.end());
  list_ = std::move(out);
}

std::vector<std::span<const Diagnostic>> Diagnostics::grouped() const {
  std::vector<std::span<const Diagnostic>> groups;
  for (size_t i = 0; i < list_.size(); ++i) {
    if (groups.empty() || list_[i].severity != Severity::Note) groups.emplace_back(&list_[i], 1);
    else groups.back() = std::span<const Diagnostic>(groups.back().data(), groups.back().size() + 1);
  }
  std::stable_sort(groups.begin(), groups.end(), [](const auto& ga, const auto& gb) {
    const Diagnostic* a = &ga.front();
    const Diagnostic* b = &gb.front();
    if (a->file != b->file) {
      std::string pa = a->file ? a->file->path : "", pb = b->file ? b->file->path : "";
      return pa < pb;
    }
    if (a->pos.line != b->pos.line) return a->pos.line < b->pos.line;
    return a->pos.col < b->pos.col;
  });
  // the same error at the same place, reported again (a YAML alias uses its anchor's node, and its position, many
  // times): shown once, with the notes of its first report
  std::set<std::tuple<std::string_view, int, int, std::string_view>> seen;
  std::erase_if(groups, [&](const auto& g) {
    const Diagnostic& d = g.front();
    return !seen.emplace(d.file ? std::string_view(d.file->path) : std::string_view(), d.pos.line, d.pos.col,
                         std::string_view(d.message))
                .second;
  });
  return groups;
}

std::string Diagnostics::format() const {
  std::string out;
  for (auto group : grouped())
    for (const Diagnostic& d : group) out += format_diagnostic(d);
  return out;
}

void Diagnostics::print(std::ostream& out) const {
  std::string chunk;  // written some 64 KiB at a time (std::cerr is not buffered)
  for (auto group : grouped())
    for (const Diagnostic& d : group) {
      chunk += format_diagnostic(d);
      if (chunk.size() >= (1u << 16)) {
        out << chunk;
        chunk.clear();
      }
    }
  out << chunk;
}

}  // namespace ri
