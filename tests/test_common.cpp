// common/: the one integer parser, the one UTF-8 decoder and the cutting of long values (text.hpp), and the edit
// distance of "did you mean" (suggest.hpp).
#include <catch2/catch.hpp>

#include <string>

#include "common/suggest.hpp"
#include "common/text.hpp"

using namespace ri;

TEST_CASE("parse_whole: ['-'] DIGITS within 64 bits, nothing else") {
  struct Row {
    const char* text;
    bool ok;
    int64_t value;
  };
  const Row rows[] = {
      {"0", true, 0},
      {"42", true, 42},
      {"-7", true, -7},
      {"9223372036854775807", true, INT64_MAX},
      {"-9223372036854775808", true, INT64_MIN},
      {"9223372036854775808", false, 0},
      {"", false, 0},
      {"-", false, 0},
      {"+5", false, 0},
      {" 5", false, 0},
      {"5 ", false, 0},
      {"5x", false, 0},
      {"0x10", false, 0},
      {"1e3", false, 0},
  };
  for (const Row& r : rows) {
    INFO(r.text);
    int64_t v = 0;
    CHECK(parse_whole(r.text, v) == r.ok);
    if (r.ok) CHECK(v == r.value);
  }
  uint64_t u = 0;
  CHECK(parse_unsigned("18446744073709551615", u));
  CHECK(u == UINT64_MAX);
  CHECK_FALSE(parse_unsigned("-1", u));
  CHECK_FALSE(parse_unsigned("18446744073709551616", u));
}

TEST_CASE("utf8_length and invalid_utf8: strict UTF-8") {
  struct Row {
    std::string text;
    size_t first_length;  // utf8_length(text, 0)
    size_t invalid_at;    // invalid_utf8(text)
  };
  const size_t ok = std::string::npos;
  const Row rows[] = {
      {"a", 1, ok},
      {"\xC3\xA9", 2, ok},                 // é
      {"\xE2\x82\xAC", 3, ok},             // €
      {"\xF0\x9F\x82\xA1", 4, ok},         // a playing card
      {"\x80", 0, 0},                      // a stray continuation byte
      {"\xC3", 0, 0},                      // truncated
      {"\xC0\xAF", 0, 0},                  // overlong
      {"\xE0\x80\xAF", 0, 0},              // overlong
      {"\xED\xA0\x80", 0, 0},              // a surrogate
      {"\xF4\x90\x80\x80", 0, 0},          // beyond U+10FFFF
      {std::string("ab\0c", 4), 1, 2},     // a NUL byte
      {"ok \xFF", 1, 3},
  };
  for (const Row& r : rows) {
    INFO(r.text);
    CHECK(utf8_length(r.text, 0) == r.first_length);
    CHECK(invalid_utf8(r.text) == r.invalid_at);
  }
}

TEST_CASE("append_utf8 encodes what utf8_length decodes") {
  for (uint32_t cp : {0x41u, 0xE9u, 0x20ACu, 0x1F0A1u, 0x10FFFFu}) {
    std::string s;
    append_utf8(s, cp);
    INFO(cp);
    CHECK(utf8_length(s, 0) == s.size());
    CHECK(invalid_utf8(s) == std::string::npos);
  }
}

TEST_CASE("clip: a value quoted in a message is cut to 80 bytes, with '...' where it is cut") {
  const std::string x80(80, 'x');
  CHECK(clip("") == "");
  CHECK(clip("Start-R2") == "Start-R2");
  CHECK(clip(x80) == x80);
  CHECK(clip(x80 + "y") == x80 + "...");
  CHECK(clip(std::string(10000000, 'a')) == std::string(80, 'a') + "...");
  // a window around byte `at` (where two texts differ): 40 bytes before it
  std::string digits;
  for (int i = 0; i < 200; ++i) digits += static_cast<char>('0' + i % 10);
  CHECK(clip(digits, 150) == "..." + digits.substr(110, 80) + "...");
  CHECK(clip(digits, 20) == digits.substr(0, 80) + "...");
  CHECK(clip(digits, 199) == "..." + digits.substr(159));
  // never in the middle of a UTF-8 character
  const std::string e_acute = "\xC3\xA9";
  CHECK(clip(std::string(79, 'x') + e_acute + std::string(10, 'y')) == std::string(79, 'x') + "...");
  CHECK(clip(std::string(78, 'x') + e_acute + std::string(10, 'y')) == std::string(78, 'x') + e_acute + "...");
}

TEST_CASE("window_around: the part of a long text shown around a byte") {
  CHECK(window_around("short", 3, 160).from == 0);
  CHECK(window_around("short", 3, 160).to == 5);
  const std::string s(1000, 'x');
  Window w = window_around(s, 500, 160);
  CHECK(w.from == 420);
  CHECK(w.to == 580);
  w = window_around(s, 10, 160);
  CHECK(w.from == 0);
  CHECK(w.to == 160);
}

TEST_CASE("edit_distance: insertions, deletions, changes and swaps of neighbours, in any case") {
  CHECK(edit_distance("roll", "roll") == 0);
  CHECK(edit_distance("rol", "roll") == 1);
  CHECK(edit_distance("roll", "rol") == 1);
  CHECK(edit_distance("teh", "the") == 1);
  CHECK(edit_distance("ROLL", "roll") == 0);
  CHECK(edit_distance("kitten", "sitting") == 3);
  CHECK(edit_distance("", "abc") == 3);
  CHECK(edit_distance(std::string(100, 'a'), std::string(99, 'a') + "b") == 1);  // longer than the rows on the stack
  CHECK(closest_key("efects", {"params", "effects", "requires"}) == "effects");
  CHECK(closest_key("k123456", {"rules", "board", "variables"}) == "");
}
