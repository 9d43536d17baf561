// The specification against the code: the grammar of spec/language.md (section 4, "Grammar") is the sequence of the
// one-line grammar comments of interpreter/syntax/grammar.hpp, and every named rule there has one; the rule files the
// tutorial (spec/tutorial.md) shows are the shipped ones.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <sstream>
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

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The ```yaml blocks of a markdown text after the heading `after`, each with its final line break.
std::vector<std::string> yaml_blocks(const std::vector<std::string>& md, const std::string& after) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < md.size() && md[i] != after) ++i;
  REQUIRE(i < md.size());
  for (; i < md.size(); ++i) {
    if (md[i] != "```yaml") continue;
    std::string block;
    for (++i; i < md.size() && md[i] != "```"; ++i) block += md[i] + "\n";
    out.push_back(block);
  }
  return out;
}

}  // namespace

TEST_CASE("the tutorial's rule files are rules/tic-tac-toe.rules and rules/ur.rules", "[spec]") {
  std::string root = RULEINTERP_SOURCE_DIR;
  std::vector<std::string> tutorial = read_lines(root + "/spec/tutorial.md");
  // the first example is the whole file, but for its first line (a comment pointing at the tutorial)
  std::string ttt = read_text(root + "/rules/tic-tac-toe.rules");
  std::vector<std::string> first = yaml_blocks(tutorial, "## 1. A first example: tic-tac-toe");
  REQUIRE(!first.empty());
  CHECK(first[0] == ttt.substr(ttt.find('\n') + 1));
  // every part of the walk-through is written so in the rule file
  std::string ur = read_text(root + "/rules/ur.rules");
  std::vector<std::string> parts = yaml_blocks(tutorial, "## 2. Walk-through: the Royal Game of Ur");
  CHECK(parts.size() >= 8);
  for (const std::string& part : parts) {
    INFO("a part of the walk-through that rules/ur.rules does not hold:\n" << part);
    CHECK(ur.find(part) != std::string::npos);
  }
}
