// The checker: rule-file parameters, the structural counts that may name one, and the players (listed or
// generated). See spec/language.md, section 2 (params, players, topology).
#include "check/checker_impl.hpp"
#include "common/arith.hpp"
#include "syntax/params.hpp"

namespace ri::checking {

// Each parameter is a global name whose value (its default, or the value load_rules was given) is an int constant
// wherever an expression writes it.
void Checker::declare_params() {
  for (const RuleParamDecl& p : doc_.params) {
    int id = static_cast<int>(P_.params.size());
    P_.params.push_back({p.name.s, p.value, p.def, p.min, p.max, p.step, p.description.s});
    declare(p.name.s, p.name.pos, Sym::Param, id, Type::Int);
    if (p.min && p.max && *p.min > *p.max)
      error(p.max_pos, fmt::format("parameter '{}' has a max ({}) below its min ({})", p.name.s, *p.max, *p.min));
    else if (p.step && *p.step < 1)
      error(p.step_pos, fmt::format("parameter '{}' has a step of {}: a step is at least 1", p.name.s, *p.step));
    else if (!param_allows(p, p.def))
      error(p.def_pos, fmt::format("parameter '{}' is {}, but its default is {}", p.name.s, param_range(p), p.def));
  }
}

std::optional<int> Checker::count(const Count& c) {
  if (c.param.s.empty()) return c.value;
  if (c.expr) {
    ExprP e = parse(c.param);
    if (!e) return std::nullopt;
    std::optional<int64_t> v = constant(*e);
    if (!v) return std::nullopt;
    if (*v < INT32_MIN || *v > INT32_MAX) {
      error(c.param.pos, fmt::format("'{}' is {}, beyond 32 bits", c.param.s, *v));
      return std::nullopt;
    }
    return static_cast<int>(*v);
  }
  auto it = globals_.find(c.param.s);
  if (it == globals_.end() || it->second.sym != Sym::Param) {
    std::vector<std::string> names;
    for (const RuleParam& p : P_.params)
      if (auto g = globals_.find(p.name); g != globals_.end() && g->second.sym == Sym::Param) names.push_back(p.name);
    error(c.param.pos, fmt::format("undeclared parameter '{}'{}", c.param.s, near_or_list(c.param.s, names)));
    return std::nullopt;
  }
  return P_.params[static_cast<size_t>(it->second.id)].value;
}

// The value of a count's expression: whole numbers and parameters with + - * / % (common/arith.hpp: the language's
// arithmetic, division flooring) and parentheses; anything else, a division by zero or an overflow is reported.
// const -> INT | PARAMETER | '-' const | const ('+' | '-' | '*' | '/' | '%') const | '(' const ')'
std::optional<int64_t> Checker::constant(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Int:
      if (e.overflow) break;
      return e.ival;
    case ExprKind::Name: {
      auto it = globals_.find(e.name);
      if (it != globals_.end() && it->second.sym == Sym::Param) return P_.params[static_cast<size_t>(it->second.id)].value;
      std::vector<std::string> names;
      for (const RuleParam& p : P_.params)
        if (auto g = globals_.find(p.name); g != globals_.end() && g->second.sym == Sym::Param) names.push_back(p.name);
      error(e.pos, fmt::format("undeclared parameter '{}'{}", e.name, near_or_list(e.name, names)));
      return std::nullopt;
    }
    case ExprKind::Neg: {
      std::optional<int64_t> v = constant(*e.kids[0]);
      if (v && *v == INT64_MIN) break;
      return v ? std::optional<int64_t>(-*v) : std::nullopt;
    }
    case ExprKind::Binary: {
      if (e.op != BinOp::Add && e.op != BinOp::Sub && e.op != BinOp::Mul && e.op != BinOp::Div && e.op != BinOp::Mod) {
        error(e.pos, fmt::format("a count is whole numbers and parameters with + - * / %, not '{}'", spelling(e.op)));
        return std::nullopt;
      }
      std::optional<int64_t> a = constant(*e.kids[0]), b = constant(*e.kids[1]);
      if (!a || !b) return std::nullopt;
      const ArithOp op = e.op == BinOp::Add   ? ArithOp::Add
                         : e.op == BinOp::Sub ? ArithOp::Sub
                         : e.op == BinOp::Mul ? ArithOp::Mul
                         : e.op == BinOp::Div ? ArithOp::Div
                                              : ArithOp::Mod;
      int64_t r = 0;
      const ArithError err = arith(op, *a, *b, r);  // the language's arithmetic, as the runtime's
      if (err == ArithError::None) return r;
      error(err == ArithError::Overflow ? e.pos : e.kids[1]->pos, arith_message(err));
      return std::nullopt;
    }
    default:
      error(e.pos, "a count is whole numbers and parameters with + - * / %");
      return std::nullopt;
  }
  error(e.pos, "a count beyond 64 bits");
  return std::nullopt;
}

// The players, in order: listed, or `count` generated from the names pattern ({letter}: a, b, ...; {LETTER}: A,
// B, ...; {n}: 1, 2, ...). When a count cannot be used (reported), a number it allows is generated instead, so that
// the rest of the file is checked with players.
void Checker::declare_players() {
  if (!doc_.player_count) {
    for (auto& p : doc_.players) {
      int id = static_cast<int>(P_.players.size());
      P_.players.push_back(p.s);
      declare(p.s, p.pos, Sym::Player, id, Type::Player);
    }
    if (P_.players.size() > 32) error(doc_.players[32].pos, "at most 32 players are supported");
    return;
  }
  const Count& c = *doc_.player_count;
  const std::string& pattern = doc_.player_names.s;
  Pos at = doc_.player_names.pos.line ? doc_.player_names.pos : c.pos;
  bool letters = pattern.find("{letter}") != std::string::npos || pattern.find("{LETTER}") != std::string::npos;
  bool numbers = pattern.find("{n}") != std::string::npos;
  int n = 2;
  bool reported = false;  // a problem of the names was reported: the rest are not declared
  if (std::optional<int> v = count(c)) {
    n = *v;
    if (n < 1 || n > 32) {
      error(c.pos, fmt::format("the number of players must be from 1 to 32, not {}", n));
      n = std::clamp(n, 1, 32);
    } else if (letters && n > 26) {
      const char* placeholder = pattern.find("{letter}") != std::string::npos ? "{letter}" : "{LETTER}";
      error(c.pos, fmt::format("'{}' names at most 26 players, not {} (name them with '{{n}}')", placeholder, n));
      n = 26;
    } else if (n > 1 && !letters && !numbers) {
      error(at, fmt::format("the names of {} players need '{{letter}}', '{{LETTER}}' or '{{n}}' in their pattern, not '{}'",
                            n, pattern));
      reported = true;  // (the first is declared: uses of the name are not reported too)
      declare(pattern, at, Sym::Player, 0, Type::Player);
    }
  }
  for (int i = 0; i < n; ++i) {
    std::string name = pattern;
    auto repl = [&](const std::string& key, const std::string& v) {
      for (size_t p; (p = name.find(key)) != std::string::npos;) name.replace(p, key.size(), v);
    };
    repl("{letter}", std::string(1, static_cast<char>('a' + i)));
    repl("{LETTER}", std::string(1, static_cast<char>('A' + i)));
    repl("{n}", std::to_string(i + 1));
    P_.players.push_back(name);
    if (!reported && !declare(name, at, Sym::Player, i, Type::Player)) reported = true;
  }
}

}  // namespace ri::checking
