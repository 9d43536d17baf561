// The whole pipeline for one rule file: read -> load (YAML; a variant with its bases) -> check -> elaborate ->
// compile -> compute at load.
#include <fmt/format.h>


#include "check/warnings.hpp"
#include "compile/compiler.hpp"
#include "elaborate/elaborate.hpp"
#include "pipeline/load_eval.hpp"
#include "pipeline/pipeline.hpp"
#include "syntax/imports.hpp"
#include "syntax/stdlib.hpp"
#include "syntax/variants.hpp"

namespace ri {

namespace {

// An expression given with the rule file, as the whole text of a file of its own (file index `index`).
Text expression_text(const SourceFile& f, int16_t index) {
  Text t;
  t.s = f.text;
  t.pos = {1, 1, index};
  Pos at = t.pos;
  for (char c : f.text) {
    t.map.push_back(at);
    if (c == '\n') at = {at.line + 1, 1, index};
    else ++at.col;
  }
  t.map.push_back(at);
  return t;
}

}  // namespace

std::shared_ptr<const Program> load_rules_text(const std::string& path, const std::string& text, Diagnostics& diags,
                                               const LoadOptions& options) {
  // the file table: the rule file, the bases it extends, then the standard library's prelude and the libraries the
  // rule file imports (Pos::file indexes it)
  SourceFiles files;
  Document doc;
  bool ok = load_variant(std::make_shared<SourceFile>(path, text), doc, files, diags, options.allowed_dirs,
                         options.shipped_dir);
  // the prelude: loaded once per call (it is small); its problems are the interpreter's bugs
  std::vector<Document> libs;
  libs.reserve(stdlib_files().size());
  std::vector<const Document*> lib_ptrs;
  for (const StdlibFile& f : stdlib_files()) {
    if (!is_prelude(f)) continue;
    files.push_back(std::make_shared<SourceFile>(f.path, f.text));
    libs.emplace_back();
    if (!load_library(files.back(), libs.back(), diags, static_cast<int16_t>(files.size() - 1))) ok = false;
    lib_ptrs.push_back(&libs.back());
  }
  // the imported libraries: their declarations become the rule file's (language.md, section 2 (import)); their names
  // are judged also when the rule file has other problems
  bool imported = resolve_imports(doc, files, diags);
  if (!ok || !imported) return nullptr;
  // the parameters' values: those given in place of the defaults, when the rules can take them
  if (std::vector<std::string> bad = setting_errors(doc.params, options.params); !bad.empty()) {
    for (std::string& why : bad) {
      if (options.param_errors) options.param_errors->push_back(std::move(why));
      else diags.error(files[0], {}, std::move(why));
    }
    return nullptr;
  }
  for (auto& [name, value] : options.params)
    for (RuleParamDecl& p : doc.params)
      if (p.name.s == name) p.value = static_cast<int32_t>(value);
  Checked checked;
  size_t reported = diags.size();
  bool checked_ok = check(doc, lib_ptrs, files, checked, diags);
  bool elaborated = elaborate(checked, diags);
  if (checked_ok && elaborated && options.warnings) warn_unused(doc, checked, diags);
  // a variant's problems get notes that point at what the variant changed
  if (!doc.extends.s.empty())
    diags.annotate(reported, [&](const Diagnostic& d) { return variant_notes(doc, files, d); });
  if (!elaborated || !checked_ok) return nullptr;
  std::shared_ptr<Program> prog = compile(checked);
  // the declarations computed at load, on the finished program
  if (!evaluate_at_load(*prog, checked.declared.start, diags)) return nullptr;
  if (options.expressions) return add_expressions(*prog, *options.expressions, diags);
  return prog;
}

std::shared_ptr<const Program> add_expressions(const Program& base, const std::vector<std::string>& expressions,
                                               Diagnostics& diags) {
  // each expression is a file of its own: <expression>, or <expression N> when there are several
  SourceFiles files = base.files;
  std::vector<Text> texts;
  for (size_t i = 0; i < expressions.size(); ++i) {
    std::string name = expressions.size() == 1 ? kExpressionFile : fmt::format("<expression {}>", i + 1);
    files.push_back(std::make_shared<SourceFile>(name, expressions[i]));
    texts.push_back(expression_text(*files.back(), static_cast<int16_t>(files.size() - 1)));
  }
  Checked checked;
  if (!check_expressions(base, files, texts, checked, diags)) return nullptr;
  return compile_expressions(base, checked);
}

std::shared_ptr<const Program> load_rules(const std::string& path, Diagnostics& diags, const LoadOptions& options) {
  std::string text;
  if (!read_source(path, kMaxSourceBytes, text, diags)) return nullptr;
  return load_rules_text(path, text, diags, options);
}

std::shared_ptr<const Program> load_rules_text(const std::string& path, const std::string& text, Diagnostics& diags,
                                               const std::vector<std::string>* expressions) {
  LoadOptions options;
  options.expressions = expressions;
  return load_rules_text(path, text, diags, options);
}

std::shared_ptr<const Program> load_rules(const std::string& path, Diagnostics& diags,
                                          const std::vector<std::string>* expressions) {
  LoadOptions options;
  options.expressions = expressions;
  return load_rules(path, diags, options);
}

}  // namespace ri
