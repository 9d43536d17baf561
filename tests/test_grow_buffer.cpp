// The runtime's growing buffer (runtime/grow_buffer.hpp), which holds the list arena and the undo journal, and the move
// list's room: each row a sequence of operations and the items they leave, past many growths.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/grow_buffer.hpp"
#include "runtime/state.hpp"

using namespace ri;

namespace {

// Runs ops on b: `p N` pushes N, `P N` pushes 0 .. N-1, `r N` resizes to N, `a N` appends 100 .. 100+N-1, `k N`
// opens room for N and writes 200 .. 200+N-1 through the pointer, keeping the even ones (moved past) before it closes,
// `o` pops, `c` clears.
void run(GrowBuffer<int64_t>& b, const std::vector<std::pair<char, int64_t>>& ops) {
  for (const auto& [op, n] : ops) {
    switch (op) {
      case 'p': b.push_back(n); break;
      case 'P': for (int64_t i = 0; i < n; ++i) b.push_back(i); break;
      case 'r': b.resize(static_cast<size_t>(n)); break;
      case 'a': {
        std::vector<int64_t> v;
        for (int64_t i = 0; i < n; ++i) v.push_back(100 + i);
        b.append(v.data(), v.data() + v.size());
        break;
      }
      case 'k': {
        int64_t* w = b.open(static_cast<size_t>(n));
        for (int64_t i = 0; i < n; ++i) {
          *w = 200 + i;
          w += i % 2 == 0;
        }
        b.close(w);
        break;
      }
      case 'o': b.pop_back(); break;
      case 'c': b.clear(); break;
    }
  }
}

}  // namespace

TEST_CASE("grow buffer: appends, resizes and pops keep the items a vector would") {
  struct Row {
    std::vector<std::pair<char, int64_t>> ops;
    size_t size;
    std::vector<std::pair<size_t, int64_t>> at;  // (index, item) checked
  };
  const std::vector<Row> rows = {
      {{{'p', 7}}, 1, {{0, 7}}},
      {{{'P', 1000}}, 1000, {{0, 0}, {63, 63}, {64, 64}, {999, 999}}},
      {{{'P', 10}, {'r', 4}, {'r', 8}}, 8, {{3, 3}, {4, 0}, {7, 0}}},         // growing again zero-fills
      {{{'P', 3}, {'r', 200}}, 200, {{2, 2}, {3, 0}, {199, 0}}},              // past the capacity too
      {{{'P', 5}, {'a', 70}, {'p', 9}}, 76, {{4, 4}, {5, 100}, {74, 169}, {75, 9}}},
      {{{'P', 5}, {'o', 0}, {'o', 0}, {'p', 42}}, 4, {{2, 2}, {3, 42}}},
      {{{'P', 300}, {'c', 0}, {'p', 1}}, 1, {{0, 1}}},
      {{{'a', 0}}, 0, {}},
      {{{'P', 5}, {'k', 6}}, 8, {{4, 4}, {5, 200}, {6, 202}, {7, 204}}},   // written through a pointer, the end given
      {{{'k', 100}, {'p', 1}}, 51, {{0, 200}, {49, 298}, {50, 1}}},       // past the capacity
      {{{'P', 64}, {'k', 1}, {'k', 0}}, 65, {{63, 63}, {64, 200}}},
  };
  for (const Row& row : rows) {
    GrowBuffer<int64_t> b;
    run(b, row.ops);
    CHECK(b.size() == row.size);
    CHECK(b.end() - b.begin() == static_cast<std::ptrdiff_t>(row.size));
    for (const auto& [i, v] : row.at) CHECK(b[i] == v);
    GrowBuffer<int64_t> copy = b;  // a copy holds the same items
    CHECK(copy.size() == b.size());
    CHECK(std::vector<int64_t>(copy.begin(), copy.end()) == std::vector<int64_t>(b.begin(), b.end()));
    for (const int64_t had : {0, 3, 100}) {  // assign(): the same items in a buffer of its own, of any size before
      GrowBuffer<int64_t> into;
      run(into, {{'P', had}});
      into.assign(b);
      CHECK(std::vector<int64_t>(into.begin(), into.end()) == std::vector<int64_t>(b.begin(), b.end()));
    }
  }
}

TEST_CASE("move list: moves added past its room are kept, the room grows with it") {
  MoveList l;
  for (int i = 0; i < 100; ++i) {
    Move& m = l.add();
    m.type = static_cast<int16_t>(i % 7);
    m.nargs = 1;
    m.args[0] = i;
  }
  REQUIRE(l.size == 100);
  CHECK(l.room >= 100);
  CHECK(static_cast<size_t>(l.room) == l.moves.size());
  for (int i = 0; i < 100; ++i) CHECK((l[i].type == i % 7 && l[i].args[0] == i));
  MoveList copy = l;  // a copy adds after its moves
  copy.add().args[0] = -1;
  CHECK(copy.size == 101);
  CHECK(copy[100].args[0] == -1);
  CHECK(copy[99].args[0] == 99);
  Move a;
  a.assign(l[42]);
  CHECK(a == l[42]);
}
