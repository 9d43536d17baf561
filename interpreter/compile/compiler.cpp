// AST -> flat code. Each AST node becomes one Node; children are stored in Program::kids.
#include "compile/compiler.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "compile/cache.hpp"
#include "compile/fold.hpp"
#include "compile/hoist.hpp"
#include "common/arith.hpp"
#include "compile/inline.hpp"
#include "compile/memo.hpp"
#include "compile/propagate.hpp"
#include "compile/unroll.hpp"
#include "compile/requirements.hpp"



namespace ri {
namespace {

class Compiler {
 public:
  explicit Compiler(Program& p) : P_(p) {}

  int emit(Op op, Type t, Pos pos, std::vector<int> kids = {}, int a = 0, int b = 0, int64_t imm = 0) {
    Node n;
    n.op = op;
    n.type = t;
    n.pos = pos;
    n.a = a;
    n.b = b;
    n.imm = imm;
    n.first = static_cast<int32_t>(P_.kids.size());
    n.nk = static_cast<int32_t>(kids.size());
    for (int k : kids) P_.kids.push_back(k);
    P_.code.push_back(n);
    return static_cast<int>(P_.code.size()) - 1;
  }

  // frame size of the context being compiled (needed by calls to place the callee's frame)
  int frame = 0;
  // value nodes of the current move's lets (a reference evaluates the value on first use)
  std::vector<int> let_values;

  int expr(const Expr& e);
  int stmt(const Stmt& s);
  // Constant folding: node n, or a constant node with its value when n computes one from constants without an error
  // (an error stays for the runtime to report at its place); an 'if' with a constant condition is its branch.
  int fold(int n);
  // A list literal whose items are all constants (each within 32 bits) is a constant list of the program: made once,
  // not in the arena each time it is evaluated. Any other list literal stays as it is.
  int constant_list(int n);
  // The terms of a requirement that say its parameter may be none (RequireInfo::none_unless): -1 unless `n` is
  // `P == none or G ...` (in any order) with every G on parameters before P (`level`).
  int none_unless(int n, int level, int np);
  // Whether requirement n is `P == none or ...` (P the parameter of its level; RequireInfo::holds_if_none).
  bool holds_if_none(int n, int level) const;
  // A move: its parameters' domains, lets (each referenced through a LazyLet node), requirements (each with the
  // parameter generation checks it after), effects, notation and the history fields it records.
  void move(MoveInfo& mi, const CheckedMove& cm, size_t nhistory);
  TemplateInfo templ(const Template& t) {
    TemplateInfo ti;
    ti.literals = t.literals;
    for (auto& e : t.exprs) ti.exprs.push_back(e ? expr(*e) : -1);
    return ti;
  }

 private:
  Program& P_;
};

// The runtime operation each row of operations.def compiles to.
Op lowered(Builtin b) {
  static constexpr Op ops[] = {
#define FUNCTION(NAME, ARGS, RESULT, WHERE, OP, DOC) Op::OP,
#include "syntax/operations.def"
  };
  return ops[static_cast<size_t>(b)];
}
Op lowered(Effect e) {
  static constexpr Op ops[] = {
#define EFFECT(NAME, ARGS, WHERE, OP, DOC) Op::OP,
#include "syntax/operations.def"
  };
  return ops[static_cast<size_t>(e)];
}
Op lowered(Aggregate a) {
  static constexpr Op ops[] = {
#define AGGREGATE(NAME, BODY, RESULT, OP, DOC) Op::OP,
#include "syntax/operations.def"
  };
  return ops[static_cast<size_t>(a)];
}

Op binary_op(BinOp op) {
  static constexpr Op ops[] = {Op::Or, Op::And, Op::Eq, Op::Ne,     Op::Lt,  Op::Le,  Op::Gt,  Op::Ge,
                               Op::In, Op::NotIn, Op::Concat, Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Mod};
  return ops[static_cast<size_t>(op)];
}

int Compiler::expr(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Int: return emit(Op::Const, Type::Int, e.pos, {}, 0, 0, e.ival);
    case ExprKind::Bool: return emit(Op::Const, Type::Bool, e.pos, {}, 0, 0, e.ival);
    case ExprKind::Str: return emit(Op::Str, Type::Str, e.pos, {}, e.id);
    case ExprKind::None: return emit(Op::Const, Type::None, e.pos, {}, 0, 0, -1);
    case ExprKind::Name:
      switch (e.sym) {
        case Sym::Local: return emit(Op::Local, e.type, e.pos, {}, e.slot);
        case Sym::LazyLocal: return emit(Op::LazyLet, e.type, e.pos, {let_values[e.id]}, e.slot, e.id);
        case Sym::Global: return emit(Op::Global, e.type, e.pos, {}, e.id);
        case Sym::Me: return emit(Op::Me, Type::Player, e.pos);
        case Sym::Player:
        case Sym::Site:
        case Sym::Zone:
        case Sym::Kind: return emit(Op::Const, e.type, e.pos, {}, 0, 0, e.id);
        case Sym::Param: return emit(Op::Const, Type::Int, e.pos, {}, 0, 0, P_.params[static_cast<size_t>(e.id)].value);
        case Sym::Region: return emit(Op::ConstList, e.type, e.pos, {}, P_.region_lists[static_cast<size_t>(e.id)]);
        case Sym::AllPlayers: return emit(Op::ConstList, e.type, e.pos, {}, P_.players_list);
        case Sym::AllSites: return emit(Op::ConstList, e.type, e.pos, {}, P_.sites_list);
        case Sym::AllPieces: return emit(Op::AllPieces, e.type, e.pos);
        case Sym::CannotMove: return emit(Op::CannotMove, Type::Bool, e.pos);
        case Sym::GameOver: return emit(Op::GameOver, Type::Bool, e.pos);
        case Sym::Continuing: return emit(Op::Continuing, Type::Bool, e.pos);
        case Sym::Lines:
          return emit(Op::ConstList, e.type, e.pos, {}, P_.family_lists[e.id]);
        default: return emit(Op::Const, e.type, e.pos);
      }
    case ExprKind::Call: {
      std::vector<int> kids;
      if (e.sym == Sym::Builtin) {
        const Operation& b = operation(static_cast<Builtin>(e.id));
        Op op = lowered(static_cast<Builtin>(e.id));
        // an argument naming a relation, a family of lines or a history field is the node's `a`
        int a = 0;
        for (size_t i = 0; i < e.kids.size(); ++i) {
          ArgKind k = b.args[i].kind;
          if (k == ArgKind::Relation || k == ArgKind::Family || k == ArgKind::Field) {
            a = e.kids[i]->id;
          } else {
            kids.push_back(expr(*e.kids[i]));
          }
        }
        return fold(emit(op, e.type, e.pos, kids, a));
      }
      for (auto& k : e.kids) kids.push_back(expr(*k));
      return emit(Op::Call, e.type, e.pos, kids, e.id, frame);
    }
    case ExprKind::Index:
      if (e.sym == Sym::PerPlayer) return emit(Op::PerPlayer, e.type, e.pos, {expr(*e.kids[1])}, e.id);
      if (e.sym == Sym::ZoneEach) return emit(Op::ZoneEach, e.type, e.pos, {expr(*e.kids[1])}, e.id);
      if (e.sym == Sym::TrackEach) return emit(Op::TrackEach, e.type, e.pos, {expr(*e.kids[1])}, e.id);
      return fold(emit(Op::Nth, e.type, e.pos, {expr(*e.kids[0]), expr(*e.kids[1])}));
    case ExprKind::Field: {
      int k = expr(*e.kids[0]);
      if (e.name == "owner") return emit(Op::Owner, e.type, e.pos, {k});
      if (e.name == "site") return emit(Op::SiteOf, e.type, e.pos, {k});
      if (e.name == "kind") return emit(Op::KindOf, e.type, e.pos, {k});
      return emit(Op::Attr, e.type, e.pos, {k}, e.id);
    }
    case ExprKind::Neg: return fold(emit(Op::Neg, e.type, e.pos, {expr(*e.kids[0])}));
    case ExprKind::Not: return fold(emit(Op::Not, e.type, e.pos, {expr(*e.kids[0])}));
    case ExprKind::Binary: {
      Op op = binary_op(e.op);
      if (e.kids[0]->type == Type::Str && (op == Op::Eq || op == Op::Ne)) op = op == Op::Eq ? Op::StrEq : Op::StrNe;
      if (op == Op::Concat && is_list(e.type)) op = Op::Join;
      return fold(emit(op, e.type, e.pos, {expr(*e.kids[0]), expr(*e.kids[1])}));
    }
    case ExprKind::If: return fold(emit(Op::If, e.type, e.pos, {expr(*e.kids[0]), expr(*e.kids[1]), expr(*e.kids[2])}));
    case ExprKind::Let: return emit(Op::Let, e.type, e.pos, {expr(*e.kids[0]), expr(*e.kids[1])}, e.slot);
    case ExprKind::Aggregate: {
      Op op = lowered(e.agg);
      int d = expr(*e.kids[0]);
      int w = e.kids[1] ? expr(*e.kids[1]) : -1;
      int b = e.kids[2] ? expr(*e.kids[2]) : -1;
      return emit(op, e.type, e.pos, {d, w, b}, e.slot);
    }
    case ExprKind::List: {
      std::vector<int> kids;
      for (auto& k : e.kids) kids.push_back(expr(*k));
      return constant_list(emit(Op::ListLit, e.type, e.pos, kids));
    }
    case ExprKind::Range: return emit(Op::Range, e.type, e.pos, {expr(*e.kids[0]), expr(*e.kids[1])});
  }
  return emit(Op::Const, Type::Error, e.pos);
}

int Compiler::stmt(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::If: {
      int c = expr(*s.exprs[0]);
      int t = stmt(*s.body[0]);
      int f = s.body.size() > 1 ? stmt(*s.body[1]) : -1;
      return emit(Op::SIf, Type::Void, s.pos, {c, t, f});
    }
    case StmtKind::For: {
      int d = expr(*s.exprs[0]);
      int w = s.has_where ? expr(*s.exprs[1]) : -1;
      int b = stmt(*s.body[0]);
      return emit(Op::SFor, Type::Void, s.pos, {d, w, b}, s.slot);
    }
    case StmtKind::While: {
      int c = expr(*s.exprs[0]);
      return emit(Op::SWhile, Type::Void, s.pos, {c, stmt(*s.body[0])});
    }
    case StmtKind::Let: return emit(Op::SLet, Type::Void, s.pos, {expr(*s.exprs[0]), stmt(*s.body[0])}, s.slot);
    case StmtKind::Set: {
      const Expr& t = *s.exprs[0];
      int v = expr(*s.exprs[1]);
      if (t.kind == ExprKind::Name) return emit(Op::SSetGlobal, Type::Void, s.pos, {v}, t.id);
      if (t.kind == ExprKind::Index) return emit(Op::SSetPer, Type::Void, s.pos, {expr(*t.kids[1]), v}, t.id);
      int piece = expr(*t.kids[0]);
      if (t.name == "owner") return emit(Op::SSetOwner, Type::Void, s.pos, {piece, v});
      if (t.name == "kind") return emit(Op::SSetKind, Type::Void, s.pos, {piece, v});
      return emit(Op::SSetAttr, Type::Void, s.pos, {piece, v}, t.id);
    }
    case StmtKind::Block: {
      std::vector<int> kids;
      for (auto& b : s.body) kids.push_back(stmt(*b));
      return emit(Op::SBlock, Type::Void, s.pos, kids);
    }
    case StmtKind::Call: {
      std::vector<int> kids;
      for (auto& e : s.exprs) kids.push_back(expr(*e));
      return emit(lowered(static_cast<Effect>(s.id)), Type::Void, s.pos, kids);
    }
  }
  return emit(Op::SNop, Type::Void, s.pos);
}

// Whether any code of the program is an `op` node.
bool uses_op(const Program& P, Op op) {
  return std::any_of(P.code.begin(), P.code.end(), [&](const Node& n) { return n.op == op; });
}

// Whether the code of node n (a statement or expression, its kids included) contains an `op` node.
bool uses(const Program& P, int n, Op op) {
  if (n < 0) return false;
  const Node& nd = P.code[n];
  if (nd.op == op) return true;
  for (int k = 0; k < nd.nk; ++k)
    if (uses(P, P.kids[nd.first + k], op)) return true;
  return false;
}

int Compiler::fold(int n) {
  const Node nd = P_.code[n];
  auto is_const = [&](int k) { return P_.code[P_.kids[nd.first + k]].op == Op::Const; };
  auto value = [&](int k) { return P_.code[P_.kids[nd.first + k]].imm; };
  auto constant = [&](int64_t v) { return emit(Op::Const, nd.type, nd.pos, {}, 0, 0, v); };
  // an item of a constant list at a constant position, and whether a constant is in a constant list
  auto const_list = [&](int k) -> const std::vector<int32_t>* {
    const Node& kid = P_.code[P_.kids[nd.first + k]];
    return kid.op == Op::ConstList ? &P_.lists[static_cast<size_t>(kid.a)] : nullptr;
  };
  if (nd.op == Op::Nth && nd.type != Type::Str && const_list(0) && is_const(1) && value(1) >= 0 &&
      value(1) < static_cast<int64_t>(const_list(0)->size()))
    return constant((*const_list(0))[static_cast<size_t>(value(1))]);
  if ((nd.op == Op::In || nd.op == Op::NotIn) && is_const(0) && const_list(1)) {
    const auto& l = *const_list(1);
    const bool in = std::find(l.begin(), l.end(), value(0)) != l.end();
    return constant(nd.op == Op::In ? in : !in);
  }
  for (int k = 0; k < nd.nk; ++k)
    if (P_.kids[nd.first + k] < 0 || (nd.op != Op::If && !is_const(k))) return n;
  int64_t a = nd.nk > 0 ? value(0) : 0, b = nd.nk > 1 ? value(1) : 0, r = 0;
  auto arithmetic = [&](ArithOp op) { return arith(op, a, b, r) == ArithError::None ? constant(r) : n; };
  switch (nd.op) {
    case Op::If: return is_const(0) ? P_.kids[nd.first + (value(0) ? 1 : 2)] : n;
    case Op::Neg: return a == INT64_MIN ? n : constant(-a);
    case Op::Not: return constant(!a);
    case Op::And: return constant(a && b);
    case Op::Or: return constant(a || b);
    case Op::Add: return arithmetic(ArithOp::Add);
    case Op::Sub: return arithmetic(ArithOp::Sub);
    case Op::Mul: return arithmetic(ArithOp::Mul);
    case Op::Div: return arithmetic(ArithOp::Div);
    case Op::Mod: return arithmetic(ArithOp::Mod);
    case Op::Eq: return constant(a == b);
    case Op::Ne: return constant(a != b);
    case Op::Lt: return constant(a < b);
    case Op::Le: return constant(a <= b);
    case Op::Gt: return constant(a > b);
    case Op::Ge: return constant(a >= b);
    case Op::MinF: return constant(std::min(a, b));
    case Op::MaxF: return constant(std::max(a, b));
    case Op::Abs: return a == INT64_MIN ? n : constant(a < 0 ? -a : a);
    default: return n;
  }
}

// The terms of the `or`s at the top of n, in order.
static std::vector<int> or_terms(const Program& P, int n) {
  std::vector<int> terms, todo{n};
  while (!todo.empty()) {
    const int t = todo.back();
    todo.pop_back();
    const Node& nd = P.code[static_cast<size_t>(t)];
    if (nd.op == Op::Or) {
      todo.push_back(P.kid(nd, 1));
      todo.push_back(P.kid(nd, 0));
    } else {
      terms.push_back(t);
    }
  }
  return terms;
}

// Whether nd is `P == none` or `none == P`, P parameter `level` (its slot).
static bool is_none_test(const Program& P, const Node& nd, int level) {
  if (nd.op != Op::Eq) return false;
  auto is = [&](int t, Op op) { return P.code[static_cast<size_t>(t)].op == op; };
  const int a = P.kid(nd, 0), b = P.kid(nd, 1);
  auto param = [&](int k) { return is(k, Op::Local) && P.code[static_cast<size_t>(k)].a == level; };
  auto none = [&](int k) { return is(k, Op::Const) && P.code[static_cast<size_t>(k)].imm == -1; };
  return (param(a) && none(b)) || (none(a) && param(b));
}

bool Compiler::holds_if_none(int n, int level) const {
  if (level < 0 || n < 0) return false;
  const std::vector<int> terms = or_terms(P_, n);
  return std::any_of(terms.begin(), terms.end(),
                     [&](int t) { return is_none_test(P_, P_.code[static_cast<size_t>(t)], level); });
}

int Compiler::none_unless(int n, int level, int np) {
  if (level < 0 || n < 0) return -1;
  int guard = -1;
  bool tested = false;
  for (int t : or_terms(P_, n)) {
    const Node& nd = P_.code[static_cast<size_t>(t)];
    if (!tested && is_none_test(P_, nd, level)) {
      tested = true;
      continue;
    }
    if (P_.param_level(t, np) >= level) return -1;
    guard = guard < 0 ? t : emit(Op::Or, Type::Bool, nd.pos, {guard, t});
  }
  return tested && guard >= 0 ? guard : -1;
}

int Compiler::constant_list(int n) {
  const Node nd = P_.code[n];
  std::vector<int32_t> items;
  for (int k = 0; k < nd.nk; ++k) {
    const Node& kid = P_.code[P_.kids[nd.first + k]];
    const int64_t v = kid.op == Op::Str ? kid.a : kid.imm;
    if ((kid.op != Op::Const && kid.op != Op::Str) || v < INT32_MIN || v > INT32_MAX) return n;
    items.push_back(static_cast<int32_t>(v));
  }
  const int l = P_.add_list(std::move(items), nd.type);
  P_.index_list(l);
  return emit(Op::ConstList, nd.type, nd.pos, {}, l);
}

void Compiler::move(MoveInfo& mi, const CheckedMove& cm, size_t nhistory) {
  for (size_t i = 0; i < mi.params.size(); ++i)
    mi.params[i].domain = cm.params[i].domain ? expr(*cm.params[i].domain) : -1;
  let_values.clear();
  for (size_t l = 0; l < cm.lets.size(); ++l) {
    let_values.push_back(cm.lets[l] ? expr(*cm.lets[l]) : emit(Op::Const, Type::Error, {}));
    const Node& v = P_.code[let_values.back()];
    mi.let_nodes.push_back(emit(Op::LazyLet, v.type, v.pos, {let_values.back()}, cm.let_slots[l], static_cast<int>(l)));
  }
  int np = static_cast<int>(mi.params.size());
  mi.forget.assign(np + 1, 0);
  for (size_t l = 0; l < cm.lets.size(); ++l) {
    const Node& v = P_.code[let_values[l]];
    int lv = is_list(v.type) ? np - 1 : P_.param_level(let_values[l], np);
    for (int i = -1; i <= lv && i < np; ++i) mi.forget[i + 1] |= uint64_t{1} << l;
  }
  int level = -1;
  for (size_t r = 0; r < mi.requires_.size(); ++r) {
    mi.requires_[r].node = cm.requires_[r].check ? expr(*cm.requires_[r].check) : -1;
    level = std::max(level, P_.param_level(mi.requires_[r].node, np));
    mi.requires_[r].level = level;
    if (level >= 0 && level == P_.param_level(mi.requires_[r].node, np) && mi.params[static_cast<size_t>(level)].optional) {
      mi.requires_[r].none_unless = none_unless(mi.requires_[r].node, level, np);
      mi.requires_[r].holds_if_none = holds_if_none(mi.requires_[r].node, level);
    }
  }
  mi.require_at.assign(static_cast<size_t>(np) + 2, static_cast<int>(mi.requires_.size()));
  for (size_t r = mi.requires_.size(); r-- > 0;)
    for (int l = mi.requires_[r].level; l >= -1 && mi.require_at[static_cast<size_t>(l + 1)] > static_cast<int>(r); --l)
      mi.require_at[static_cast<size_t>(l + 1)] = static_cast<int>(r);
  for (auto& s : cm.effects) mi.effects.push_back(s ? stmt(*s) : -1);
  for (size_t r = 0; r < mi.ensures.size(); ++r) mi.ensures[r].node = cm.ensures[r].check ? expr(*cm.ensures[r].check) : -1;
  mi.continues = std::any_of(mi.effects.begin(), mi.effects.end(), [&](int s) { return uses(P_, s, Op::SContinueMove); });
  for (auto& t : cm.notation) mi.notation.push_back(templ(t));
  for (size_t h = 0; h < nhistory; ++h) mi.record.push_back(h < cm.record.size() && cm.record[h] ? expr(*cm.record[h]) : -1);
}

}  // namespace

std::shared_ptr<Program> compile(Checked& ck) {
  auto prog = std::make_shared<Program>();
  static_cast<Model&>(*prog) = std::move(ck.model);
  Program& P = *prog;
  Compiler c(P);
  // Code of one context: its frame size, which calls need, counts towards the largest frame.
  auto in_frame = [&](int frame, auto&& lower) {
    c.frame = frame;
    P.max_frame = std::max(P.max_frame, frame);
    lower();
  };
  auto expr = [&](const ExprP& e) { return e ? c.expr(*e) : -1; };
  auto stmts = [&](const std::vector<StmtP>& in, std::vector<int>& out) {
    for (const StmtP& s : in) out.push_back(s ? c.stmt(*s) : -1);
  };
  for (size_t i = 0; i < P.load_items.size(); ++i)
    in_frame(P.load_items[i].frame, [&] {
      P.load_items[i].list = expr(ck.load[i].list);
      P.load_items[i].value = expr(ck.load[i].value);
      P.load_items[i].owner = expr(ck.load[i].owner);
    });
  for (size_t f = 0; f < P.functions.size(); ++f)
    in_frame(P.functions[f].frame, [&] { P.functions[f].body = expr(ck.functions[f].body); });
  in_frame(P.init_frame, [&] {
    for (size_t v = 0; v < P.vars.size(); ++v) P.vars[v].init = expr(ck.var_inits[v]);
    for (size_t k = 0; k < P.kinds.size(); ++k)
      for (const ExprP& e : ck.attr_inits[k]) P.kinds[k].attr_inits.push_back(expr(e));
    for (size_t k = 0; k < P.kinds.size(); ++k)
      if (P.kinds[k].named) P.kinds[k].name_template = c.templ(ck.piece_names[k]);
    for (size_t h = 0; h < P.history.size(); ++h)
      P.history[h].init = ck.history_defaults[h] ? c.expr(*ck.history_defaults[h]) : c.emit(Op::Const, Type::Int, {});
  });
  for (size_t m = 0; m < P.moves.size(); ++m)
    in_frame(P.moves[m].frame, [&] { c.move(P.moves[m], ck.moves[m], P.history.size()); });
  for (size_t k = 0; k < P.chance.size(); ++k)
    in_frame(P.chance[k].frame, [&] {
      P.chance[k].computed = expr(ck.chance[k].computed);
      stmts(ck.chance[k].effects, P.chance[k].effects);
    });
  for (size_t i = 0; i < P.steps.size(); ++i)
    in_frame(P.steps[i].frame, [&] {
      P.steps[i].when = expr(ck.step_when[i]);
      stmts(ck.step_after[i], P.steps[i].after);
    });
  for (size_t e = 0; e < P.ends.size(); ++e)
    in_frame(P.ends[e].frame, [&] {
      P.ends[e].when = expr(ck.ends[e].when);
      P.ends[e].arg = expr(ck.ends[e].arg);
      if (P.ends[e].has_message) P.ends[e].message = c.templ(ck.ends[e].message);
      if (P.ends[e].has_reason) P.ends[e].reason = c.templ(ck.ends[e].reason);
    });
  if (ck.hidden_when) in_frame(P.hidden.frame, [&] { P.hidden.when = expr(ck.hidden_when); });
  if (ck.evaluation_value) in_frame(P.evaluation.frame, [&] { P.evaluation.value = expr(ck.evaluation_value); });
  for (size_t i = 0; i < P.invariants.size(); ++i)
    in_frame(P.invariants[i].frame, [&] { P.invariants[i].node = expr(ck.invariants[i]); });
  if (P.has_display) in_frame(P.display_frame, [&] { P.display = c.templ(ck.display); });
  if (P.has_summary) in_frame(P.summary_frame, [&] { P.summary = c.templ(ck.summary); });
  if (P.has_prompt) in_frame(P.prompt_frame, [&] { P.prompt = c.templ(ck.prompt); });
  in_frame(P.setup_frame, [&] { stmts(ck.setup, P.setup); });
  P.uses_repetitions = uses_op(P, Op::Repetitions);
  inline_calls(P);
  choose_memoized(P);
  propagate_arguments(P, 0, static_cast<int>(P.code.size()));
  fold_after_inlining(P, 0, static_cast<int>(P.code.size()));
  unroll_small_loops(P);
  hoist_invariants(P);
  cache_static_parts(P);
  forget_kept_functions(P);
  recognise_requirements(P);
  return prog;
}

std::shared_ptr<Program> compile_expressions(const Program& base, Checked& ck) {
  auto prog = std::make_shared<Program>(base);
  Program& P = *prog;
  static_cast<Model&>(P) = std::move(ck.model);
  P.max_frame = std::max(P.max_frame, P.expression_frame);
  Compiler c(P);
  c.frame = P.expression_frame;
  const int first = static_cast<int>(P.code.size());
  for (const ExprP& e : ck.expressions) P.expressions.push_back(c.expr(*e));
  inline_calls_from(P, first, static_cast<int>(P.code.size()));
  propagate_arguments(P, first, static_cast<int>(P.code.size()));
  fold_after_inlining(P, first, static_cast<int>(P.code.size()));
  P.uses_repetitions = uses_op(P, Op::Repetitions);
  return prog;
}

}  // namespace ri
