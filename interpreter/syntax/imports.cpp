// Imports of the standard library's files. See imports.hpp.
#include "syntax/imports.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iterator>

#include "common/suggest.hpp"

namespace ri {
namespace {

// library_name -> the file name of 'stdlib/NAME.rules' without its directory and '.rules'
std::string library_name(const std::string& path) {
  size_t slash = path.rfind('/');
  std::string name = path.substr(slash == std::string::npos ? 0 : slash + 1);
  const std::string suffix = ".rules";
  if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
    name.resize(name.size() - suffix.size());
  return name;
}

// Moves the entries of `from` in front of those of `to`, in their order.
template <class T>
void prepend(std::vector<T>& to, std::vector<T>& from) {
  to.insert(to.begin(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
}

// "unknown library 'x' (did you mean 'y'?)", or with the list of the libraries. A name that looks like a file's
// path is told that `import` reads no file.
std::string unknown_library(const std::string& name) {
  std::vector<std::string> names = importable_libraries();
  if (name.find_first_of("/\\.") != std::string::npos)
    return fmt::format("'{}' is not a library: 'import' names libraries of the standard library, not files "
                       "(libraries: {})",
                       name, fmt::join(names, ", "));
  std::string hint = did_you_mean(name, names);
  if (hint.empty()) hint = fmt::format(" (libraries: {})", fmt::join(names, ", "));
  return fmt::format("unknown library '{}'{}", name, hint);
}

}  // namespace

bool is_prelude(const StdlibFile& f) { return library_name(f.path) == "prelude"; }

std::vector<std::string> importable_libraries() {
  std::vector<std::string> out;
  for (const StdlibFile& f : stdlib_files())
    if (!is_prelude(f)) out.push_back(library_name(f.path));
  return out;
}

bool resolve_imports(Document& doc, SourceFiles& files, Diagnostics& diags) {
  bool ok = true;
  std::vector<Document> libs;
  for (ImportDecl& imp : doc.imports) {
    const StdlibFile* found = nullptr;
    for (const StdlibFile& f : stdlib_files())
      if (library_name(f.path) == imp.name.s) found = &f;
    if (found && is_prelude(*found)) {
      diags.error(files, imp.name.pos, fmt::format("'{}' is always loaded: leave it out of 'import'", imp.name.s));
      ok = false;
      continue;
    }
    if (!found) {
      diags.error(files, imp.name.pos, unknown_library(imp.name.s));
      ok = false;
      continue;
    }
    files.push_back(std::make_shared<SourceFile>(found->path, found->text));
    imp.file = static_cast<int16_t>(files.size() - 1);
    Document lib;
    if (!load_library(files.back(), lib, diags, imp.file)) ok = false;
    libs.push_back(std::move(lib));
  }
  if (!ok) return false;
  // the last import's declarations first, so that in the end the first import's come first
  for (auto lib = libs.rbegin(); lib != libs.rend(); ++lib) {
    prepend(doc.functions, lib->functions);
    prepend(doc.pieces, lib->pieces);
    prepend(doc.regions, lib->regions);
  }
  return true;
}

}  // namespace ri
