// The warnings of a checked rule file: moves no turn step offers, declarations never used. See warnings.hpp.
#include "check/warnings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <utility>

namespace ri {

namespace {

// Every global name the checked code refers to, as (Sym, id): the rule file's code, and the bodies of the functions
// that code calls, directly or through other functions (a function only an unused function calls is unused too).
class Uses {
 public:
  explicit Uses(const Checked& c) : c_(c) {}

  void collect() {
    const Checked& c = c_;
    for (const CheckedMove& m : c.moves) {
      for (const CheckedParam& p : m.params) expr(p.domain);
      for (const ExprP& e : m.lets) expr(e);
      for (const CheckedRequire& r : m.requires_) expr(r.check);
      for (const CheckedRequire& r : m.ensures) expr(r.check);
      stmts(m.effects);
      for (const Template& t : m.notation) templ(t);
      for (const ExprP& e : m.record) expr(e);
    }
    for (const ExprP& e : c.var_inits) expr(e);
    for (const ExprP& e : c.history_defaults) expr(e);
    for (const auto& kind : c.attr_inits)
      for (const ExprP& e : kind) expr(e);
    for (const Template& t : c.piece_names) templ(t);
    for (const CheckedChance& ch : c.chance) {
      expr(ch.computed);
      stmts(ch.effects);
    }
    for (const ExprP& e : c.step_when) expr(e);
    for (const auto& after : c.step_after) stmts(after);
    for (const CheckedEnd& e : c.ends) {
      expr(e.when);
      expr(e.arg);
      templ(e.message);
    }
    for (const ExprP& e : c.invariants) expr(e);
    templ(c.display);
    templ(c.summary);
    templ(c.prompt);
    expr(c.hidden_when);
    expr(c.evaluation_value);
    stmts(c.setup);
    for (const CheckedLoad& l : c.load) {
      expr(l.list);
      expr(l.value);
      expr(l.owner);
    }
    // the functions reached, each body once
    while (!pending_.empty()) {
      int f = pending_.back();
      pending_.pop_back();
      if (f >= 0 && static_cast<size_t>(f) < c.functions.size()) expr(c.functions[static_cast<size_t>(f)].body);
    }
  }

  bool used(Sym sym, int id) const { return used_.count({sym, id}) > 0; }

 private:
  void use(Sym sym, int id) {
    if (!used_.insert({sym, id}).second) return;
    if (sym == Sym::Function) pending_.push_back(id);
  }
  void expr(const ExprP& e) {
    if (!e) return;
    use(e->sym, e->id);
    for (const ExprP& k : e->kids) expr(k);
  }
  void stmts(const std::vector<StmtP>& list) {
    for (const StmtP& s : list) {
      if (!s) continue;
      use(s->sym, s->id);
      for (const ExprP& e : s->exprs) expr(e);
      stmts(s->body);
    }
  }
  void templ(const Template& t) {
    for (const ExprP& e : t.exprs) expr(e);
  }

  const Checked& c_;
  std::set<std::pair<Sym, int>> used_;
  std::vector<int> pending_;
};

// A variant's `remove` of a key its base's entry needs to do anything: the key, and what the entry is without it.
struct Needed {
  const char* section;
  const char* key;
  const char* without;  // {} is the entry's name
};
constexpr Needed kNeeded[] = {
    {"pieces", "at", "the pieces of kind '{}' start off the board, where no move may reach them"},
    {"pieces", "per_player", "no player has pieces of kind '{}'"},
    {"moves", "effects", "the move '{}' changes nothing"},
};

// Warns at each `remove` path that drops a key of kNeeded from an entry that the variant does not give again.
void warn_dropped(const Document& doc, const SourceFiles& files, Diagnostics& diags) {
  for (const Text& r : doc.removed) {
    size_t a = r.s.find('.'), b = a == std::string::npos ? a : r.s.find('.', a + 1);
    if (b == std::string::npos) continue;
    std::string section = r.s.substr(0, a), entry = r.s.substr(a + 1, b - a - 1), key = r.s.substr(b + 1);
    for (const Needed& n : kNeeded) {
      if (section != n.section || key != n.key) continue;
      const Keys* keys = nullptr;
      if (section == "pieces")
        for (const PieceDecl& p : doc.pieces)
          if (p.name.s == entry) keys = &p.keys;
      if (section == "moves")
        for (const MoveDecl& m : doc.moves)
          if (m.name.s == entry) keys = &m.keys;
      bool given = keys && std::any_of(keys->begin(), keys->end(), [&](const Text& k) { return k.s == key; });
      if (keys && !given)
        diags.warning(files, r.pos, fmt::format("removing '{}' drops a key the base's entry needs: {}", r.s,
                                                fmt::format(fmt::runtime(n.without), entry)));
    }
  }
}

}  // namespace

void warn_unused(const Document& doc, const Checked& checked, Diagnostics& diags) {
  const Model& P = checked.model;
  if (!P.symbols) return;
  const auto& globals = P.symbols->globals;
  // the declarations reported: the rule file's own (files[0]), not a base's, nor the standard library's (its prelude,
  // the libraries imported)
  std::set<int> library_files;
  for (const ImportDecl& i : doc.imports)
    if (i.file >= 0) library_files.insert(i.file);
  auto global = [&](const std::string& name, Sym sym) -> const GlobalSym* {
    auto it = globals.find(name);
    if (it == globals.end() || it->second.sym != sym || it->second.library) return nullptr;
    // a variant's: only its own (a base's declarations are the base's to use; the variant may replace their uses)
    if (library_files.count(it->second.pos.file) || it->second.pos.file != 0) return nullptr;
    return &it->second;
  };
  Uses uses(checked);
  uses.collect();
  auto queried = [&](const std::string& name) {
    return std::any_of(doc.queries.begin(), doc.queries.end(), [&](const Text& q) { return q.s == name; });
  };
  auto warn_if_unused = [&](const std::string& name, Sym sym, const char* what) {
    if (queried(name)) return;
    const GlobalSym* g = global(name, sym);
    if (g && !uses.used(sym, g->id)) diags.warning(P.files, g->pos, fmt::format("{} '{}' is never used", what, name));
  };

  // moves: offered by a turn step (a step's moves, every move for `choose: all`)
  std::set<int> offered;
  for (const StepInfo& st : P.steps) offered.insert(st.moves.begin(), st.moves.end());
  for (size_t m = 0; m < P.moves.size(); ++m)
    if (!offered.count(static_cast<int>(m)) && P.moves[m].pos.file == 0)
      diags.warning(P.files, P.moves[m].pos, fmt::format("move '{}' is offered by no turn step", P.moves[m].name));

  for (const VarDecl& v : doc.variables) warn_if_unused(v.name.s, v.per_player ? Sym::PerPlayer : Sym::Global, "variable");
  for (const FuncDecl& f : doc.functions) warn_if_unused(f.name(), Sym::Function, "function");
  for (const NamedList& r : doc.regions) warn_if_unused(r.name.s, Sym::Region, "region");
  // a piece kind is used when the game has pieces of it from the start ('per_player' above 0, 'each', the start
  // board), or when code names it
  std::set<std::string> on_start_board;
  for (const BoardSite& s : doc.start)
    for (const BoardPiece& p : s.pieces) on_start_board.insert(p.kind.s);
  std::set<int> has_pieces;
  for (const ResolvedPieces& rp : checked.declared.pieces)
    if (rp.count > 0) has_pieces.insert(rp.kind);
  for (size_t k = 0; k < doc.pieces.size(); ++k) {
    const PieceDecl& pd = doc.pieces[k];
    const GlobalSym* g = global(pd.name.s, Sym::Kind);
    if (!g || pd.each || queried(pd.name.s) || on_start_board.count(pd.name.s) || uses.used(Sym::Kind, g->id)) continue;
    if (has_pieces.count(static_cast<int>(k))) continue;
    diags.warning(P.files, g->pos, fmt::format("piece kind '{}' is never used", pd.name.s));
  }
  warn_dropped(doc, P.files, diags);
}

}  // namespace ri
