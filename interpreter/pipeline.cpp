// The whole pipeline for one rule file: read -> load (YAML) -> check -> compile.
#include <fmt/format.h>


#include "compiler.hpp"
#include "stdlib.hpp"

namespace ri {

std::shared_ptr<const Program> load_rules_text(const std::string& path, const std::string& text, Diagnostics& diags) {
  // the standard library: loaded once per call (it is small); its problems are the interpreter's bugs
  std::vector<Document> libs;
  for (const StdlibFile& f : stdlib_files()) {
    auto sf = std::make_shared<SourceFile>(f.path, f.text);
    libs.emplace_back();
    load_library(sf, libs.back(), diags);
  }
  auto file = std::make_shared<SourceFile>(path, text);
  Document doc;
  if (!load_document(file, doc, diags)) return nullptr;
  std::vector<const Document*> lib_ptrs;
  for (auto& l : libs) lib_ptrs.push_back(&l);
  Checked checked;
  if (!check(doc, lib_ptrs, checked, diags)) return nullptr;
  return compile(std::move(checked));
}

std::shared_ptr<const Program> load_rules(const std::string& path, Diagnostics& diags) {
  std::string text;
  if (!read_source(path, 16u << 20, text, diags)) return nullptr;
  return load_rules_text(path, text, diags);
}

}  // namespace ri
