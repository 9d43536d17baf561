// Diagnostics as JSON and as GitHub workflow commands. See diagnostic_formats.hpp.
#include "common/diagnostic_formats.hpp"

#include <fmt/format.h>

namespace ri {

std::optional<DiagnosticFormat> diagnostic_format(std::string_view name) {
  if (name == "gcc") return DiagnosticFormat::Gcc;
  if (name == "json") return DiagnosticFormat::Json;
  if (name == "github") return DiagnosticFormat::Github;
  return std::nullopt;
}

namespace {

// The length of the well-formed UTF-8 sequence at s[i] (Unicode, table 3-7), or 0 when there is none.
size_t utf8_len(std::string_view s, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = byte(i);
  if (c < 0x80) return 1;
  size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the range of the second byte
  if (c >= 0xC2 && c <= 0xDF) n = 2;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
  if (n == 0 || i + n > s.size() || byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (size_t k = 2; k < n; ++k)
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  return n;
}

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// A diagnostic's position as JSON: "line": L, "column": C (null, null without one).
std::string json_position(const Diagnostic& d) {
  if (d.pos.line <= 0) return R"("line": null, "column": null)";
  return fmt::format(R"("line": {}, "column": {})", d.pos.line, d.pos.col);
}

std::string json_file(const Diagnostic& d) { return d.file ? json_string(d.file->path) : "null"; }

}  // namespace

std::string diagnostic_json(std::span<const Diagnostic> group) {
  const Diagnostic& d = group.front();
  std::string notes;
  for (const Diagnostic& n : group.subspan(1))
    notes += fmt::format(R"({}{{"file": {}, {}, "message": {}}})", notes.empty() ? "" : ", ", json_file(n),
                         json_position(n), json_string(n.message));
  return fmt::format(R"({{"file": {}, {}, "severity": "{}", "code": {}, "message": {}, "notes": [{}]}})", json_file(d),
                     json_position(d), severity_name(d.severity), d.code.empty() ? "null" : json_string(d.code),
                     json_string(d.message), notes);
}

namespace {

// A diagnostic's place, as format_diagnostic's first line starts: FILE:LINE:COL, FILE, or <input>.
std::string place(const Diagnostic& d) {
  std::string path = d.file ? d.file->path : std::string("<input>");
  return d.pos.line > 0 ? fmt::format("{}:{}:{}", path, d.pos.line, d.pos.col) : path;
}

}  // namespace

std::string valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    size_t n = utf8_len(text, i);
    if (n == 0) {
      out += kReplacement;
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  return out;
}

std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (char c : valid_utf8(text)) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
        else out += c;
    }
  }
  return out + "\"";
}

std::string github_data(std::string_view text) {
  std::string out;
  for (char c : valid_utf8(text)) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else out += c;
  }
  return out;
}

std::string github_property(std::string_view text) {
  std::string out;
  for (char c : github_data(text)) {
    if (c == ':') out += "%3A";
    else if (c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

std::string diagnostics_json(const std::vector<Diagnostics>& checks) {
  std::string items;
  for (const Diagnostics& diags : checks)
    for (auto group : diags.grouped()) items += (items.empty() ? "\n  " : ",\n  ") + diagnostic_json(group);
  return "{\"diagnostics\": [" + items + (items.empty() ? "" : "\n") + "]}\n";
}

std::string diagnostics_github(const Diagnostics& diags) {
  std::string out;
  for (auto group : diags.grouped()) {
    const Diagnostic& d = group.front();
    std::string props;
    if (d.file) props += "file=" + github_property(d.file->path);
    if (d.pos.line > 0)
      props += fmt::format("{}line={},col={}", props.empty() ? "" : ",", d.pos.line, d.pos.col);
    std::string message = d.message;
    for (const Diagnostic& n : group.subspan(1)) message += "\n" + place(n) + ": note: " + n.message;
    out += fmt::format("::{}{}::{}\n", d.severity == Severity::Note ? "notice" : severity_name(d.severity),
                       props.empty() ? "" : " " + props, github_data(message));
  }
  return out;
}

}  // namespace ri
