// Diagnostics for tools (common/diagnostic_formats.hpp): the escaping of JSON strings and of GitHub workflow
// commands, and whole documents of errors with their notes.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "common/diagnostic_formats.hpp"

using namespace ri;

namespace {

struct Case {
  std::string input;
  std::string expected;
};

}  // namespace

TEST_CASE("diagnostic formats: names", "[diagnostic_formats]") {
  CHECK(diagnostic_format("gcc") == DiagnosticFormat::Gcc);
  CHECK(diagnostic_format("json") == DiagnosticFormat::Json);
  CHECK(diagnostic_format("github") == DiagnosticFormat::Github);
  CHECK_FALSE(diagnostic_format("JSON"));
  CHECK_FALSE(diagnostic_format(""));
}

TEST_CASE("diagnostic formats: invalid UTF-8 becomes U+FFFD", "[diagnostic_formats]") {
  const std::string R = "\xEF\xBF\xBD";
  const std::vector<Case> cases = {
      {"", ""},
      {"plain", "plain"},
      {"caf\xC3\xA9", "caf\xC3\xA9"},                          // 2 bytes
      {"\xE2\x82\xAC", "\xE2\x82\xAC"},                        // 3 bytes (euro sign)
      {"\xF0\x9F\x82\xA1", "\xF0\x9F\x82\xA1"},                // 4 bytes (a playing card)
      {"\xEF\xBF\xBD", "\xEF\xBF\xBD"},                        // U+FFFD itself
      {"a\xFF" "b", "a" + R + "b"},                            // a byte that never starts a character
      {"\x80", R},                                             // a continuation byte alone
      {"\xC3", R},                                             // cut short at the end
      {"\xC3" "a", R + "a"},                                   // cut short by an ASCII byte
      {"\xE2\x82", R + R},                                     // cut short: each byte replaced
      {"\xC0\xAF", R + R},                                     // overlong '/'
      {"\xE0\x80\xAF", R + R + R},                             // overlong, 3 bytes
      {"\xED\xA0\x80", R + R + R},                             // a surrogate (U+D800)
      {"\xF4\x90\x80\x80", R + R + R + R},                     // beyond U+10FFFF
      {std::string("a\0b", 3), std::string("a\0b", 3)},        // NUL is valid UTF-8
  };
  for (const Case& c : cases) {
    CAPTURE(c.input);
    CHECK(valid_utf8(c.input) == c.expected);
  }
}

TEST_CASE("diagnostic formats: JSON strings", "[diagnostic_formats]") {
  const std::vector<Case> cases = {
      {"", R"("")"},
      {"undeclared name 'Z'", R"("undeclared name 'Z'")"},
      {"say \"hi\"", R"("say \"hi\"")"},
      {"a\\b", R"("a\\b")"},
      {"line\nnext", R"("line\nnext")"},
      {"\t\r\b\f", R"("\t\r\b\f")"},
      {std::string("\0", 1), R"("\u0000")"},
      {"\x01\x1F", R"("\u0001\u001f")"},
      {"\x7F", "\"\x7F\""},                                  // DEL needs no escape
      {"/", R"("/")"},                                       // nor does a slash
      {"caf\xC3\xA9", "\"caf\xC3\xA9\""},
      {"bad \xFF byte", "\"bad \xEF\xBF\xBD byte\""},
      {"\xC3\"", "\"\xEF\xBF\xBD\\\"\""},                    // a cut sequence does not swallow the quote
  };
  for (const Case& c : cases) {
    CAPTURE(c.input);
    CHECK(json_string(c.input) == c.expected);
  }
}

TEST_CASE("diagnostic formats: GitHub workflow command data and properties", "[diagnostic_formats]") {
  struct GithubCase {
    std::string input, data, property;
  };
  const std::vector<GithubCase> cases = {
      {"plain text", "plain text", "plain text"},
      {"100%", "100%25", "100%25"},
      {"%0A", "%250A", "%250A"},  // an escape in the text is not one
      {"one\ntwo", "one%0Atwo", "one%0Atwo"},
      {"one\r\ntwo", "one%0D%0Atwo", "one%0D%0Atwo"},
      {"a:b,c", "a:b,c", "a%3Ab%2Cc"},
      {"rules/x y.rules", "rules/x y.rules", "rules/x y.rules"},
      {"C:\\rules,1.rules", "C:\\rules,1.rules", "C%3A\\rules%2C1.rules"},
      {"::error::", "::error::", "%3A%3Aerror%3A%3A"},
      {"\xFF", "\xEF\xBF\xBD", "\xEF\xBF\xBD"},
  };
  for (const GithubCase& c : cases) {
    CAPTURE(c.input);
    CHECK(github_data(c.input) == c.data);
    CHECK(github_property(c.input) == c.property);
  }
}

namespace {

// Diagnostics of the rule file "r.rules" (and of "base.rules"): two errors reported out of order, the second with
// two notes, and an error without a position.
std::vector<Diagnostics> sample() {
  SourceFiles files = {std::make_shared<SourceFile>("r.rules", "a\nb\nc\n"),
                       std::make_shared<SourceFile>("base.rules", "x\n")};
  Diagnostics d;
  d.error(files, Pos{3, 2, 0}, "undeclared name 'Z'");
  d.error(files, Pos{1, 5, 0}, "expected \"then\"");
  d.note(files, Pos{1, 1, 1}, "called from here");
  d.note(files, Pos{}, "50% of it");
  Diagnostics missing;
  missing.error(std::make_shared<SourceFile>("missing, 1.rules", ""), Pos{}, "cannot read the file");
  std::vector<Diagnostics> all;
  all.push_back(d);
  all.push_back(missing);
  return all;
}

}  // namespace

TEST_CASE("diagnostic formats: grouped() keeps each error's notes after it, sorted by position", "[diagnostic_formats]") {
  auto all = sample();
  auto groups = all[0].grouped();
  REQUIRE(groups.size() == 2);
  CHECK(groups[0].front().message == "expected \"then\"");
  REQUIRE(groups[0].size() == 3);
  CHECK(groups[0][1].message == "called from here");
  CHECK(groups[0][2].message == "50% of it");
  CHECK(groups[1].size() == 1);
  CHECK(groups[1].front().message == "undeclared name 'Z'");
}

TEST_CASE("diagnostic formats: grouped() shows an error reported again at the same place once", "[diagnostic_formats]") {
  auto file = std::make_shared<SourceFile>("t.rules", "a: 1\nb: 2\n");
  SourceFiles files{file};
  Diagnostics d;
  d.error(files, {2, 1}, "same");
  d.note(files, {1, 1}, "first note");
  d.error(files, {2, 1}, "other");
  d.error(files, {2, 1}, "same");  // again: dropped with its note
  d.note(files, {1, 1}, "second note");
  d.error(files, {1, 1}, "same");  // elsewhere: kept
  auto groups = d.grouped();
  REQUIRE(groups.size() == 3);
  CHECK(groups[0].front().pos.line == 1);
  CHECK(groups[1].front().message == "same");
  REQUIRE(groups[1].size() == 2);
  CHECK(groups[1][1].message == "first note");
  CHECK(groups[2].front().message == "other");
  CHECK(d.size() == 6);  // all() keeps every report
}

TEST_CASE("diagnostic formats: a JSON document", "[diagnostic_formats]") {
  CHECK(diagnostics_json({}) == "{\"diagnostics\": []}\n");
  CHECK(diagnostics_json({Diagnostics{}}) == "{\"diagnostics\": []}\n");
  CHECK(diagnostics_json(sample()) ==
        "{\"diagnostics\": [\n"
        R"(  {"file": "r.rules", "line": 1, "column": 5, "severity": "error", "code": null, )"
        R"("message": "expected \"then\"", "notes": [)"
        R"({"file": "base.rules", "line": 1, "column": 1, "message": "called from here"}, )"
        R"({"file": "r.rules", "line": null, "column": null, "message": "50% of it"}]},)"
        "\n"
        R"(  {"file": "r.rules", "line": 3, "column": 2, "severity": "error", "code": null, )"
        R"("message": "undeclared name 'Z'", "notes": []},)"
        "\n"
        R"(  {"file": "missing, 1.rules", "line": null, "column": null, "severity": "error", "code": null, )"
        R"("message": "cannot read the file", "notes": []})"
        "\n]}\n");
}

TEST_CASE("diagnostic formats: one JSON diagnostic, with a code", "[diagnostic_formats]") {
  auto file = std::make_shared<SourceFile>("dir\\r \"1\".rules", "");
  std::vector<Diagnostic> group = {Diagnostic{file, Pos{2, 7, 0}, "bad\tthing", Severity::Error, "E042"},
                                   Diagnostic{nullptr, Pos{}, "no place", Severity::Note}};
  CHECK(diagnostic_json(group) ==
        R"({"file": "dir\\r \"1\".rules", "line": 2, "column": 7, "severity": "error", "code": "E042", )"
        R"("message": "bad\tthing", "notes": [{"file": null, "line": null, "column": null, "message": "no place"}]})");
}

// (without a position, the error sorts first)
TEST_CASE("diagnostic formats: JSON without files, and a note on its own", "[diagnostic_formats]") {
  Diagnostics d;
  d.note(SourceFiles{}, Pos{2, 3, 0}, "a note first");
  d.error(nullptr, Pos{}, "no file");
  std::vector<Diagnostics> all{d};
  CHECK(diagnostics_json(all) ==
        "{\"diagnostics\": [\n"
        R"(  {"file": null, "line": null, "column": null, "severity": "error", "code": null, "message": "no file", )"
        R"("notes": []},)"
        "\n"
        R"(  {"file": null, "line": 2, "column": 3, "severity": "note", "code": null, "message": "a note first", )"
        R"("notes": []})"
        "\n]}\n");
}

TEST_CASE("diagnostic formats: GitHub annotations", "[diagnostic_formats]") {
  auto all = sample();
  CHECK(diagnostics_github(all[0]) ==
        "::error file=r.rules,line=1,col=5::expected \"then\"%0Abase.rules:1:1: note: called from here"
        "%0Ar.rules: note: 50%25 of it\n"
        "::error file=r.rules,line=3,col=2::undeclared name 'Z'\n");
  CHECK(diagnostics_github(all[1]) == "::error file=missing%2C 1.rules::cannot read the file\n");
  Diagnostics d;
  d.note(SourceFiles{}, Pos{2, 3, 0}, "a note first");
  d.error(nullptr, Pos{}, "no file");
  CHECK(diagnostics_github(d) == "::error::no file\n::notice line=2,col=3::a note first\n");
}

TEST_CASE("diagnostic formats: warnings in every format", "[diagnostic_formats]") {
  auto file = std::make_shared<SourceFile>("w.rules", "moves:\n  fly: {}\n");
  Diagnostics d;
  d.warning({file}, Pos{2, 3, 0}, "move 'fly' is offered by no turn step");
  d.error(file, Pos{1, 1, 0}, "bad");
  CHECK(d.format() ==
        "w.rules:1:1: error: bad\n"
        "    1 | moves:\n"
        "      | ^\n"
        "w.rules:2:3: warning: move 'fly' is offered by no turn step\n"
        "    2 |   fly: {}\n"
        "      |   ^\n");
  CHECK(diagnostics_github(d) ==
        "::error file=w.rules,line=1,col=1::bad\n"
        "::warning file=w.rules,line=2,col=3::move 'fly' is offered by no turn step\n");
  CHECK(diagnostics_json({d}) ==
        "{\"diagnostics\": [\n"
        R"(  {"file": "w.rules", "line": 1, "column": 1, "severity": "error", "code": null, "message": "bad", )"
        R"("notes": []},)"
        "\n"
        R"(  {"file": "w.rules", "line": 2, "column": 3, "severity": "warning", "code": null, )"
        R"("message": "move 'fly' is offered by no turn step", "notes": []})"
        "\n]}\n");
}
