// Computing the declarations of a rule file at load. See load_eval.hpp.
#include "pipeline/load_eval.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "elaborate/lines.hpp"
#include "runtime/machine.hpp"
#include "elaborate/board.hpp"

namespace ri {
namespace {

class LoadEvaluator {
 public:
  LoadEvaluator(Program& P, Diagnostics& diags)
      : P_(P), diags_(diags), M_(std::shared_ptr<const Program>(std::shared_ptr<const Program>(), &P)) {
    // the empty board: no piece exists yet, every variable is 0, the history is empty, `me` is the first player
    State& S = M_.state();
    S.vars.assign(static_cast<size_t>(P.nvars), 0);
    empty_board(S, P.nsites(), P.nplayers(), P.uses_site_sets);
    S.hist_width = 1 + static_cast<int>(P.history.size());
    M_.begin_operation();  // all of the computation at load shares one game operation's budgets
  }

  bool run(const std::vector<BoardSite>& start);

 private:
  void error(Pos p, std::string message) { diags_.error(P_.files, p, std::move(message)); }
  void report(const RuntimeError& e);
  bool region(const LoadItem& item);
  bool relation(const LoadItem& item);
  bool lines(const LoadItem& item);
  bool pieces(const LoadItem& item);
  bool make_pieces(const std::vector<BoardSite>& start);
  bool name_pieces();

  Program& P_;
  Diagnostics& diags_;
  Machine M_;
  std::map<int, std::vector<PieceInit>> generated_;  // kind -> its pieces, in list order
};

// A runtime error as the command line shows one: the error, then the calls that led there (the first four).
void LoadEvaluator::report(const RuntimeError& e) {
  error(e.pos, e.what());
  constexpr size_t kShown = 4;
  for (size_t i = 0; i < e.calls.size() && i < kShown; ++i) diags_.note(P_.files, e.calls[i], "called from here");
  if (e.calls.size() > kShown)
    diags_.note(P_.files, Pos{}, fmt::format("... and {} more call{} further out", e.calls.size() - kShown,
                                             e.calls.size() - kShown == 1 ? "" : "s"));
}

// region -> the sites of its expression, in order (none is not a site)
bool LoadEvaluator::region(const LoadItem& item) {
  Value l = M_.evaluate(item.list);
  std::vector<int32_t> items;
  for (int i = 0, n = M_.list_len(l); i < n; ++i) {
    int64_t s = M_.list_at(l, i).i;
    if (s < 0) {
      error(P_.code[item.list].pos,
            fmt::format("region '{}' has none at position {} (a region is a list of sites)", item.name, i));
      return false;
    }
    items.push_back(static_cast<int32_t>(s));
  }
  int list = P_.region_lists[static_cast<size_t>(item.id)];
  P_.lists[list] = std::move(items);
  P_.index_list(list);
  return true;
}

// relation -> for each site s of 'each', the sites of 'to' (none left out); the other sites link to none
bool LoadEvaluator::relation(const LoadItem& item) {
  Value dom = M_.evaluate(item.list);
  size_t mark = M_.arena_mark();
  std::vector<std::vector<int32_t>> to(static_cast<size_t>(P_.nsites()));
  std::vector<char> done(static_cast<size_t>(P_.nsites()), 0);
  for (int i = 0, n = M_.list_len(dom); i < n; ++i) {
    int64_t s = M_.list_at(dom, i).i;
    if (s < 0) continue;
    if (done[s]) {
      error(P_.code[item.list].pos, fmt::format("the 'each' of relation '{}' lists '{}' twice (each site has one list "
                                                "of linked sites)",
                                                item.name, P_.site_names[s]));
      return false;
    }
    done[s] = 1;
    M_.slot(0) = Value{s, 0, 0};
    Value l = M_.evaluate(item.value);
    for (int k = 0, m = M_.list_len(l); k < m; ++k)
      if (int64_t t = M_.list_at(l, k).i; t >= 0) to[s].push_back(static_cast<int32_t>(t));
    M_.arena_rewind(mark);
  }
  for (size_t s = 0; s < to.size(); ++s)
    if (done[s]) {
      int li = P_.add_list(std::move(to[s]), Type::Sites);
      P_.index_list(li);
      P_.relation_lists[item.id][s] = li;
    }
  return true;
}

// lines -> derived along its relations, now that they are computed
bool LoadEvaluator::lines(const LoadItem& item) {
  bool exhausted = false;
  std::vector<std::vector<int32_t>> found = derive_lines(P_, item.along, item.length, exhausted);
  if (exhausted) {
    error(item.pos, fmt::format("deriving the lines of '{}' examines more than {} chains", item.name, kMaxLineSteps));
    return false;
  }
  if (found.size() > kMaxLines) {
    error(item.pos, fmt::format("'{}' has more than {} lines", item.name, kMaxLines));
    return false;
  }
  FamilyTables t = add_family(P_, std::move(found));
  P_.lists[P_.family_lists[item.id]] = P_.lists[t.lines];
  P_.through_lists[item.id] = std::move(t.through);
  return true;
}

// pieces -> one per element of 'each', with its 'at' (none: off the board) and 'owner' (default: the first player)
bool LoadEvaluator::pieces(const LoadItem& item) {
  Value dom = M_.evaluate(item.list);
  size_t mark = M_.arena_mark();
  int n = M_.list_len(dom);
  if (n > kMaxPieces) {
    error(item.each_pos, fmt::format("at most {} pieces are supported ('pieces.{}' makes {})", kMaxPieces, item.name, n));
    return false;
  }
  std::vector<PieceInit>& out = generated_[item.id];
  for (int i = 0; i < n; ++i) {
    Value x = M_.list_at(dom, i);
    PieceInit pi{item.id, 0, -1, x.i};
    M_.slot(0) = x;
    if (item.value >= 0) pi.site = static_cast<int>(M_.evaluate(item.value).i);
    M_.slot(0) = x;
    if (item.owner >= 0) pi.owner = static_cast<int>(M_.evaluate(item.owner).i);
    if (pi.owner < 0 || pi.owner >= P_.nplayers()) {  // the types allow none: defensive
      error(P_.code[item.owner].pos, fmt::format("the 'owner' of piece kind '{}' is not a player", item.name));
      return false;
    }
    if (pi.site >= P_.nsites()) pi.site = -1;
    out.push_back(pi);
    M_.arena_rewind(mark);
  }
  return true;
}

// Every piece in creation order (kind by kind as written: a generated kind's in list order), at its 'at'; then the
// start board.
bool LoadEvaluator::make_pieces(const std::vector<BoardSite>& start) {
  std::vector<PieceInit> all;
  const LoadItem* last_generated = nullptr;
  for (int k = 0; k < static_cast<int>(P_.kinds.size()); ++k) {
    if (auto it = generated_.find(k); it != generated_.end()) {
      all.insert(all.end(), it->second.begin(), it->second.end());
      for (const LoadItem& item : P_.load_items)
        if (item.kind == LoadItem::Pieces && item.id == k) last_generated = &item;
    } else {
      for (const PieceInit& pi : P_.pieces)
        if (pi.kind == k) all.push_back(pi);
    }
    if (all.size() > static_cast<size_t>(kMaxPieces) && last_generated) {
      error(last_generated->each_pos, fmt::format("at most {} pieces are supported ('pieces.{}' makes {} of {})",
                                                  kMaxPieces, last_generated->name,
                                                  generated_[last_generated->id].size(), all.size()));
      return false;
    }
  }
  P_.pieces = std::move(all);
  P_.max_stack = std::max<int>(1, static_cast<int>(P_.pieces.size()));
  P_.start = Position{};
  std::vector<bool> free(P_.pieces.size());
  for (size_t i = 0; i < P_.pieces.size(); ++i) {
    free[i] = P_.pieces[i].site < 0;
    if (!free[i]) P_.start.places.push_back({static_cast<int>(i), P_.pieces[i].site});
  }
  return resolve_board(start, P_, BoardOf::Start, free, P_.files, diags_, P_.start);
}

// names -> for each piece of a named kind, in creation order, its kind's template written with `me` = the piece's
// owner and a generated piece's element in slot 0. A name must not be empty, nor another piece's of its kind.
bool LoadEvaluator::name_pieces() {
  P_.piece_names.assign(P_.pieces.size(), std::string());
  std::vector<std::map<std::string, size_t>> taken(P_.kinds.size());
  for (size_t i = 0; i < P_.pieces.size(); ++i) {
    const PieceInit& pi = P_.pieces[i];
    const KindInfo& k = P_.kinds[static_cast<size_t>(pi.kind)];
    if (!k.named) continue;
    M_.begin_operation(true);
    M_.state().player = pi.owner;
    const TemplateInfo& t = k.name_template;
    std::string name = t.literals[0];
    for (size_t e = 0; e < t.exprs.size(); ++e) {
      M_.slot(0) = Value{pi.element, 0, 0};
      if (t.exprs[e] >= 0) name += M_.show(M_.evaluate(t.exprs[e]), P_.code[t.exprs[e]].type);
      name += t.literals[e + 1];
    }
    if (name.empty()) {
      error(k.name_pos, fmt::format("piece '{}#{}' has an empty name (a piece's name is how it is written)", k.name, i));
      return false;
    }
    auto [it, fresh] = taken[static_cast<size_t>(pi.kind)].emplace(name, i);
    if (!fresh) {
      error(k.name_pos, fmt::format("pieces '{}#{}' and '{}#{}' are both named '{}' (the pieces of a kind have different "
                                    "names)",
                                    k.name, it->second, k.name, i, name));
      return false;
    }
    P_.piece_names[i] = std::move(name);
  }
  return true;
}

bool LoadEvaluator::run(const std::vector<BoardSite>& start) {
  for (LoadItem& item : P_.load_items) {
    M_.begin_operation(true);
    bool ok = false;
    try {
      switch (item.kind) {
        case LoadItem::Region: ok = region(item); break;
        case LoadItem::Relation: ok = relation(item); break;
        case LoadItem::Lines: ok = lines(item); break;
        case LoadItem::Pieces: ok = pieces(item); break;
      }
    } catch (const RuntimeError& e) {
      report(e);
      return false;
    }
    if (!ok) return false;
  }
  if (!generated_.empty() && !make_pieces(start)) return false;
  if (std::any_of(P_.kinds.begin(), P_.kinds.end(), [](const KindInfo& k) { return k.named; })) {
    try {
      if (!name_pieces()) return false;
    } catch (const RuntimeError& e) {
      report(e);
      return false;
    }
  }
  return true;
}

}  // namespace

bool evaluate_at_load(Program& P, const std::vector<BoardSite>& start, Diagnostics& diags) {
  if (P.load_items.empty() && std::none_of(P.kinds.begin(), P.kinds.end(), [](const KindInfo& k) { return k.named; }))
    return true;
  LoadEvaluator e(P, diags);
  return e.run(start);
}

}  // namespace ri
