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
#include "runtime/engine.hpp"
#include "syntax/document.hpp"

namespace {

[[noreturn]] void die(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_position: %s\n%s\n", what, detail.c_str());
  std::abort();
}

uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

void play(ri::Game& g, uint64_t seed) {
  static ri::MoveList moves;  // large: keep it off the stack
  (void)g.render();
  (void)g.result_text();
  for (int ply = 0; ply < 20; ++ply) {
    if (g.node() == ri::Game::NodeKind::Over) break;
    g.legal(moves);
    if (moves.size == 0) break;
    seed = mix(seed + 0x9e3779b97f4a7c15ULL);
    const ri::Move m = moves[static_cast<int>(seed % static_cast<uint64_t>(moves.size))];
    std::string text = g.write(m);
    if (!g.read(text).ok) die("a written legal move does not read back", text);
    uint64_t before = g.hash();
    size_t mark = g.apply(m);
    g.undo(mark);
    if (g.hash() != before) die("undo did not restore the hash", text);
    g.apply(m);
    (void)g.render();
  }
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
    play(g, h);
  } catch (const ri::RuntimeError&) {
    // an allowed outcome: a rule-file error at run time
  }
  return 0;
}
