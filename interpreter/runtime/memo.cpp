// Machine: keeping a cached part's list (compile/cache.hpp) for the whole game. (A remembered call's value, kept for
// one listing of the legal moves, is kept by Machine::memo_keep, in machine.hpp.)
#include "runtime/machine.hpp"

namespace ri {

bool Machine::keep_cached(Value& v, size_t mark) {
  // (a list made in the arena, or a remembered call's, which lasts only for one listing; a constant list or a range
  // stays: a cached part reads no stack)
  const ListKind kind = static_cast<ListKind>(v.i);
  if (kind != ListKind::Literal && kind != ListKind::Memo) return true;
  return move_items(v, kept_items_, kKeptItemsMax, ListKind::Kept, mark);
}

}  // namespace ri
