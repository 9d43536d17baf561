// libFuzzer target: the input is the text of a rule file (untrusted). See README.md in this folder.
//
// Loads it; when it compiles, plays up to ~50 actions chosen from the input's hash (chance outcomes
// included), checking at every ply that undo restores the hash, rendering the state and reading a few
// move strings. ri::RuntimeError is an allowed outcome (a rule-file error at run time); anything else
// that escapes (another exception, a crash, a sanitizer report, a hang) is a finding.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "pipeline/pipeline.hpp"
#include "play.hpp"
#include "runtime/engine.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > (1u << 16)) return 0;  // the loader accepts 16 MiB, but big inputs only slow fuzzing down
  std::string text(reinterpret_cast<const char*>(data), size);
  ri::Diagnostics diags;
  std::shared_ptr<const ri::Program> prog = ri::load_rules_text("fuzz.rules", text, diags);
  (void)diags.format();  // formatting must not crash either (carets, line quoting)
  if (!prog) return 0;
  uint64_t seed = 0;
  for (size_t i = 0; i < size; ++i) seed = seed * 131 + data[i];
  try {
    ri::Game g(prog);
    // smaller evaluation limits than the interpreter's (per evaluation and per game operation), so that a single input stays fast (the limits
    // themselves are correct by design; what they bound is not what this target looks for)
    g.machine().limits.steps = 200'000;
    g.machine().limits.candidates = 200'000;
    g.machine().limits.operation_steps = 2'000'000;
    g.reset();
    fuzz::play(g, seed, 50, "fuzz_rules");
  } catch (const ri::RuntimeError&) {
    // an allowed outcome: a rule-file error at run time
  }
  return 0;
}
