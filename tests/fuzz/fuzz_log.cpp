// libFuzzer target: the input is a move log (untrusted), parsed and replayed against rules/ur.rules.
// See README.md in this folder. ri::RuntimeError is an allowed outcome; anything else escaping, a
// crash, a sanitizer report or a hang is a finding.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "pipeline/pipeline.hpp"
#include "runtime/engine.hpp"
#include "io/movelog.hpp"

#ifndef RI_UR_RULES
#error "RI_UR_RULES (the path of rules/ur.rules) must be defined"
#endif

namespace {

std::shared_ptr<const ri::Program> ur() {
  static std::shared_ptr<const ri::Program> p = [] {
    ri::Diagnostics d;
    auto prog = ri::load_rules(RI_UR_RULES, d);
    if (!prog) {
      std::fprintf(stderr, "fuzz_log: cannot load %s:\n%s", RI_UR_RULES, d.format().c_str());
      std::abort();
    }
    return prog;
  }();
  return p;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > (1u << 16)) return 0;
  std::string text(reinterpret_cast<const char*>(data), size);
  auto file = std::make_shared<ri::SourceFile>("fuzz.log", text);
  ri::Diagnostics diags;
  ri::MoveLog log;
  bool ok = ri::parse_log(file, log, diags);
  (void)diags.format();
  // formatting a parsed log must work, and must parse again
  if (ok) {
    std::string again = ri::format_log(log);
    ri::Diagnostics d2;
    ri::MoveLog log2;
    (void)ri::parse_log(std::make_shared<ri::SourceFile>("again.log", again), log2, d2);
  }
  if (!ok) return 0;
  try {
    ri::Game g(ur());
    ri::ReplayResult r = ri::replay(g, log);
    (void)r;
    (void)g.render();
    (void)g.result_text();
    // the position reached: every legal action can be written as a log line
    static ri::MoveList moves;
    g.legal(moves);
    for (int i = 0; i < moves.size && i < 8; ++i) (void)ri::action_text(g, moves[i]);
    if (g.node() != ri::Game::NodeKind::Over) {
      size_t mark = ri::resign(g, g.player());
      g.undo(mark);
    }
  } catch (const ri::RuntimeError&) {
  }
  return 0;
}
