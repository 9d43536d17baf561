// The project's specified pseudo-random number generator (see spec/prng.md).
// Every draw is defined bit-for-bit so game runs replay identically everywhere:
// never use std::uniform_int_distribution or std::shuffle (their output is implementation-defined).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace ri {

// xoshiro256** (Blackman & Vigna 2018), seeded from SplitMix64.
class Prng {
 public:
  // Seeds the state with four successive SplitMix64 outputs, SplitMix64 started at `seed`.
  explicit Prng(uint64_t seed);

  // Returns the next raw 64-bit output and advances the state.
  uint64_t next();

  // Returns a uniform value in [0, n) by rejection sampling; throws std::invalid_argument when n == 0.
  uint64_t below(uint64_t n);

  // Returns index i with probability weights[i] / sum(weights): r = below(sum), then the first i
  // whose cumulative weight exceeds r. Throws std::invalid_argument when the weights sum to zero
  // (including count == 0) or the sum overflows 64 bits.
  size_t pick_weighted(const uint64_t* weights, size_t count);

  // Fisher-Yates shuffle in place: for i in 0..n-2, j = i + below(n - i), swap(a[i], a[j]).
  template <class T>
  void shuffle(T* a, size_t n) {
    if (n < 2) return;
    for (size_t i = 0; i + 1 < n; ++i) {
      size_t j = i + static_cast<size_t>(below(n - i));
      using std::swap;
      swap(a[i], a[j]);
    }
  }

  // Two generators are equal when their states are equal (they will produce the same sequence).
  bool operator==(const Prng& other) const = default;

  std::array<uint64_t, 4> s;
};

}  // namespace ri
