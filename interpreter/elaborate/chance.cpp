// Chance distributions: the exact distribution of the sum of each event's dice, and every event's total weight.
// See elaborate_impl.hpp.
#include <fmt/format.h>

#include <algorithm>

#include "common/limits.hpp"
#include "elaborate/elaborate_impl.hpp"

namespace ri::elaboration {
namespace {

// dice -> each possible sum with the number of equally likely throws giving it, in increasing order of the sum:
// the faces convolved `count` times in a dense table over the possible sums (more possible sums than the limit is an
// error at once, before any table is built)
bool dice_distribution(const ResolvedDice& dice, ChanceInfo& ci, const SourceFiles& files, Diagnostics& diags) {
  const int n = dice.count;
  const int64_t lo = *std::min_element(dice.faces.begin(), dice.faces.end());
  const int64_t hi = *std::max_element(dice.faces.begin(), dice.faces.end());
  const int64_t span = (hi - lo) * n + 1;
  if (span > kMaxDiceSums) {
    diags.error(files, ci.pos, fmt::format("the {} dice of chance '{}' have too many possible sums ({})", n, ci.name,
                                             span));
    return false;
  }
  std::vector<uint64_t> table(1, 1);  // table[s] = throws whose sum is s + lo * dice so far
  bool overflow = false;
  for (int i = 0; i < n && !overflow; ++i) {
    std::vector<uint64_t> next(table.size() + static_cast<size_t>(hi - lo), 0);
    for (size_t s = 0; s < table.size(); ++s)
      if (table[s])
        for (int64_t f : dice.faces) {
          uint64_t& cell = next[s + static_cast<size_t>(f - lo)];
          overflow |= __builtin_add_overflow(cell, table[s], &cell);
        }
    table = std::move(next);
  }
  if (overflow) {
    diags.error(files, ci.pos, fmt::format("the {} dice of chance '{}' have more than 2^64 equally likely throws", n,
                                             ci.name));
    return false;
  }
  for (size_t s = 0; s < table.size(); ++s)
    if (table[s]) {
      ci.values.push_back(static_cast<int64_t>(s) + lo * n);
      ci.weights.push_back(table[s]);
    }
  return true;
}

}  // namespace

bool chance(const Declarations& d, Model& P, Diagnostics& diags) {
  bool ok = true;
  std::vector<char> dice_failed(P.chance.size(), 0);
  for (const ResolvedDice& dice : d.dice)
    if (!dice_distribution(dice, P.chance[static_cast<size_t>(dice.chance)], P.files, diags)) {
      dice_failed[static_cast<size_t>(dice.chance)] = 1;
      ok = false;
    }
  for (size_t c = 0; c < P.chance.size(); ++c) {
    ChanceInfo& ci = P.chance[c];
    if (dice_failed[c] || ci.values.empty()) continue;  // no values: computed at each roll
    bool overflow = false;
    for (uint64_t w : ci.weights) overflow |= __builtin_add_overflow(ci.total, w, &ci.total);
    if (overflow) {
      diags.error(P.files, ci.pos, fmt::format("the weights of chance '{}' add up to more than 2^64", ci.name));
      ok = false;
    } else if (ci.values.size() > static_cast<size_t>(kMaxOutcomes)) {
      diags.error(P.files, ci.pos, fmt::format("chance '{}' has {} outcomes; at most {}", ci.name, ci.values.size(),
                                               kMaxOutcomes));
      ok = false;
    }
  }
  return ok;
}

}  // namespace ri::elaboration
