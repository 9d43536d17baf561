// The expression language's PEG grammar (PEGTL). Every point where parsing can fail for good is a named
// rule with an error_message below; must_if<> turns a missing message into a compile error.
//
// Each named rule has its grammar in a comment right above it: `// NAME <- PEG` (quoted text is literal, a quoted
// word matches only as a whole word, `/` is ordered choice, `!` a negative look-ahead, `.` any character; white
// space `sp` may follow every token and is left out; `#` starts a remark). spec/language.md, section 4 (Grammar)
// is these comments in this order, and the test spec/grammar (tests/test_spec.cpp) keeps the two equal.
#pragma once
#include <tao/pegtl.hpp>

namespace ri::grammar {
namespace pg = tao::pegtl;

// ---- lexical ----
// sp <- [ \t\n\r\v\f]*
struct sp : pg::star<pg::space> {};
// tok<R> <- R sp
template <typename R>
struct tok : pg::seq<R, sp> {};

// kw_let <- 'let'
struct kw_let : TAO_PEGTL_KEYWORD("let") {};
// kw_in <- 'in'
struct kw_in : TAO_PEGTL_KEYWORD("in") {};
// kw_if <- 'if'
struct kw_if : TAO_PEGTL_KEYWORD("if") {};
// kw_then <- 'then'
struct kw_then : TAO_PEGTL_KEYWORD("then") {};
// kw_else <- 'else'
struct kw_else : TAO_PEGTL_KEYWORD("else") {};
// kw_and <- 'and'
struct kw_and : TAO_PEGTL_KEYWORD("and") {};
// kw_or <- 'or'
struct kw_or : TAO_PEGTL_KEYWORD("or") {};
// kw_not <- 'not'
struct kw_not : TAO_PEGTL_KEYWORD("not") {};
// kw_true <- 'true'
struct kw_true : TAO_PEGTL_KEYWORD("true") {};
// kw_false <- 'false'
struct kw_false : TAO_PEGTL_KEYWORD("false") {};
// kw_none <- 'none'
struct kw_none : TAO_PEGTL_KEYWORD("none") {};
// kw_where <- 'where'
struct kw_where : TAO_PEGTL_KEYWORD("where") {};
// kw_set <- 'set'
struct kw_set : TAO_PEGTL_KEYWORD("set") {};
// kw_for <- 'for'
struct kw_for : TAO_PEGTL_KEYWORD("for") {};
// kw_while <- 'while'
struct kw_while : TAO_PEGTL_KEYWORD("while") {};
// keyword <- kw_let / kw_in / kw_if / kw_then / kw_else / kw_and / kw_or / kw_not / kw_true / kw_false / kw_none / kw_where / kw_set / kw_for / kw_while
struct keyword : pg::sor<kw_let, kw_in, kw_if, kw_then, kw_else, kw_and, kw_or, kw_not, kw_true, kw_false, kw_none,
                         kw_where, kw_set, kw_for, kw_while> {};

// name <- !keyword [A-Za-z_] [A-Za-z0-9_]*
struct name : pg::seq<pg::not_at<keyword>, pg::identifier> {};
// integer <- [0-9]+
struct integer : pg::plus<pg::digit> {};
// dq_body <- (!'"' .)*
struct dq_body : pg::star<pg::not_one<'"'>> {};
// sq_body <- (!"'" .)*
struct sq_body : pg::star<pg::not_one<'\''>> {};
// dq_close <- '"'
struct dq_close : pg::one<'"'> {};
// sq_close <- "'"
struct sq_close : pg::one<'\''> {};
// string_lit <- '"' dq_body dq_close / "'" sq_body sq_close
struct string_lit : pg::sor<pg::seq<pg::one<'"'>, dq_body, pg::must<dq_close>>,
                            pg::seq<pg::one<'\''>, sq_body, pg::must<sq_close>>> {};

// ---- failure points (each has an error message) ----
struct expr;
struct stmt;
// expr_required <- expr
struct expr_required : pg::seq<expr> {};
// stmt_required <- stmt
struct stmt_required : pg::seq<stmt> {};
// close_paren <- ')'
struct close_paren : tok<pg::one<')'>> {};
// close_bracket <- ']'
struct close_bracket : tok<pg::one<']'>> {};
// close_brace <- '}'
struct close_brace : tok<pg::one<'}'>> {};
// then_required <- 'then'
struct then_required : tok<kw_then> {};
// else_required <- 'else'
struct else_required : tok<kw_else> {};
// in_required <- 'in'
struct in_required : tok<kw_in> {};
// equals_required <- '='
struct equals_required : tok<pg::one<'='>> {};
// colon_required <- ':'
struct colon_required : tok<pg::one<':'>> {};
// while_colon_required <- ':'
struct while_colon_required : tok<pg::one<':'>> {};
// semi_required <- ';'
struct semi_required : tok<pg::one<';'>> {};
// name_required <- name
struct name_required : tok<name> {};
// type_required <- name
struct type_required : tok<name> {};
// open_paren_required <- '('
struct open_paren_required : tok<pg::one<'('>> {};
// field_required <- name
struct field_required : tok<name> {};
// end_required <- !.
struct end_required : pg::eof {};
// the operand after an operator (the parser names the operator in the message)
// operand<R> <- R
template <typename R>
struct operand : pg::seq<R> {};

// ---- expressions ----
// op_eq <- '=='
struct op_eq : pg::string<'=', '='> {};
// op_ne <- '!='
struct op_ne : pg::string<'!', '='> {};
// op_le <- '<='
struct op_le : pg::string<'<', '='> {};
// op_ge <- '>='
struct op_ge : pg::string<'>', '='> {};
// op_lt <- '<'
struct op_lt : pg::one<'<'> {};
// op_gt <- '>'
struct op_gt : pg::one<'>'> {};
// op_in <- 'in'
struct op_in : kw_in {};
// op_notin <- 'not' 'in'
struct op_notin : pg::seq<kw_not, sp, kw_in> {};
// op_concat <- '++'
struct op_concat : pg::string<'+', '+'> {};
// op_add <- '+'
struct op_add : pg::one<'+'> {};
// op_sub <- '-'
struct op_sub : pg::one<'-'> {};
// op_mul <- '*'
struct op_mul : pg::one<'*'> {};
// op_div <- '/'
struct op_div : pg::one<'/'> {};
// op_mod <- '%'
struct op_mod : pg::one<'%'> {};
// op_and <- 'and'
struct op_and : kw_and {};
// op_or <- 'or'
struct op_or : kw_or {};

// agg_kw <- 'any' / 'all' / 'count' / 'sum' / 'min' / 'max' / 'filter' / 'map' / 'concat' / 'reachable'
struct agg_kw : pg::sor<TAO_PEGTL_KEYWORD("any"), TAO_PEGTL_KEYWORD("all"), TAO_PEGTL_KEYWORD("count"),
                        TAO_PEGTL_KEYWORD("sum"), TAO_PEGTL_KEYWORD("min"), TAO_PEGTL_KEYWORD("max"),
                        TAO_PEGTL_KEYWORD("filter"), TAO_PEGTL_KEYWORD("map"), TAO_PEGTL_KEYWORD("concat"),
                        TAO_PEGTL_KEYWORD("reachable")> {};
// agg_var <- name
struct agg_var : name {};
// agg_where <- 'where' expr
struct agg_where : pg::seq<tok<kw_where>, pg::must<expr_required>> {};
// agg_body <- ':' expr
struct agg_body : pg::seq<tok<pg::one<':'>>, pg::must<expr_required>> {};
// aggregate <- agg_kw '(' agg_var 'in' expr agg_where? agg_body? ')'
struct aggregate : pg::seq<tok<agg_kw>, tok<pg::one<'('>>, tok<agg_var>, tok<kw_in>, pg::must<expr_required>,
                           pg::opt<agg_where>, pg::opt<agg_body>, pg::must<close_paren>> {};
// args <- (expr (',' expr)*)?
struct args : pg::opt<expr, pg::star<tok<pg::one<','>>, pg::must<expr_required>>> {};
// call <- name '(' args ')'
struct call : pg::seq<tok<name>, tok<pg::one<'('>>, args, pg::must<close_paren>> {};
// paren <- '(' expr ')'
struct paren : pg::seq<tok<pg::one<'('>>, pg::must<expr_required>, pg::must<close_paren>> {};
// list_lit <- '[' args ']'
struct list_lit : pg::seq<tok<pg::one<'['>>, args, pg::must<close_bracket>> {};
// lit_true <- 'true'
struct lit_true : tok<kw_true> {};
// lit_false <- 'false'
struct lit_false : tok<kw_false> {};
// lit_none <- 'none'
struct lit_none : tok<kw_none> {};
// primary <- integer / string_lit / lit_true / lit_false / lit_none / aggregate / call / name / paren / list_lit
struct primary : pg::sor<tok<integer>, tok<string_lit>, lit_true, lit_false, lit_none, aggregate, call, tok<name>, paren,
                         list_lit> {};
// field <- '.' !'.' name
struct field : pg::seq<pg::one<'.'>, pg::not_at<pg::one<'.'>>, sp, pg::must<field_required>> {};  // '..' is a range
// index <- '[' expr ']'
struct index : pg::seq<tok<pg::one<'['>>, pg::must<expr_required>, pg::must<close_bracket>> {};
// postfix <- primary (field / index)*
struct postfix : pg::seq<primary, pg::star<pg::sor<field, index>>> {};
// neg <- '-'
struct neg : tok<pg::one<'-'>> {};  // '-3' is a negative_int, '- 3' and '-x' are negations
// negative_int <- '-' integer  # no white space between
struct negative_int : pg::seq<pg::one<'-'>, integer> {};
struct unary;
// negation <- neg unary
struct negation : pg::seq<neg, pg::must<operand<unary>>> {};
// unary <- negative_int / negation / postfix
struct unary : pg::sor<tok<negative_int>, negation, postfix> {};
// mul_op <- op_mul / op_div / op_mod
struct mul_op : tok<pg::sor<op_mul, op_div, op_mod>> {};
// mul_expr <- unary (mul_op unary)*
struct mul_expr : pg::seq<unary, pg::star<mul_op, pg::must<operand<unary>>>> {};
// add_op <- op_concat / op_add / op_sub !'>'
struct add_op : tok<pg::sor<op_concat, op_add, pg::seq<op_sub, pg::not_at<pg::one<'>'>>>>> {};
// add_expr <- mul_expr (add_op mul_expr)*
struct add_expr : pg::seq<mul_expr, pg::star<add_op, pg::must<operand<mul_expr>>>> {};
// range_op <- '..'
struct range_op : tok<pg::string<'.', '.'>> {};
// range_expr <- add_expr (range_op add_expr)?
struct range_expr : pg::seq<add_expr, pg::opt<range_op, pg::must<operand<add_expr>>>> {};
// cmp_op <- op_eq / op_ne / op_le / op_ge / op_lt / op_gt / op_notin / op_in
struct cmp_op : tok<pg::sor<op_eq, op_ne, op_le, op_ge, op_lt, op_gt, op_notin, op_in>> {};
// cmp_expr <- range_expr (cmp_op range_expr)?
struct cmp_expr : pg::seq<range_expr, pg::opt<cmp_op, pg::must<operand<range_expr>>>> {};
struct not_expr;
// not_op <- 'not'
struct not_op : tok<kw_not> {};
// logical_not <- not_op not_expr
struct logical_not : pg::seq<not_op, pg::must<operand<not_expr>>> {};
// not_expr <- logical_not / cmp_expr
struct not_expr : pg::sor<logical_not, cmp_expr> {};
// and_op <- op_and
struct and_op : tok<op_and> {};
// and_expr <- not_expr (and_op not_expr)*
struct and_expr : pg::seq<not_expr, pg::star<and_op, pg::must<operand<not_expr>>>> {};
// or_op <- op_or
struct or_op : tok<op_or> {};
// or_expr <- and_expr (or_op and_expr)*
struct or_expr : pg::seq<and_expr, pg::star<or_op, pg::must<operand<and_expr>>>> {};
// if_expr <- 'if' expr 'then' expr 'else' expr
struct if_expr : pg::seq<tok<kw_if>, pg::must<expr_required>, pg::must<then_required>, pg::must<expr_required>,
                         pg::must<else_required>, pg::must<expr_required>> {};
// let_name <- name
struct let_name : name {};
// let_expr <- 'let' name '=' expr ';' expr
struct let_expr : pg::seq<tok<kw_let>, pg::must<name_required>, pg::must<equals_required>, pg::must<expr_required>,
                          pg::must<semi_required>, pg::must<expr_required>> {};
// expr <- if_expr / let_expr / or_expr
struct expr : pg::sor<if_expr, let_expr, or_expr> {};

// ---- statements ----
// if_stmt <- 'if' expr 'then' stmt ('else' stmt)?
struct if_stmt : pg::seq<tok<kw_if>, pg::must<expr_required>, pg::must<then_required>, pg::must<stmt_required>,
                         pg::opt<tok<kw_else>, pg::must<stmt_required>>> {};
// for_where <- 'where' expr
struct for_where : pg::seq<tok<kw_where>, pg::must<expr_required>> {};
// for_stmt <- 'for' name 'in' expr for_where? ':' stmt
struct for_stmt : pg::seq<tok<kw_for>, pg::must<name_required>, pg::must<in_required>, pg::must<expr_required>,
                          pg::opt<for_where>, pg::must<colon_required>, pg::must<stmt_required>> {};
// while_stmt <- 'while' expr ':' stmt
struct while_stmt : pg::seq<tok<kw_while>, pg::must<expr_required>, pg::must<while_colon_required>,
                            pg::must<stmt_required>> {};
// let_stmt <- 'let' name '=' expr ';' stmt
struct let_stmt : pg::seq<tok<kw_let>, pg::must<name_required>, pg::must<equals_required>, pg::must<expr_required>,
                          pg::must<semi_required>, pg::must<stmt_required>> {};
// lvalue <- postfix
struct lvalue : postfix {};
// set_stmt <- 'set' lvalue '=' expr
struct set_stmt : pg::seq<tok<kw_set>, lvalue, pg::must<equals_required>, pg::must<expr_required>> {};
// block <- '{' stmt (';' stmt)* '}'
struct block : pg::seq<tok<pg::one<'{'>>, pg::must<stmt_required>, pg::star<tok<pg::one<';'>>, pg::must<stmt_required>>,
                       pg::must<close_brace>> {};
// word_stmt <- name
struct word_stmt : tok<name> {};
// stmt <- if_stmt / for_stmt / while_stmt / let_stmt / set_stmt / block / call / word_stmt
struct stmt : pg::sor<if_stmt, for_stmt, while_stmt, let_stmt, set_stmt, block, call, word_stmt> {};

// ---- declarations ----
// type_name <- name
struct type_name : name {};
// param_name_required <- name
struct param_name_required : tok<name> {};
// sig_param <- name name
struct sig_param : pg::seq<tok<name>, pg::must<param_name_required>> {};
// sig_param_required <- sig_param
struct sig_param_required : pg::seq<sig_param> {};
// sig_params <- (sig_param (',' sig_param)*)?
struct sig_params : pg::opt<sig_param, pg::star<tok<pg::one<','>>, pg::must<sig_param_required>>> {};
// sig_result <- '->' name
struct sig_result : pg::seq<tok<pg::string<'-', '>'>>, pg::must<type_required>> {};
// signature <- sp name '(' sig_params ')' sig_result? !.
struct signature : pg::seq<sp, pg::must<name_required>, pg::must<open_paren_required>, sig_params, pg::must<close_paren>,
                           pg::opt<sig_result>, pg::must<end_required>> {};
// optional_mark <- '?'
struct optional_mark : tok<pg::one<'?'>> {};  // 'site? in l': 'none' is also a value
// param_spec <- sp name optional_mark? ('in' expr)? !.
struct param_spec : pg::seq<sp, pg::must<type_required>, pg::opt<optional_mark>, pg::opt<tok<kw_in>, pg::must<expr_required>>,
                            pg::must<end_required>> {};

// 'each' of a computed relation or generated pieces: the variable and the list it ranges over
// each_spec <- sp name 'in' expr !.
struct each_spec : pg::seq<sp, pg::must<name_required>, pg::must<in_required>, pg::must<expr_required>,
                           pg::must<end_required>> {};

// expr_top <- sp expr !.
struct expr_top : pg::seq<sp, pg::must<expr_required>, pg::must<end_required>> {};
// stmt_top <- sp stmt !.
struct stmt_top : pg::seq<sp, pg::must<stmt_required>, pg::must<end_required>> {};

// ---- error messages ----
template <typename Rule>
inline constexpr const char* error_message = nullptr;
template <> inline constexpr auto error_message<expr_required> = "expected an expression";
template <> inline constexpr auto error_message<stmt_required> = "expected an effect";
template <> inline constexpr auto error_message<close_paren> = "expected ')'";
template <> inline constexpr auto error_message<close_bracket> = "expected ']'";
template <> inline constexpr auto error_message<close_brace> = "expected '}'";
template <> inline constexpr auto error_message<then_required> = "expected 'then'";
template <> inline constexpr auto error_message<else_required> = "expected 'else' (an 'if' expression needs both branches)";
template <> inline constexpr auto error_message<in_required> = "expected 'in'";
template <> inline constexpr auto error_message<equals_required> = "expected '='";
template <> inline constexpr auto error_message<colon_required> = "expected ':'";
template <> inline constexpr auto error_message<while_colon_required> = "expected ':' (a 'while' is written 'while CONDITION : EFFECT')";
template <> inline constexpr auto error_message<semi_required> = "expected ';' (a 'let' is written 'let NAME = VALUE; BODY')";
template <> inline constexpr auto error_message<name_required> = "expected a name";
template <> inline constexpr auto error_message<type_required> = "expected a type";
template <> inline constexpr auto error_message<open_paren_required> = "expected '(' (a function is declared as 'NAME(TYPE NAME, ...)')";
template <> inline constexpr auto error_message<field_required> = "expected a field name after '.'";
template <> inline constexpr auto error_message<end_required> = "unexpected text";
template <> inline constexpr auto error_message<dq_close> = "unterminated string: no closing \"";
template <> inline constexpr auto error_message<sq_close> = "unterminated string: no closing '";
// Only the rules above and operand<> have messages: must_if raises whenever a rule with a message fails,
// so a rule that may fail harmlessly (an optional argument list, an alternative) must have none.
template <typename R>
inline constexpr auto error_message<operand<R>> = "expected an expression after the operator";
template <> inline constexpr auto error_message<param_name_required> = "expected the parameter's name after its type, like 'site s'";
template <> inline constexpr auto error_message<sig_param_required> = "expected a parameter, like 'site s'";

struct errors {
  template <typename Rule>
  static constexpr auto message = error_message<Rule>;
};
template <typename Rule>
using control = pg::must_if<errors>::control<Rule>;

}  // namespace ri::grammar
