#include "syntax/source_map.hpp"

#include "common/text.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>

// How it works: the raw scalar text is cut into units (one per raw character, escape sequence or
// line break), each saying what it may contribute to the decoded string. The decoded bytes are
// then matched against the units in order: literal characters must match exactly, escapes must
// match the bytes they decode to, line breaks may become '\n' or a folded ' ' (or vanish), and
// indentation, quotes and folded-away whitespace are skipped. The scanner makes one unit at a time,
// only as far as the decoded string needs, so the cost is proportional to the scalar and the memory
// to the runs of positions kept (PosMap), whatever the length of its lines.

namespace ri {

namespace {

enum class Kind {
  lit,   // a raw character that stands for itself (whitespace may also vanish)
  brk,   // a line break: decodes to '\n', to a folded ' ', or to nothing
  esc,   // an escape sequence ('' or a backslash escape) decoding to `out`
};

struct Unit {
  size_t off = 0;  // byte offset of the unit in the file text
  size_t len = 0;  // raw bytes it covers
  Kind kind = Kind::lit;
  uint8_t n = 0;   // bytes in out
  char out[4]{};   // lit: the character itself; esc: the bytes it decodes to (at most 4: one UTF-8 character)

  std::string_view decoded() const { return {out, n}; }
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

// Returns the offset of the line break ending the line that contains p (or t.size()), looking at most `cap`
// bytes ahead (then p + cap).
size_t line_end(std::string_view t, size_t p, size_t cap = std::string_view::npos) {
  size_t stop = cap < t.size() - std::min(p, t.size()) ? p + cap : t.size();
  while (p < stop && break_len(t, p) == 0) ++p;
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

// Produces the units of one scalar, one at a time.
struct Scanner {
  std::string_view t;
  size_t p = 0;        // next raw byte to scan
  char style = 0;      // 0 plain, '\'' single, '"' double, '|' literal, '>' folded
  size_t indent = 0;   // block scalars: content indentation
  bool first = true;   // the next line is the scalar's first line
  bool done = false;   // the scalar has ended
  size_t line_cap = std::string_view::npos;  // most raw bytes of one line worth scanning (see align_scalar)
  // the line being scanned
  bool in_line = false;
  size_t e = 0;                // where its content ends (its line break, or the cap)
  size_t skip_end = 0;         // the indentation skipped at its start ends here
  size_t white_end = 0;        // a run of white space that stays in the decoded text ends here
  bool escaped_break = false;  // it ends with a backslash: the break joins the lines with nothing in between

  // Makes the next unit; false when the scalar has ended.
  bool next(Unit& u) {
    while (!done) {
      if (!in_line && !start_line()) break;
      if (p < skip_end) p = skip_end;  // indentation never reaches the decoded text
      bool block = style == '|' || style == '>';
      if (p < e && (block || p < white_end)) return lit(u);
      if (p < e) {
        int r = flow_unit(u);
        if (r > 0) return true;
        if (r < 0) break;
        if (p < e) continue;
      }
      // the end of the line: its break, or the end of the scalar
      in_line = false;
      size_t bl = break_len(t, p);
      if (bl == 0) break;
      size_t at = p;
      p += bl;
      if (escaped_break) continue;
      u = {at, bl, Kind::brk};
      return true;
    }
    done = true;
    return false;
  }

  // Starts the next raw line: false when the scalar ends before it.
  bool start_line() {
    if (p >= t.size()) return false;
    e = line_end(t, p, line_cap);  // a long line of a flow collection holds many scalars: scan only as far as this one can reach
    skip_end = white_end = p;
    escaped_break = false;
    in_line = true;
    bool was_first = first;
    first = false;
    if (style == '|' || style == '>') {
      size_t spaces = count_spaces(t, p, e);
      bool blank = spaces == e - p;
      if (!blank && spaces < indent) return false;  // a less-indented line ends the scalar
      if (spaces == 0 && e - p >= 3 && (t.substr(p, 3) == "---" || t.substr(p, 3) == "...") &&
          (p + 3 == e || is_white(t[p + 3])))
        return false;  // document marker
      skip_end = p + std::min(spaces, indent);
      return true;
    }
    if (!was_first) {
      while (skip_end < e && is_white(t[skip_end])) ++skip_end;  // continuation indent
      if (style == 0 && skip_end < e && t[skip_end] == '#') return false;
    }
    return true;
  }

  // The raw character at p, standing for itself.
  bool lit(Unit& u) {
    u = {p, 1, Kind::lit, 1, {t[p]}};
    ++p;
    return true;
  }

  // The next unit of a flow scalar's line at p (< e): 1 when made, 0 when p moved on without one, -1 when the
  // scalar ends here.
  int flow_unit(Unit& u) {
    char c = t[p];
    if (is_white(c)) {
      size_t q = p;
      while (q < e && is_white(t[q])) ++q;
      if (style == 0 && q < e && t[q] == '#') return -1;  // comment ends a plain scalar
      if (q == e) p = q;  // trailing white space folds away
      else white_end = q;
      return 0;
    }
    if (style == '\'' && c == '\'') {
      if (p + 1 < e && t[p + 1] == '\'') {
        u = {p, 2, Kind::esc, 1, {'\''}};
        p += 2;
        return 1;
      }
      return -1;
    }
    if (style == '"' && c == '"') return -1;
    if (style == '"' && c == '\\') {
      if (p + 1 == e) {  // escaped line break: joins the lines with nothing in between
        ++p;
        escaped_break = true;
        return 0;
      }
      std::string out;
      size_t n = decode_escape(t, p, e, out);
      if (n == 0 || out.size() > sizeof u.out) {  // unknown: the backslash is skipped
        ++p;
        return 0;
      }
      u = {p, n, Kind::esc, static_cast<uint8_t>(out.size()), {}};
      std::copy(out.begin(), out.end(), u.out);
      p += n;
      return 1;
    }
    lit(u);
    return 1;
  }
};

// Converts byte offsets to 1-based positions by binary search in the offsets of the lines' starts (the line of the
// offset before is tried first: offsets mostly come in order).
class PosCursor {
 public:
  PosCursor(std::string_view t, const std::vector<size_t>& line_starts, int16_t file)
      : t_(t), starts_(line_starts), file_(file) {}

  // Returns the 1-based line and byte column of offset off (clamped to the text), in the cursor's file.
  Pos at(size_t off) {
    off = std::min(off, t_.size());
    bool same = line_ > 0 && starts_[line_ - 1] <= off && (line_ == starts_.size() || off < starts_[line_]);
    if (!same) line_ = static_cast<size_t>(std::upper_bound(starts_.begin(), starts_.end(), off) - starts_.begin());
    size_t start = line_ ? starts_[line_ - 1] : 0;
    return {static_cast<int>(std::max<size_t>(line_, 1)), static_cast<int>(off - start) + 1, file_};
  }

 private:
  std::string_view t_;
  const std::vector<size_t>& starts_;
  int16_t file_;
  size_t line_ = 0;  // the line of the last offset (1-based), 0 before the first
};

// Result of aligning decoded bytes to raw text.
struct Alignment {
  PosMap map;        // the position of each aligned decoded byte
  size_t count = 0;  // how many decoded bytes aligned (map.size())
  size_t last = 0;   // raw offset of the last aligned byte
  size_t end = 0;    // raw offset just after the last aligned byte
};

// Matches decoded bytes to the scanner's units in order, stopping at the first mismatch.
Alignment align(Scanner sc, const std::string& d, size_t start, PosCursor cur) {
  Alignment a;
  a.end = start;
  auto aligned = [&](size_t off, size_t n) {
    Pos p = cur.at(off);
    for (size_t k = 0; k < n; ++k) a.map.push_back(p);
    a.count += n;
    a.last = off;
  };
  size_t i = 0;
  Unit x;
  while (i < d.size()) {
    if (!sc.next(x)) break;
    if (x.kind == Kind::brk) {
      if (d[i] != '\n' && d[i] != ' ') continue;  // a break that folded away
      aligned(x.off, 1);
      a.end = x.off;  // stay on the line the break ends
      ++i;
      continue;
    }
    std::string_view out = x.decoded();
    if (d.compare(i, out.size(), out) == 0) {
      aligned(x.off, out.size());
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
Alignment align_scalar(std::string_view t, size_t mark, const std::string& d, const PosCursor& cur) {
  size_t p = skip_properties(t, mark);
  Scanner sc;
  sc.t = t;
  // on one line a byte decodes from at most 10 raw ones (escapes such as \U0001F600)
  sc.line_cap = d.size() * 10 + 256;
  char c = p < t.size() ? t[p] : '\0';
  if (c == '"' || c == '\'') {
    sc.style = c;
    sc.p = p + 1;
    return align(sc, d, p + 1, cur);
  }
  if (c != '|' && c != '>') {
    sc.p = p;
    return align(sc, d, p, cur);
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
    Alignment a = align(sc, d, header_end, cur);
    if (a.count == d.size()) return a;
    if (a.count > best.count) best = std::move(a);
  }
  return best;
}

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
  std::vector<size_t> starts = line_starts_of(file_text);
  PosMap runs = map_scalar(file_text, starts, mark_pos, decoded);
  std::vector<Pos> out;
  for (size_t i = 0; i < runs.size(); ++i) out.push_back(runs[i]);
  return out;
}

PosMap map_scalar(std::string_view file_text, const std::vector<size_t>& line_starts, size_t mark_pos,
                  const std::string& decoded, int16_t file) {
  // yaml-cpp strips a UTF-8 byte order mark before counting positions.
  size_t bom = file_text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  size_t mark = std::min(mark_pos + bom, file_text.size());
  PosCursor cur(file_text, line_starts, file);
  Alignment a = align_scalar(file_text, mark, decoded, cur);

  // Bytes that did not align get the last position that did.
  size_t last = a.count == 0 ? mark : a.last;
  size_t end = a.count == decoded.size() ? a.end : last;
  if (a.count == 0 && !decoded.empty()) last = end = mark;

  PosMap out = std::move(a.map);
  if (out.size() < decoded.size()) {
    Pos p = cur.at(last);
    for (size_t i = out.size(); i < decoded.size(); ++i) out.push_back(p);
  }
  out.push_back(cur.at(end));
  return out;
}

}  // namespace ri
