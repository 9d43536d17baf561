// The expression language's PEG grammar (PEGTL). Every point where parsing can fail for good is a named
// rule with an error_message below; must_if<> turns a missing message into a compile error.
//
// expr      -> if_expr | let_expr | or_expr
// if_expr   -> 'if' expr 'then' expr 'else' expr
// let_expr  -> 'let' NAME '=' expr ';' expr
// or_expr   -> and_expr ('or' and_expr)*
// and_expr  -> not_expr ('and' not_expr)*
// not_expr  -> 'not' not_expr | cmp_expr
// cmp_expr  -> range_expr (('==' | '!=' | '<=' | '>=' | '<' | '>' | 'in') range_expr)?
// range_expr-> add_expr ('..' add_expr)?
// add_expr  -> mul_expr (('++' | '+' | '-') mul_expr)*
// mul_expr  -> unary (('*' | '/' | '%') unary)*
// unary     -> '-' unary | postfix
// postfix   -> primary ('.' NAME | '[' expr ']')*
// primary   -> INT | STRING | 'true' | 'false' | 'none' | aggregate | call | NAME | '(' expr ')' | '[' exprs ']'
// aggregate -> ('any'|'all'|'count'|'sum'|'min'|'max'|'filter'|'map'|'concat') '(' NAME 'in' expr ('where' expr)? (':' expr)? ')'
// call      -> NAME '(' (expr (',' expr)*)? ')'
//
// stmt      -> 'if' expr 'then' stmt ('else' stmt)? | 'for' NAME 'in' expr ('where' expr)? ':' stmt
//            | 'while' expr ':' stmt | 'let' NAME '=' expr ';' stmt | 'set' postfix '=' expr
//            | '{' stmt (';' stmt)* '}' | call | NAME
// signature -> NAME '(' (TYPE NAME (',' TYPE NAME)*)? ')' ('->' TYPE)?
// param     -> TYPE '?'? ('in' expr)?
// each      -> NAME 'in' expr
#pragma once
#include <tao/pegtl.hpp>

namespace ri::grammar {
namespace pg = tao::pegtl;

// ---- lexical ----
struct sp : pg::star<pg::space> {};
template <typename R>
struct tok : pg::seq<R, sp> {};

struct kw_let : TAO_PEGTL_KEYWORD("let") {};
struct kw_in : TAO_PEGTL_KEYWORD("in") {};
struct kw_if : TAO_PEGTL_KEYWORD("if") {};
struct kw_then : TAO_PEGTL_KEYWORD("then") {};
struct kw_else : TAO_PEGTL_KEYWORD("else") {};
struct kw_and : TAO_PEGTL_KEYWORD("and") {};
struct kw_or : TAO_PEGTL_KEYWORD("or") {};
struct kw_not : TAO_PEGTL_KEYWORD("not") {};
struct kw_true : TAO_PEGTL_KEYWORD("true") {};
struct kw_false : TAO_PEGTL_KEYWORD("false") {};
struct kw_none : TAO_PEGTL_KEYWORD("none") {};
struct kw_where : TAO_PEGTL_KEYWORD("where") {};
struct kw_set : TAO_PEGTL_KEYWORD("set") {};
struct kw_for : TAO_PEGTL_KEYWORD("for") {};
struct kw_while : TAO_PEGTL_KEYWORD("while") {};
struct keyword : pg::sor<kw_let, kw_in, kw_if, kw_then, kw_else, kw_and, kw_or, kw_not, kw_true, kw_false, kw_none,
                         kw_where, kw_set, kw_for, kw_while> {};

struct name : pg::seq<pg::not_at<keyword>, pg::identifier> {};
struct integer : pg::plus<pg::digit> {};
struct dq_body : pg::star<pg::not_one<'"'>> {};
struct sq_body : pg::star<pg::not_one<'\''>> {};
struct dq_close : pg::one<'"'> {};
struct sq_close : pg::one<'\''> {};
struct string_lit : pg::sor<pg::seq<pg::one<'"'>, dq_body, pg::must<dq_close>>,
                            pg::seq<pg::one<'\''>, sq_body, pg::must<sq_close>>> {};

// ---- failure points (each has an error message) ----
struct expr;
struct stmt;
struct expr_required : pg::seq<expr> {};
struct stmt_required : pg::seq<stmt> {};
struct close_paren : tok<pg::one<')'>> {};
struct close_bracket : tok<pg::one<']'>> {};
struct close_brace : tok<pg::one<'}'>> {};
struct then_required : tok<kw_then> {};
struct else_required : tok<kw_else> {};
struct in_required : tok<kw_in> {};
struct equals_required : tok<pg::one<'='>> {};
struct colon_required : tok<pg::one<':'>> {};
struct while_colon_required : tok<pg::one<':'>> {};
struct semi_required : tok<pg::one<';'>> {};
struct name_required : tok<name> {};
struct type_required : tok<name> {};
struct open_paren_required : tok<pg::one<'('>> {};
struct field_required : tok<name> {};
struct end_required : pg::eof {};
// the operand after an operator (the parser names the operator in the message)
template <typename R>
struct operand : pg::seq<R> {};

// ---- expressions ----
struct op_eq : pg::string<'=', '='> {};
struct op_ne : pg::string<'!', '='> {};
struct op_le : pg::string<'<', '='> {};
struct op_ge : pg::string<'>', '='> {};
struct op_lt : pg::one<'<'> {};
struct op_gt : pg::one<'>'> {};
struct op_in : kw_in {};
struct op_notin : pg::seq<kw_not, sp, kw_in> {};
struct op_concat : pg::string<'+', '+'> {};
struct op_add : pg::one<'+'> {};
struct op_sub : pg::one<'-'> {};
struct op_mul : pg::one<'*'> {};
struct op_div : pg::one<'/'> {};
struct op_mod : pg::one<'%'> {};
struct op_and : kw_and {};
struct op_or : kw_or {};

struct agg_kw : pg::sor<TAO_PEGTL_KEYWORD("any"), TAO_PEGTL_KEYWORD("all"), TAO_PEGTL_KEYWORD("count"),
                        TAO_PEGTL_KEYWORD("sum"), TAO_PEGTL_KEYWORD("min"), TAO_PEGTL_KEYWORD("max"),
                        TAO_PEGTL_KEYWORD("filter"), TAO_PEGTL_KEYWORD("map"), TAO_PEGTL_KEYWORD("concat")> {};
struct agg_var : name {};
struct agg_where : pg::seq<tok<kw_where>, pg::must<expr_required>> {};
struct agg_body : pg::seq<tok<pg::one<':'>>, pg::must<expr_required>> {};
struct aggregate : pg::seq<tok<agg_kw>, tok<pg::one<'('>>, tok<agg_var>, tok<kw_in>, pg::must<expr_required>,
                           pg::opt<agg_where>, pg::opt<agg_body>, pg::must<close_paren>> {};
struct args : pg::opt<expr, pg::star<tok<pg::one<','>>, pg::must<expr_required>>> {};
struct call : pg::seq<tok<name>, tok<pg::one<'('>>, args, pg::must<close_paren>> {};
struct paren : pg::seq<tok<pg::one<'('>>, pg::must<expr_required>, pg::must<close_paren>> {};
struct list_lit : pg::seq<tok<pg::one<'['>>, args, pg::must<close_bracket>> {};
struct lit_true : tok<kw_true> {};
struct lit_false : tok<kw_false> {};
struct lit_none : tok<kw_none> {};
struct primary : pg::sor<tok<integer>, tok<string_lit>, lit_true, lit_false, lit_none, aggregate, call, tok<name>, paren,
                         list_lit> {};
struct field : pg::seq<pg::one<'.'>, pg::not_at<pg::one<'.'>>, sp, pg::must<field_required>> {};  // '..' is a range
struct index : pg::seq<tok<pg::one<'['>>, pg::must<expr_required>, pg::must<close_bracket>> {};
struct postfix : pg::seq<primary, pg::star<pg::sor<field, index>>> {};
struct neg : tok<pg::one<'-'>> {};  // '-3' is a negative_int, '- 3' and '-x' are negations
struct negative_int : pg::seq<pg::one<'-'>, integer> {};
struct unary;
struct negation : pg::seq<neg, pg::must<operand<unary>>> {};
struct unary : pg::sor<tok<negative_int>, negation, postfix> {};
struct mul_op : tok<pg::sor<op_mul, op_div, op_mod>> {};
struct mul_expr : pg::seq<unary, pg::star<mul_op, pg::must<operand<unary>>>> {};
struct add_op : tok<pg::sor<op_concat, op_add, pg::seq<op_sub, pg::not_at<pg::one<'>'>>>>> {};
struct add_expr : pg::seq<mul_expr, pg::star<add_op, pg::must<operand<mul_expr>>>> {};
struct range_op : tok<pg::string<'.', '.'>> {};
struct range_expr : pg::seq<add_expr, pg::opt<range_op, pg::must<operand<add_expr>>>> {};
struct cmp_op : tok<pg::sor<op_eq, op_ne, op_le, op_ge, op_lt, op_gt, op_notin, op_in>> {};
struct cmp_expr : pg::seq<range_expr, pg::opt<cmp_op, pg::must<operand<range_expr>>>> {};
struct not_expr;
struct not_op : tok<kw_not> {};
struct logical_not : pg::seq<not_op, pg::must<operand<not_expr>>> {};
struct not_expr : pg::sor<logical_not, cmp_expr> {};
struct and_op : tok<op_and> {};
struct and_expr : pg::seq<not_expr, pg::star<and_op, pg::must<operand<not_expr>>>> {};
struct or_op : tok<op_or> {};
struct or_expr : pg::seq<and_expr, pg::star<or_op, pg::must<operand<and_expr>>>> {};
struct if_expr : pg::seq<tok<kw_if>, pg::must<expr_required>, pg::must<then_required>, pg::must<expr_required>,
                         pg::must<else_required>, pg::must<expr_required>> {};
struct let_name : name {};
struct let_expr : pg::seq<tok<kw_let>, pg::must<name_required>, pg::must<equals_required>, pg::must<expr_required>,
                          pg::must<semi_required>, pg::must<expr_required>> {};
struct expr : pg::sor<if_expr, let_expr, or_expr> {};

// ---- statements ----
struct if_stmt : pg::seq<tok<kw_if>, pg::must<expr_required>, pg::must<then_required>, pg::must<stmt_required>,
                         pg::opt<tok<kw_else>, pg::must<stmt_required>>> {};
struct for_where : pg::seq<tok<kw_where>, pg::must<expr_required>> {};
struct for_stmt : pg::seq<tok<kw_for>, pg::must<name_required>, pg::must<in_required>, pg::must<expr_required>,
                          pg::opt<for_where>, pg::must<colon_required>, pg::must<stmt_required>> {};
struct while_stmt : pg::seq<tok<kw_while>, pg::must<expr_required>, pg::must<while_colon_required>,
                            pg::must<stmt_required>> {};
struct let_stmt : pg::seq<tok<kw_let>, pg::must<name_required>, pg::must<equals_required>, pg::must<expr_required>,
                          pg::must<semi_required>, pg::must<stmt_required>> {};
struct lvalue : postfix {};
struct set_stmt : pg::seq<tok<kw_set>, lvalue, pg::must<equals_required>, pg::must<expr_required>> {};
struct block : pg::seq<tok<pg::one<'{'>>, pg::must<stmt_required>, pg::star<tok<pg::one<';'>>, pg::must<stmt_required>>,
                       pg::must<close_brace>> {};
struct word_stmt : tok<name> {};
struct stmt : pg::sor<if_stmt, for_stmt, while_stmt, let_stmt, set_stmt, block, call, word_stmt> {};

// ---- declarations ----
struct type_name : name {};
struct param_name_required : tok<name> {};
struct sig_param : pg::seq<tok<name>, pg::must<param_name_required>> {};
struct sig_param_required : pg::seq<sig_param> {};
struct sig_params : pg::opt<sig_param, pg::star<tok<pg::one<','>>, pg::must<sig_param_required>>> {};
struct sig_result : pg::seq<tok<pg::string<'-', '>'>>, pg::must<type_required>> {};
struct signature : pg::seq<sp, pg::must<name_required>, pg::must<open_paren_required>, sig_params, pg::must<close_paren>,
                           pg::opt<sig_result>, pg::must<end_required>> {};
struct optional_mark : tok<pg::one<'?'>> {};  // 'site? in l': 'none' is also a value
struct param_spec : pg::seq<sp, pg::must<type_required>, pg::opt<optional_mark>, pg::opt<tok<kw_in>, pg::must<expr_required>>,
                            pg::must<end_required>> {};

// 'each' of a computed relation or generated pieces: the variable and the list it ranges over
struct each_spec : pg::seq<sp, pg::must<name_required>, pg::must<in_required>, pg::must<expr_required>,
                           pg::must<end_required>> {};

struct expr_top : pg::seq<sp, pg::must<expr_required>, pg::must<end_required>> {};
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
