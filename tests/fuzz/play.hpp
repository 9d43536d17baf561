// The random actions fuzz_rules and fuzz_position play from a game: each chosen from a seed, written, read back
// (the written move must read as a legal move), applied, undone (the hash must be the same) and applied again, with a
// few odd readings on the way. Header-only: each target includes it once.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "runtime/engine.hpp"

namespace fuzz {

// A 64-bit mix (splitmix64's finaliser): the next choice from the seed.
inline uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

// Ends the target (a finding): `target` names it, `text` is the move it was playing.
[[noreturn]] inline void die(const char* target, const char* what, int ply, const std::string& text) {
  std::fprintf(stderr, "%s: %s at ply %d: %s\n", target, what, ply, text.c_str());
  std::abort();
}

// Plays up to `plies` actions of `g` chosen from `seed` (see above).
inline void play(ri::Game& g, uint64_t seed, int plies, const char* target) {
  static ri::MoveList moves;  // large: keep it off the stack
  (void)g.render();
  (void)g.result_text();
  for (int ply = 0; ply < plies; ++ply) {
    if (g.node() == ri::Game::NodeKind::Over) break;
    g.legal(moves);
    if (moves.size == 0) break;
    seed = mix(seed + 0x9e3779b97f4a7c15ULL);
    const ri::Move m = moves[static_cast<int>(seed % static_cast<uint64_t>(moves.size))];
    std::string text = g.write(m);
    if (!g.read(text).ok) die(target, "a written legal move does not read back", ply, text);
    uint64_t before = g.hash();
    size_t mark = g.apply(m);
    (void)g.hash();
    g.undo(mark);
    if (g.hash() != before) die(target, "undo did not restore the hash", ply, text);
    // a few other readings, at the first plies: garbage, a prefix, the text twice (each illegal reading runs the
    // diagnosis, which enumerates every combination of every move, several times over for parameters that say why a
    // value is refused: chess's take seconds under the sanitizers, so not at every ply)
    if (ply < 3) {
      (void)g.read("");
      (void)g.read(text.substr(0, text.size() / 2));
      (void)g.read(text + " " + text);
      (void)g.read("zz-99 #none");
    }
    g.apply(m);
    (void)g.render();
    (void)g.result_text();
  }
}

}  // namespace fuzz
