// Imports: the files of the standard library that a rule file names in `import: [NAME, ...]` (spec/language.md,
// section 2 (import)). Each is loaded and its declarations are merged into the rule file's Document, ahead of the file's
// own, keeping their positions in the library's file, so that a problem there is reported there.
#pragma once
#include <string>
#include <vector>

#include "syntax/document.hpp"
#include "syntax/stdlib.hpp"

namespace ri {

// Whether `f` is the prelude, the library every rule file has without importing it.
bool is_prelude(const StdlibFile& f);

// The names that `import` accepts, in the order the libraries are embedded: every file of the standard library but
// the prelude, named by its file name without '.rules'.
std::vector<std::string> importable_libraries();

// Loads each library `doc` imports (appending its file to `files` and noting its index in ImportDecl::file) and
// merges its functions, pieces and regions into `doc`, before the file's own (the first import's first). Reports an
// unknown library (with a suggestion, or the list), the prelude named in `import`, and a library's own problems;
// false when anything was reported (then `doc` is unchanged).
bool resolve_imports(Document& doc, SourceFiles& files, Diagnostics& diags);

}  // namespace ri
