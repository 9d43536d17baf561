// The machine's side of a native build (native_abi.hpp): the operations its code calls out of line.
#include "runtime/native_abi.hpp"

#include "runtime/generate.hpp"

#include <fmt/format.h>

namespace ri {

const NativeHost Native::host = {
    [](Machine& m, int n) { m.out_of_steps(m.P_->code[static_cast<size_t>(n)]); },
    [](Machine& m, int n, int64_t item) {
      m.arena_room(m.P_->code[static_cast<size_t>(n)], 1);
      m.arena_.push_back(item);
    },
    [](Machine& m, int n, size_t start, size_t count) {
      return m.collect_over(m.P_->code[static_cast<size_t>(n)], start, count);
    },
    [](Machine& m, size_t from, size_t at) { return m.settle(from, at); },
    [](Machine& m, int n, bool beyond_limit) {
      const Node& at = m.P_->code[static_cast<size_t>(n)];
      if (beyond_limit) m.fail(at, fmt::format("calls nested too deeply (more than {})", m.limits.depth));
      m.fail(at, "calls nested too deeply");
    },
    [](Machine& m, int move) {
      throw too_many_candidates(m.P_->moves[static_cast<size_t>(move)], m.limits.candidates);
    },
    [](Machine& m, int move) { too_many_moves(m.P_->moves[static_cast<size_t>(move)]); },
    [](Machine& m, int move, int i, int64_t v) { arg32(m.P_->moves[static_cast<size_t>(move)], i, v); },
    [](void* game, int n, int64_t* v) { return static_cast<Game*>(game)->computed_ahead(n, *v); },
    [](void* game, int move, int k, const Value* dom, const int64_t* e, const int32_t** values, int64_t* n) {
      int count = 0;
      if (!static_cast<Game*>(game)->sorted_values(move, k, *dom, *values, count, e)) return false;
      *n = count;
      return true;
    },
    [](void* game, int move, int k, int64_t size) {
      return static_cast<Game*>(game)->sorted_spans(move, k, static_cast<size_t>(size));
    },
    [](void* game) {
      const MoveList* l = static_cast<Game*>(game)->listing_;
      return l ? l->size : 0;
    },
    [](void* game, int size) {
      if (MoveList* l = static_cast<Game*>(game)->listing_) l->size = size;
    },
    [](Machine& m, int p, int s) { m.place(p, s); },
    [](Machine& m, int p, int a, int32_t v) { m.set_attr(p, a, v); },
    [](Machine& m, int p, int player) { m.set_owner(p, player); },
    [](Machine& m, int p, int kind) { m.set_kind(p, kind); },
    [](Machine& m, size_t mark) { m.rollback(mark); },
    [](Machine& m, int n) { m.too_many_changes(m.P_->code[static_cast<size_t>(n)]); },
    [](Machine& m, int n, int what, int64_t v) {
      const Node& at = m.P_->code[static_cast<size_t>(n)];
      if (what == 0) m.no_piece(at);
      if (what == 1) m.no_site(at);
      if (what == 2) m.fail(at, "no player here");
      fit_32_bits(at.pos, v);
    },
    [](Machine& m, int n, int64_t items) { m.arena_room(m.P_->code[static_cast<size_t>(n)], static_cast<size_t>(items)); },
    [](Machine& m, int n, bool loser) { not_a_player(*m.P_, n, loser); },
};

}  // namespace ri
