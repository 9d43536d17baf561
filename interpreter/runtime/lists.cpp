// Machine: iterating over lists (aggregates, and concat, which joins strings) and making new lists in the
// evaluation arena ('++' of two lists, unique, slice, reverse, all_pieces; list literals, filter and map have their
// handlers in closures.cpp).
//
// The arena is a stack of items: a list made there is its offset and length (ListKind::Literal). It is
// emptied when a game operation begins, and rewound by the engine between candidate bindings. Lists made
// for one element of an aggregate, filter, map or 'for' are dropped before the next element (drop_lists),
// and the lists that only served to compute a new list are dropped once it is made (settle); the lists
// of the move's lets computed meanwhile are kept (the pin).
#include <fmt/format.h>

#include "runtime/machine.hpp"

namespace ri {

void Machine::arena_room(const Node& n, size_t more) {
  if (arena_.size() + more > kArenaMax)
    fail(n, fmt::format("the lists made in one game operation exceed {} items", kArenaMax));
}

// The new list is the arena from `at` to its end; the arena from `from` to `at` held the lists it was
// computed from, which nothing refers to any more (except a computed let's list: the pin): the new list
// moves down over them.
Value Machine::settle(size_t from, size_t at) {
  size_t len = arena_.size() - at;
  size_t to = std::max(from, arena_pin_);
  if (to < at) {
    std::copy(arena_.begin() + static_cast<ptrdiff_t>(at), arena_.end(), arena_.begin() + static_cast<ptrdiff_t>(to));
    arena_.resize(to + len);
  } else {
    to = at;
  }
  return Value{static_cast<int64_t>(ListKind::Literal), static_cast<int32_t>(to), static_cast<int32_t>(len)};
}

// concat(x in LIST where C : VALUE): the written forms of the values, joined in list order, one step per element.
// The text made so far counts against the strings' limit as it grows, so a runaway join stops early.
Value Machine::join_text(const Node& n) {
  auto k = [&](int i) { return P_->kids[n.first + i]; };
  Value dom = ev(k(0));
  int where = k(1), body = k(2);
  Type t = P_->code[body].type;
  int slot = base_ + n.a;
  size_t mark = arena_.size();  // lists made for one element cannot outlive it (the value is a single one)
  std::string out;
  for_each(dom, n, [&](Value x) {
    drop_lists(mark);
    slots_[slot] = x;
    if (where >= 0 && !truth(where)) return true;
    std::string part = show(ev(body), t);
    if (string_bytes_ + out.size() + part.size() > kStringBytesMax) fail(n, strings_exceeded());
    out += part;
    return true;
  });
  return new_string(n, std::move(out));
}

// reachable(x in START where C : NEXT): the elements of START for which C holds, then, breadth first, for each element
// listed, the elements of its NEXT (x bound to it) for which C holds; each element once (the first time it is met).
// One step for each element tried; the list is made aside (one buffer per nesting level) and written at the arena's
// top at the end, what the evaluations made above it dropped as they go.
Value Machine::reachable(const Node& n) {
  auto k = [&](int i) { return P_->kids[n.first + i]; };
  const int where = k(1), body = k(2);
  const int slot = base_ + n.a;
  const size_t level = reach_depth_++;
  struct Leave {
    size_t& depth;
    ~Leave() { --depth; }
  } leave{reach_depth_};
  if (reach_lists_.size() <= level) {
    reach_lists_.resize(level + 1);
    reach_seen_.resize(level + 1);
  }
  std::vector<int64_t>& out = reach_lists_[level];
  std::vector<uint64_t>& seen = reach_seen_[level];
  out.clear();
  seen.assign((static_cast<size_t>(kMaxSites) + 63) / 64, 0);
  const size_t from = arena_.size();
  // offers x: listed when new and C holds
  auto offer = [&](Value x) {
    tick(n);
    const int64_t v = x.i;
    const bool small = v >= 0 && v < kMaxSites;
    if (small ? (seen[static_cast<size_t>(v) >> 6] >> (v & 63) & 1) != 0
              : std::find(out.begin(), out.end(), v) != out.end())
      return true;
    slots_[slot] = x;
    if (where >= 0 && !truth(where)) return true;
    if (small) seen[static_cast<size_t>(v) >> 6] |= uint64_t{1} << (v & 63);
    arena_room(n, out.size() + 1);
    out.push_back(v);
    return true;
  };
  const Value start = ev(k(0));
  const size_t above = arena_.size();
  for_each(start, n, [&](Value x) {
    drop_lists(above);
    return offer(x);
  });
  drop_lists(from);
  for (size_t i = 0; i < out.size(); ++i) {
    slots_[slot] = Value{out[i], 0, 0};
    const size_t mark = arena_.size();
    const Value next = ev(body);
    const size_t top = arena_.size();
    for_each(next, n, [&](Value x) {
      drop_lists(top);
      return offer(x);
    });
    drop_lists(mark);
  }
  drop_lists(from);
  arena_room(n, out.size());
  const size_t at = arena_.size();
  arena_.append(out.data(), out.data() + out.size());
  return Value{static_cast<int64_t>(ListKind::Literal), static_cast<int32_t>(at), static_cast<int32_t>(out.size())};
}

// filter(x in LIST where C : COND), map(x in LIST where C : VALUE) (their handlers in closures.cpp): the kept elements
// or the values, in order, one step each besides the element's, written at the arena's top; what one element's
// evaluation made above them is dropped before the next.
//
// The items of a filter or map being made (`count` of them from `start`) when an element's evaluation has made lists
// above them: those are dropped, except a let's list (the pin), which the items move above. Returns where the items
// start now.
size_t Machine::collect_over(const Node& n, size_t start, size_t count) {
  if (arena_pin_ > start + count) {
    arena_.resize(arena_pin_);
    arena_room(n, count);
    for (size_t i = 0; i < count; ++i) {
      int64_t item = arena_[start + i];
      arena_.push_back(item);
    }
    start = arena_pin_;
  }
  arena_.resize(start + count);
  return start;
}

// all_pieces(K): every piece whose kind is K now, on the board or off it, in creation order (one step each). When
// the budgets and the arena hold every step and item it could take, K's group (State::by_kind) is copied and the
// steps counted after it; else each piece is tested in turn, where the limits are met.
Value Machine::kind_pieces(const Node& n) {
  int64_t kind = ev(P_->kids[n.first]).i;
  size_t at = arena_.size();
  const auto np = static_cast<int64_t>(S_.kind.size());
  if (budget_ >= np && op_budget_ >= np && at + S_.kind.size() <= kArenaMax && !S_.kind_at.empty()) {
    for (const int16_t p : kind_group(S_, kind)) arena_.push_back(p);
    budget_ -= np;
    op_budget_ -= np;
    return Value{static_cast<int64_t>(ListKind::Literal), static_cast<int32_t>(at), static_cast<int32_t>(arena_.size() - at)};
  }
  for (size_t p = 0; p < S_.kind.size(); ++p) {
    tick(n);
    if (S_.kind[p] != kind) continue;
    arena_room(n, 1);
    arena_.push_back(static_cast<int64_t>(p));
  }
  return Value{static_cast<int64_t>(ListKind::Literal), static_cast<int32_t>(at), static_cast<int32_t>(arena_.size() - at)};
}

// L ++ M for two lists: a new list of L's elements, then M's.
Value Machine::join(const Node& n) {
  auto k = [&](int i) { return P_->kids[n.first + i]; };
  size_t from = arena_.size();
  Value l = ev(k(0));
  Value m = ev(k(1));
  int ll = list_len(l), lm = list_len(m);
  if (lm == 0) return l;
  if (ll == 0) return m;
  size_t at = arena_.size();
  arena_room(n, static_cast<size_t>(ll) + lm);
  auto append = [&](Value x) {
    arena_.push_back(x.i);
    return true;
  };
  for_each(l, n, append);
  for_each(m, n, append);
  return settle(from, at);
}

// unique(L): L without the elements equal to an earlier one. The items are copied to the arena's top,
// followed by their positions; the positions are sorted by item (then position), the first of each run of
// equal items kept, and the kept positions sorted back into list order.
Value Machine::unique(const Node& n) {
  auto k = [&](int i) { return P_->kids[n.first + i]; };
  size_t from = arena_.size();
  Value l = ev(k(0));
  ListKind kind = static_cast<ListKind>(l.i);
  if (kind == ListKind::Range || kind == ListKind::Stack || kind == ListKind::AllPieces) return l;  // no duplicates
  size_t len = static_cast<size_t>(list_len(l));
  size_t at = arena_.size();
  arena_room(n, 2 * len);
  for_each(l, n, [&](Value x) {
    arena_.push_back(x.i);
    return true;
  });
  for (size_t i = 0; i < len; ++i) arena_.push_back(static_cast<int64_t>(i));
  int64_t* item = arena_.data() + at;
  int64_t* pos = item + len;
  std::sort(pos, pos + len, [&](int64_t a, int64_t b) { return item[a] != item[b] ? item[a] < item[b] : a < b; });
  size_t kept = 0;
  for (size_t i = 0; i < len; ++i)
    if (i == 0 || item[pos[i]] != item[pos[i - 1]]) pos[kept++] = pos[i];
  std::sort(pos, pos + kept);
  for (size_t i = 0; i < kept; ++i) item[i] = item[pos[i]];  // pos[i] >= i: nothing is read after it is written
  arena_.resize(at + kept);
  return settle(from, at);
}

// Appends l's elements i .. j - 1 (0 <= i <= j <= len(l)) to the arena, one step each. Every kind of list but
// every piece reads an element directly; every piece is scanned once.
void Machine::append_items(const Node& n, const Value& l, int i, int j) {
  arena_room(n, static_cast<size_t>(j - i));
  if (static_cast<ListKind>(l.i) == ListKind::AllPieces) {
    int at = 0;
    for (size_t p = 0; p < S_.site.size() && at < j; ++p) {
      if (S_.site[p] < 0) continue;
      if (at++ < i) continue;
      tick(n);
      arena_.push_back(static_cast<int64_t>(p));
    }
    return;
  }
  for (int x = i; x < j; ++x) {
    tick(n);
    int64_t item = list_at(l, x).i;  // (a made list is in the arena itself)
    arena_.push_back(item);
  }
}

// slice(L, i, j): a new list of L's elements i .. j - 1; anything but 0 <= i <= j <= len(L) is a runtime error.
Value Machine::slice(const Node& n) {
  auto k = [&](int i) { return P_->kids[n.first + i]; };
  size_t from = arena_.size();
  Value l = ev(k(0));
  int64_t i = ev(k(1)).i;
  int64_t j = ev(k(2)).i;
  int len = list_len(l);
  if (i < 0 || j > len || i > len) fail(n, fmt::format("slice from {} to {} is outside the list (length {})", i, j, len));
  if (i > j) fail(n, fmt::format("slice from {} to {} ends before it starts", i, j));
  size_t at = arena_.size();
  append_items(n, l, static_cast<int>(i), static_cast<int>(j));
  return settle(from, at);
}

// reverse(L): a new list of L's elements, last first.
Value Machine::reverse(const Node& n) {
  size_t from = arena_.size();
  Value l = ev(P_->kids[n.first]);
  size_t at = arena_.size();
  append_items(n, l, 0, list_len(l));
  std::reverse(arena_.begin() + static_cast<ptrdiff_t>(at), arena_.end());
  return settle(from, at);
}

}  // namespace ri
