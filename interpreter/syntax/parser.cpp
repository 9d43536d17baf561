// Parse with PEGTL into a parse tree (selector below), then convert the tree once into the AST.
#include "syntax/parser.hpp"

#include <fmt/format.h>
#include <tao/pegtl/contrib/parse_tree.hpp>

#include <algorithm>
#include <cctype>
#include <string_view>
#include <type_traits>

#include "common/text.hpp"
#include "syntax/grammar.hpp"

namespace ri {
namespace pg = tao::pegtl;
namespace g = grammar;
using PNode = pg::parse_tree::node;

template <typename Rule>
using selector = pg::parse_tree::selector<
    Rule,
    pg::parse_tree::store_content::on<g::integer, g::negative_int, g::string_lit, g::name, g::agg_kw, g::op_eq,
                                      g::op_ne, g::op_le, g::op_ge, g::op_lt, g::op_gt, g::op_in, g::op_notin,
                                      g::op_concat, g::op_add, g::op_sub, g::op_mul, g::op_div, g::op_mod, g::op_and,
                                      g::op_or, g::range_op, g::agg_var, g::optional_mark>,
    pg::parse_tree::remove_content::on<g::lit_true, g::lit_false, g::lit_none, g::call, g::aggregate,
                                       g::agg_where, g::agg_body, g::list_lit, g::field, g::index, g::negation,
                                       g::logical_not, g::if_expr, g::let_expr, g::if_stmt, g::for_stmt, g::for_where, g::while_stmt,
                                       g::let_stmt, g::set_stmt, g::block, g::word_stmt, g::sig_param, g::sig_result>,
    pg::parse_tree::fold_one::on<g::postfix, g::lvalue, g::mul_expr, g::add_expr, g::range_expr, g::cmp_expr,
                                 g::and_expr, g::or_expr>>;

namespace {

// Converts one parse tree into AST nodes, mapping byte offsets to file positions through the Text.
struct Converter {
  const Text& t;
  size_t base = 0;  // offset of the parsed input inside t.s (for template parts)

  Pos at(const PNode& n) const { return t.at(base + n.begin().byte); }

  ExprP make(ExprKind k, const PNode& n) const {
    auto e = std::make_unique<Expr>();
    e->kind = k;
    e->pos = at(n);
    return e;
  }

  static bool is_op(const PNode& n) {
    return n.is_type<g::op_eq>() || n.is_type<g::op_ne>() || n.is_type<g::op_le>() || n.is_type<g::op_ge>() ||
           n.is_type<g::op_lt>() || n.is_type<g::op_gt>() || n.is_type<g::op_in>() || n.is_type<g::op_notin>() ||
           n.is_type<g::op_concat>() || n.is_type<g::op_add>() || n.is_type<g::op_sub>() || n.is_type<g::op_mul>() || n.is_type<g::op_div>() ||
           n.is_type<g::op_mod>() || n.is_type<g::op_and>() || n.is_type<g::op_or>() || n.is_type<g::range_op>();
  }

  // op -> '==' | '!=' | '<=' | '>=' | '<' | '>' | 'in' | 'not' 'in' | '++' | '+' | '-' | '*' | '/' | '%' | 'and' | 'or'
  static BinOp binop(const PNode& n) {
    if (n.is_type<g::op_eq>()) return BinOp::Eq;
    if (n.is_type<g::op_ne>()) return BinOp::Ne;
    if (n.is_type<g::op_le>()) return BinOp::Le;
    if (n.is_type<g::op_ge>()) return BinOp::Ge;
    if (n.is_type<g::op_lt>()) return BinOp::Lt;
    if (n.is_type<g::op_gt>()) return BinOp::Gt;
    if (n.is_type<g::op_in>()) return BinOp::In;
    if (n.is_type<g::op_notin>()) return BinOp::NotIn;
    if (n.is_type<g::op_concat>()) return BinOp::Concat;
    if (n.is_type<g::op_add>()) return BinOp::Add;
    if (n.is_type<g::op_sub>()) return BinOp::Sub;
    if (n.is_type<g::op_mul>()) return BinOp::Mul;
    if (n.is_type<g::op_div>()) return BinOp::Div;
    if (n.is_type<g::op_mod>()) return BinOp::Mod;
    if (n.is_type<g::op_and>()) return BinOp::And;
    return BinOp::Or;
  }

  // Binary chains: operand (op operand)* -> left-associated Binary nodes.
  ExprP chain(const PNode& n) {
    ExprP left = expr(*n.children[0]);
    for (size_t i = 1; i + 1 < n.children.size(); i += 2) {
      const PNode& op = *n.children[i];
      ExprP right = expr(*n.children[i + 1]);
      ExprP b = make(op.is_type<g::range_op>() ? ExprKind::Range : ExprKind::Binary, op);
      b->op = binop(op);
      b->kids.push_back(std::move(left));
      b->kids.push_back(std::move(right));
      left = std::move(b);
    }
    return left;
  }

  // postfix -> primary ('.' NAME | '[' expr ']')*
  ExprP postfix(const PNode& n) {
    ExprP cur = expr(*n.children[0]);
    for (size_t i = 1; i < n.children.size(); ++i) {
      const PNode& c = *n.children[i];
      if (c.is_type<g::field>()) {
        ExprP f = make(ExprKind::Field, c);
        f->name = c.children[0]->string();
        f->pos = at(*c.children[0]);
        f->kids.push_back(std::move(cur));
        cur = std::move(f);
      } else {
        ExprP ix = make(ExprKind::Index, c);
        ix->kids.push_back(std::move(cur));
        ix->kids.push_back(expr(*c.children[0]));
        cur = std::move(ix);
      }
    }
    return cur;
  }

  ExprP expr(const PNode& n) {
    if (n.is_type<g::integer>() || n.is_type<g::negative_int>()) {
      ExprP e = make(ExprKind::Int, n);
      // the grammar matched ['-'] DIGITS: only a number beyond 64 bits fails
      e->overflow = !parse_whole(n.string(), e->ival);
      if (e->overflow) e->ival = 0;
      return e;
    }
    if (n.is_type<g::string_lit>()) {
      ExprP e = make(ExprKind::Str, n);
      std::string s = n.string();
      e->text = s.size() >= 2 ? s.substr(1, s.size() - 2) : "";
      return e;
    }
    if (n.is_type<g::lit_true>() || n.is_type<g::lit_false>()) {
      ExprP e = make(ExprKind::Bool, n);
      e->ival = n.is_type<g::lit_true>();
      return e;
    }
    if (n.is_type<g::lit_none>()) return make(ExprKind::None, n);
    if (n.is_type<g::name>()) {
      ExprP e = make(ExprKind::Name, n);
      e->name = n.string();
      return e;
    }
    if (n.is_type<g::call>()) {
      ExprP e = make(ExprKind::Call, n);
      e->name = n.children[0]->string();
      for (size_t i = 1; i < n.children.size(); ++i) e->kids.push_back(expr(*n.children[i]));
      return e;
    }
    if (n.is_type<g::aggregate>()) {
      ExprP e = make(ExprKind::Aggregate, n);
      // the grammar's aggregate keywords are operations.def's aggregates
      e->agg = aggregate_id(*find_aggregate(n.children[0]->string()));
      e->kids.resize(3);
      for (size_t i = 1; i < n.children.size(); ++i) {
        const PNode& c = *n.children[i];
        if (c.is_type<g::agg_var>()) {
          e->kids[0] = nullptr;
          e->name = c.string();
        } else if (c.is_type<g::agg_where>()) {
          e->kids[1] = expr(*c.children[0]);
        } else if (c.is_type<g::agg_body>()) {
          e->kids[2] = expr(*c.children[0]);
        } else {
          e->kids[0] = expr(c);  // the domain
        }
      }
      return e;
    }
    if (n.is_type<g::list_lit>()) {
      ExprP e = make(ExprKind::List, n);
      for (auto& c : n.children) e->kids.push_back(expr(*c));
      return e;
    }
    if (n.is_type<g::postfix>() || n.is_type<g::lvalue>()) return postfix(n);
    if (n.is_type<g::negation>()) {
      ExprP e = make(ExprKind::Neg, n);
      e->kids.push_back(expr(*n.children[0]));
      return e;
    }
    if (n.is_type<g::logical_not>()) {
      ExprP e = make(ExprKind::Not, n);
      e->kids.push_back(expr(*n.children[0]));
      return e;
    }
    if (n.is_type<g::if_expr>()) {
      ExprP e = make(ExprKind::If, n);
      for (auto& c : n.children) e->kids.push_back(expr(*c));
      return e;
    }
    if (n.is_type<g::let_expr>()) {
      ExprP e = make(ExprKind::Let, n);
      e->name = n.children[0]->string();
      e->pos = at(*n.children[0]);
      e->kids.push_back(expr(*n.children[1]));
      e->kids.push_back(expr(*n.children[2]));
      return e;
    }
    // binary chains
    return chain(n);
  }

  StmtP stmt(const PNode& n) {
    auto s = std::make_unique<Stmt>();
    s->pos = at(n);
    if (n.is_type<g::if_stmt>()) {
      s->kind = StmtKind::If;
      s->exprs.push_back(expr(*n.children[0]));
      for (size_t i = 1; i < n.children.size(); ++i) s->body.push_back(stmt(*n.children[i]));
    } else if (n.is_type<g::for_stmt>()) {
      s->kind = StmtKind::For;
      s->name = n.children[0]->string();
      s->pos = at(*n.children[0]);
      s->exprs.push_back(expr(*n.children[1]));
      size_t i = 2;
      if (n.children[i]->is_type<g::for_where>()) {
        s->has_where = true;
        s->exprs.push_back(expr(*n.children[i]->children[0]));
        ++i;
      }
      s->body.push_back(stmt(*n.children[i]));
    } else if (n.is_type<g::while_stmt>()) {
      s->kind = StmtKind::While;
      s->exprs.push_back(expr(*n.children[0]));
      s->body.push_back(stmt(*n.children[1]));
    } else if (n.is_type<g::let_stmt>()) {
      s->kind = StmtKind::Let;
      s->name = n.children[0]->string();
      s->pos = at(*n.children[0]);
      s->exprs.push_back(expr(*n.children[1]));
      s->body.push_back(stmt(*n.children[2]));
    } else if (n.is_type<g::set_stmt>()) {
      s->kind = StmtKind::Set;
      s->exprs.push_back(expr(*n.children[0]));
      s->exprs.push_back(expr(*n.children[1]));
    } else if (n.is_type<g::block>()) {
      s->kind = StmtKind::Block;
      for (auto& c : n.children) s->body.push_back(stmt(*c));
    } else if (n.is_type<g::call>()) {
      s->kind = StmtKind::Call;
      s->name = n.children[0]->string();
      for (size_t i = 1; i < n.children.size(); ++i) s->exprs.push_back(expr(*n.children[i]));
    } else {  // word_stmt: a call without arguments
      s->kind = StmtKind::Call;
      s->name = n.children[0]->string();
    }
    return s;
  }
};

// Finds the unmatched opening bracket before `offset` for "to close" hints.
bool find_opener(const std::string& s, size_t offset, char close, size_t& where) {
  char open = close == ')' ? '(' : close == ']' ? '[' : '{';
  std::vector<std::pair<char, size_t>> stack;
  char quote = 0;
  for (size_t i = 0; i < offset && i < s.size(); ++i) {
    char c = s[i];
    if (quote) {
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') quote = c;
    else if (c == '(' || c == '[' || c == '{') stack.push_back({c, i});
    else if ((c == ')' || c == ']' || c == '}') && !stack.empty()) stack.pop_back();
  }
  for (auto it = stack.rbegin(); it != stack.rend(); ++it)
    if (it->first == open) {
      where = it->second;
      return true;
    }
  return false;
}

// What is being parsed, for "at the end of the ..." in messages (set by each entry point of Parser).
thread_local const char* noun = "expression";

bool is_word(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_op_char(char c) { return std::string_view("=!<>+-*/%.").find(c) != std::string_view::npos; }

// The token starting at off, for "unexpected 'X'": a word, an operator of one or two characters, one
// UTF-8 character, or a byte that is not valid UTF-8 written as \xNN (diagnostics stay valid UTF-8).
std::string next_token(const std::string& s, size_t off) {
  if (off >= s.size()) return "";
  size_t e = off;
  unsigned char c = static_cast<unsigned char>(s[off]);
  if (is_word(s[off])) {
    while (e < s.size() && is_word(s[e])) ++e;
  } else if (is_op_char(s[off])) {
    e = off + 1;
    bool two = e < s.size() && is_op_char(s[e]);
    if (two && std::string_view("== != <= >= .. ->").find(s.substr(off, 2)) != std::string_view::npos) ++e;
  } else if (c >= 0x80) {
    size_t n = utf8_length(s, off);
    if (n == 0) return fmt::format("\\x{:02X}", static_cast<unsigned>(c));
    e = off + n;
  } else if (c < 0x20 || c == 0x7F) {
    return fmt::format("\\x{:02X}", static_cast<unsigned>(c));
  } else {
    e = off + 1;
  }
  return s.substr(off, e - off);
}

// The token that ends just before off (white space skipped): the operator an operand is missing after.
std::string previous_token(const std::string& s, size_t off) {
  size_t e = std::min(off, s.size());
  while (e > 0 && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  size_t b = e;
  if (b > 0 && is_word(s[b - 1]))
    while (b > 0 && is_word(s[b - 1])) --b;
  else if (b > 0 && is_op_char(s[b - 1]))
    while (b > 0 && e - b < 2 && is_op_char(s[b - 1])) --b;
  else if (b > 0)
    --b;
  if (b > 1 && s.compare(b, e - b, "in") == 0) {  // 'not in'
    size_t w = b;
    while (w > 0 && std::isspace(static_cast<unsigned char>(s[w - 1]))) --w;
    if (w >= 3 && s.compare(w - 3, 3, "not") == 0 && (w == 3 || !is_word(s[w - 4])))
      return "not " + s.substr(b, e - b);
  }
  return s.substr(b, e - b);
}

}  // namespace

// Builds the message for a parse error at `offset` of t.s: the grammar's message, the operator an operand
// is missing after, "at the end of the expression" when nothing follows, then any hint in parentheses.
void Parser::report_parse_error(const Text& t, size_t offset, const std::string& raw) {
  std::string msg = raw, hint;
  if (size_t paren = msg.find(" ("); paren != std::string::npos) {
    hint = msg.substr(paren);
    msg.resize(paren);
  }
  if (msg.rfind("unterminated string", 0) == 0) {
    // point at the opening quote: the parser has read up to the end looking for the closing one
    char q = msg.back();
    size_t open = t.s.rfind(q, offset > 0 ? offset - 1 : 0);
    if (open != std::string::npos && open < offset) offset = open;
    msg += fmt::format(" before the end of the {}", noun);
  } else if (msg == "unexpected text") {
    std::string tok = next_token(t.s, offset);
    msg = tok.empty() ? fmt::format("unexpected end of the {}", noun) : fmt::format("unexpected '{}'", tok);
    size_t opener = 0;
    if (tok == "==" || tok == "!=" || tok == "<" || tok == "<=" || tok == ">" || tok == ">=")
      hint = " (comparisons do not chain: join them with 'and')";
    else if ((tok == ")" || tok == "]" || tok == "}") && !find_opener(t.s, offset, tok[0], opener))
      msg = fmt::format("unmatched '{}'", tok);
    else if (std::string_view(noun) == "effect" && !tok.empty() && is_word(tok[0]))
      hint = " (write one effect per list entry)";
  } else {
    const std::string op_placeholder = "the operator";
    if (size_t k = msg.find(op_placeholder); k != std::string::npos) {
      std::string op = previous_token(t.s, offset);
      if (!op.empty()) msg.replace(k, op_placeholder.size(), "'" + op + "'");
      // 'a and let x = 1; x > 0', '1 + if c then 1 else 2': 'if' and 'let' only start an expression
      if (std::string next = next_token(t.s, offset); !op.empty() && (next == "let" || next == "if"))
        hint = fmt::format(" ({} '{}' after an operator goes in parentheses: '{} ({} ...)')", next == "if" ? "an" : "a",
                           next, op, next);
    }
    bool at_end = offset >= t.s.size() || t.s.find_first_not_of(" \t\r\n", offset) == std::string::npos;
    bool what = msg == "expected an expression" || msg == "expected an effect";
    if (at_end && what && !previous_token(t.s, offset).empty())
      msg += fmt::format(" after '{}'", previous_token(t.s, offset));
    else if (what && !at_end)
      msg += fmt::format(", not '{}'", next_token(t.s, offset));
    else if (at_end && !what && msg.rfind("expected", 0) == 0 && msg.find(" after '") == std::string::npos)
      msg += fmt::format(" at the end of the {}", noun);
  }
  if (msg.rfind("expected ')'", 0) == 0 || msg.rfind("expected ']'", 0) == 0 || msg.rfind("expected '}'", 0) == 0) {
    size_t where = 0;
    char close = msg[10];
    if (find_opener(t.s, offset, close, where)) {
      Pos p = t.at(where);
      hint = fmt::format(" (to close '{}' at line {}, column {})", t.s[where], p.line, p.col);
    }
  }
  size_t open = 0;
  std::string quoted;
  if (half_quoted(t, open, quoted)) hint += quoted;
  diags_.error(files_, t.at(offset), msg + hint);
}

bool Parser::precheck(const Text& t) {
  if (t.s.size() > max_length) {
    diags_.error(files_, t.pos, fmt::format("expression is too long ({} bytes; at most {})", t.s.size(), max_length));
    return false;
  }
  int depth = 0;
  char quote = 0;
  for (size_t i = 0; i < t.s.size(); ++i) {
    char c = t.s[i];
    if (quote) {
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') quote = c;
    else if (c == '(' || c == '[' || c == '{') {
      if (++depth > max_nesting) {
        diags_.error(files_, t.at(i), fmt::format("expression nested too deeply (more than {} levels)", max_nesting));
        return false;
      }
    } else if (c == ')' || c == ']' || c == '}')
      --depth;
  }
  return true;
}

// Recursion guard: the grammar recurses through these rules, and nesting that is not bracketed ('- - - 1',
// 'not not x', 'if a then if b then ...') escapes precheck's bracket count. Deep enough input would
// overflow the stack, so the parse stops with an error once this many of them are open at once.
constexpr int max_recursion = 256;
thread_local int recursion = 0;

// (Only rules kept in the parse tree reach the control's start/success/failure; every recursion passes one
// of these.)
template <typename Rule>
constexpr bool is_recursive = std::is_same_v<Rule, g::or_expr> || std::is_same_v<Rule, g::negation> ||
                              std::is_same_v<Rule, g::logical_not> || std::is_same_v<Rule, g::if_expr> ||
                              std::is_same_v<Rule, g::let_expr> || std::is_same_v<Rule, g::if_stmt> ||
                              std::is_same_v<Rule, g::for_stmt> || std::is_same_v<Rule, g::while_stmt> ||
                              std::is_same_v<Rule, g::let_stmt> ||
                              std::is_same_v<Rule, g::block>;

template <typename Rule>
struct guarded_control : g::control<Rule> {
  template <typename Input, typename... States>
  static void start(const Input& in, States&&... st) {
    if constexpr (is_recursive<Rule>)
      if (++recursion > max_recursion)
        throw pg::parse_error(fmt::format("expression nested too deeply (more than {} levels)", max_recursion), in);
    g::control<Rule>::start(in, st...);
  }
  template <typename Input, typename... States>
  static void success(const Input& in, States&&... st) {
    if constexpr (is_recursive<Rule>) --recursion;
    g::control<Rule>::success(in, st...);
  }
  template <typename Input, typename... States>
  static void failure(const Input& in, States&&... st) {
    if constexpr (is_recursive<Rule>) --recursion;
    g::control<Rule>::failure(in, st...);
  }
};

template <typename Top, typename Fn>
static bool run_parse(const Text& t, size_t base, std::string_view input, Parser* p, Fn&& fn,
                      void (Parser::*report)(const Text&, size_t, const std::string&)) {
  pg::memory_input in(input.data(), input.size(), "expr");
  recursion = 0;
  try {
    auto root = pg::parse_tree::parse<Top, selector, pg::nothing, guarded_control>(in);
    if (!root) {
      (p->*report)(t, base, "expected an expression");
      return false;
    }
    fn(*root);
    return true;
  } catch (const pg::parse_error& e) {
    size_t off = e.positions().empty() ? 0 : e.positions().front().byte;
    (p->*report)(t, base + off, std::string(e.message()));
    return false;
  }
}

ExprP Parser::expr(const Text& t) {
  noun = "expression";
  if (!precheck(t)) return nullptr;
  ExprP out;
  run_parse<g::expr_top>(t, 0, t.s, this, [&](const PNode& root) {
    Converter c{t};
    out = c.expr(*root.children[0]);
  }, &Parser::report_parse_error);
  if (out) note_half_quoted(t);
  return out;
}

StmtP Parser::stmt(const Text& t) {
  noun = "effect";
  if (!precheck(t)) return nullptr;
  StmtP out;
  run_parse<g::stmt_top>(t, 0, t.s, this, [&](const PNode& root) {
    Converter c{t};
    out = c.stmt(*root.children[0]);
  }, &Parser::report_parse_error);
  if (out) note_half_quoted(t);
  return out;
}

bool Parser::signature(const Text& t, std::string& name, Pos& name_pos, std::vector<ParsedParam>& params,
                       ParsedParam& result) {
  noun = "signature";
  if (!precheck(t)) return false;
  return run_parse<g::signature>(t, 0, t.s, this, [&](const PNode& root) {
    Converter c{t};
    const PNode& nm = *root.children[0];
    name = nm.string();
    name_pos = c.at(nm);
    for (size_t i = 1; i < root.children.size(); ++i) {
      const PNode& sp = *root.children[i];
      if (sp.is_type<g::sig_result>()) {
        result.type = sp.children[0]->string();
        result.type_pos = c.at(*sp.children[0]);
        continue;
      }
      ParsedParam pp;
      pp.type = sp.children[0]->string();
      pp.type_pos = c.at(*sp.children[0]);
      pp.name = sp.children[1]->string();
      pp.pos = c.at(*sp.children[1]);
      params.push_back(pp);
    }
  }, &Parser::report_parse_error);
}

bool Parser::param_spec(const Text& t, std::string& type, Pos& type_pos, ExprP& domain, bool& optional) {
  noun = "parameter";
  if (!precheck(t)) return false;
  note_half_quoted(t);
  return run_parse<g::param_spec>(t, 0, t.s, this, [&](const PNode& root) {
    Converter c{t};
    type = root.children[0]->string();
    type_pos = c.at(*root.children[0]);
    size_t i = 1;
    optional = root.children.size() > i && root.children[i]->is_type<g::optional_mark>();
    if (optional) ++i;
    if (root.children.size() > i) domain = c.expr(*root.children[i]);
  }, &Parser::report_parse_error);
}

bool Parser::each(const Text& t, std::string& name, Pos& name_pos, ExprP& list) {
  noun = "expression";
  if (!precheck(t)) return false;
  return run_parse<g::each_spec>(t, 0, t.s, this, [&](const PNode& root) {
    Converter c{t};
    name = root.children[0]->string();
    name_pos = c.at(*root.children[0]);
    list = c.expr(*root.children[1]);
  }, &Parser::report_parse_error);
}

bool Parser::templ(const Text& t, Template& out) {
  noun = "expression";
  struct InTemplate {  // a template's text is no expression: quotes are part of it
    bool& on;
    explicit InTemplate(bool& b) : on(b) { on = true; }
    ~InTemplate() { on = false; }
  } in_template(in_template_);
  std::string lit;
  size_t i = 0;
  bool ok = true;
  const std::string& s = t.s;
  while (i < s.size()) {
    char ch = s[i];
    if (ch == '{' && i + 1 < s.size() && s[i + 1] == '{') { lit += '{'; i += 2; continue; }
    if (ch == '}' && i + 1 < s.size() && s[i + 1] == '}') { lit += '}'; i += 2; continue; }
    if (ch == '}') {
      diags_.error(files_, t.at(i), "unmatched '}' in template (write '}}' for a literal brace)");
      return false;
    }
    if (ch != '{') { lit += ch; ++i; continue; }
    // find the matching '}', skipping strings and nested braces
    size_t j = i + 1;
    int depth = 1;
    char quote = 0;
    for (; j < s.size(); ++j) {
      char c = s[j];
      if (quote) { if (c == quote) quote = 0; continue; }
      if (c == '"' || c == '\'') quote = c;
      else if (c == '{') ++depth;
      else if (c == '}' && --depth == 0) break;
    }
    if (j >= s.size()) {
      diags_.error(files_, t.at(i), "expected '}' to close '{' in template");
      return false;
    }
    std::string_view part(s.data() + i + 1, j - i - 1);
    out.literals.push_back(lit);
    lit.clear();
    ExprP e;
    {
      // the same limits as a whole expression (length, bracket nesting)
      Text piece;
      piece.s = std::string(part);
      piece.pos = t.at(i + 1);
      if (!t.map.empty())
        for (size_t b = i + 1; b <= j; ++b) piece.map.push_back(t.at(b));
      if (!precheck(piece)) return false;
    }
    bool fine = run_parse<g::expr_top>(t, i + 1, part, this, [&](const PNode& root) {
      Converter c{t, i + 1};
      e = c.expr(*root.children[0]);
    }, &Parser::report_parse_error);
    ok = ok && fine;
    out.exprs.push_back(std::move(e));
    i = j + 1;
  }
  out.literals.push_back(lit);
  return ok;
}

// Whether `code` is code on its own: more than one word, and an expression (or, with `effect`, an effect) by the
// grammar.
static bool is_code(const std::string& code, bool effect = true) {
  if (std::all_of(code.begin(), code.end(), [](char c) { return is_word(c); })) return false;
  for (int top = 0; top < (effect ? 2 : 1); ++top) {
    pg::memory_input in(code.data(), code.size(), "code");
    recursion = 0;
    try {
      if (top == 0 ? pg::parse<g::expr_top, pg::nothing, guarded_control>(in)
                   : pg::parse<g::stmt_top, pg::nothing, guarded_control>(in))
        return true;
    } catch (const pg::parse_error&) {
    }
  }
  return false;
}


// A value written half-quoted: a plain YAML scalar (not quoted, not a block: its first byte is where it starts) in
// which a quoted part starts after other text and holds code of its own, `int in "if c then [1] else [0]"`. YAML
// keeps the quotes, so the language reads that part as a string. Gives the offset of the part's opening quote and
// the hint: the whole value quoted.
bool Parser::half_quoted(const Text& t, size_t& open, std::string& hint) const {
  if (in_template_ || t.map.empty() || t.map[0].line != t.pos.line || t.map[0].col != t.pos.col) return false;
  const std::string& s = t.s;
  size_t start = s.find_first_not_of(" \t\r\n");
  for (size_t i = start == std::string::npos ? s.size() : start + 1; i < s.size(); ++i) {
    if (s[i] != '"' && s[i] != '\'') continue;
    size_t close = s.find(s[i], i + 1);
    if (close == std::string::npos) return false;
    if (std::string code = s.substr(i + 1, close - i - 1); is_code(code)) {
      // an 'if' or 'let' after an operator goes in parentheses (a parameter's 'in' is no operator)
      size_t w = code.find_first_not_of(" \t\r\n");
      size_t we = w == std::string::npos ? w : code.find_first_not_of("abcdefghijklmnopqrstuvwxyz", w);
      std::string first = w == std::string::npos ? "" : code.substr(w, we == std::string::npos ? we : we - w);
      if (noun != std::string_view("parameter") && (first == "if" || first == "let") && is_code(code, false))
        code = "(" + code + ")";
      std::string whole = s.substr(0, i) + code + s.substr(close + 1);
      char q = whole.find('"') == std::string::npos ? '"' : whole.find('\'') == std::string::npos ? '\'' : 0;
      open = i;
      hint = q ? fmt::format(" (the value is not quoted as a whole, so its quoted part is a string: quote the whole value, "
                             "{}{}{})",
                             q, whole, q)
               : " (the value is not quoted as a whole, so its quoted part is a string: quote the whole value)";
      return true;
    }
    i = close;
  }
  return false;
}

void Parser::note_half_quoted(const Text& t) {
  size_t open = 0;
  std::string hint;
  if (half_quoted(t, open, hint)) half_quoted_.push_back({t.at(open), std::move(hint)});
}

std::string Parser::half_quoted_hint(Pos p) const {
  for (auto& [at, hint] : half_quoted_)
    if (at.line == p.line && at.col == p.col && at.file == p.file) return hint;
  return "";
}

}  // namespace ri
