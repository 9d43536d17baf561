// The specification against the code: the grammar of spec/language.md (section 4, "Grammar") is the sequence of the
// one-line grammar comments of interpreter/syntax/grammar.hpp, and every named rule there has one.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace {

struct Line {
  int number;  // from 1
  std::string text;
};

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

// The grammar comments of grammar.hpp, in order: the line `// NAME <- PEG` (without `// `) right above each rule
// `struct NAME : ...` (above its `template <...>` line for a template). A rule without one is reported.
std::vector<Line> grammar_comments(const std::vector<std::string>& src, std::vector<std::string>& problems) {
  static const std::regex rule(R"(^struct (\w+)\s*:)");
  static const std::regex comment(R"(^// (\w+)(<\w+>)? <- .*)");
  std::vector<Line> out;
  for (size_t i = 0; i < src.size(); ++i) {
    std::smatch m;
    if (!std::regex_search(src[i], m, rule)) continue;
    std::string name = m[1];
    size_t anchor = i > 0 && src[i - 1].rfind("template <", 0) == 0 ? i - 1 : i;
    std::smatch c;
    if (anchor == 0 || !std::regex_match(src[anchor - 1], c, comment) || c[1] != name) {
      problems.push_back("grammar.hpp line " + std::to_string(i + 1) + ": rule '" + name +
                         "' has no grammar comment '// " + name + " <- ...' right above it");
      continue;
    }
    out.push_back({static_cast<int>(anchor), src[anchor - 1].substr(3)});
  }
  return out;
}

// The lines of the first fenced block after the heading `### Grammar`.
std::vector<Line> spec_grammar(const std::vector<std::string>& spec) {
  std::vector<Line> out;
  size_t i = 0;
  while (i < spec.size() && spec[i] != "### Grammar") ++i;
  REQUIRE(i < spec.size());
  while (i < spec.size() && spec[i].rfind("```", 0) != 0) ++i;
  REQUIRE(i < spec.size());
  for (++i; i < spec.size() && spec[i].rfind("```", 0) != 0; ++i) out.push_back({static_cast<int>(i + 1), spec[i]});
  return out;
}

}  // namespace

TEST_CASE("every rule of grammar.hpp has a grammar comment, and the spec's grammar is those comments", "[spec]") {
  std::string root = RULEINTERP_SOURCE_DIR;
  std::vector<std::string> problems;
  std::vector<Line> code = grammar_comments(read_lines(root + "/interpreter/syntax/grammar.hpp"), problems);
  std::vector<Line> spec = spec_grammar(read_lines(root + "/spec/language.md"));
  for (const std::string& p : problems) FAIL_CHECK(p);
  CHECK(code.size() > 100);  // the parsing above found the rules
  for (size_t i = 0; i < std::max(code.size(), spec.size()); ++i) {
    if (i < code.size() && i < spec.size() && code[i].text == spec[i].text) continue;
    std::string first = i < code.size() ? "grammar.hpp line " + std::to_string(code[i].number) + ": " + code[i].text
                                         : "grammar.hpp: no more rules";
    std::string second = i < spec.size() ? "language.md line " + std::to_string(spec[i].number) + ": " + spec[i].text
                                         : "language.md: no more grammar lines";
    FAIL("the grammar of spec/language.md differs from grammar.hpp's comments at rule " + std::to_string(i + 1) +
         ":\n  " + first + "\n  " + second);
  }
}
