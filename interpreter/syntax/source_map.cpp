#include "syntax/source_map.hpp"

#include "common/text.hpp"

#include <algorithm>
#include <cctype>

// How it works: the raw scalar text is cut into units (one per raw character, escape sequence or
// line break), each saying what it may contribute to the decoded string. The decoded bytes are
// then matched against the units in order: literal characters must match exactly, escapes must
// match the bytes they decode to, line breaks may become '\n' or a folded ' ' (or vanish), and
// indentation, quotes and folded-away whitespace are skipped. Units are produced one raw line at
// a time, only as far as the decoded string needs, so the cost is proportional to the scalar.

namespace ri {

namespace {

enum class Kind {
  lit,   // a raw character that stands for itself (whitespace may also vanish)
  skip,  // raw text that never reaches the decoded string (quotes, indentation, folded spaces)
  brk,   // a line break: decodes to '\n', to a folded ' ', or to nothing
  esc,   // an escape sequence ('' or a backslash escape) decoding to `out`
};

struct Unit {
  size_t off = 0;  // byte offset of the unit in the file text
  size_t len = 0;  // raw bytes it covers
  Kind kind = Kind::skip;
  std::string out;  // lit: the character itself; esc: the bytes it decodes to
};

// Returns whether c is YAML white space (space or tab).
bool is_white(char c) { return c == ' ' || c == '\t'; }

// Returns the length of the line break at p: 2 for "\r\n", 1 for '\n', 0 for none.
// yaml-cpp does not treat a lone '\r' as a line break, so neither do we.
size_t break_len(std::string_view t, size_t p) {
  if (p < t.size() && t[p] == '\n') return 1;
  if (p + 1 < t.size() && t[p] == '\r' && t[p + 1] == '\n') return 2;
  return 0;
}

// Returns the offset of the line break ending the line that contains p (or t.size()).
size_t line_end(std::string_view t, size_t p) {
  while (p < t.size() && break_len(t, p) == 0) ++p;
  return p;
}

// Returns the number of spaces starting at p, stopping at e.
size_t count_spaces(std::string_view t, size_t p, size_t e) {
  size_t n = 0;
  while (p + n < e && t[p + n] == ' ') ++n;
  return n;
}

// Reads `digits` hex digits at t[p..e) into cp; returns false if they are missing or invalid.
bool read_hex(std::string_view t, size_t p, size_t e, size_t digits, unsigned long& cp) {
  if (p + digits > e) return false;
  cp = 0;
  for (size_t k = 0; k < digits; ++k) {
    char c = t[p + k];
    int v = (c >= '0' && c <= '9') ? c - '0'
            : (c >= 'a' && c <= 'f') ? c - 'a' + 10
            : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                     : -1;
    if (v < 0) return false;
    cp = cp * 16 + static_cast<unsigned long>(v);
  }
  return true;
}

// Decodes the double-quoted escape whose backslash is at t[p] (line ends at e) into out.
// Returns the raw length of the escape, or 0 if it is not a known escape.
size_t decode_escape(std::string_view t, size_t p, size_t e, std::string& out) {
  if (p + 1 >= e) return 0;
  char c = t[p + 1];
  unsigned long cp = 0;
  size_t digits = c == 'x' ? 2 : c == 'u' ? 4 : c == 'U' ? 8 : 0;
  if (digits > 0) {
    if (!read_hex(t, p + 2, e, digits, cp)) return 0;
    append_utf8(out, cp);
    return 2 + digits;
  }
  switch (c) {
    case '0': out.assign(1, '\0'); break;
    case 'a': out = "\a"; break;
    case 'b': out = "\b"; break;
    case 't': case '\t': out = "\t"; break;
    case 'n': out = "\n"; break;
    case 'v': out = "\v"; break;
    case 'f': out = "\f"; break;
    case 'r': out = "\r"; break;
    case 'e': out = "\x1b"; break;
    case ' ': out = " "; break;
    case '"': out = "\""; break;
    case '/': out = "/"; break;
    case '\\': out = "\\"; break;
    case 'N': append_utf8(out, 0x85); break;
    case '_': append_utf8(out, 0xA0); break;
    case 'L': append_utf8(out, 0x2028); break;
    case 'P': append_utf8(out, 0x2029); break;
    default: return 0;
  }
  return 2;
}

// Produces the units of one scalar, a raw line at a time.
struct Scanner {
  std::string_view t;
  size_t p = 0;        // next raw byte to scan
  char style = 0;      // 0 plain, '\'' single, '"' double, '|' literal, '>' folded
  size_t indent = 0;   // block scalars: content indentation
  bool first = true;   // the next line is the scalar's first line
  bool done = false;   // the scalar has ended
  size_t line_cap = std::string_view::npos;  // most raw bytes of one line worth scanning (see align_scalar)

  // Appends a unit to u.
  void add(std::vector<Unit>& u, size_t off, size_t len, Kind kind, std::string out = {}) {
    u.push_back({off, len, kind, std::move(out)});
  }

  // Appends the units of the next raw line; returns false when nothing was appended.
  bool next_line(std::vector<Unit>& u) {
    if (done || p >= t.size()) {
      done = true;
      return false;
    }
    size_t before = u.size();
    if (style == '|' || style == '>')
      block_line(u);
    else
      flow_line(u);
    first = false;
    if (p >= t.size()) done = true;
    return u.size() > before;
  }

  // Appends units for one line of a plain, single- or double-quoted scalar.
  void flow_line(std::vector<Unit>& u) {
    // a long line of a flow collection holds many scalars: scan only as far as this one can reach
    size_t e = line_end(t, p);
    if (line_cap != std::string_view::npos && e - p > line_cap) e = p + line_cap;
    if (!first) {
      for (; p < e && is_white(t[p]); ++p) add(u, p, 1, Kind::skip);  // continuation indent
      if (style == 0 && p < e && t[p] == '#') return stop();
    }
    bool escaped_break = false;
    while (p < e) {
      char c = t[p];
      if (is_white(c)) {
        size_t q = p;
        while (q < e && is_white(t[q])) ++q;
        if (style == 0 && q < e && t[q] == '#') return stop();  // comment ends a plain scalar
        Kind k = q == e ? Kind::skip : Kind::lit;  // trailing white space folds away
        for (; p < q; ++p) add(u, p, 1, k, std::string(1, t[p]));
        continue;
      }
      if (style == '\'' && c == '\'') {
        if (p + 1 < e && t[p + 1] == '\'') {
          add(u, p, 2, Kind::esc, "'");
          p += 2;
          continue;
        }
        return stop();
      }
      if (style == '"' && c == '"') return stop();
      if (style == '"' && c == '\\') {
        if (p + 1 == e) {  // escaped line break: joins the lines with nothing in between
          add(u, p++, 1, Kind::skip);
          escaped_break = true;
          break;
        }
        std::string out;
        size_t n = decode_escape(t, p, e, out);
        if (n == 0) {
          add(u, p++, 1, Kind::skip);
        } else {
          add(u, p, n, Kind::esc, std::move(out));
          p += n;
        }
        continue;
      }
      add(u, p++, 1, Kind::lit, std::string(1, c));
    }
    size_t bl = break_len(t, p);
    if (bl == 0) return stop();
    add(u, p, bl, escaped_break ? Kind::skip : Kind::brk);
    p += bl;
  }

  // Appends units for one line of a block scalar's content.
  void block_line(std::vector<Unit>& u) {
    size_t e = line_end(t, p);
    size_t spaces = count_spaces(t, p, e);
    bool blank = spaces == e - p;
    if (!blank && spaces < indent) return stop();  // a less-indented line ends the scalar
    if (spaces == 0 && e - p >= 3 && (t.substr(p, 3) == "---" || t.substr(p, 3) == "...") &&
        (p + 3 == e || is_white(t[p + 3])))
      return stop();  // document marker
    size_t k = std::min(spaces, indent);
    for (size_t q = 0; q < k; ++q) add(u, p++, 1, Kind::skip);
    for (; p < e; ++p) add(u, p, 1, Kind::lit, std::string(1, t[p]));
    size_t bl = break_len(t, p);
    if (bl == 0) return stop();
    add(u, p, bl, Kind::brk);
    p += bl;
  }

  // Marks the scalar as ended.
  void stop() { done = true; }
};

// Result of aligning decoded bytes to raw text.
struct Alignment {
  std::vector<size_t> offs;  // raw offset of each aligned decoded byte
  size_t end = 0;            // raw offset just after the last aligned byte
};

// Matches decoded bytes to the scanner's units in order, stopping at the first mismatch.
Alignment align(Scanner sc, const std::string& d, size_t start) {
  Alignment a;
  a.end = start;
  std::vector<Unit> u;
  size_t k = 0;
  size_t i = 0;
  while (i < d.size()) {
    if (k == u.size() && !sc.next_line(u)) break;
    const Unit& x = u[k++];
    if (x.kind == Kind::skip) continue;
    if (x.kind == Kind::brk) {
      if (d[i] != '\n' && d[i] != ' ') continue;  // a break that folded away
      a.offs.push_back(x.off);
      a.end = x.off;  // stay on the line the break ends
      ++i;
      continue;
    }
    const std::string& out = x.out;
    if (d.compare(i, out.size(), out) == 0) {
      a.offs.insert(a.offs.end(), out.size(), x.off);
      a.end = x.off + x.len;
      i += out.size();
      continue;
    }
    bool white = std::all_of(out.begin(), out.end(), is_white);
    if (!white) break;  // white space may vanish; anything else is a real mismatch
  }
  return a;
}

// Returns the offset just past a node's properties (tags "!..." and anchors "&...") at p.
size_t skip_properties(std::string_view t, size_t p) {
  while (p < t.size() && (t[p] == '!' || t[p] == '&')) {
    while (p < t.size() && !is_white(t[p]) && break_len(t, p) == 0) ++p;
    while (p < t.size() && (is_white(t[p]) || break_len(t, p) > 0)) ++p;
  }
  return p;
}

// Returns the content indentations worth trying for a block scalar whose content starts at p:
// the one implied by the first non-blank line and the decoded text first, then every smaller one.
std::vector<size_t> block_indents(std::string_view t, size_t p, const std::string& d) {
  size_t lead = 0;
  while (p < t.size()) {
    size_t e = line_end(t, p);
    size_t spaces = count_spaces(t, p, e);
    if (spaces < e - p) {
      lead = spaces;
      break;
    }
    p = e + break_len(t, e);
    if (e == t.size()) break;
  }
  // Leading spaces of the first decoded line with content (they are indentation beyond m).
  size_t dlead = 0;
  size_t r = d.find_first_not_of(" \n");
  if (r != std::string::npos) {
    size_t nl = d.rfind('\n', r);
    dlead = r - (nl == std::string::npos ? 0 : nl + 1);
  }
  std::vector<size_t> out;
  if (dlead <= lead) out.push_back(lead - dlead);
  for (size_t m = lead + 1; m-- > 0;)
    if (out.empty() || out.front() != m) out.push_back(m);
  return out;
}

// Aligns the decoded text against the scalar starting at mark (after properties).
Alignment align_scalar(std::string_view t, size_t mark, const std::string& d) {
  size_t p = skip_properties(t, mark);
  Scanner sc;
  sc.t = t;
  // on one line a byte decodes from at most 10 raw ones (escapes such as \U0001F600)
  sc.line_cap = d.size() * 10 + 256;
  char c = p < t.size() ? t[p] : '\0';
  if (c == '"' || c == '\'') {
    sc.style = c;
    sc.p = p + 1;
    return align(sc, d, p + 1);
  }
  if (c != '|' && c != '>') {
    sc.p = p;
    return align(sc, d, p);
  }
  sc.style = c;
  size_t header_end = p + 1;
  while (header_end < t.size() && (std::isdigit(static_cast<unsigned char>(t[header_end])) ||
                                   t[header_end] == '+' || t[header_end] == '-'))
    ++header_end;
  size_t e = line_end(t, p);
  sc.p = e + break_len(t, e);
  Alignment best;
  best.end = header_end;
  for (size_t m : block_indents(t, sc.p, d)) {
    sc.indent = m;
    Alignment a = align(sc, d, header_end);
    if (a.offs.size() == d.size()) return a;
    if (a.offs.size() > best.offs.size()) best = std::move(a);
  }
  return best;
}

// Converts byte offsets to 1-based positions by binary search in the offsets of the lines' starts.
class PosCursor {
 public:
  PosCursor(std::string_view t, const std::vector<size_t>& line_starts, int16_t file)
      : t_(t), starts_(line_starts), file_(file) {}

  // Returns the 1-based line and byte column of offset off (clamped to the text), in the cursor's file.
  Pos at(size_t off) {
    off = std::min(off, t_.size());
    size_t line = static_cast<size_t>(std::upper_bound(starts_.begin(), starts_.end(), off) - starts_.begin());
    size_t start = line ? starts_[line - 1] : 0;
    return {static_cast<int>(std::max<size_t>(line, 1)), static_cast<int>(off - start) + 1, file_};
  }

 private:
  std::string_view t_;
  const std::vector<size_t>& starts_;
  int16_t file_;
};

// The offsets at which the lines of t start.
std::vector<size_t> line_starts_of(std::string_view t) {
  std::vector<size_t> s{0};
  for (size_t i = 0; i < t.size(); ++i)
    if (t[i] == '\n') s.push_back(i + 1);
  return s;
}

}  // namespace

// Maps every decoded byte of a YAML scalar (and the end of the scalar) to its file position.
std::vector<Pos> map_scalar(std::string_view file_text, size_t mark_pos, const std::string& decoded) {
  return map_scalar(file_text, line_starts_of(file_text), mark_pos, decoded);
}

std::vector<Pos> map_scalar(std::string_view file_text, const std::vector<size_t>& line_starts, size_t mark_pos,
                            const std::string& decoded, int16_t file) {
  // yaml-cpp strips a UTF-8 byte order mark before counting positions.
  size_t bom = file_text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  size_t mark = std::min(mark_pos + bom, file_text.size());
  Alignment a = align_scalar(file_text, mark, decoded);

  // Bytes that did not align get the last position that did.
  size_t last = a.offs.empty() ? mark : a.offs.back();
  size_t end = a.offs.size() == decoded.size() ? a.end : last;
  if (a.offs.empty() && !decoded.empty()) last = end = mark;

  std::vector<Pos> out;
  out.reserve(decoded.size() + 1);
  PosCursor cur(file_text, line_starts, file);
  for (size_t i = 0; i < decoded.size(); ++i) out.push_back(cur.at(i < a.offs.size() ? a.offs[i] : last));
  out.push_back(cur.at(end));
  return out;
}

}  // namespace ri
