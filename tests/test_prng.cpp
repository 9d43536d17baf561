// Tests for ri::Prng. The known-answer values come from an independent Python implementation of
// spec/prng.md (and agree with published xoshiro256**/SplitMix64 reference outputs for seed 0).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "common/prng.hpp"

using ri::Prng;

namespace {

struct SeedCase {
  uint64_t seed;
  std::vector<uint64_t> expected;
};

}  // namespace

TEST_CASE("prng: seeding matches splitmix64 reference", "[prng]") {
  const std::vector<SeedCase> cases = {
      {0, {0xe220a8397b1dcdafULL, 0x6e789e6aa1b965f4ULL, 0x06c45d188009454fULL, 0xf88bb8a8724c81ecULL}},
      {7, {0x63cbe1e459320dd7ULL, 0x044c3cd7f43c661cULL, 0xe6984080bab12a02ULL, 0x953aeb70673e29cbULL}},
  };
  for (const auto& c : cases) {
    CAPTURE(c.seed);
    Prng g(c.seed);
    CHECK(std::vector<uint64_t>(g.s.begin(), g.s.end()) == c.expected);
  }
}

TEST_CASE("prng: next() known answers", "[prng]") {
  const std::vector<SeedCase> cases = {
      {0,
       {0x99ec5f36cb75f2b4ULL, 0xbf6e1f784956452aULL, 0x1a5f849d4933e6e0ULL, 0x6aa594f1262d2d2cULL,
        0xbba5ad4a1f842e59ULL}},
      {7,
       {0xb358faf74ef9765aULL, 0x475c3d964f482cd2ULL, 0xd6f1d349952c7996ULL, 0xfb2938731e807240ULL,
        0xfda904ec7e540318ULL}},
  };
  for (const auto& c : cases) {
    CAPTURE(c.seed);
    Prng g(c.seed);
    std::vector<uint64_t> got;
    for (size_t i = 0; i < c.expected.size(); ++i) got.push_back(g.next());
    CHECK(got == c.expected);
  }
}

TEST_CASE("prng: below() known answers", "[prng]") {
  struct Case {
    uint64_t seed;
    std::vector<uint64_t> bounds;  // one below() call per bound, in order
    std::vector<uint64_t> expected;
  };
  const std::vector<Case> cases = {
      {7, std::vector<uint64_t>(10, 6), {0, 2, 0, 4, 2, 5, 4, 4, 4, 1}},
      {42,
       {1, 2, 3, 10, 1000, (1ULL << 63) + 1, UINT64_MAX},
       {0, 0, 2, 3, 476, 4975814793210974775ULL, 13267978908934200754ULL}},
  };
  for (const auto& c : cases) {
    CAPTURE(c.seed);
    Prng g(c.seed);
    std::vector<uint64_t> got;
    for (uint64_t n : c.bounds) got.push_back(g.below(n));
    CHECK(got == c.expected);
  }
}

TEST_CASE("prng: below() draws what the specified rejection draws, outputs below n tested against the threshold", "[prng]") {
  // the definition (spec): reject outputs below (2^64 - n) mod n, then reduce modulo n
  auto reference = [](Prng& g, uint64_t n) {
    const uint64_t threshold = (0 - n) % n;
    for (;;) {
      const uint64_t x = g.next();
      if (x >= threshold) return x % n;
    }
  };
  const std::vector<uint64_t> bounds = {1, 2, 3, 7, 1000, (1ULL << 62) + 3, (1ULL << 63) + 1, (3ULL << 62) + 5, UINT64_MAX};
  for (uint64_t n : bounds) {
    CAPTURE(n);
    Prng a(99), b(99);
    for (int k = 0; k < 500; ++k) REQUIRE(a.below(n) == reference(b, n));
    CHECK(a.s == b.s);  // the same outputs consumed
  }
}

TEST_CASE("prng: below() stays in bounds", "[prng]") {
  const std::vector<uint64_t> bounds = {1, 2, 3, 5, 6, 7, 10, 100, 255, 256, 1000003,
                                        (1ULL << 32) - 1, 1ULL << 32, (1ULL << 63) - 1, 1ULL << 63,
                                        (1ULL << 63) + 1, UINT64_MAX - 1, UINT64_MAX};
  Prng g(2024);
  for (uint64_t n : bounds) {
    CAPTURE(n);
    for (int k = 0; k < 2000; ++k) REQUIRE(g.below(n) < n);
  }
}

TEST_CASE("prng: below() hits every value of a small range", "[prng]") {
  const std::vector<uint64_t> bounds = {1, 2, 3, 6, 13};
  Prng g(5);
  for (uint64_t n : bounds) {
    CAPTURE(n);
    std::vector<int> seen(n, 0);
    for (int k = 0; k < 1000; ++k) seen[g.below(n)]++;
    CHECK(std::count(seen.begin(), seen.end(), 0) == 0);
  }
}

TEST_CASE("prng: below(0) is rejected", "[prng]") {
  Prng g(1);
  CHECK_THROWS_AS(g.below(0), std::invalid_argument);
}

TEST_CASE("prng: pick_weighted() known answers", "[prng]") {
  struct Case {
    uint64_t seed;
    std::vector<uint64_t> weights;
    std::vector<size_t> expected;  // ten successive picks
  };
  const std::vector<Case> cases = {
      {12345, {3, 0, 5, 2}, {2, 3, 2, 2, 2, 2, 3, 0, 2, 0}},
      {1, {0, 0, 9}, {2, 2, 2, 2, 2, 2, 2, 2, 2, 2}},
  };
  for (const auto& c : cases) {
    CAPTURE(c.seed, c.weights);
    Prng g(c.seed);
    std::vector<size_t> got;
    for (int k = 0; k < 10; ++k) got.push_back(g.pick_weighted(c.weights.data(), c.weights.size()));
    CHECK(got == c.expected);
  }
}

TEST_CASE("prng: pick_weighted() never picks a zero weight", "[prng]") {
  const std::vector<std::vector<uint64_t>> cases = {
      {0, 1},           {1, 0},          {0, 5, 0, 5, 0}, {1, 0, 1, 0, 1},
      {0, 0, 0, 1},     {7, 0, 0, 0},    {0, UINT64_MAX}, {1, 0, UINT64_MAX - 1},
  };
  Prng g(77);
  for (const auto& w : cases) {
    CAPTURE(w);
    for (int k = 0; k < 2000; ++k) {
      size_t i = g.pick_weighted(w.data(), w.size());
      REQUIRE(i < w.size());
      REQUIRE(w[i] != 0);
    }
  }
}

TEST_CASE("prng: pick_weighted() rejects zero or overflowing sums", "[prng]") {
  const std::vector<std::vector<uint64_t>> cases = {{}, {0}, {0, 0, 0}, {UINT64_MAX, 1}};
  Prng g(3);
  for (const auto& w : cases) {
    CAPTURE(w);
    CHECK_THROWS_AS(g.pick_weighted(w.data(), w.size()), std::invalid_argument);
  }
}

TEST_CASE("prng: shuffle() known answers", "[prng]") {
  struct Case {
    uint64_t seed;
    std::vector<int> input;
    std::vector<int> expected;
  };
  const std::vector<Case> cases = {
      {99, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {8, 7, 5, 0, 6, 3, 4, 9, 1, 2}},
      {99, {}, {}},
      {99, {42}, {42}},
  };
  for (const auto& c : cases) {
    CAPTURE(c.seed, c.input);
    Prng g(c.seed);
    std::vector<int> a = c.input;
    g.shuffle(a.data(), a.size());
    CHECK(a == c.expected);
  }
}

TEST_CASE("prng: shuffle() is a deterministic permutation", "[prng]") {
  const std::vector<std::pair<uint64_t, size_t>> cases = {{0, 2}, {1, 3}, {7, 10}, {99, 52}, {12345, 1000}};
  for (const auto& [seed, n] : cases) {
    CAPTURE(seed, n);
    std::vector<int> a(n), b(n);
    std::iota(a.begin(), a.end(), 0);
    std::iota(b.begin(), b.end(), 0);
    Prng g1(seed), g2(seed);
    g1.shuffle(a.data(), a.size());
    g2.shuffle(b.data(), b.size());
    CHECK(a == b);
    CHECK(g1 == g2);
    std::vector<int> sorted = a;
    std::sort(sorted.begin(), sorted.end());
    std::vector<int> identity(n);
    std::iota(identity.begin(), identity.end(), 0);
    CHECK(sorted == identity);
  }
}

TEST_CASE("prng: equality follows the state", "[prng]") {
  Prng a(7), b(7), c(8);
  CHECK(a == b);
  CHECK_FALSE(a == c);
  a.next();
  CHECK_FALSE(a == b);
  b.next();
  CHECK(a == b);
}
