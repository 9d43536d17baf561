// Machine: remembered calls (compile/memo.hpp): keeping the value of a call during a listing of the legal moves.
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

}  // namespace ri
