// Text utilities every stage shares: the one integer parser, the one UTF-8 decoder, and how a long text is cut to
// a window (a diagnostic's source line, a value quoted in a message).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ri {

// whole -> ['-'] DIGITS   (decimal, nothing before or after: no '+', no spaces)
// True when `text` is one within 64 bits (stored in `out`); false otherwise (also when it is out of range).
bool parse_whole(std::string_view text, int64_t& out);
// unsigned -> DIGITS   within 64 bits
bool parse_unsigned(std::string_view text, uint64_t& out);

// The length of the valid UTF-8 character that starts at s[i] (1 to 4), or 0 when the bytes there are not one:
// a stray continuation byte, a truncated sequence, an overlong form, a surrogate, or beyond U+10FFFF.
size_t utf8_length(std::string_view s, size_t i);

// Where `s` stops being UTF-8 or holds a NUL byte: the offset, or npos when it is all valid.
size_t invalid_utf8(std::string_view s);

// Appends code point `cp` (at most U+10FFFF) encoded as UTF-8.
void append_utf8(std::string& out, uint32_t cp);

// The part of `s` shown when at most `width` bytes fit: all of it when it fits, else `width` bytes (fewer where a
// cut would split a UTF-8 character) starting `width / 2` bytes before byte `at`, or at the start when `at` is
// nearer to it. [from, to) are byte offsets into `s`.
struct Window {
  size_t from = 0, to = 0;
};
Window window_around(std::string_view s, size_t at, size_t width);

// How many bytes of a value a message quotes (spec/errors.md, section 1).
constexpr size_t kQuotedBytes = 80;

// A value from the input (a move, a key, a setting, a line of a board) as a message quotes it, between the quotes
// of '{}': itself when at most kQuotedBytes bytes long, else a window of that many bytes with "..." where it is
// cut: its start, or with `at` the part around byte `at` (where two texts differ). A message about a huge input
// stays short.
std::string clip(std::string_view s, size_t at = 0);

}  // namespace ri
