// Variant rule files: a file that says `extends: BASE` states only what differs from its base. The base (and
// its own bases) are read and merged into one Document, which is then checked as one rule file; every
// position keeps the file it is written in (Pos::file). See spec/language.md, section 2 (extends and remove).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "syntax/document.hpp"

namespace ri {

// Loads `file` (appended to `files`, which should be empty: it becomes file 0) and, when it says `extends`,
// its chain of bases (appended to `files`, nearest first), and merges them into `doc`. A base is read only when it
// is a rule file inside the tree of `file`'s directory or of one of `allowed_dirs` (file_access.hpp). Reports every
// problem: those of each file (YAML, keys), a base that may not or cannot be read, a cycle, a chain deeper than
// kMaxVariantDepth, a `remove` of what the base lacks. Returns false when anything was reported.
bool load_variant(std::shared_ptr<const SourceFile> file, Document& doc, SourceFiles& files, Diagnostics& diags,
                  const std::vector<std::string>& allowed_dirs = {}, const std::string& shipped_dir = "");

// The most `extends` one chain may follow.
constexpr int kMaxVariantDepth = 8;

// Merges `variant` into `base` (which becomes the result): the variant's `remove` paths are dropped from the
// base, then each section the variant writes replaces the base's or is merged with it entry by entry.
// `files` names the files of the positions (for reports). Returns false after reporting a bad `remove`.
bool merge_variant(Document& base, Document&& variant, const SourceFiles& files, Diagnostics& diags);

// The notes a problem `d` of the merged rules `doc` gets (reported after it, Diagnostics::annotate): at the base's
// entry, for a problem inside a variant's entry that merged with or replaced it; at the variant's entry, for a
// problem inside a base's entry it changed; at the `remove` path, for a problem that quotes the name it removed.
std::vector<Diagnostic> variant_notes(const Document& doc, const SourceFiles& files, const Diagnostic& d);

}  // namespace ri
