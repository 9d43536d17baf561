// The notes that tie a problem of merged rules to the variant's changes: the base's entry a variant's entry merged
// with or replaced, the variant's entry that changed a base's, the `remove` that took away what is missing. See
// variants.hpp and spec/language.md, section 2 (extends and remove).
#include <fmt/format.h>

#include <algorithm>

#include "syntax/variants.hpp"

namespace ri {
namespace {

// The last line of the YAML entry whose key is at `at`: the lines after it that are blank, comments, or indented
// deeper than its key belong to it.
int entry_end(const SourceFile& f, Pos at) {
  int last = at.line;
  int lines = static_cast<int>(f.line_starts.size());
  for (int l = at.line + 1; l <= lines; ++l) {
    std::string_view line = f.line(l);
    size_t indent = line.find_first_not_of(' ');
    if (indent == std::string_view::npos || line[indent] == '#' || line[indent] == '\r') continue;
    if (static_cast<int>(indent) + 1 <= at.col) break;
    last = l;
  }
  return last;
}

bool inside(const SourceFiles& files, Pos entry, Pos p) {
  if (p.line == 0 || entry.line == 0 || p.file != entry.file || entry.file < 0 ||
      static_cast<size_t>(entry.file) >= files.size())
    return false;
  return p.line >= entry.line && p.line <= entry_end(*files[static_cast<size_t>(entry.file)], entry);
}

template <class T>
Pos named_pos(const std::vector<T>& list, const std::string& name) {
  for (const T& e : list)
    if (e.name.s == name) return e.name.pos;
  return {};
}

// Where the merged rules' entry SECTION.ENTRY is written (its key), for the entries whose keys a `remove` can name.
Pos entry_pos(const Document& doc, const std::string& path) {
  size_t dot = path.find('.');
  if (dot == std::string::npos) return {};
  std::string section = path.substr(0, dot), rest = path.substr(dot + 1);
  std::string name = rest.substr(0, rest.find('.'));
  if (section == "moves") return named_pos(doc.moves, name);
  if (section == "pieces") return named_pos(doc.pieces, name);
  if (section == "zones") return named_pos(doc.zones, name);
  if (section == "params") return named_pos(doc.params, name);
  if (section == "turn") return named_pos(doc.turn, name);
  if (section == "end") return named_pos(doc.end, name);
  return {};
}

Diagnostic note_at(const SourceFiles& files, Pos p, std::string message) {
  return {files[static_cast<size_t>(p.file)], p, std::move(message), Severity::Note};
}

}  // namespace

std::vector<Diagnostic> variant_notes(const Document& doc, const SourceFiles& files, const Diagnostic& d) {
  std::vector<Diagnostic> out;
  for (const Override& o : doc.overrides) {
    if (inside(files, o.variant, d.pos)) {
      out.push_back(note_at(files, o.base, o.merged ? fmt::format("'{}' merges key by key with the base's entry here", o.path)
                                                : fmt::format("'{}' replaces the base's entry here", o.path)));
      break;
    }
    if (o.merged && inside(files, o.base, d.pos)) {
      out.push_back(note_at(files, o.variant, fmt::format("the variant changes '{}' here", o.path)));
      break;
    }
  }
  // the removal the problem names ('placed' for 'variables.placed'), else one inside the entry where the problem is
  // ('moves.place.params' for a problem inside the move 'place')
  const Text* removal = nullptr;
  for (const Text& r : doc.removed) {
    std::string last = r.s.substr(r.s.rfind('.') + 1);
    if (r.pos.line > 0 && d.message.find("'" + last + "'") != std::string::npos) {
      removal = &r;
      break;
    }
  }
  for (size_t i = 0; !removal && i < doc.removed.size(); ++i) {
    const Text& r = doc.removed[i];
    if (r.pos.line > 0 && std::count(r.s.begin(), r.s.end(), '.') >= 2 && inside(files, entry_pos(doc, r.s), d.pos))
      removal = &r;
  }
  if (removal) out.push_back(note_at(files, removal->pos, fmt::format("'{}' is removed here", removal->s)));
  return out;
}

}  // namespace ri
