// libFuzzer target: the input is the text of a rule file (untrusted). See README.md in this folder.
//
// Loads it; when it compiles, plays up to ~50 actions chosen from the input's hash (chance outcomes
// included), checking at every ply that undo restores the hash, rendering the state and reading a few
// move strings. ri::RuntimeError is an allowed outcome (a rule-file error at run time); anything else
// that escapes (another exception, a crash, a sanitizer report, a hang) is a finding.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "pipeline/pipeline.hpp"
#include "runtime/engine.hpp"

namespace {

uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

[[noreturn]] void die(const char* what, int ply, uint64_t a, uint64_t b) {
  std::fprintf(stderr, "fuzz_rules: %s at ply %d (%016llx vs %016llx)\n", what, ply, (unsigned long long)a,
               (unsigned long long)b);
  std::abort();
}

void play(ri::Game& g, uint64_t seed) {
  static ri::MoveList moves;  // large (1024 moves): keep it off the stack
  (void)g.render();
  (void)g.result_text();
  for (int ply = 0; ply < 50; ++ply) {
    if (g.node() == ri::Game::NodeKind::Over) break;
    g.legal(moves);
    if (moves.size == 0) break;
    seed = mix(seed + 0x9e3779b97f4a7c15ULL);
    const ri::Move m = moves[static_cast<int>(seed % static_cast<uint64_t>(moves.size))];
    std::string text = g.write(m);
    // reading the move's own notation must find a legal move
    ri::Game::Reading r = g.read(text);
    if (!r.ok) die("a written legal move does not read back", ply, 0, 0);
    // undo check: apply, undo, the hash must be the same
    uint64_t before = g.hash();
    size_t mark = g.apply(m);
    (void)g.hash();
    g.undo(mark);
    uint64_t after = g.hash();
    if (before != after) die("undo did not restore the hash", ply, before, after);
    // a few other readings: garbage, a prefix, the text twice
    (void)g.read("");
    (void)g.read(text.substr(0, text.size() / 2));
    (void)g.read(text + " " + text);
    (void)g.read("zz-99 #none");
    g.apply(m);
    (void)g.render();
    (void)g.result_text();
  }
}

}  // namespace

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
    play(g, seed);
  } catch (const ri::RuntimeError&) {
    // an allowed outcome: a rule-file error at run time
  }
  return 0;
}
