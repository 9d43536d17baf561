// Machine: remembered calls (compile/memo.hpp): keeping the value of a call during a listing of the legal moves; and
// keeping a cached part's list (compile/cache.hpp) for the whole game.
#include "runtime/machine.hpp"

namespace ri {

// (written out where it is used: the remembered calls keep a list per call in move generation)
[[gnu::always_inline]] inline bool Machine::move_items(Value& v, std::vector<int64_t>& to, size_t max, ListKind kind, size_t mark) {
  const bool made = static_cast<ListKind>(v.i) == ListKind::Literal;  // (else a remembered call's)
  const int64_t* from = made ? arena_.data() : memo_items_.data();
  const size_t len = static_cast<size_t>(v.c);
  if (to.size() + len > max) return false;
  const size_t at = to.size();
  to.insert(to.end(), from + v.b, from + v.b + static_cast<ptrdiff_t>(len));
  if (made && arena_pin_ <= mark && arena_.size() > mark) arena_.resize(mark);
  v = Value{static_cast<int64_t>(kind), static_cast<int32_t>(at), static_cast<int32_t>(len)};
  return true;
}

Value Machine::memo_keep(MemoEntry& e, int f, const Value* args, int n, Value v, size_t mark) {
  // a list made in the arena: its items move to memo_items_, where they stay for this listing
  if (is_list(P_->functions[static_cast<size_t>(f)].result) && static_cast<ListKind>(v.i) == ListKind::Literal &&
      !move_items(v, memo_items_, kMemoItemsMax, ListKind::Memo, mark))
    return v;  // not remembered
  memo_store(e, f, args, n, v);
  return v;
}

bool Machine::keep_cached(Value& v, size_t mark) {
  // (a list made in the arena, or a remembered call's, which lasts only for one listing; a constant list or a range
  // stays: a cached part reads no stack)
  const ListKind kind = static_cast<ListKind>(v.i);
  if (kind != ListKind::Literal && kind != ListKind::Memo) return true;
  return move_items(v, kept_items_, kKeptItemsMax, ListKind::Kept, mark);
}

}  // namespace ri
