#include "diagnostics.hpp"

#include <algorithm>
#include <fmt/format.h>

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

void Diagnostics::error(std::shared_ptr<const SourceFile> file, Pos pos, std::string message) {
  list_.push_back({std::move(file), pos, std::move(message)});
}

std::string format_diagnostic(const Diagnostic& d) {
  std::string path = d.file ? d.file->path : std::string("<input>");
  if (d.pos.line <= 0) return fmt::format("{}: error: {}\n", path, d.message);
  std::string out = fmt::format("{}:{}:{}: error: {}\n", path, d.pos.line, d.pos.col, d.message);
  if (d.file) {
    std::string_view src = d.file->line(d.pos.line);
    std::string gutter = fmt::format("{:>5}", d.pos.line);
    out += fmt::format("{} | {}\n", gutter, src);
    std::string pad;
    for (int i = 1; i < d.pos.col && static_cast<size_t>(i - 1) < src.size(); ++i)
      pad += src[i - 1] == '\t' ? '\t' : ' ';
    out += fmt::format("{} | {}^\n", std::string(gutter.size(), ' '), pad);
  }
  return out;
}

std::string Diagnostics::format() const {
  std::vector<const Diagnostic*> sorted;
  for (auto& d : list_) sorted.push_back(&d);
  std::stable_sort(sorted.begin(), sorted.end(), [](const Diagnostic* a, const Diagnostic* b) {
    if (a->file != b->file) {
      std::string pa = a->file ? a->file->path : "", pb = b->file ? b->file->path : "";
      return pa < pb;
    }
    if (a->pos.line != b->pos.line) return a->pos.line < b->pos.line;
    return a->pos.col < b->pos.col;
  });
  std::string out;
  for (auto* d : sorted) out += format_diagnostic(*d);
  return out;
}

}  // namespace ri
