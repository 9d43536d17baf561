// Reading a file's YAML: the text must be UTF-8, the YAML must parse, and the root must be a mapping. yaml-cpp's
// syntax errors are explained in words about the file (the bracket left open, the mapping whose indentation a
// line breaks, a tab in indentation), and a quoted scalar left open at the end of the file is reported.
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>

#include <algorithm>
#include <fmt/format.h>
#include <sstream>

#include "common/text.hpp"
#include "syntax/loader_impl.hpp"

namespace ri {
namespace {

// Records which collections are open while yaml-cpp parses, so a syntax error can name the '[' or '{' left
// open, or the mapping whose indentation a line breaks.
struct OpenCollections : YAML::EventHandler {
  struct Open {
    YAML::Mark mark;
    bool flow;
    bool map;
  };
  std::vector<Open> open;
  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark& m, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value s) override {
    open.push_back({m, s == YAML::EmitterStyle::Flow, false});
  }
  void OnSequenceEnd() override { if (!open.empty()) open.pop_back(); }
  void OnMapStart(const YAML::Mark& m, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value s) override {
    open.push_back({m, s == YAML::EmitterStyle::Flow, true});
  }
  void OnMapEnd() override { if (!open.empty()) open.pop_back(); }
};

// The position just after the last character of content (not a comment) on the lines before `line`, back to
// line `first`: where a missing closing bracket belongs. {0, 0} when there is none.
Pos end_of_content(const SourceFile& f, int first, int line) {
  for (int l = line - 1; l >= first && l >= 1; --l) {
    std::string_view s = f.line(l);
    size_t end = s.size();
    for (size_t i = 0; i < s.size(); ++i)  // a '#' at the start or after white space begins a comment
      if (s[i] == '#' && (i == 0 || s[i - 1] == ' ' || s[i - 1] == '\t')) {
        end = i;
        break;
      }
    while (end > 0 && (s[end - 1] == ' ' || s[end - 1] == '\t')) --end;
    if (end > 0) return {l, static_cast<int>(end) + 1};
  }
  return {};
}

// Where the text stops being UTF-8 (or holds a NUL byte), after a byte-order mark: the offset, or npos.
size_t invalid_text(const std::string& t) {
  size_t bom = t.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  size_t at = invalid_utf8(std::string_view(t).substr(bom));
  return at == std::string_view::npos ? std::string::npos : at + bom;
}

}  // namespace

// Reports a YAML syntax error, in words about the rule file rather than yaml-cpp's parser states.
void Loader::yaml_error(const YAML::ParserException& e) {
  Pos at{e.mark.line + 1, e.mark.column + 1};
  std::string_view line = file_->line(at.line);
  // YAML indents with spaces only; yaml-cpp reports a tab in indentation as whatever it broke
  size_t indent = line.find_first_not_of(" \t");
  size_t tab = line.substr(0, indent).find('\t');
  if (tab != std::string_view::npos) {
    error({at.line, static_cast<int>(tab) + 1}, "invalid YAML: tab character in indentation (indent with spaces)");
    return;
  }
  // the collections open when the parse stopped (yaml-cpp reports the same error again)
  OpenCollections oc;
  try {
    std::istringstream in(file_->text);
    YAML::Parser parser(in);
    while (parser.HandleNextDocument(oc)) {
    }
  } catch (const YAML::Exception&) {
  }
  auto innermost = [&](bool flow, bool map) -> const OpenCollections::Open* {
    for (auto it = oc.open.rbegin(); it != oc.open.rend(); ++it)
      if (it->flow == flow && it->map == map) return &*it;
    return nullptr;
  };
  char here = at.col >= 1 && static_cast<size_t>(at.col) <= line.size() ? line[at.col - 1] : '\0';
  const std::string& m = e.msg;
  if (m == YAML::ErrorMsg::END_OF_SEQ_FLOW || m == YAML::ErrorMsg::END_OF_MAP_FLOW) {
    bool map = m == YAML::ErrorMsg::END_OF_MAP_FLOW;
    char open = map ? '{' : '[', close = map ? '}' : ']';
    if (const auto* o = innermost(true, map)) {
      Pos opener{o->mark.line + 1, o->mark.column + 1};
      // the closing bracket belongs after the last content before the line where parsing broke down (at the end
      // of the file, yaml-cpp's mark may even come before the opener)
      bool before = at.line < opener.line || (at.line == opener.line && at.col < opener.col);
      int stop = before ? static_cast<int>(file_->line_starts.size()) + 1 : at.line;
      if (before || at.line > opener.line)
        if (Pos p = end_of_content(*file_, opener.line, stop); p.line > 0) at = p;
      error(at, fmt::format("invalid YAML: expected '{}' (to close '{}' at line {}, column {})", close, open, opener.line,
                            opener.col));
    } else {
      error(at, fmt::format("invalid YAML: expected '{}'", close));
    }
    return;
  }
  if (m == YAML::ErrorMsg::FLOW_END && (here == ']' || here == '}')) {
    error(at, fmt::format("invalid YAML: unmatched '{}'", here));
    return;
  }
  if (m == YAML::ErrorMsg::END_OF_MAP || m == YAML::ErrorMsg::END_OF_SEQ) {
    bool map = m == YAML::ErrorMsg::END_OF_MAP;
    if (const auto* o = innermost(false, map)) {
      int line1 = o->mark.line + 1, col1 = o->mark.column + 1;
      if (map && here == '-')
        error(at, fmt::format("invalid YAML: a list item where the mapping at line {} expects a key (at column {})", line1,
                              col1));
      else if (map)
        error(at, fmt::format("invalid YAML: bad indentation (the keys of the mapping at line {} are at column {})", line1,
                              col1));
      else
        error(at, fmt::format("invalid YAML: bad indentation (the items of the list at line {} are at column {})", line1,
                              col1));
      return;
    }
  }
  if (m.rfind(YAML::ErrorMsg::INVALID_ESCAPE, 0) == 0) {
    size_t bs = line.substr(0, at.col > 0 ? static_cast<size_t>(at.col) : 0).rfind('\\');
    if (bs != std::string_view::npos && bs + 1 < line.size() && static_cast<unsigned char>(line[bs + 1]) < 0x80) {
      error({at.line, static_cast<int>(bs) + 1},
            fmt::format("invalid YAML: unknown escape '\\{}' in a double-quoted string (write '\\\\' for a backslash, or "
                        "use single quotes)", line[bs + 1]));
      return;
    }
  }
  if (m == YAML::ErrorMsg::MAP_VALUE && here == ':') {
    error(at, "invalid YAML: unexpected ':' (check the indentation, or quote a value that contains ': ')");
    return;
  }
  if (m == YAML::ErrorMsg::BLOCK_ENTRY) {
    error(at, "invalid YAML: a list item cannot start here (check the indentation, or quote a value that starts with '- ')");
    return;
  }
  if (m == YAML::ErrorMsg::UNKNOWN_TOKEN && here != '\0' && static_cast<unsigned char>(here) < 0x80) {
    error(at, fmt::format("invalid YAML: a value cannot start with '{}' (quote it)", here));
    return;
  }
  error(at, fmt::format("invalid YAML: {}", m));
}

// yaml-cpp accepts a quoted scalar left open at the end of the file, taking the rest of the file as its text.
// Such a scalar can only be the document's last one: follow the last entries down to it (not every node: an
// alias shares its anchor's nodes, and a walk through every use can take exponential time). Reports it at its
// opening quote; false when there is one.
bool Loader::quotes_closed(const YAML::Node& root) {
  // (YAML::Node's operator= writes into the node it refers to; reset() makes it refer to another one)
  YAML::Node n;
  n.reset(root);
  for (int depth = 0; depth < 1000 && (n.IsMap() || n.IsSequence()) && n.size() > 0; ++depth) {
    YAML::Node next;
    if (n.IsSequence()) {
      for (auto item : n) next.reset(item);
    } else {
      for (auto it = n.begin(); it != n.end(); ++it)
        next.reset(it->second.IsDefined() && !it->second.IsNull() ? it->second : it->first);
    }
    n.reset(next);
  }
  if (!n.IsDefined() || !n.IsScalar() || n.Mark().is_null() || n.Mark().pos < 0) return true;
  const std::string& t = file_->text;
  size_t p = static_cast<size_t>(n.Mark().pos) + (t.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0);
  while (p < t.size() && (t[p] == '!' || t[p] == '&')) {  // tags and anchors before the scalar
    while (p < t.size() && t[p] != ' ' && t[p] != '\t' && t[p] != '\n') ++p;
    while (p < t.size() && (t[p] == ' ' || t[p] == '\t' || t[p] == '\n' || t[p] == '\r')) ++p;
  }
  if (p >= t.size() || (t[p] != '"' && t[p] != '\'')) return true;
  char q = t[p];
  for (size_t i = p + 1; i < t.size(); ++i) {
    if (q == '"' && t[i] == '\\') ++i;
    else if (q == '\'' && t[i] == '\'' && i + 1 < t.size() && t[i + 1] == '\'') ++i;
    else if (t[i] == q) return true;
  }
  error(pos_of(n), fmt::format("invalid YAML: unterminated string: no closing {} before the end of the file", q));
  return false;
}

// file -> UTF-8 text holding one YAML mapping   (false after reporting why not: see loader_impl.hpp)
bool Loader::load_root(YAML::Node& root, const char* what, const char* holds) {
  if (size_t bad = invalid_text(file_->text); bad != std::string::npos) {
    size_t line_start = file_->text.rfind('\n', bad == 0 ? 0 : bad - 1);
    line_start = line_start == std::string::npos || bad == 0 ? 0 : line_start + 1;
    int line = static_cast<int>(std::count(file_->text.begin(), file_->text.begin() + static_cast<long>(bad), '\n')) + 1;
    unsigned byte = static_cast<unsigned char>(file_->text[bad]);
    error({line, static_cast<int>(bad - line_start) + 1},
          byte == 0 ? fmt::format("the file contains a NUL byte: {} is UTF-8 text", what)
                    : fmt::format("the file is not valid UTF-8 (byte 0x{:02X}): {} is UTF-8 text", byte, what));
    return false;
  }
  try {
    root = YAML::Load(file_->text);
  } catch (const YAML::DeepRecursion& e) {
    error({e.mark.line + 1, e.mark.column + 1}, "invalid YAML: nested too deeply");
    return false;
  } catch (const YAML::ParserException& e) {
    yaml_error(e);
    return false;
  }
  if (!quotes_closed(root)) return false;
  if (!root.IsDefined() || root.IsNull()) {
    error({}, fmt::format("the file has no content: {} is {}", what, holds));
    return false;
  }
  if (!root.IsMap()) {
    error(pos_of(root), fmt::format("the file is {}: {} is {}", kind_name(root), what, holds));
    return false;
  }
  return true;
}

}  // namespace ri
