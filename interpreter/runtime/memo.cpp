// Machine: remembered calls (compile/memo.hpp): keeping the value of a call during a listing of the legal moves; and
// keeping a cached part's list (compile/cache.hpp) for the whole game.
#include "runtime/machine.hpp"

namespace ri {

Value Machine::memo_keep(MemoEntry& e, int f, const Value* args, int n, Value v, size_t mark) {
  if (is_list(P_->functions[static_cast<size_t>(f)].result) && static_cast<ListKind>(v.i) == ListKind::Literal) {
    // a list made in the arena: its items move to memo_items_, where they stay for this listing
    const size_t len = static_cast<size_t>(v.c);
    if (memo_items_.size() + len > kMemoItemsMax) return v;  // not remembered
    const size_t at = memo_items_.size();
    memo_items_.insert(memo_items_.end(), arena_.begin() + v.b, arena_.begin() + v.b + static_cast<ptrdiff_t>(len));
    if (arena_pin_ <= mark && arena_.size() > mark) arena_.resize(mark);
    v = Value{static_cast<int64_t>(ListKind::Memo), static_cast<int32_t>(at), static_cast<int32_t>(len)};
  }
  e.version = version_;
  e.epoch = memo_epoch_;
  e.fn = f;
  for (int i = 0; i < n; ++i) e.args[i] = args[i].i;
  e.value = v;
  return v;
}

bool Machine::keep_cached(Value& v, size_t mark) {
  // (a list made in the arena, or a remembered call's, which lasts only for one listing; a constant list or a range
  // stays: a cached part reads no stack)
  const ListKind kind = static_cast<ListKind>(v.i);
  if (kind != ListKind::Literal && kind != ListKind::Memo) return true;
  const size_t len = static_cast<size_t>(v.c);
  if (kept_items_.size() + len > kKeptItemsMax) return false;
  const size_t at = kept_items_.size();
  const std::vector<int64_t>& from = kind == ListKind::Literal ? arena_ : memo_items_;
  kept_items_.insert(kept_items_.end(), from.begin() + v.b, from.begin() + v.b + static_cast<ptrdiff_t>(len));
  if (kind == ListKind::Literal && arena_pin_ <= mark && arena_.size() > mark) arena_.resize(mark);
  v = Value{static_cast<int64_t>(ListKind::Kept), static_cast<int32_t>(at), static_cast<int32_t>(len)};
  return true;
}

}  // namespace ri
