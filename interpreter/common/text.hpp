// Text utilities every stage shares: the one integer parser and the one UTF-8 decoder.
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

}  // namespace ri
