// The checker: the declarations computed when the rule file is loaded (computed regions and relations, generated
// pieces), and the order in which load_eval.cpp computes them.
#include <cctype>
#include <limits>
#include <set>
#include <tuple>

#include "check/checker_impl.hpp"

namespace ri::checking {

// Each expression is checked once every global name is declared, with `me` and, for 'to', 'at', 'owner' and a
// generated kind's attributes, the 'each' variable (slot 0).
void Checker::check_load_items() {
  for (size_t i = 0; i < P_.load_items.size(); ++i) {
    LoadItem& item = P_.load_items[i];
    CheckedLoad& cl = out_.load[i];
    Frame frame(*this, {Code::Load});
    if (item.kind == LoadItem::Region) {
      auto r = std::find_if(doc_.regions.begin(), doc_.regions.end(), [&](auto& d) { return d.name.s == item.name; });
      cl.list = parse(*r->computed);
      if (cl.list) expect(*cl.list, Type::Sites, fmt::format("region '{}'", item.name).c_str());
    } else if (item.kind == LoadItem::Relation) {
      auto r = std::find_if(doc_.relations.begin(), doc_.relations.end(), [&](auto& d) { return d.name.s == item.name; });
      std::string var;
      Pos var_pos;
      if (!r->each || !r->to) continue;  // reported when loading
      bool ok = parser_->each(*r->each, var, var_pos, cl.list);
      if (ok && cl.list) expect(*cl.list, Type::Sites, fmt::format("the 'each' of relation '{}'", item.name).c_str());
      push_local(ok ? var : leading_name(r->each->s), ok ? Type::Site : Type::Error);
      cl.value = parse(*r->to);
      if (cl.value) expect(*cl.value, Type::Sites, fmt::format("the 'to' of relation '{}'", item.name).c_str());
    } else if (item.kind == LoadItem::Pieces) {
      const PieceDecl& pd = doc_.pieces[static_cast<size_t>(item.id)];
      std::string var;
      Pos var_pos;
      bool ok = parser_->each(*pd.each, var, var_pos, cl.list);
      Type element = Type::Error;
      if (ok && cl.list) {
        Type l = expr(*cl.list);
        if (l != Type::Error && !is_list(l))
          error(cl.list->pos, fmt::format("the 'each' of piece kind '{}' must be a list, not {}", item.name, type_name(l)));
        else if (l != Type::Error)
          element = elem_of(l);
      }
      if (!ok) var = leading_name(pd.each->s);
      push_local(var, element);
      each_vars_[item.id] = {var, element};
      if (!pd.at.s.empty()) cl.value = parse(pd.at);
      if (pd.owner) cl.owner = parse(*pd.owner);
      if (cl.value) expect(*cl.value, Type::Site, fmt::format("the 'at' of piece kind '{}'", item.name).c_str());
      if (cl.owner) expect(*cl.owner, Type::Player, fmt::format("the 'owner' of piece kind '{}'", item.name).c_str());
    }
    item.frame = frame.size();
  }
}

// The order of computation: the order written (in a variant, a base's declarations before those of the files
// that extend it); a family of lines along computed relations right after the last of them.
void Checker::sort_load_items() {
  using Key = std::tuple<int, int, int, int>;  // file (bases first), line, column, after the relations
  auto key_of = [](const LoadItem& it) { return Key{-it.pos.file, it.pos.line, it.pos.col, 0}; };
  std::vector<Key> keys;
  for (const LoadItem& it : P_.load_items) {
    Key k{std::numeric_limits<int>::min(), 0, 0, 1};
    if (it.kind != LoadItem::Lines) k = key_of(it);
    for (int rel : it.along)
      for (const LoadItem& r : P_.load_items)
        if (r.kind == LoadItem::Relation && r.id == rel) {
          Key rk = key_of(r);
          std::get<3>(rk) = 1;
          k = std::max(k, rk);
        }
    keys.push_back(k);
  }
  std::vector<size_t> order(P_.load_items.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return keys[a] < keys[b]; });
  std::vector<LoadItem> items;
  std::vector<CheckedLoad> load;
  for (size_t i : order) {
    items.push_back(std::move(P_.load_items[i]));
    load.push_back(std::move(out_.load[i]));
  }
  P_.load_items = std::move(items);
  out_.load = std::move(load);
}

int Checker::load_item_of(LoadItem::Kind kind, int id) const {
  for (size_t i = 0; i < P_.load_items.size(); ++i)
    if (P_.load_items[i].kind == kind && P_.load_items[i].id == id) return static_cast<int>(i);
  return -1;
}

// The computed regions, relations and families of lines `e` reads, and those the bodies of the functions it calls
// read (each function once: `visiting` marks those already walked).
void Checker::load_refs(const Expr& e, Pos called, std::vector<LoadRef>& out, std::vector<char>& visiting) {
  int item = -1;
  if (e.kind == ExprKind::Name && e.sym == Sym::Region) item = load_item_of(LoadItem::Region, e.id);
  if (e.kind == ExprKind::Name && e.sym == Sym::Lines) item = load_item_of(LoadItem::Lines, e.id);
  if (e.kind == ExprKind::Name && e.sym == Sym::Relation) item = load_item_of(LoadItem::Relation, e.id);
  if (item >= 0) out.push_back({item, e.pos, called});
  for (const ExprP& k : e.kids)
    if (k) load_refs(*k, called, out, visiting);
  if (e.kind == ExprKind::Call && e.sym == Sym::Function && !visiting[static_cast<size_t>(e.id)]) {
    visiting[static_cast<size_t>(e.id)] = 1;
    if (const ExprP& body = out_.functions[static_cast<size_t>(e.id)].body)
      load_refs(*body, called.line > 0 ? called : e.pos, out, visiting);
  }
}

// Declarations computed at load are computed in the order written (sort_load_items): each may read only those
// before it, directly or through the functions it calls, wherever in it the read is.
void Checker::check_load_order() {
  for (size_t i = 0; i < P_.load_items.size(); ++i) {
    const CheckedLoad& cl = out_.load[i];
    std::vector<LoadRef> refs;
    std::vector<char> visiting(out_.functions.size(), 0);
    for (const Expr* e : {cl.list.get(), cl.value.get(), cl.owner.get()})
      if (e) load_refs(*e, {}, refs, visiting);
    std::set<std::tuple<int, int, int, int>> reported;
    for (const LoadRef& r : refs) {
      if (r.item < static_cast<int>(i) || !reported.insert({r.at.file, r.at.line, r.at.col, r.item}).second) continue;
      const LoadItem& used = P_.load_items[static_cast<size_t>(r.item)];
      const char* what = used.kind == LoadItem::Region     ? "region"
                         : used.kind == LoadItem::Relation ? "relation"
                                                           : "family of lines";
      error(r.at, fmt::format("{} '{}' is used before it is computed (declarations computed at load are computed in the "
                              "order written)",
                              what, used.name));
      if (r.called.line > 0) diags_.note(P_.files, r.called, "called from here");
    }
  }
}

}  // namespace ri::checking
