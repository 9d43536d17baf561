// The checker: declarations, moves, turn, end and display, and the order of the passes. See checker.hpp.
#include "check/checker_impl.hpp"

#include <algorithm>

namespace ri::checking {

std::string Checker::kind_of(const std::string& name, const GlobalSym& g) const {
  switch (g.sym) {
    case Sym::Player: return "a player";
    case Sym::Site: return "a site";
    case Sym::Zone:
    case Sym::ZoneEach: return "a zone";
    case Sym::Region: return "a region";
    case Sym::TrackEach: return "a track";
    case Sym::Kind: return "a piece kind";
    case Sym::Function: return "a function";
    case Sym::Relation: return "a relation";
    case Sym::Lines: return "a family of lines";
    case Sym::HistoryField: return "a history field";
    case Sym::Param: return "a parameter";
    case Sym::Move: return "a move";
    case Sym::Global:
      if (std::any_of(P_.chance.begin(), P_.chance.end(), [&](auto& c) { return c.name == name; })) return "a chance";
      return "a variable";
    case Sym::PerPlayer: return "a variable";
    default: return "a name";
  }
}

std::vector<std::string> Checker::value_names() const {
  std::vector<std::string> out;
  for (auto& l : locals_) out.push_back(l.name);
  for (auto& [n, g] : globals_)
    if (g.sym != Sym::Function && g.sym != Sym::Move && g.sym != Sym::Relation && g.sym != Sym::HistoryField)
      out.push_back(n);
  return out;
}

std::vector<std::string> Checker::function_names() const {
  std::vector<std::string> out;
  for (auto& [n, g] : globals_)
    if (g.sym == Sym::Function) out.push_back(n);
  for (const Operation& b : builtins()) out.emplace_back(b.name);
  for (const Operation& a : aggregates())
    if (!find_builtin(a.name)) out.emplace_back(a.name);
  return out;
}

std::string Checker::where(Pos p, Pos from) const {
  if (p.file == from.file || p.file < 0 || static_cast<size_t>(p.file) >= P_.files.size())
    return fmt::format("line {}, column {}", p.line, p.col);
  return fmt::format("{}:{}:{}", P_.files[p.file]->path, p.line, p.col);
}

bool Checker::declare(const std::string& name, Pos pos, Sym sym, int id, Type type) {
  if (!generated_names_) {
    std::string why = bad_name(name);
    if (!why.empty()) {
      error(pos, why);
      return false;
    }
  }
  auto it = globals_.find(name);
  if (it != globals_.end()) {
    const Pos& first = it->second.pos;
    const ImportDecl* old_lib = first.line > 0 ? imported(first) : nullptr;
    const ImportDecl* new_lib = imported(pos);
    if (old_lib != new_lib && (!old_lib || !new_lib) && first.line > 0 && !it->second.library) {
      // a name both an imported library and the rule file declare: reported at the rule file's declaration, naming
      // the library's, whichever is checked first
      const ImportDecl* lib = old_lib ? old_lib : new_lib;
      Pos at = old_lib ? pos : first, theirs = old_lib ? first : pos;
      std::string what = old_lib ? kind_of(name, it->second) : kind_of(name, GlobalSym{sym, id, type, pos});
      error(at, fmt::format("'{}' is already declared as {} of the library '{}' (at {})", name, what, lib->name.s,
                            where(theirs, at)));
      diags_.note(P_.files, lib->name.pos, fmt::format("the library '{}' is imported here", lib->name.s));
      return false;
    }
    if (it->second.library)
      error(pos, fmt::format("'{}' is already declared as {} of the standard library", name, kind_of(name, it->second)));
    else if (first.line > 0)
      error(pos,
            fmt::format("'{}' is already declared as {} (at {})", name, kind_of(name, it->second), where(first, pos)));
    else
      error(pos, fmt::format("'{}' is a built-in name", name));
    return false;
  }
  globals_[name] = {sym, id, type, pos};
  return true;
}

const ImportDecl* Checker::imported(Pos p) const {
  for (const ImportDecl& i : doc_.imports)
    if (i.file >= 0 && i.file == p.file) return &i;
  return nullptr;
}

int Checker::add_site(const std::string& name, const std::string& label) {
  P_.site_names.push_back(name);
  P_.site_labels.push_back(label);
  return static_cast<int>(P_.site_names.size()) - 1;
}

void Checker::check_moves() {
  if (doc_.moves.size() > static_cast<size_t>(kMaxMoveKinds)) {
    error(doc_.moves[kMaxMoveKinds].name.pos, fmt::format("a rule file declares at most {} moves", kMaxMoveKinds));
    return;
  }
  for (auto& md : doc_.moves) {
    MoveInfo mi;
    mi.name = md.name.s;
    mi.pos = md.name.pos;
    CheckedMove cm;
    int id = static_cast<int>(P_.moves.size());
    declare(md.name.s, md.name.pos, Sym::Move, id, Type::Void);
    Frame frame(*this, {Code::Move, &md});
    move_lets_known_ = 0;
    // parameters: each may range over a domain that refers to earlier parameters
    if (md.params.size() > static_cast<size_t>(kMaxParams))
      error(md.params[kMaxParams].name.pos, fmt::format("a move has at most {} parameters", kMaxParams));
    ctx_.domains = true;
    for (auto& pd : md.params) {
      ParamInfo pi;
      pi.name = pd.name.s;
      pi.code = pd.error.s;
      pi.message = pd.message.s;
      if (std::string why = bad_name(pd.name.s); !why.empty()) error(pd.name.pos, why);
      std::string tname;
      Pos tpos;
      ExprP domain;
      if (parser_->param_spec(pd.spec, tname, tpos, domain, pi.optional)) {
        pi.type = parse_type(tname);
        if (pi.type == Type::Error || is_list(pi.type) || pi.type == Type::Str || pi.type == Type::Bool || pi.type == Type::Kind) {
          if (pi.type == Type::Error)
            error(tpos, fmt::format("unknown type '{}' (a parameter is a site, player, piece or int)", tname));
          else
            error(tpos, fmt::format("a parameter is a site, player, piece or int, not '{}'", tname));
          pi.type = Type::Error;
        } else if (domain) {
          Type d = expr_as(*domain, list_of(pi.type));  // 'in []' is a list of the parameter's type
          if (d != Type::Error && d != list_of(pi.type)) {
            error(domain->pos, fmt::format("parameter '{}' is {} but ranges over {}{}", pi.name, type_name(pi.type),
                                           type_name(d), quoted(*domain)));
          }
        } else if (pi.type == Type::Int) {
          error(tpos, fmt::format("int parameter '{}' needs a domain, like 'int in 1..6'", pi.name));
        }
        if (pi.optional && pi.type != Type::Site && pi.type != Type::Piece && pi.type != Type::Error)
          error(tpos, fmt::format("only a site or piece parameter can be optional ('none' is not {})", type_name(pi.type)));
      }
      push_local(pi.name, pi.type);
      mi.params.push_back(pi);
      cm.params.push_back({std::move(domain)});
    }
    ctx_.domains = false;
    // lets: lazily evaluated, typed in order
    for (auto& let : md.lets) {
      const Text& k = let.first;  // (not a structured binding: lambdas below capture it, which clang 14 refuses)
      const Text& v = let.second;
      if (std::string why = bad_name(k.s); !why.empty()) error(k.pos, why);
      if (std::any_of(md.params.begin(), md.params.end(), [&](auto& pd) { return pd.name.s == k.s; }))
        error(k.pos, fmt::format("'{}' is already a parameter of move '{}'", k.s, md.name.s));
      ExprP e = parse(v);
      Type t = e ? expr(*e) : Type::Error;
      if (t == Type::None) t = Type::Site;
      int slot = push_local(k.s, t, Sym::LazyLocal, static_cast<int>(cm.lets.size()));
      cm.let_slots.push_back(slot);
      cm.lets.push_back(std::move(e));
      ++move_lets_known_;
    }
    mi.nlets = static_cast<int>(cm.lets.size());
    if (mi.nlets > 64) error(md.name.pos, "a move has at most 64 'let' definitions");
    auto conditions = [&](const std::vector<Requirement>& rs, std::vector<RequireInfo>& infos,
                          std::vector<CheckedRequire>& checked, const char* what) {
      for (auto& r : rs) {
        RequireInfo ri;
        ri.code = r.error.s;
        ri.message = r.message.s;
        ri.text = r.check.s;
        ri.pos = r.check.pos;
        ExprP e = parse(r.check);
        if (e) expect(*e, Type::Bool, what);
        infos.push_back(ri);
        checked.push_back({std::move(e)});
      }
    };
    conditions(md.requires_, mi.requires_, cm.requires_, "a requirement");
    for (auto& ef : md.effects) {
      StmtP s = parser_->stmt(ef);
      if (s) stmt(*s);
      cm.effects.push_back(std::move(s));
    }
    conditions(md.ensures, mi.ensures, cm.ensures, "a post-condition ('ensures')");
    for (auto& nt : md.notation) {
      Template t;
      templ(nt, t);
      cm.notation.push_back(std::move(t));
    }
    cm.record.resize(P_.history.size());
    for (auto& [field, value] : md.record) {
      auto it = globals_.find(field.s);
      ExprP e = parse(value);
      Type t = e ? expr(*e) : Type::Error;
      if (it == globals_.end() || it->second.sym != Sym::HistoryField) {
        std::vector<std::string> names;
        for (auto& h : P_.history) names.push_back(h.name);
        error(field.pos, fmt::format("undeclared history field '{}'{}", field.s, near_or_list(field.s, names)));
        continue;
      }
      Type want = it->second.type;
      if (t != Type::Error && want != Type::Error && join(t, want) != want)
        error(e->pos, fmt::format("history field '{}' is {}, not {}", field.s, type_name(want), type_name(t)));
      cm.record[it->second.id] = std::move(e);
    }
    if (md.notation.empty()) {
      // default notation: the move's name and its parameters
      Text t;
      t.s = md.name.s;
      for (auto& pd : md.params)
        if (bad_name(pd.name.s).empty()) t.s += " {" + pd.name.s + "}";
      t.pos = md.name.pos;
      Template tp;
      templ(t, tp);
      cm.notation.push_back(std::move(tp));
    }
    mi.frame = frame.size();
    P_.moves.push_back(std::move(mi));
    out_.moves.push_back(std::move(cm));
  }
}

void Checker::check_turn() {
  for (auto& st : doc_.turn) {
    StepInfo si;
    if (st.kind == StepDecl::Roll) {
      si.kind = StepInfo::Roll;
      auto it = std::find_if(P_.chance.begin(), P_.chance.end(), [&](auto& c) { return c.name == st.chance.s; });
      bool rejected = std::any_of(doc_.chance.begin(), doc_.chance.end(), [&](auto& c) { return c.name.s == st.chance.s; });
      if (it == P_.chance.end() && !rejected) {
        std::vector<std::string> names;
        for (auto& c : P_.chance) names.push_back(c.name);
        error(st.chance.pos, fmt::format("undeclared chance '{}'{}", st.chance.s, near_or_list(st.chance.s, names)));
      }
      else si.chance = static_cast<int>(it - P_.chance.begin());
    } else {
      si.kind = StepInfo::Choose;
      if (st.moves.empty())
        for (size_t m = 0; m < P_.moves.size(); ++m) si.moves.push_back(static_cast<int>(m));
      for (auto& m : st.moves) {
        auto it = std::find_if(P_.moves.begin(), P_.moves.end(), [&](auto& mv) { return mv.name == m.s; });
        if (it == P_.moves.end()) {
          std::vector<std::string> names;
          for (auto& mv : P_.moves) names.push_back(mv.name);
          error(m.pos, fmt::format("undeclared move '{}'{}", m.s, near_or_list(m.s, names)));
        }
        else si.moves.push_back(static_cast<int>(it - P_.moves.begin()));
      }
      if (st.when_none.s == "end") si.end_if_none = true;
      else if (st.when_none.s == "lose") si.lose_if_none = true;
      else if (!st.when_none.s.empty() && st.when_none.s != "pass")
        error(st.when_none.pos, fmt::format("'if_none' is 'pass', 'end' or 'lose', not '{}'", st.when_none.s));
    }
    ExprP when;
    Frame frame(*this, {Code::StepWhen});
    if (st.when) {
      when = parse(*st.when);
      if (when) expect(*when, Type::Bool, "a step's 'when'");
    }
    // 'after': statements run after every move chosen at the step, with `me` = the mover and no local name (the
    // step may offer several moves): a move's effects without turn requests
    std::vector<StmtP> after;
    ctx_.code = Code::After;
    for (auto& text : st.after) {
      StmtP s = parser_->stmt(text);
      if (s) stmt(*s);
      after.push_back(std::move(s));
    }
    si.frame = frame.size();
    out_.step_when.push_back(std::move(when));
    out_.step_after.push_back(std::move(after));
    P_.steps.push_back(std::move(si));
  }
}

void Checker::check_end() {
  for (auto& ed : doc_.end) {
    EndInfo ei;
    ei.pos = ed.pos;
    CheckedEnd ce;
    Frame frame(*this, {Code::End});
    if (!ed.each.s.empty()) {
      ei.each = true;
      if (std::string why = bad_name(ed.each.s); !why.empty()) error(ed.each.pos, why);
      push_local(ed.each.s, Type::Player);
    }
    ce.when = parse(ed.when);
    if (ce.when) expect(*ce.when, Type::Bool, "an end condition");
    ExprP r = parse(ed.result);
    if (r) {
      if (r->kind == ExprKind::Name && r->name == "draw") {
        ei.result = EndInfo::Draw;
      } else if (r->kind == ExprKind::Call && r->name == "win" && r->kids.size() == 1) {
        ei.result = EndInfo::Win;
        expect(*r->kids[0], Type::Player, "the winner");
        ce.arg = std::move(r->kids[0]);
      } else if (r->kind == ExprKind::Call && r->name == "lose" && r->kids.size() == 1) {
        ei.result = EndInfo::Lose;
        expect(*r->kids[0], Type::Player, "the loser");
        ce.arg = std::move(r->kids[0]);
      } else if (r->kind == ExprKind::Call && r->name == "rank" && r->kids.size() == 1) {
        ei.result = EndInfo::Rank;
        if (!ei.each) error(r->pos, "'rank(VALUE)' needs 'each: PLAYER' (the value is computed for every player)");
        expect(*r->kids[0], Type::Int, "a ranking value");
        ce.arg = std::move(r->kids[0]);
      } else if (r->kind == ExprKind::Call && (r->name == "win" || r->name == "lose" || r->name == "rank")) {
        error(r->pos, fmt::format("'{}' takes 1 argument ({}), not {}", r->name, r->name == "rank" ? "int" : "player",
                                  r->kids.size()));
      } else if (r->kind == ExprKind::Call || r->kind == ExprKind::Name) {
        error(r->pos, fmt::format("a result is win(PLAYER), lose(PLAYER), draw or rank(VALUE), not '{}{}'", r->name,
                                  r->kind == ExprKind::Call ? "(...)" : ""));
      } else {
        error(r->pos, "a result is win(PLAYER), lose(PLAYER), draw or rank(VALUE)");
      }
    }
    if (ed.message) ei.has_message = templ(*ed.message, ce.message);  // the `each` name is in scope
    if (ed.reason) ei.has_reason = templ(*ed.reason, ce.reason);
    ei.name = ed.name.s;
    ei.frame = std::max(1, frame.size());
    P_.ends.push_back(ei);
    out_.ends.push_back(std::move(ce));
  }
}

// invariants: NAME -> a bool checked like an end condition (every global name, `me` = the player to move), each
// name an identifier of its own namespace (duplicate keys are the loader's to report).
void Checker::check_invariants() {
  for (auto& inv : doc_.invariants) {
    InvariantInfo ii;
    ii.name = inv.name.s;
    size_t first = inv.check.s.find_first_not_of(" \t\r\n");  // a violation is reported where the text starts
    ii.pos = inv.check.at(first == std::string::npos ? 0 : first);
    if (std::string why = bad_name(inv.name.s); !why.empty()) error(inv.name.pos, why);
    Frame frame(*this, {Code::Invariant});
    ExprP e = parse(inv.check);
    std::string what = fmt::format("invariant '{}'", inv.name.s);
    if (e) expect(*e, Type::Bool, what.c_str());
    ii.frame = frame.size();
    P_.invariants.push_back(std::move(ii));
    out_.invariants.push_back(std::move(e));
  }
}

// queries -> '[' NAME (',' NAME)* ']': each a declared global name (a function, variable, region, ...)
void Checker::check_queries() {
  std::vector<std::string> names;
  for (const Text& q : doc_.queries) {
    if (globals_.count(q.s)) continue;
    if (names.empty())
      for (auto& [name, sym] : globals_) names.push_back(name);
    std::sort(names.begin(), names.end());
    error(q.pos, fmt::format("undeclared name '{}' in 'queries'{}", q.s, did_you_mean(q.s, names)));
  }
}

// setup: statements run once when the game is set up from the rule file's start, with `me` = the first player:
// the effects of a move but extra_turn and continue_turn; the only place where 'random' may be called.
void Checker::check_setup() {
  Frame frame(*this, {Code::Setup});
  for (auto& text : doc_.setup) {
    StmtP s = parser_->stmt(text);
    if (s) stmt(*s);
    out_.setup.push_back(std::move(s));
  }
  P_.setup_frame = frame.size();
}

// display, summary and game.prompt: templates shown with `me` = the player to move, no local name.
void Checker::check_display() {
  if (doc_.has_display) {
    Frame frame(*this, {Code::Display});
    P_.has_display = templ(doc_.display, out_.display);
    P_.display_frame = frame.size();
  }
  if (doc_.has_summary) {
    Frame frame(*this, {Code::Display});
    P_.has_summary = templ(doc_.summary, out_.summary);
    P_.summary_frame = frame.size();
  }
  if (doc_.prompt.pos.line > 0) {
    Frame frame(*this, {Code::Display});
    P_.has_prompt = templ(doc_.prompt, out_.prompt);
    P_.prompt_frame = frame.size();
  }
}

// hidden: `each` names a piece, `when` is a bool condition of it (me = the viewer), `attributes` lists the secret
// attributes (absent: all of them; the built-in fields are always shown).
void Checker::check_hidden() {
  if (!doc_.hidden) return;
  const HiddenDecl& h = *doc_.hidden;
  HiddenInfo& hi = P_.hidden;
  Frame frame(*this, {Code::Hidden});
  if (std::string why = bad_name(h.each.s); !why.empty()) error(h.each.pos, why);
  push_local(h.each.s, Type::Piece);
  out_.hidden_when = parse(h.when);
  if (out_.hidden_when) expect(*out_.hidden_when, Type::Bool, "the 'when' of 'hidden'");
  hi.frame = std::max(1, frame.size());
  hi.secret.assign(P_.attr_names.size(), h.attributes ? 0 : 1);
  if (!h.attributes) return;
  for (const Text& a : *h.attributes) {
    auto it = std::find(P_.attr_names.begin(), P_.attr_names.end(), a.s);
    if (a.s == "owner" || a.s == "site" || a.s == "kind") {
      error(a.pos, fmt::format("'{}' is a built-in field of every piece and is always shown: only attributes can be secret",
                               a.s));
    } else if (it == P_.attr_names.end()) {
      error(a.pos, fmt::format("pieces have no attribute '{}'{}", a.s, near_or_list(a.s, P_.attr_names)));
    } else if (hi.secret[static_cast<size_t>(it - P_.attr_names.begin())]) {
      error(a.pos, fmt::format("attribute '{}' is listed twice", a.s));
    } else {
      hi.secret[static_cast<size_t>(it - P_.attr_names.begin())] = 1;
    }
  }
}

// evaluation: `each` names a player, `value` is an int expression of them (me = the player to move).
void Checker::check_evaluation() {
  if (!doc_.evaluation) return;
  const EvaluationDecl& e = *doc_.evaluation;
  Frame frame(*this, {Code::Evaluation});
  if (std::string why = bad_name(e.each.s); !why.empty()) error(e.each.pos, why);
  push_local(e.each.s, Type::Player);
  out_.evaluation_value = parse(e.value);
  if (out_.evaluation_value) expect(*out_.evaluation_value, Type::Int, "the 'value' of 'evaluation'");
  P_.evaluation.frame = std::max(1, frame.size());
}

bool Checker::run(const std::vector<const Document*>& libs, const SourceFiles& files) {
  size_t before = diags_.size();
  P_.files = files;
  P_.file = files.at(0);
  if (!doc_.extends.s.empty()) P_.extends = doc_.extends.pos;
  parser_ = std::make_unique<Parser>(P_.files, diags_);
  P_.name = doc_.name.s;
  P_.description = doc_.description.s;
  P_.syntax = doc_.syntax.s;
  if (doc_.notation_case.s == "sensitive") P_.notation_case_sensitive = true;
  else if (doc_.notation_case.pos.line > 0 && doc_.notation_case.s != "insensitive")
    error(doc_.notation_case.pos,
          fmt::format("'notation_case' is 'sensitive' or 'insensitive', not '{}'", clip(doc_.notation_case.s)));
  globals_["me"] = {Sym::Me, 0, Type::Player, {}};
  // the built-in lists (filled in by declare_topology) and the standard library come first, so a rule file
  // that declares one of their names is told so, at its own declaration
  globals_["players"] = {Sym::AllPlayers, -1, Type::Players, {}};
  globals_["sites"] = {Sym::AllSites, -1, Type::Sites, {}};
  globals_["pieces"] = {Sym::AllPieces, -1, Type::Pieces, {}};
  globals_["cannot_move"] = {Sym::CannotMove, -1, Type::Bool, {}};
  globals_["game_over"] = {Sym::GameOver, -1, Type::Bool, {}};
  globals_["continuing"] = {Sym::Continuing, -1, Type::Bool, {}};
  for (auto* lib : libs) declare_functions(*lib, true);
  declare_params();
  declare_players();
  declare_topology();
  declare_pieces();
  declare_chance();
  declare_functions(doc_, false);
  declare_variables();
  declare_history();
  for (size_t f = 0; f < fns_.size(); ++f) check_function(static_cast<int>(f));
  check_load_items();
  check_attribute_inits();
  check_piece_names();
  check_chance();
  check_setup();
  check_moves();
  check_turn();
  check_end();
  check_invariants();
  check_queries();
  check_display();
  check_hidden();
  check_evaluation();
  sort_load_items();
  check_load_order();
  // the pieces of each kind with 'per_player' (and without 'each'): how many, and where they start
  for (size_t k = 0; k < doc_.pieces.size(); ++k) {
    auto& pd = doc_.pieces[k];
    if (!pd.per_player || pd.each) continue;
    std::optional<int> per_player = count(*pd.per_player);
    if (!per_player) continue;
    if (*per_player < 0 || *per_player > 1000000) {
      error(pd.per_player->pos, fmt::format("'per_player' must be a whole number from 0 to 1000000, not {} (the value "
                                            "of {} '{}')", *per_player, pd.per_player->expr ? "the expression" : "parameter",
                                            pd.per_player->param.s));
      continue;
    }
    ResolvedPieces pieces{static_cast<int>(k), *per_player, pd.per_player->pos, {}};
    for (int p = 0; p < static_cast<int>(P_.players.size()); ++p) {
      int site = -1;  // without 'at' (or with an undeclared one): off the board
      auto it = pd.at.s.empty() ? globals_.end() : globals_.find(pd.at.s);
      if (it != globals_.end() && (it->second.sym == Sym::Site || it->second.sym == Sym::Zone)) site = it->second.id;
      else if (it != globals_.end() && it->second.sym == Sym::ZoneEach) site = P_.zone_sites[it->second.id][p];
      else if (!pd.at.s.empty() && p == 0) {
        std::vector<std::string> names;
        for (auto& [n, g] : globals_)
          if (g.sym == Sym::Site || g.sym == Sym::Zone || g.sym == Sym::ZoneEach) names.push_back(n);
        error(pd.at.pos, fmt::format("undeclared site or zone '{}'{}", pd.at.s, did_you_mean(pd.at.s, names)));
      }
      pieces.sites.push_back(site);
    }
    D_.pieces.push_back(std::move(pieces));
  }
  D_.start = doc_.start;
  D_.position_text = doc_.position_text;
  for (const FnDecl& fd : fns_) symbols_.param_names.push_back(fd.param_names);
  P_.symbols = std::make_shared<Symbols>(symbols_);
  return diags_.size() == before;
}

bool Checker::run_expressions(const std::vector<Text>& expressions) {
  size_t before = diags_.size();
  parser_ = std::make_unique<Parser>(P_.files, diags_);
  symbols_ = *P_.symbols;
  for (size_t f = 0; f < P_.functions.size(); ++f) {
    FnDecl fd{nullptr, symbols_.param_names[f], {}};
    fd.state = 2;  // checked with the rule file
    fns_.push_back(std::move(fd));
  }
  for (const Text& t : expressions) check_expression(t);
  return diags_.size() == before;
}

// An expression checked against the finished rule file's names, with `me` and no other local name (load_rules'
// `expressions`): any value, a list too.
void Checker::check_expression(const Text& t) {
  Frame frame(*this, {Code::Expression});
  out_.expressions.push_back(parse(t));
  if (out_.expressions.back()) expr(*out_.expressions.back());
  P_.expression_frame = std::max(P_.expression_frame, frame.size());
}

}  // namespace ri::checking

namespace ri {

bool check(const Document& doc, const std::vector<const Document*>& libraries, const SourceFiles& files, Checked& out,
           Diagnostics& diags) {
  checking::Checker c(doc, out, diags);
  return c.run(libraries, files);
}

bool check_expressions(const Model& model, const SourceFiles& files, const std::vector<Text>& expressions, Checked& out,
                       Diagnostics& diags) {
  out.model = model;
  out.model.files = files;
  out.model.expressions.clear();
  out.model.expression_frame = 0;
  static const Document none;
  checking::Checker c(none, out, diags);
  return c.run_expressions(expressions);
}

}  // namespace ri
