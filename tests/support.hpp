// Helpers shared by the test files: compiling rule files that must compile.
#pragma once
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "pipeline/pipeline.hpp"
#include "runtime/engine.hpp"

namespace ri::testing {

// Compiles rule-file text; fails the test (showing the diagnostics) when it has problems.
inline std::shared_ptr<const Program> compile_text(const std::string& text, const std::string& path = "test.rules") {
  Diagnostics d;
  auto p = load_rules_text(path, text, d);
  INFO(d.format());
  REQUIRE(p);
  return p;
}

// Compiles a rule file of the repository (path relative to its root), like compile_text, with the values `params`
// for its parameters; it may extend the shipped games (rules/) and the rule files of the tests (tests/rules/), as the
// variants of tests/variants/ do.
inline std::shared_ptr<const Program> compile_file(const std::string& relative, const ParamValues& params = {}) {
  Diagnostics d;
  LoadOptions options;
  options.params = params;
  options.shipped_dir = std::string(RULEINTERP_SOURCE_DIR) + "/rules";
  options.allowed_dirs = {std::string(RULEINTERP_SOURCE_DIR) + "/tests/rules"};
  auto p = load_rules(std::string(RULEINTERP_SOURCE_DIR) + "/" + relative, d, options);
  INFO(d.format());
  REQUIRE(p);
  return p;
}

// Plays the actions written in notation on g, each of which must be legal.
inline void play_all(Game& g, const std::vector<std::string>& actions) {
  for (const std::string& a : actions) {
    const Game::Reading r = g.read(a);
    INFO(a << ": " << r.message);
    REQUIRE(r.ok);
    g.apply(r.move);
  }
}

// Checks that rendering g's display fails with runtime error `message` at line:col of the rule file (-1: any).
inline void check_render_error(Game& g, const std::string& message, int line = -1, int col = -1) {
  try {
    g.render();
    FAIL("no error");
  } catch (const RuntimeError& e) {
    CHECK(std::string(e.what()) == message);
    if (line >= 0) CHECK(e.pos.line == line);
    if (col >= 0) CHECK(e.pos.col == col);
  }
}

}  // namespace ri::testing
