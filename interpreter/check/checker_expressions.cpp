// The checker: name resolution and typing of expressions and effects.
#include <fmt/ranges.h>

#include "check/checker_impl.hpp"
#include "common/styles.hpp"
#include "common/text.hpp"

namespace ri::checking {

Checker::Frame::Frame(Checker& c, Context ctx)
    : c_(c), ctx_(c.ctx_), locals_(std::move(c.locals_)), next_(c.next_slot_), max_(c.max_slot_) {
  c_.ctx_ = ctx;
  c_.locals_.clear();
  c_.next_slot_ = c_.max_slot_ = 0;
}

Checker::Frame::~Frame() {
  c_.ctx_ = ctx_;
  c_.locals_ = std::move(locals_);
  c_.next_slot_ = next_;
  c_.max_slot_ = max_;
}

int Checker::push_local(const std::string& name, Type t, Sym sym, int id) {
  int slot = next_slot_++;
  max_slot_ = std::max(max_slot_, next_slot_);
  locals_.push_back({name, slot, t, sym, id});
  return slot;
}

Type Checker::expr_as(Expr& e, Type want) {
  want_ = want;
  return expr(e);
}

Type Checker::expect(Expr& e, Type want, const char* what) {
  Type t = expr_as(e, want);
  if (t == Type::Error || t == want) return t;
  if (want == Type::Site || want == Type::Piece) {
    if (t == Type::None) return want;
  }
  error(e.pos, fmt::format("{} must be {}, not {}{}", what, type_name(want), type_name(t), quoted(e)));
  return Type::Error;
}

Type Checker::name(Expr& e) {
  for (auto it = locals_.rbegin(); it != locals_.rend(); ++it)
    if (it->name == e.name) {
      e.sym = it->sym;
      e.slot = it->slot;
      e.id = it->id;
      if (it->sym == Sym::LazyLocal && it->id >= move_lets_known_) {
        error(e.pos, fmt::format("'{}' is used before its definition", e.name));
        return e.type = Type::Error;
      }
      return e.type = it->type;
    }
  if (e.name == "me") {
    e.sym = Sym::Me;
    return e.type = Type::Player;
  }
  auto it = globals_.find(e.name);
  if (it == globals_.end()) {
    if (find_builtin(e.name)) {
      error(e.pos, fmt::format("'{}' is a function: call it as {}(...)", e.name, e.name));
      return e.type = Type::Error;
    }
    if (broken_functions_.count(e.name)) return e.type = Type::Error;
    if (parse_type(e.name) != Type::Error) {
      error(e.pos, fmt::format("'{}' is a type, not a value", e.name));
      return e.type = Type::Error;
    }
    if (const MoveDecl* md = ctx_.code == Code::Move ? ctx_.move : nullptr)
      for (size_t l = static_cast<size_t>(move_lets_known_); l < md->lets.size(); ++l)
        if (md->lets[l].first.s == e.name) {
          if (ctx_.domains)
            error(e.pos, fmt::format("a parameter's domain cannot use '{}': the move's 'let' definitions are "
                                     "computed from its parameters",
                                     e.name));
          else if (l == static_cast<size_t>(move_lets_known_))
            error(e.pos, fmt::format("'{}' is used in its own definition", e.name));
          else
            error(e.pos, fmt::format("'{}' is defined later in 'let' (line {}); a definition can only use those before it",
                                     e.name, md->lets[l].first.pos.line));
          return e.type = Type::Error;
        }
    error(e.pos, fmt::format("undeclared name '{}'{}", e.name, did_you_mean(e.name, value_names())));
    return e.type = Type::Error;
  }
  const GlobalSym& g = it->second;
  e.sym = g.sym;
  e.id = g.id;
  switch (g.sym) {
    case Sym::PerPlayer:
      error(e.pos, fmt::format("'{}' has a value for each player: write {}[PLAYER]", e.name, e.name));
      return e.type = Type::Error;
    case Sym::ZoneEach:
      error(e.pos, fmt::format("'{}' is a zone of each player: write {}[PLAYER]", e.name, e.name));
      return e.type = Type::Error;
    case Sym::TrackEach:
      error(e.pos, fmt::format("'{}' is a track of each player: write {}[PLAYER]", e.name, e.name));
      return e.type = Type::Error;
    case Sym::Function:
      error(e.pos, fmt::format("'{}' is a function: call it as {}(...)", e.name, e.name));
      return e.type = Type::Error;
    case Sym::Relation:
      error(e.pos, fmt::format("'{}' is a relation: use neighbours(SITE, {}) or step(SITE, {})", e.name, e.name, e.name));
      return e.type = Type::Error;
    case Sym::HistoryField:
      error(e.pos, fmt::format("'{}' is a history field: use recorded(ENTRY, {})", e.name, e.name));
      return e.type = Type::Error;
    case Sym::Move:
      error(e.pos, fmt::format("'{}' is a move, not a value", e.name));
      return e.type = Type::Error;
    case Sym::Param:  // a constant: the compiler writes its value
      return e.type = Type::Int;
    default:
      return e.type = g.type;
  }
}

// A call of a built-in function (operations.def): its arguments against the row's kinds, its result by the row's rule.
Type Checker::builtin_call(Expr& e, const Operation& b) {
  e.sym = Sym::Builtin;
  e.id = static_cast<int>(builtin_id(b));
  auto is_name = [](const Arg& a) { return a.kind == ArgKind::Relation || a.kind == ArgKind::Family || a.kind == ArgKind::Field; };
  if (e.kids.size() != b.args.size()) {
    std::vector<std::string> sig;
    for (const Arg& a : b.args)
      sig.push_back(a.kind == ArgKind::List || a.kind == ArgKind::Element ? "list"
                    : is_name(a)                                          ? name_arg_kind(a.kind)
                                                                          : type_name(a.type));
    error(e.pos, fmt::format("'{}' takes {} argument{} ({}), not {}", b.name, b.args.size(), b.args.size() == 1 ? "" : "s",
                             fmt::join(sig, ", "), e.kids.size()));
    // the arguments may have problems of their own (a relation's name is not a value: skip it)
    for (size_t i = 0; i < e.kids.size(); ++i)
      if (!(i < b.args.size() && is_name(b.args[i]))) expr(*e.kids[i]);
    return e.type = Type::Error;
  }
  if (b.args.size() == 2 && is_name(b.args[1])) return name_arg_call(e, b);
  if (!b.args.empty() && b.args[0].kind == ArgKind::List) return list_builtin_call(e, b);
  Builtin id = builtin_id(b);
  if (id == Builtin::opponent && P_.players.size() != 2) {
    error(e.pos, "'opponent' needs exactly two players; use next(PLAYER)");
    return e.type = Type::Error;
  }
  if (!ctx_.allows(b.where)) {
    // a draw is a side effect: only the setup may make one (a function's body is not the setup, wherever it is
    // called from)
    error(e.pos, fmt::format("'{}' can only be used in 'setup' (chance steps are where a game draws during play)", b.name));
    for (auto& k : e.kids) expr(*k);
    return e.type = Type::Error;
  }
  if (b.where == Where::Setup) P_.setup_draws = true;
  bool ok = true;
  for (size_t i = 0; i < b.args.size(); ++i)
    if (expect(*e.kids[i], b.args[i].type, fmt::format("argument {} of '{}'", i + 1, b.name).c_str()) == Type::Error)
      ok = false;
  if (id == Builtin::site_at && P_.grids.empty()) {
    error(e.pos, "'site_at' needs a grid in 'topology.grids'");
    return e.type = Type::Error;
  }
  if (id == Builtin::styled) check_style(*e.kids[1]);
  return e.type = ok ? b.result : Type::Error;
}

// styles -> STRING | 'if' COND 'then' styles 'else' styles
// The styles of styled(TEXT, STYLE) written out (a string, or the branches of an 'if'), each checked now; any other
// is checked when it is evaluated.
void Checker::check_style(const Expr& style) {
  if (style.kind == ExprKind::If) {
    check_style(*style.kids[1]);
    check_style(*style.kids[2]);
  } else if (std::string unknown; style.kind == ExprKind::Str && !style_codes(style.text, unknown)) {
    error(style.pos, fmt::format("unknown style '{}'{}", clip(unknown), style_hint(unknown)));
  }
}

// A built-in whose second argument names a relation, a family of lines or a history field.
Type Checker::name_arg_call(Expr& e, const Operation& b) {
  ArgKind kind = b.args[1].kind;
  expect(*e.kids[0], b.args[0].type, fmt::format("the first argument of '{}'", b.name).c_str());
  Sym want = kind == ArgKind::Field ? Sym::HistoryField : kind == ArgKind::Family ? Sym::Lines : Sym::Relation;
  const char* what = name_arg_kind(kind);
  Expr& r = *e.kids[1];
  auto it = r.kind == ExprKind::Name ? globals_.find(r.name) : globals_.end();
  if (it == globals_.end() || it->second.sym != want) {
    bool local = r.kind == ExprKind::Name &&
                 std::any_of(locals_.begin(), locals_.end(), [&](auto& l) { return l.name == r.name; });
    if (r.kind == ExprKind::Name && it == globals_.end() && !local) {
      std::vector<std::string> names;
      for (auto& [n, g] : globals_)
        if (g.sym == want) names.push_back(n);
      std::sort(names.begin(), names.end());
      error(r.pos, fmt::format("undeclared {} '{}'{}", what, r.name, near_or_list(r.name, names)));
    } else {
      error(r.pos, fmt::format("the second argument of '{}' must be the name of a {}", b.name, what));
    }
    return e.type = Type::Error;
  }
  r.sym = want;
  r.id = it->second.id;
  r.type = Type::Void;
  return e.type = b.rule == ResultRule::FieldType ? it->second.type : b.result;
}

// A built-in whose first argument is any list: len, nth, index, unique, slice, reverse.
Type Checker::list_builtin_call(Expr& e, const Operation& b) {
  Type l = expr(*e.kids[0]);
  if (l != Type::Error && !is_list(l)) {
    error(e.kids[0]->pos, fmt::format("the first argument of '{}' must be a list, not {}", b.name, type_name(l)));
    return e.type = Type::Error;
  }
  bool ok = true;
  for (size_t i = 1; i < b.args.size(); ++i) {
    if (b.args[i].kind == ArgKind::Element) {  // a value to look for
      Type x = expr(*e.kids[i]);
      if (l != Type::Error && x != Type::Error && !comparable(x, elem_of(l)))
        error(e.kids[i]->pos, fmt::format("cannot look for {} in {}", type_name(x), type_name(l)));
      continue;
    }
    std::string what = b.args.size() == 2 ? std::string("a position") : fmt::format("argument {} of '{}'", i + 1, b.name);
    if (expect(*e.kids[i], b.args[i].type, what.c_str()) == Type::Error) ok = false;
  }
  if (l == Type::Error) ok = false;
  switch (b.rule) {
    case ResultRule::SameList: return e.type = ok ? l : Type::Error;
    case ResultRule::Element: return e.type = l == Type::Error ? Type::Error : elem_of(l);
    default: return e.type = b.result;
  }
}

Type Checker::call(Expr& e) {
  for (auto& l : locals_)
    if (l.name == e.name) {
      error(e.pos, fmt::format("'{}' is a value, not a function", e.name));
      return e.type = Type::Error;
    }
  if (auto* b = find_builtin(e.name)) return builtin_call(e, *b);
  auto it = globals_.find(e.name);
  if (it == globals_.end()) {
    if (!broken_functions_.count(e.name))
      error(e.pos, fmt::format("undeclared function '{}'{}", e.name, did_you_mean(e.name, function_names())));
    for (auto& k : e.kids) expr(*k);
    return e.type = Type::Error;
  }
  if (it->second.sym != Sym::Function) {
    error(e.pos, fmt::format("'{}' is not a function", e.name));
    return e.type = Type::Error;
  }
  int f = it->second.id;
  e.sym = Sym::Function;
  e.id = f;
  const FunctionInfo& fi = P_.functions[f];
  if (e.kids.size() != static_cast<size_t>(fi.nparams)) {
    std::string sig;
    for (int i = 0; i < fi.nparams; ++i)
      sig += fmt::format("{}{} {}", i ? ", " : "", type_name(fi.params[i]), fns_[f].param_names[i]);
    error(e.pos, fmt::format("function '{}' takes {} argument{} ({}), not {}", e.name, fi.nparams, fi.nparams == 1 ? "" : "s",
                             sig, e.kids.size()));
    for (auto& k : e.kids) expr(*k);
    return e.type = Type::Error;
  }
  bool ok = true;
  for (size_t i = 0; i < e.kids.size(); ++i) {
    Type want = fi.params[i];
    Type t = expr_as(*e.kids[i], want);
    if (t != Type::Error && join(t, want) != want) {
      error(e.kids[i]->pos, fmt::format("argument {} of '{}' must be {}, not {}{}", i + 1, e.name, type_name(want),
                                        type_name(t), quoted(*e.kids[i])));
      ok = false;
    }
  }
  // a callee whose result type must be inferred is checked now (a declared one later, in order); the chain of
  // such checks is bounded, so that a long chain of calls cannot exhaust the stack
  if (fns_[f].state == 0 && !fns_[f].declared_result) {
    if (inference_depth_ >= kMaxInferenceDepth) {
      error(e.pos, fmt::format("the result type of '{}' is inferred through more than {} nested functions: declare it, "
                               "like '{}(...) -> int'",
                               e.name, kMaxInferenceDepth, e.name));
      return e.type = Type::Error;
    }
    ++inference_depth_;
    check_function(f);
    --inference_depth_;
  }
  if (fns_[f].state == 1 && !fns_[f].declared_result) {
    error(e.pos, fmt::format("recursive function '{}' needs a declared result type, like '{}(...) -> int'", e.name, e.name));
    return e.type = Type::Error;
  }
  return e.type = ok ? P_.functions[f].result : Type::Error;
}

// agg(VAR in LIST (where CONDITION)? (: BODY)?): the body by the row's kind, the result by its rule.
Type Checker::aggregate(Expr& e) {
  const Operation& op = operation(e.agg);
  const std::string_view kind = op.name;
  const std::string& var = e.name;
  Type d = e.kids[0] ? expr(*e.kids[0]) : Type::Error;
  if (d != Type::Error && !is_list(d)) {
    error(e.kids[0]->pos, fmt::format("'{}' ranges over a list, not {}", kind, type_name(d)));
    d = Type::Error;
  }
  size_t mark = locals_.size();
  int saved = next_slot_;
  e.slot = push_local(var, d == Type::Error ? Type::Error : elem_of(d));
  if (e.kids[1]) expect(*e.kids[1], Type::Bool, "a 'where' condition");
  Type v = Type::Error;
  bool condition = op.body == Body::Condition || op.body == Body::OptionalCondition;
  if (!e.kids[2]) {
    if (op.body != Body::OptionalCondition)
      error(e.pos, fmt::format("'{}' needs a {}: {}({} in LIST : {})", kind,
                               condition ? "condition" : op.body == Body::Next ? "list" : "value", kind, var,
                               condition ? "CONDITION" : op.body == Body::Next ? "NEXT" : "VALUE"));
  } else if (op.body == Body::Next) {
    v = expr(*e.kids[2]);
    if (v != Type::Error && d != Type::Error && v != d)
      error(e.kids[2]->pos, fmt::format("the body of '{}' must be {} (what the element leads to), not {}", kind,
                                        type_name(d), type_name(v)));
  } else if (op.body == Body::Single) {
    v = expr(*e.kids[2]);
    if (op.rule == ResultRule::ListOfBody && v != Type::Error && list_of(v) == Type::Error)
      error(e.kids[2]->pos, fmt::format("cannot make a list of {}", type_name(v)));
    else if (op.rule != ResultRule::ListOfBody && (is_list(v) || v == Type::Void))
      error(e.kids[2]->pos, fmt::format("'{}' joins single values, not {}", kind, type_name(v)));
  } else {
    v = expect(*e.kids[2], condition ? Type::Bool : Type::Int, fmt::format("the body of '{}'", kind).c_str());
  }
  pop_locals(mark);
  next_slot_ = saved;
  switch (op.rule) {
    case ResultRule::SameList: return e.type = d;
    case ResultRule::ListOfBody: return e.type = list_of(v);
    default: return e.type = op.result;
  }
}

Type Checker::expr(Expr& e) {
  const Type want = std::exchange(want_, Type::Error);  // what the context expects of e (not of its parts)
  switch (e.kind) {
    case ExprKind::Int:
      if (e.overflow) error(e.pos, "number too large");
      return e.type = Type::Int;
    case ExprKind::Bool: return e.type = Type::Bool;
    case ExprKind::Str: {
      auto it = std::find(P_.strings.begin(), P_.strings.end(), e.text);
      e.id = static_cast<int>(it - P_.strings.begin());
      if (it == P_.strings.end()) P_.strings.push_back(e.text);
      return e.type = Type::Str;
    }
    case ExprKind::None: return e.type = Type::None;
    case ExprKind::Name: return name(e);
    case ExprKind::Call: return call(e);
    case ExprKind::Index: {
      Expr& base = *e.kids[0];
      if (base.kind == ExprKind::Name) {
        bool local = std::any_of(locals_.begin(), locals_.end(), [&](auto& l) { return l.name == base.name; });
        auto it = globals_.find(base.name);
        if (!local && it != globals_.end() &&
            (it->second.sym == Sym::PerPlayer || it->second.sym == Sym::ZoneEach || it->second.sym == Sym::TrackEach)) {
          base.sym = it->second.sym;
          base.id = it->second.id;
          base.type = it->second.type;
          expect(*e.kids[1], Type::Player, fmt::format("the index of '{}'", base.name).c_str());
          e.sym = base.sym;
          e.id = base.id;
          return e.type = it->second.type;
        }
      }
      Type l = expr(base);
      if (l == Type::Error) return e.type = Type::Error;
      if (!is_list(l)) {
        error(e.pos, fmt::format("cannot index {} with [...]", type_name(l)));
        return e.type = Type::Error;
      }
      expect(*e.kids[1], Type::Int, "a position");
      return e.type = elem_of(l);
    }
    case ExprKind::Field: {
      Type t = expr(*e.kids[0]);
      if (t == Type::Error) return e.type = Type::Error;
      if (t != Type::Piece) {
        error(e.pos, fmt::format("'.{}' needs a piece, not {}", e.name, type_name(t)));
        return e.type = Type::Error;
      }
      if (e.name == "owner") return e.type = Type::Player;
      if (e.name == "site") return e.type = Type::Site;
      if (e.name == "kind") return e.type = Type::Kind;
      auto it = std::find(P_.attr_names.begin(), P_.attr_names.end(), e.name);
      if (it == P_.attr_names.end()) {
        std::vector<std::string> fields = P_.attr_names;
        fields.insert(fields.end(), {"owner", "site", "kind"});
        error(e.pos, fmt::format("pieces have no attribute '{}'{}", e.name, did_you_mean(e.name, fields)));
        return e.type = Type::Error;
      }
      e.id = static_cast<int>(it - P_.attr_names.begin());
      return e.type = Type::Int;
    }
    case ExprKind::Neg: return e.type = expect(*e.kids[0], Type::Int, "the operand of '-'") == Type::Int ? Type::Int : Type::Error;
    case ExprKind::Not: return e.type = expect(*e.kids[0], Type::Bool, "the operand of 'not'") == Type::Bool ? Type::Bool : Type::Error;
    case ExprKind::Binary: {
      const BinOp bop = e.op;
      const char* op = spelling(bop);
      if (bop == BinOp::And || bop == BinOp::Or) {
        Type a = expect(*e.kids[0], Type::Bool, fmt::format("the left operand of '{}'", op).c_str());
        Type b = expect(*e.kids[1], Type::Bool, fmt::format("the right operand of '{}'", op).c_str());
        return e.type = (a == Type::Error || b == Type::Error) ? Type::Error : Type::Bool;
      }
      if (bop == BinOp::In || bop == BinOp::NotIn) {
        Type a = expr(*e.kids[0]);
        Type b = expr_as(*e.kids[1], list_of(a));  // 'x in []' is a list of x's type
        if (a == Type::Error || b == Type::Error) return e.type = Type::Error;
        if (!is_list(b)) {
          error(e.kids[1]->pos,
                fmt::format("the right operand of '{}' must be a list, not {}{}", op, type_name(b), quoted(*e.kids[1])));
          return e.type = Type::Error;
        }
        if (!comparable(a, elem_of(b))) {
          error(e.pos, fmt::format("cannot look for {} in {}", type_name(a), type_name(b)));
          return e.type = Type::Error;
        }
        return e.type = Type::Bool;
      }
      Type a, b;
      if (bop == BinOp::Concat) {  // 'L ++ []' and '[] ++ L': the type of '[]' is L's (or the context's)
        Type lw = is_list(want) ? want : Type::Error;
        if (needs_context(*e.kids[0]) && !needs_context(*e.kids[1])) {
          b = expr_as(*e.kids[1], lw);
          a = expr_as(*e.kids[0], is_list(b) ? b : lw);
        } else {
          a = expr_as(*e.kids[0], lw);
          b = expr_as(*e.kids[1], is_list(a) ? a : lw);
        }
      } else {
        a = expr(*e.kids[0]);
        b = expr(*e.kids[1]);
      }
      if (a == Type::Error || b == Type::Error) return e.type = Type::Error;
      if (bop == BinOp::Concat) {
        if (a == b && is_list(a)) return e.type = a;  // a new list: a's elements, then b's
        if (is_list(a) || is_list(b) || a == Type::Void || b == Type::Void) {
          error(e.pos, fmt::format("'++' joins two lists of the same type or two single values, not {} and {}",
                                   type_name(a), type_name(b)));
          return e.type = Type::Error;
        }
        return e.type = Type::Str;
      }
      if (bop == BinOp::Eq || bop == BinOp::Ne) {
        if (!comparable(a, b)) {
          error(e.pos, fmt::format("cannot compare {} with {}", type_name(a), type_name(b)));
          return e.type = Type::Error;
        }
        return e.type = Type::Bool;
      }
      if (a != Type::Int && b == Type::Int) {
        error(e.kids[0]->pos, fmt::format("the left operand of '{}' must be int, not {}", op, type_name(a)));
        return e.type = Type::Error;
      }
      if (a == Type::Int && b != Type::Int) {
        error(e.kids[1]->pos, fmt::format("the right operand of '{}' must be int, not {}", op, type_name(b)));
        return e.type = Type::Error;
      }
      if (a != Type::Int || b != Type::Int) {
        error(e.pos, fmt::format("operator '{}' needs int operands, not {} and {}", op, type_name(a), type_name(b)));
        return e.type = Type::Error;
      }
      bool cmp = bop == BinOp::Lt || bop == BinOp::Le || bop == BinOp::Gt || bop == BinOp::Ge;
      return e.type = cmp ? Type::Bool : Type::Int;
    }
    case ExprKind::If: {
      expect(*e.kids[0], Type::Bool, "an 'if' condition");
      // 'if c then [] else L': the type of '[]' is the other branch's (or the context's)
      Type lw = is_list(want) ? want : Type::Error;
      Type a, b;
      if (needs_context(*e.kids[1]) && !needs_context(*e.kids[2])) {
        b = expr_as(*e.kids[2], lw);
        a = expr_as(*e.kids[1], is_list(b) ? b : lw);
      } else {
        a = expr_as(*e.kids[1], lw);
        b = expr_as(*e.kids[2], is_list(a) ? a : lw);
      }
      if (a == Type::Error || b == Type::Error) return e.type = Type::Error;
      Type j = join(a, b);
      if (j == Type::Error) {
        error(e.kids[2]->pos, fmt::format("the branches of 'if' must have the same type: 'then' is {}, 'else' is {}",
                                          type_name(a), type_name(b)));
        return e.type = Type::Error;
      }
      return e.type = j;
    }
    case ExprKind::Let: {
      Type v = expr(*e.kids[0]);
      size_t mark = locals_.size();
      int saved = next_slot_;
      e.slot = push_local(e.name, v);
      Type r = expr_as(*e.kids[1], want);
      pop_locals(mark);
      next_slot_ = saved;
      return e.type = r;
    }
    case ExprKind::Aggregate: return aggregate(e);
    case ExprKind::List: {
      if (e.kids.empty()) {  // '[]': a list of the type the context expects
        if (is_list(want)) return e.type = want;
        error(e.pos, "the type of '[]' cannot be known here; write filter(x in LIST : false) for an empty list of "
                     "LIST's type");
        return e.type = Type::Error;
      }
      if (e.kids.size() > static_cast<size_t>(kMaxListLiteral)) {
        error(e.pos, fmt::format("a list literal has at most {} items", kMaxListLiteral));
        return e.type = Type::Error;
      }
      Type t = Type::Error;
      bool bad = false;
      for (auto& k : e.kids) {
        Type kt = expr(*k);
        if (kt == Type::Error) { bad = true; continue; }
        if (t == Type::Error) t = kt;
        else if (kt != t) {
          error(k->pos, fmt::format("a list's items must all be {}, not {}", type_name(t), type_name(kt)));
          bad = true;
        }
      }
      if (bad || t == Type::Error) return e.type = Type::Error;
      Type lt = list_of(t);
      if (lt == Type::Error) error(e.pos, fmt::format("cannot make a list of {}", type_name(t)));
      return e.type = lt;
    }
    case ExprKind::Range: {
      Type a = expect(*e.kids[0], Type::Int, "the start of a range");
      Type b = expect(*e.kids[1], Type::Int, "the end of a range");
      return e.type = (a == Type::Error || b == Type::Error) ? Type::Error : Type::Ints;
    }
  }
  return Type::Error;
}

void Checker::stmt(Stmt& s) {
  switch (s.kind) {
    case StmtKind::If:
      expect(*s.exprs[0], Type::Bool, "an 'if' condition");
      for (auto& b : s.body) stmt(*b);
      return;
    case StmtKind::For: {
      Type d = expr(*s.exprs[0]);
      if (d != Type::Error && !is_list(d)) {
        error(s.exprs[0]->pos, fmt::format("'for' ranges over a list, not {}", type_name(d)));
        d = Type::Error;
      }
      size_t mark = locals_.size();
      int saved = next_slot_;
      s.slot = push_local(s.name, d == Type::Error ? Type::Error : elem_of(d));
      if (s.has_where) expect(*s.exprs[1], Type::Bool, "a 'where' condition");
      stmt(*s.body[0]);
      pop_locals(mark);
      next_slot_ = saved;
      return;
    }
    case StmtKind::While:
      expect(*s.exprs[0], Type::Bool, "a 'while' condition");
      stmt(*s.body[0]);
      return;
    case StmtKind::Let: {
      Type v = expr(*s.exprs[0]);
      size_t mark = locals_.size();
      int saved = next_slot_;
      s.slot = push_local(s.name, v);
      stmt(*s.body[0]);
      pop_locals(mark);
      next_slot_ = saved;
      return;
    }
    case StmtKind::Set: {
      Expr& target = *s.exprs[0];
      Type want = Type::Error;
      if (target.kind == ExprKind::Name) {
        auto it = globals_.find(target.name);
        bool local = std::any_of(locals_.begin(), locals_.end(), [&](auto& l) { return l.name == target.name; });
        if (local || it == globals_.end() || it->second.sym != Sym::Global) {
          error(target.pos, local ? fmt::format("'{}' is a local name and cannot be set", target.name)
                                  : it == globals_.end() ? fmt::format("undeclared variable '{}'", target.name)
                                                         : fmt::format("'{}' is not a variable", target.name));
        } else {
          target.sym = Sym::Global;
          target.id = it->second.id;
          want = target.type = it->second.type;
        }
      } else if (target.kind == ExprKind::Index && target.kids[0]->kind == ExprKind::Name &&
                 globals_.count(target.kids[0]->name) && globals_[target.kids[0]->name].sym == Sym::PerPlayer) {
        want = expr(target);
      } else if (target.kind == ExprKind::Field) {
        want = expr(target);
        if (want != Type::Error && target.name == "site") {
          error(target.pos, "a piece's site changes with move(PIECE, SITE)");
          want = Type::Error;
        }
      } else {
        error(target.pos, "only a variable, VARIABLE[PLAYER] or PIECE.FIELD can be set");
      }
      Type v = expr(*s.exprs[1]);
      if (want != Type::Error && v != Type::Error && join(v, want) != want) {
        std::string what = target.kind == ExprKind::Field ? "." + target.name
                           : target.kind == ExprKind::Index ? target.kids[0]->name + "[...]"
                                                            : target.name;
        error(s.exprs[1]->pos, fmt::format("cannot set '{}' ({}) to {}{}", what, type_name(want), type_name(v), quoted(*s.exprs[1])));
      }
      return;
    }
    case StmtKind::Block:
      for (auto& b : s.body) stmt(*b);
      return;
    case StmtKind::Call: {
      if (const Operation* ef = find_effect(s.name)) {
        s.id = static_cast<int>(effect_id(*ef));
        s.sym = Sym::Builtin;
        if (!ctx_.allows(ef->where)) {
          if (ef->where == Where::Move) {
            error(s.pos, fmt::format("'{}' is not allowed in {}", ef->name, ctx_.description()));
            return;
          }
          // a shuffle draws, like 'random': only the setup may
          error(s.pos, fmt::format("'{}' can only be used in 'setup' (chance steps are where a game draws during play)",
                                   ef->name));
          for (auto& e : s.exprs) expr(*e);
          return;
        }
        if (ef->where == Where::Setup) {
          P_.setup_draws = true;
          P_.setup_shuffles = true;
        }
        if (s.exprs.size() != ef->args.size()) {
          std::vector<const char*> sig;
          for (const Arg& a : ef->args) sig.push_back(type_name(a.type));
          error(s.pos, fmt::format("'{}' takes {} argument{}{}, not {}", ef->name, ef->args.size(),
                                   ef->args.size() == 1 ? "" : "s",
                                   sig.empty() ? "" : fmt::format(" ({})", fmt::join(sig, ", ")), s.exprs.size()));
          return;
        }
        for (size_t i = 0; i < ef->args.size(); ++i)
          expect(*s.exprs[i], ef->args[i].type, fmt::format("argument {} of '{}'", i + 1, ef->name).c_str());
        return;
      }
      auto it = globals_.find(s.name);
      if (it != globals_.end() && it->second.sym == Sym::Function) {
        error(s.pos, fmt::format("'{}' is a function that computes a value, not an effect", s.name));
        return;
      }
      std::vector<std::string> names;
      for (const Operation& ef : effects()) names.emplace_back(ef.name);
      std::string dym = did_you_mean(s.name, names);
      if (!dym.empty()) {
        error(s.pos, fmt::format("unknown effect '{}'{}", s.name, dym));
        return;
      }
      // the effects of operations.def and those the grammar writes
      names.insert(names.begin() + 2, "set");
      for (const char* k : {"if", "for", "while", "let"}) names.push_back(k);
      error(s.pos, fmt::format("unknown effect '{}' (effects: {})", s.name, fmt::join(names, ", ")));
      return;
    }
  }
}

bool Checker::templ(const Text& t, Template& out) {
  if (!parser_->templ(t, out)) return false;
  bool ok = true;
  for (auto& e : out.exprs) {
    if (!e) { ok = false; continue; }
    Type ty = expr(*e);
    if (ty == Type::Void || is_list(ty)) {
      error(e->pos, fmt::format("a template shows a single value, not {}", type_name(ty)));
      ok = false;
    }
  }
  return ok;
}

}  // namespace ri::checking
