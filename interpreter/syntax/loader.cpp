// The loader's entry points (document.hpp): a rule file, a library of the standard library and a position
// file, each read by a Loader (loader_impl.hpp lists the files that do the work). What yaml-cpp throws past the
// loader is reported as invalid YAML, never let through.
#include <fmt/format.h>

#include "syntax/loader_impl.hpp"
#include "syntax/schema.hpp"

namespace ri {
namespace {

// Runs one of the loader's entry points, reporting what yaml-cpp throws past them.
template <class F>
bool run_loader(const std::shared_ptr<const SourceFile>& file, Diagnostics& diags, F&& f) {
  size_t before = diags.size();
  try {
    f();
  } catch (const YAML::Exception& e) {
    diags.error(file, {e.mark.line + 1, e.mark.column + 1}, fmt::format("invalid YAML: {}", e.msg));
  }
  return diags.size() == before;
}

}  // namespace

// library -> { functions, pieces, topology: { regions } }   (a file of the standard library: stdlib/*.rules)
bool load_library(std::shared_ptr<const SourceFile> file, Document& doc, Diagnostics& diags, int16_t index) {
  doc.file = file;
  Loader l(file, diags, index);
  return run_loader(file, diags, [&] {
    YAML::Node root;
    if (!l.load_root(root, "a library", "a YAML mapping with 'functions', 'pieces' and 'topology'")) return;
    l.check_keys(root, "a library", schema::keys(schema::library_file(), ""));
    if (auto f = root["functions"]) l.load_functions(f, doc);
    if (auto p = root["pieces"]) l.load_pieces(p, doc);
    if (auto t = root["topology"]) {
      if (t.IsMap()) l.check_keys(t, "topology", schema::keys(schema::library_file(), "topology"));
      l.load_topology(t, doc);
    }
  });
}

bool load_document(std::shared_ptr<const SourceFile> file, Document& doc, Diagnostics& diags, int16_t index) {
  doc.file = file;
  Loader l(file, diags, index);
  return run_loader(file, diags, [&] { l.load(doc); });
}

bool load_position_document(std::shared_ptr<const SourceFile> file, PositionDecl& out, Diagnostics& diags) {
  out.file = file;
  Loader l(file, diags, 0);
  return run_loader(file, diags, [&] { l.load_position(out); });
}

}  // namespace ri
