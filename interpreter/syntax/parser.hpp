// Expression text -> typed AST (untyped until the checker runs). Parse errors are reported, not thrown.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "syntax/ast.hpp"
#include "common/diagnostics.hpp"
#include "syntax/document.hpp"

namespace ri {

struct ParsedParam {
  std::string name;
  Pos pos;
  std::string type;
  Pos type_pos;
};

class Parser {
 public:
  // Reports in the file each position names (Pos::file indexes `files`).
  Parser(SourceFiles files, Diagnostics& diags) : files_(std::move(files)), diags_(diags) {}
  Parser(std::shared_ptr<const SourceFile> file, Diagnostics& diags) : Parser(SourceFiles{std::move(file)}, diags) {}

  // expr_top -> expr EOF; nullptr after reporting a syntax error
  ExprP expr(const Text& t);
  // stmt_top -> stmt EOF
  StmtP stmt(const Text& t);
  // signature -> NAME '(' (TYPE NAME),* ')' ('->' TYPE)?   (result is empty when not declared)
  bool signature(const Text& t, std::string& name, Pos& name_pos, std::vector<ParsedParam>& params,
                 ParsedParam& result);
  // param_spec -> TYPE '?'? ('in' expr)?   (domain is null when absent; optional tells whether '?' is there)
  bool param_spec(const Text& t, std::string& type, Pos& type_pos, ExprP& domain, bool& optional);
  // each -> NAME 'in' expr   (a computed relation's or generated pieces' 'each')
  bool each(const Text& t, std::string& name, Pos& name_pos, ExprP& list);
  // template -> (TEXT | '{' expr '}')*   with '{{' and '}}' for literal braces
  bool templ(const Text& t, Template& out);

  // The hint for a string literal at `p` that is the quoted part of a value written half-quoted (a plain YAML value
  // with a quoted part that is code: `int in "if c then [1] else [0]"`), to add to a type error about it; "" for
  // any other position.
  std::string half_quoted_hint(Pos p) const;

  static constexpr size_t max_length = 4096;  // bytes in one expression: bounds parser recursion
  static constexpr int max_nesting = 64;

 private:
  bool precheck(const Text& t);
  void report_parse_error(const Text& t, size_t offset, const std::string& msg);
  bool half_quoted(const Text& t, size_t& open, std::string& hint) const;
  void note_half_quoted(const Text& t);  // remembers its quoted part's position and hint

  SourceFiles files_;
  Diagnostics& diags_;
  bool in_template_ = false;
  std::vector<std::pair<Pos, std::string>> half_quoted_;
};

}  // namespace ri
