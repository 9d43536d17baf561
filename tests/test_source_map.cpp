// Tests for ri::map_scalar: real YAML documents are loaded with yaml-cpp, and positions of
// decoded characters must point back at the same characters in the file text.
#include <catch2/catch.hpp>
#include <yaml-cpp/yaml.h>

#include <cctype>
#include <string>
#include <vector>

#include "syntax/source_map.hpp"

using ri::map_scalar;
using ri::Pos;

namespace {

// Follows a path of map keys / sequence indexes (all digits) from the document root.
YAML::Node find(const YAML::Node& root, const std::vector<std::string>& path) {
  YAML::Node n = root;
  for (const auto& key : path) {
    if (n.IsSequence())
      n = n[std::stoi(key)];
    else
      n = n[key];
  }
  return n;
}

// Returns the file byte at a 1-based position, or '\0' when the position is outside the text.
char char_at(const std::string& text, Pos p) {
  size_t start = 0;
  for (int line = 1; line < p.line; ++line) {
    start = text.find('\n', start);
    if (start == std::string::npos) return '\0';
    ++start;
  }
  size_t off = start + static_cast<size_t>(p.col) - 1;
  return p.col >= 1 && off < text.size() ? text[off] : '\0';
}

// Loads `yaml`, maps the scalar at `path`, and returns the decoded text and its positions.
struct Mapped {
  std::string decoded;
  std::vector<Pos> pos;
};
Mapped load_and_map(const std::string& yaml, const std::vector<std::string>& path) {
  YAML::Node node = find(YAML::Load(yaml), path);
  Mapped m;
  m.decoded = node.as<std::string>();
  m.pos = map_scalar(yaml, static_cast<size_t>(node.Mark().pos), m.decoded);
  return m;
}

struct NeedleCase {
  const char* name;
  std::string yaml;
  std::vector<std::string> path;
  std::string needle;  // unique substring of the decoded scalar, written literally in the file
  int line;            // expected 1-based position of the needle's first byte
  int col;
};

}  // namespace

TEST_CASE("source map: decoded characters point at themselves in the file", "[source_map]") {
  const std::vector<NeedleCase> cases = {
      {"plain", "a: 1\nk: foo + bar\n", {"k"}, "bar", 2, 10},
      {"plain line 2", "k: alpha +\n  beta *\n    gamma\n", {"k"}, "beta", 2, 3},
      {"plain line 3", "k: alpha +\n  beta *\n    gamma\n", {"k"}, "gamma", 3, 5},
      {"plain blank line", "k: one\n\n  two\n", {"k"}, "two", 3, 3},
      {"plain trailing space and comment", "k: x   \n  y # c\n", {"k"}, "y", 2, 3},
      {"plain utf-8 bytes", "k: h\xC3\xA9llo\n  w\xC3\xB6rld\n", {"k"}, "rld", 2, 6},
      {"single quoted", "k: 'it''s a\n   test'\n", {"k"}, "s a", 1, 9},
      {"single quoted line 2", "k: 'it''s a\n   test'\n", {"k"}, "test", 2, 4},
      {"single quoted blank line", "k: 'one\n\n   two'\n", {"k"}, "two", 3, 4},
      {"double quoted escapes", "k: \"a\\tb \\\"q\\\" \\\\ \n   next\\n  line\"\n", {"k"}, "q", 1, 12},
      {"double quoted line 2", "k: \"a\\tb \\\"q\\\" \\\\ \n   next\\n  line\"\n", {"k"}, "next", 2, 4},
      {"double quoted after \\n", "k: \"a\\tb \\\"q\\\" \\\\ \n   next\\n  line\"\n", {"k"}, "line", 2, 12},
      {"double quoted escaped break", "k: \"abc\\\n    def\"\n", {"k"}, "def", 2, 5},
      {"double quoted unicode", "k: \"\\u00e9x \xC3\xA9 y\"\n", {"k"}, "y", 1, 16},
      {"double quoted hex", "k: \"\\x41\\U0001F600 z\"\n", {"k"}, "z", 1, 20},
      {"literal line 3", "k: |\n  line one\n  line two\n\n  line four\n", {"k"}, "two", 3, 8},
      {"literal line 5", "k: |\n  line one\n  line two\n\n  line four\n", {"k"}, "four", 5, 8},
      {"literal more indented", "k: |\n  a\n    b\n  c\n", {"k"}, "b", 3, 5},
      {"literal explicit indent", "k: |-2\n    indented\n  x\n", {"k"}, "indented", 2, 5},
      {"literal explicit indent line 3", "k: |-2\n    indented\n  x\n", {"k"}, "x", 3, 3},
      {"literal with comment header", "k: |+ # note\n  p\n  q\n\n", {"k"}, "q", 3, 3},
      {"folded line 3", "k: >\n  folded\n  text\n\n  para\n    more\n  end\n", {"k"}, "text", 3, 3},
      {"folded paragraph", "k: >\n  folded\n  text\n\n  para\n    more\n  end\n", {"k"}, "para", 5, 3},
      {"folded more indented", "k: >\n  folded\n  text\n\n  para\n    more\n  end\n", {"k"}, "more", 6, 5},
      {"folded last line", "k: >\n  folded\n  text\n\n  para\n    more\n  end\n", {"k"}, "end", 7, 3},
      {"folded keep", "k: >+\n  a\n  b\n\n", {"k"}, "b", 3, 3},
      {"nested block in sequence", "rules:\n  - when: |\n      x > 1 &&\n      y < 2\n", {"rules", "0", "when"}, "y < 2", 4, 7},
      {"nested folded explicit indent", "m:\n  k: >2\n     a\n    b\n", {"m", "k"}, "b", 4, 5},
      {"crlf plain", "k: first\r\n  second\r\n", {"k"}, "second", 2, 3},
      {"crlf literal", "k: |\r\n  a1\r\n  b2\r\n", {"k"}, "b2", 3, 3},
      {"crlf double quoted", "k: \"x\r\n  y\\\r\n  z\"\r\n", {"k"}, "yz", 2, 3},
      {"tag and anchor", "k: !!str &anc 'quoted'\n", {"k"}, "quoted", 1, 16},
      {"alias maps to the anchored node", "a: &x val\nk: *x\n", {"k"}, "val", 1, 7},
      {"flow sequence single quoted", "k: [alpha, 'be ta', \"ga\\tma\"]\n", {"k", "1"}, "be ta", 1, 13},
      {"flow sequence double quoted", "k: [alpha, 'be ta', \"ga\\tma\"]\n", {"k", "2"}, "ma", 1, 26},
      {"flow map multi-line", "k: {a: one\n  two, b: 3}\n", {"k", "a"}, "two", 2, 3},
      {"byte order mark", "\xEF\xBB\xBFk: bom\n", {"k"}, "bom", 1, 7},
  };
  for (const auto& c : cases) {
    CAPTURE(c.name, c.yaml);
    Mapped m = load_and_map(c.yaml, c.path);
    REQUIRE(m.pos.size() == m.decoded.size() + 1);
    size_t at = m.decoded.find(c.needle);
    REQUIRE(at != std::string::npos);
    CHECK(m.pos[at].line == c.line);
    CHECK(m.pos[at].col == c.col);
    for (size_t i = 0; i < c.needle.size(); ++i) {
      CAPTURE(i);
      CHECK(char_at(c.yaml, m.pos[at + i]) == c.needle[i]);
    }
  }
}

TEST_CASE("source map: every non-blank byte maps to itself when there are no escapes", "[source_map]") {
  struct Case {
    std::string yaml;
    std::vector<std::string> path;
  };
  const std::vector<Case> cases = {
      {"k: alpha +\n  beta *\n\n    gamma   \n", {"k"}},
      {"k: 'a b\n  c  d\n\n\n  e'\n", {"k"}},
      {"k: \"a b\n  c  d\n\n  e  \"\n", {"k"}},
      {"k: |\n  a\n   b\n\n  c  \n", {"k"}},
      {"k: |2-\n    a\n   b\n\n  c\n\n", {"k"}},
      {"k: >\n  a\n   b\n  c\n\n  d\n", {"k"}},
      {"k: >-\n\n  first\n  second\n\n\n", {"k"}},
      {"list:\n- >\n  x y\n  z\n- |\n   deep\n    deeper\n", {"list", "0"}},
      {"list:\n- >\n  x y\n  z\n- |\n   deep\n    deeper\n", {"list", "1"}},
      {"k: one\r\n  two\r\n\r\n  three\r\n", {"k"}},
      {"k: >\r\n  one\r\n  two\r\n\r\n   three\r\n", {"k"}},
  };
  for (const auto& c : cases) {
    CAPTURE(c.yaml);
    Mapped m = load_and_map(c.yaml, c.path);
    REQUIRE(m.pos.size() == m.decoded.size() + 1);
    for (size_t i = 0; i < m.decoded.size(); ++i) {
      if (std::isspace(static_cast<unsigned char>(m.decoded[i]))) continue;
      CAPTURE(i, m.decoded[i]);
      CHECK(char_at(c.yaml, m.pos[i]) == m.decoded[i]);
    }
    for (size_t i = 1; i < m.pos.size(); ++i) {
      bool ordered = m.pos[i - 1].line < m.pos[i].line ||
                     (m.pos[i - 1].line == m.pos[i].line && m.pos[i - 1].col <= m.pos[i].col);
      CHECK(ordered);
    }
  }
}

TEST_CASE("source map: end of scalar position", "[source_map]") {
  struct Case {
    std::string yaml;
    int line;
    int col;
  };
  const std::vector<Case> cases = {
      {"k: a + \n", 1, 7},          // just after '+', trailing space is not part of the scalar
      {"k: \"abc\"\n", 1, 8},       // the closing quote
      {"k: \"\"\n", 1, 5},          // empty: still the closing quote
      {"k: 'x''y'\n", 1, 9},        // the closing quote
      {"k: |-\n  abc\n", 2, 6},     // stripped block: after 'c'
      {"k: |\n  a +\n", 2, 6},      // kept final newline: end of that line, not the next line
      {"k: >\n  a\n  b\nz: 1\n", 3, 4},
      {"k: foo\n  bar", 2, 6},      // no final newline in the file
  };
  for (const auto& c : cases) {
    CAPTURE(c.yaml);
    Mapped m = load_and_map(c.yaml, {"k"});
    REQUIRE(m.pos.size() == m.decoded.size() + 1);
    CHECK(m.pos.back().line == c.line);
    CHECK(m.pos.back().col == c.col);
  }
}

TEST_CASE("source map: inconsistent input falls back without crashing", "[source_map]") {
  struct Case {
    std::string text;
    size_t mark;
    std::string decoded;
    std::vector<std::pair<int, int>> expected;  // line, col for every element
  };
  const std::vector<Case> cases = {
      {"k: foo\n", 3, "bar", {{1, 4}, {1, 4}, {1, 4}, {1, 4}}},   // nothing aligns: the mark
      {"k: foo\n", 3, "fox", {{1, 4}, {1, 5}, {1, 5}, {1, 5}}},   // last good position
      {"k: foo\n", 100, "ab", {{2, 1}, {2, 1}, {2, 1}}},          // mark past the end: clamped
      {"", 0, "abc", {{1, 1}, {1, 1}, {1, 1}, {1, 1}}},
      {"", 0, "", {{1, 1}}},
      {"k: \"ab", 3, "abc", {{1, 5}, {1, 6}, {1, 6}, {1, 6}}},    // unterminated quote
      {"k: |\n", 3, "x\n", {{1, 4}, {1, 4}, {1, 4}}},            // block with no content
      {"k: \"\\q\"\n", 3, "q", {{1, 6}, {1, 7}}},                 // unknown escape: backslash skipped
  };
  for (const auto& c : cases) {
    CAPTURE(c.text, c.mark, c.decoded);
    std::vector<Pos> pos = map_scalar(c.text, c.mark, c.decoded);
    REQUIRE(pos.size() == c.expected.size());
    for (size_t i = 0; i < pos.size(); ++i) {
      CAPTURE(i);
      CHECK(pos[i].line == c.expected[i].first);
      CHECK(pos[i].col == c.expected[i].second);
    }
  }
}
