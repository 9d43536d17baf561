// libFuzzer target: the input is a position file (untrusted). See README.md in this folder.
//
// The position is read for the rule file its `rules:` header names when that is one of the repository's
// (games.hpp; otherwise one picked by the input's hash), loaded with the parameters its `params:` give. When it
// reads, the game is set up there; the position it writes must read back and be written the same; then up to 20
// actions are played as fuzz_rules plays them (each written, read back, applied, undone: the hash must be the same).
// ri::RuntimeError is an allowed outcome; anything else escaping, a crash, a sanitizer report or a hang is a finding.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "games.hpp"
#include "io/position.hpp"
#include "play.hpp"
#include "runtime/engine.hpp"
#include "syntax/document.hpp"

namespace {

[[noreturn]] void die(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_position: %s\n%s\n", what, detail.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > (1u << 16)) return 0;
  std::string text(reinterpret_cast<const char*>(data), size);
  auto file = std::make_shared<ri::SourceFile>("fuzz.position", text);
  // the rule file and the parameters it is for
  ri::Diagnostics diags;
  ri::PositionDecl decl;
  bool structured = ri::load_position_document(file, decl, diags);
  (void)diags.format();
  if (!structured) return 0;
  ri::ParamValues params;
  for (const auto& [name, value] : decl.params) {
    char* end = nullptr;
    long long v = std::strtoll(value.s.c_str(), &end, 10);
    if (value.s.empty() || *end) return 0;
    params.push_back({name.s, v});
  }
  const uint64_t h = fuzz::hash_of(data, size);
  const std::string& rules = fuzz::rule_file(decl.rules.s, h);
  std::shared_ptr<const ri::Program> prog = fuzz::program(rules, params);
  if (!prog) return 0;
  ri::Diagnostics d2;
  ri::Position pos;
  bool ok = ri::parse_position(file, *prog, pos, d2);
  (void)d2.format();
  if (!ok) return 0;
  try {
    ri::Game g(prog, pos);
    g.machine().limits.steps = 200'000;
    g.machine().limits.candidates = 200'000;
    g.machine().limits.operation_steps = 2'000'000;
    // the position the game is in: written, it reads back, and is written the same
    std::string written = ri::write_position(g, rules);
    ri::Position again;
    ri::Diagnostics d3;
    if (!ri::parse_position(std::make_shared<ri::SourceFile>("written.position", written), *prog, again, d3))
      die("a written position does not read back", written + d3.format());
    ri::Game g2(prog, again);
    if (ri::write_position(g2, rules) != written) die("a written position is not written the same", written);
    fuzz::play(g, h, 20, "fuzz_position");
  } catch (const ri::RuntimeError&) {
    // an allowed outcome: a rule-file error at run time
  }
  return 0;
}
