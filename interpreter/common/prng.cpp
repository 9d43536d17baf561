#include "common/prng.hpp"

#include <stdexcept>

namespace ri {

namespace {

// Advances a SplitMix64 state and returns its next output.
uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Rotates a 64-bit value left by k bits (0 < k < 64).
uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

// Seeds the state with four successive SplitMix64 outputs, SplitMix64 started at `seed`.
Prng::Prng(uint64_t seed) {
  uint64_t x = seed;
  for (auto& word : s) word = splitmix64(x);
}

// Returns the next xoshiro256** output and advances the state.
uint64_t Prng::next() {
  const uint64_t result = rotl(s[1] * 5, 7) * 9;
  const uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

// Returns a uniform value in [0, n): rejects raw outputs below (2^64 - n) mod n so every residue
// is equally likely, then reduces modulo n.
// (The threshold is below n, so an output of at least n is taken without computing it: one division, not two.)
uint64_t Prng::below(uint64_t n) {
  if (n == 0) throw std::invalid_argument("prng: below(0) has no valid result");
  for (;;) {
    const uint64_t x = next();
    if (x >= n || x >= (0 - n) % n) return x % n;
  }
}

// Returns index i with probability weights[i] / sum: draws r = below(sum) and returns the first i
// with r < weights[0] + ... + weights[i], so zero weights are never picked.
size_t Prng::pick_weighted(const uint64_t* weights, size_t count) {
  uint64_t sum = 0;
  for (size_t i = 0; i < count; ++i) {
    if (weights[i] > UINT64_MAX - sum) throw std::invalid_argument("prng: weights overflow 64 bits");
    sum += weights[i];
  }
  if (sum == 0) throw std::invalid_argument("prng: weights sum to zero");
  uint64_t r = below(sum);
  for (size_t i = 0; i < count; ++i) {
    if (r < weights[i]) return i;
    r -= weights[i];
  }
  return count - 1;  // unreachable: r < sum
}

}  // namespace ri
