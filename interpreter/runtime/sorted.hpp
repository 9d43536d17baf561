// Sorted parameter values (MoveInfo::sorts): for a site or player parameter P whose domain is the same in every state,
// the requirements of its level that sort its values (RequireInfo::sort), and the values of their other inputs
// (earlier parameters, `me`), the values of P's domain for which those of them that are computed from the board's
// tables only all hold (SortTrue), in the domain's order, stably sorted by the last one's F (SortEqual, SortOr).
// Generation (runtime/generate.hpp) binds P only to the values that meet them all, instead of checking each value.
// Game makes a table when it first needs it, evaluating the requirements for each value of P in order, as generation
// would (they read the board's tables only: no step, the same values in every state); a table in which one fails for
// some value is kept as not usable (generation then tries every value, and meets the error where it always did).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "compile/program.hpp"

namespace ri {

struct SortedTable {
  bool usable = false;
  std::vector<int32_t> all;     // P's values for which the SortTrue requirements hold, in the domain's order
  std::vector<int64_t> values;  // F's value for each of items, ascending (1 without F)
  std::vector<int32_t> items;   // the same values sorted by F (in the domain's order among equal values of F)
  std::pair<int, int> ones;     // with(1), found once (F true, for SortOr)
  // The values of P whose F is v: where they start in items, and how many.
  std::pair<int, int> with(int64_t v) const {
    const auto lo = std::lower_bound(values.begin(), values.end(), v);
    const auto hi = std::upper_bound(lo, values.end(), v);
    return {static_cast<int>(lo - values.begin()), static_cast<int>(hi - lo)};
  }
};

// Values found in a table (SortedValues::spans): where they start and how many (n < 0: not found yet).
struct SortedSpan {
  const int32_t* values = nullptr;
  int64_t n = -1;
};

class SortedValues {
 public:
  // Which table: the move, the parameter, and the values of the requirements' other inputs in the order of
  // MoveInfo::Sorting::inputs (the rest 0).
  struct Key {
    int32_t move = 0, param = 0;
    int64_t in[kMaxSortInputs] = {};
    bool operator==(const Key& o) const {
      bool same = move == o.move && param == o.param;
      for (int i = 0; i < kMaxSortInputs; ++i) same = same && in[i] == o.in[i];  // (compared in place: no memcmp)
      return same;
    }
  };
  // The tables hold at most this many values of parameters together; beyond, no table is made.
  static constexpr size_t kMaxItems = size_t{1} << 18;

  SortedValues() = default;
  // (a copy's tables are its own: it finds none through the recent ones or the spans of the original)
  SortedValues(const SortedValues& o) : tables_(o.tables_), items_(o.items_) {}
  SortedValues& operator=(const SortedValues& o) {
    tables_ = o.tables_;
    items_ = o.items_;
    recent_.assign(kRecent, Recent{});
    spans_.clear();
    return *this;
  }
  SortedValues(SortedValues&&) = default;
  SortedValues& operator=(SortedValues&&) = default;

  // The table for k, or null when none was made for it: from the few found last at k's hash, else from all.
  const SortedTable* find(const Key& k) {
    const size_t h = Hash{}(k);
    Recent& r = recent_[h & (kRecent - 1)];
    if (r.table && r.key == k) return r.table;
    const auto it = tables_.find(k);
    if (it == tables_.end()) return nullptr;
    r = {k, &it->second};
    return &it->second;
  }
  // An array of `size` spans for parameter k of move `move`, each not found yet when first asked for: a native build's
  // direct listing keeps there the values it was given (NativeHost::sorted_spans), each at an index of its own making
  // (the table's only input's value, and which of its lists), and reads them there next time. (They point into the
  // tables, which stay where they are and never change once made.)
  SortedSpan* spans(int move, int k, size_t size) {
    std::vector<SortedSpan>& v = spans_[static_cast<uint64_t>(static_cast<uint32_t>(move)) << 32 | static_cast<uint32_t>(k)];
    if (v.size() != size) v.assign(size, SortedSpan{});
    return v.data();
  }
  // A new table for k to be filled with n values, or null when the tables are full.
  SortedTable* add(const Key& k, size_t n) {
    if (items_ + n > kMaxItems) return nullptr;
    items_ += n;
    return &tables_[k];
  }

 private:
  struct Hash {
    size_t operator()(const Key& k) const {
      uint64_t h = static_cast<uint64_t>(k.move) << 32 ^ static_cast<uint32_t>(k.param);
      for (int64_t v : k.in) h = (h ^ static_cast<uint64_t>(v)) * 0x9E3779B97F4A7C15ull;
      return static_cast<size_t>(h ^ (h >> 29));
    }
  };
  std::unordered_map<Key, SortedTable, Hash> tables_;  // (a table stays where it is made: the recent ones point to it)
  struct Recent {
    Key key;
    const SortedTable* table = nullptr;
  };
  static constexpr size_t kRecent = 256;  // a power of two
  std::vector<Recent> recent_ = std::vector<Recent>(kRecent);
  size_t items_ = 0;
  std::unordered_map<uint64_t, std::vector<SortedSpan>> spans_;  // spans()'s, by move and parameter
};

}  // namespace ri
