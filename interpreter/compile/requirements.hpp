// Requirements that move generation checks without evaluating them: the commonest tests of a board game's
// parameters, recognised in the compiled code (after inlining) of a requirement on one parameter P:
//   owned(P, W) > 0    owned(P, W) == 0    size(P) > 0 (occupied(P))    size(P) == 0 (vacant(P))
//   top(P).owner == W    top(P).owner != W    (W on either side)    occupied(P) and top(P).owner == W (or != W)
// with W on parameters before P. Generation computes W once per binding of those and reads the per-site tables for
// each value of P (RequireInfo::native), in the requirements' order, with the same result and the same errors.
// And the first requirements on an int parameter P that bound it by an expression E of earlier parameters:
//   P >= E    P > E    P <= E    P < E    P == E    (or E on the left)
// generation computes E once per binding of those and cuts P's range to the values that meet them
// (RequireInfo::bound, MoveInfo::bounded). A requirement of the first forms that follows requirements of its level
// that cannot fail (comparisons, logic, reads that always have a value) is checked before them (MoveInfo::early).
// And on a site or player parameter P whose domain is the same in every state, the requirements of its level, after
// requirements that cannot fail, computed from P, earlier parameters and `me` and the board's tables only
// (compile/cache.hpp), up to one of a form
//   F == E    F or E    (or E on the left)
// with F computed so and E from earlier parameters: generation binds P only to the values that meet them
// (RequireInfo::sort, MoveInfo::sorts; runtime/sorted.hpp). Shogun's
// abs(x_of(to) - x_of(from)) + abs(y_of(to) - y_of(from)) == p.energy, a mill game's neighbour(from, to) or flies.
#pragma once
#include "compile/program.hpp"

namespace ri {

// Marks the program's requirements of those forms, and whether a filter walks a player's sites (sites_filter,
// Program::uses_site_sets).
void recognise_requirements(Program& P);

// The test of who holds site S that node n makes, S read from slot `slot`: size(S) > 0 (Occupied), size(S) == 0
// (Vacant), owned(S, W) > 0 (OwnedSome), owned(S, W) == 0 (OwnedNone), top(S).owner == W (TopOwnerIs),
// top(S).owner != W (TopOwnerIsNot), or those after `occupied(S) and` (OccupiedTopOwnerIs, OccupiedTopOwnerIsNot), W's
// node then in `player`; else Evaluated. Aggregates' where clauses and filters' conditions of these forms are read
// from the board's tables too (runtime/closures.cpp).
RequireInfo::Native site_test(const Program& P, const Node& n, int slot, int& player);

// Whether node p, the player of a test in an aggregate or filter whose element is in slot `slot`, is read once for
// all elements: a slot other than the element's, `me` or a constant.
bool read_once(const Program& P, int slot, int p);

// The test of filter n when n is filter(s in L : occupied(s) and top(s).owner == W) (OccupiedTopOwnerIs; != W:
// OccupiedTopOwnerIsNot) or filter(s in L : owned(s, W) > 0) (OwnedSome) with W read once, W's node then in `player`;
// else Evaluated: both engines test each site on the board's tables for it, or walk W's sets of sites (State::held,
// topped) when L is a constant list (Closures::filter_sites, native/codegen.cpp).
RequireInfo::Native sites_filter(const Program& P, const Node& n, int& player);

// The shape of constant list l for a walk of a player's sets of sites (State::held, topped): each word's mask of its
// items, whether they are in increasing order; `walkable` when they are distinct sites, in order or at most 64.
struct SiteListShape {
  bool walkable = false, ascending = true;
  std::vector<uint64_t> mask;
};
SiteListShape site_list_shape(const Program& P, int l);

// The player W of aggregate n when n is sum(s in L : owned(s, W)) (the library's owned_in) with W read once, else -1:
// both engines add the board's counts up for it (Closures::owned_sum, native/codegen.cpp).
int owned_sum_player(const Program& P, const Node& n);

}  // namespace ri
