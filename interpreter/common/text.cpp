// The integer parser, the UTF-8 decoder and windows of long texts. See text.hpp.
#include "common/text.hpp"

#include <algorithm>
#include <charconv>

namespace ri {

bool parse_whole(std::string_view text, int64_t& out) {
  if (text.empty() || text[0] == '+') return false;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size();
}

bool parse_unsigned(std::string_view text, uint64_t& out) {
  if (text.empty() || text[0] == '+' || text[0] == '-') return false;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size();
}

size_t utf8_length(std::string_view s, size_t i) {
  if (i >= s.size()) return 0;
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[i + k]); };
  unsigned char c = byte(0);
  if (c < 0x80) return 1;
  size_t n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  unsigned char c1 = byte(1);
  if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 > 0x9F) || (c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 > 0x8F))
    return 0;  // overlong, surrogate or beyond U+10FFFF
  for (size_t k = 1; k < n; ++k)
    if ((byte(k) & 0xC0) != 0x80) return 0;
  return n;
}

size_t invalid_utf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    size_t n = s[i] == '\0' ? 0 : utf8_length(s, i);
    if (n == 0) return i;
    i += n;
  }
  return std::string_view::npos;
}

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

namespace {

// The start of the character that contains byte i (a UTF-8 continuation byte belongs to the character before it).
size_t char_start(std::string_view s, size_t i) {
  for (int k = 0; k < 3 && i > 0 && i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80; ++k) --i;
  return i;
}

}  // namespace

Window window_around(std::string_view s, size_t at, size_t width) {
  if (s.size() <= width) return {0, s.size()};
  size_t from = at > width / 2 ? char_start(s, std::min(at, s.size()) - width / 2) : 0;
  size_t to = std::min(s.size(), from + width);
  if (to < s.size()) to = char_start(s, to);
  return {from, to};
}

std::string clip(std::string_view s, size_t at) {
  if (s.size() <= kQuotedBytes) return std::string(s);
  Window w = window_around(s, at, kQuotedBytes);
  std::string out = w.from > 0 ? "..." : "";
  out.append(s.substr(w.from, w.to - w.from));
  if (w.to < s.size()) out += "...";
  return out;
}

}  // namespace ri
