// Variants: reading the chain of bases a rule file extends, and merging each variant into its base, section
// by section. The merge is driven by one table of sections (section_table below): a new section of the
// language is one line there.
#include "syntax/variants.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "common/suggest.hpp"
#include "syntax/file_access.hpp"
#include "syntax/variant_entries.hpp"

namespace ri {
namespace {

// ---- the sections, as the merge sees them ----

// One section of a rule file (or a sub-section of 'topology'), and how a variant changes it.
struct Section {
  const char* path;  // 'moves', 'topology.relations'
  bool required;     // a rule file needs it: a variant can replace it, not remove it
  bool by_entry;     // a mapping of named entries, merged and removed entry by entry
  void (*take)(Document& base, Document& variant, const char* path);  // the variant's section changes the base's
  void (*clear)(Document& doc);                                          // drops the whole section
  std::vector<std::string> (*names)(const Document& doc);  // by_entry: the entries' names, in order
  bool (*erase)(Document& doc, const std::string& name);   // by_entry: drops one entry; false when absent
  // by_entry, for entries with keys: removes the part `rest` of the entry `name` (variant_entries.hpp)
  std::string (*erase_in)(Document& doc, const std::string& name, const std::string& path, const std::string& rest,
                          const std::string& base, bool dry) = nullptr;
};

// The name an entry is matched by: its key; a function's is the name in its signature.
template <class T>
std::string entry_name(const T& entry) {
  return entry.name.s;
}
std::string entry_name(const FuncDecl& f) { return f.name(); }
template <class T>
Pos entry_pos(const T& entry) {
  return entry.name.pos;
}
Pos entry_pos(const FuncDecl& f) { return f.signature.pos; }

// The entries whose keys a variant's entry merges with one by one (the others it replaces whole).
template <class T>
constexpr bool keyed_entry = requires(T& t) { merge_entry(t, std::move(t)); };

// The variant's entries change the base's of the same name, in the base's place: key by key (keyed_entry), else
// replaced whole; new names are appended in the variant's order. A name the variant gives twice (only functions
// can: their keys are signatures) is appended the second time, so that the checker still reports the duplicate.
// Each change is recorded in `overrides` (for the notes of variant_notes).
template <class T>
void merge_entries(std::vector<T>& base, std::vector<T>& variant, const char* path, std::vector<Override>& overrides) {
  std::set<std::string> taken;
  for (T& e : variant) {
    std::string name = entry_name(e);
    auto it = taken.insert(name).second
                  ? std::find_if(base.begin(), base.end(), [&](const T& b) { return entry_name(b) == name; })
                  : base.end();
    if (it == base.end()) {
      base.push_back(std::move(e));
      continue;
    }
    overrides.push_back({fmt::format("{}.{}", path, name), entry_pos(e), entry_pos(*it), keyed_entry<T>});
    if constexpr (keyed_entry<T>) merge_entry(*it, std::move(e));
    else *it = std::move(e);
  }
}

// A section the variant replaces as a whole: every member is taken from the variant.
template <auto... Members>
Section whole(const char* path, bool required = false) {
  return {path, required, false,
          [](Document& b, Document& v, const char*) { ((b.*Members = std::move(v.*Members)), ...); },
          [](Document& d) { ((d.*Members = {}), ...); }, nullptr, nullptr};
}

// A section whose keys are merged one by one: each Text member the variant gives (it has a position) replaces
// the base's.
template <auto... Members>
Section keyed(const char* path, bool required = false) {
  return {path, required, false,
          [](Document& b, Document& v, const char*) {
            (((v.*Members).pos.line > 0 ? void(b.*Members = std::move(v.*Members)) : void()), ...);
          },
          [](Document& d) { ((d.*Members = {}), ...); }, nullptr, nullptr};
}

// A list the variant replaces whole, or appends to the base's (!append).
template <auto Member>
Section appendable(const char* path) {
  return {path, false, false,
          [](Document& b, Document& v, const char* p) {
            if (std::find(v.appended.begin(), v.appended.end(), p) == v.appended.end()) b.*Member = {};
            for (auto& e : v.*Member) (b.*Member).push_back(std::move(e));
          },
          [](Document& d) { (d.*Member).clear(); }, nullptr, nullptr};
}

template <auto Member>
std::vector<std::string> entry_names(const Document& d) {
  std::vector<std::string> names;
  for (auto& e : d.*Member) names.push_back(entry_name(e));
  return names;
}

template <auto Member>
bool erase_entry(Document& d, const std::string& name) {
  auto& list = d.*Member;
  auto it = std::find_if(list.begin(), list.end(), [&](auto& e) { return !name.empty() && entry_name(e) == name; });
  if (it == list.end()) return false;
  list.erase(it);
  return true;
}

template <auto Member>
std::string erase_in_entry(Document& d, const std::string& name, const std::string& path, const std::string& rest,
                           const std::string& base, bool dry) {
  auto& list = d.*Member;
  auto it = std::find_if(list.begin(), list.end(), [&](auto& e) { return entry_name(e) == name; });
  if (it == list.end()) return fmt::format("'{}' is not in the base rules '{}'", path, base);
  return remove_in(*it, path, rest, base, dry);
}

// A mapping of named entries: merged by name (merge_entries), removable entry by entry (and, for keyed entries,
// key by key).
template <auto Member>
Section by_entry(const char* path, bool required = false) {
  Section s{path, required, true,
            [](Document& b, Document& v, const char* p) { merge_entries(b.*Member, v.*Member, p, b.overrides); },
            [](Document& d) { (d.*Member).clear(); }, entry_names<Member>, erase_entry<Member>};
  using Entry = typename std::remove_reference_t<decltype(std::declval<Document&>().*Member)>::value_type;
  if constexpr (keyed_entry<Entry>) s.erase_in = erase_in_entry<Member>;
  return s;
}

// A list whose items may have names ('end', 'turn'): the variant's list is appended to the base's (!append), or
// merged with it by name (the variant writes a mapping of named items: each changes the base's item of its name key
// by key, new ones are appended), or replaces it whole (a plain list). Named items can be removed one by one.
template <auto Member, auto Named>
Section named_list(const char* path, bool required) {
  Section s{path, required, true,
            [](Document& b, Document& v, const char* p) {
              auto& items = v.*Member;
              bool append = std::find(v.appended.begin(), v.appended.end(), p) != v.appended.end();
              if (append) {
                for (auto& e : items) (b.*Member).push_back(std::move(e));
              } else if (v.*Named) {
                merge_entries(b.*Member, items, p, b.overrides);
              } else {
                b.*Member = std::move(items);
                b.*Named = false;
              }
            },
            [](Document& d) { (d.*Member).clear(); }, entry_names<Member>, erase_entry<Member>};
  s.erase_in = erase_in_entry<Member>;
  return s;
}

// Every section a variant can change, in the order of the language reference (section 2). 'topology' itself
// is the parent of its sub-sections: removing it removes them all.
const std::vector<Section>& section_table() {
  static const std::vector<Section> table = {
      keyed<&Document::name, &Document::description, &Document::syntax, &Document::prompt, &Document::notation_case>(
          "game", true),
      by_entry<&Document::params>("params"),
      whole<&Document::players, &Document::player_count, &Document::player_names>("players", true),
      whole<&Document::sites>("topology.sites"),
      whole<&Document::grids>("topology.grids"),
      by_entry<&Document::relations>("topology.relations"),
      by_entry<&Document::regions>("topology.regions"),
      by_entry<&Document::lines>("topology.lines"),
      by_entry<&Document::tracks>("topology.tracks"),
      by_entry<&Document::zones>("zones"),
      by_entry<&Document::pieces>("pieces"),
      whole<&Document::start>("start"),
      by_entry<&Document::variables>("variables"),
      by_entry<&Document::history>("history"),
      by_entry<&Document::chance>("chance"),
      by_entry<&Document::functions>("functions"),
      appendable<&Document::setup>("setup"),
      by_entry<&Document::moves>("moves", true),
      named_list<&Document::turn, &Document::turn_named>("turn", true),
      named_list<&Document::end, &Document::end_named>("end", true),
      by_entry<&Document::invariants>("invariants"),
      whole<&Document::display, &Document::has_display>("display"),
      whole<&Document::summary, &Document::has_summary>("summary"),
      whole<&Document::hidden>("hidden"),
      whole<&Document::evaluation>("evaluation"),
      whole<&Document::position_text>("position_text"),
      appendable<&Document::queries>("queries"),
      by_entry<&Document::imports>("import"),  // the base's libraries and the variant's (language.md, section 2 (import))
  };
  return table;
}

// Whether `path` is `parent` or lies inside it ('topology.sites' inside 'topology').
bool within(const std::string& path, const std::string& parent) {
  return path == parent || (path.size() > parent.size() && path.compare(0, parent.size(), parent) == 0 &&
                            path[parent.size()] == '.');
}

bool writes(const Document& d, const std::string& path) {
  return std::any_of(d.sections.begin(), d.sections.end(), [&](const Text& t) { return t.s == path; });
}

// The paths a `remove` may name as a whole: every section and the parents of sub-sections ('topology').
std::vector<std::string> section_paths() {
  std::vector<std::string> out;
  for (const Section& s : section_table()) {
    std::string p = s.path, parent = p.substr(0, p.find('.'));
    if (parent != p && std::find(out.begin(), out.end(), parent) == out.end()) out.push_back(parent);
    out.push_back(p);
  }
  return out;
}

// ---- remove ----

// What one `remove` path names: whole sections (a section, or every sub-section of a parent), or one entry of
// a section.
struct Removal {
  Text path;
  std::string section;                  // the path of the section or parent
  std::vector<const Section*> targets;  // the sections it removes (whole), or the one holding the entry
  std::string entry;                    // "" for whole sections
  std::string rest;                     // a part inside the entry ('requires.PlacementExpected'), or ""
};

// The sections a path names whole: the section itself, or every sub-section of a parent ('topology').
std::vector<const Section*> sections_under(const std::string& path) {
  std::vector<const Section*> out;
  for (const Section& s : section_table())
    if (within(s.path, path)) out.push_back(&s);
  return out;
}

// The section a path lies inside, the longest ('topology.relations' for 'topology.relations.diagonal'), or null.
const Section* holder_of(const std::string& path) {
  const Section* holder = nullptr;
  for (const Section& s : section_table())
    if (within(path, s.path) && (!holder || std::string(s.path).size() > std::string(holder->path).size())) holder = &s;
  return holder;
}

// "unknown section 'X' in 'remove' (...)" for a path that lies in no section: X is its first word, or its
// first two after a parent ('topology.lines').
std::string unknown_section(const std::string& path) {
  std::vector<std::string> known = section_paths();
  size_t dot = path.find('.');
  bool parent = dot != std::string::npos && !sections_under(path.substr(0, dot)).empty();
  std::string section = path.substr(0, parent ? path.find('.', dot + 1) : dot);
  std::string hint = did_you_mean(section, known);
  if (hint.empty()) hint = fmt::format(" (expected one of: {})", fmt::join(known, ", "));
  return fmt::format("unknown section '{}' in 'remove'{}", section, hint);
}

// "a, b and c"
std::string and_list(const std::vector<std::string>& items) {
  std::string list;
  for (size_t i = 0; i < items.size(); ++i) list += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return list;
}

// "cannot remove 'functions.f.x': ..." for a path inside an entry that has no parts to remove.
std::string no_parts(const std::string& path, const Section& s) {
  std::vector<std::string> keyed;
  for (const Section& t : section_table())
    if (t.erase_in) keyed.push_back(t.path);
  return fmt::format("cannot remove '{}': only whole entries of {} can be removed (parts of an entry: in {})", path,
                     s.path, and_list(keyed));
}

// "cannot remove 'game.name': ..." for a path inside a section that has no named entries.
std::string no_entries(const std::string& path) {
  std::vector<std::string> mappings;
  for (const Section& s : section_table())
    if (s.by_entry) mappings.push_back(s.path);
  return fmt::format("cannot remove '{}': only whole sections and the entries of {} can be removed", path,
                     and_list(mappings));
}

// remove_path -> SECTION | SECTION '.' ENTRY ( '.' KEY ( '.' ITEM )? )? | 'topology' '.' SUB ( '.' ENTRY )?
// Resolves a path against the section table; "" when it names something a variant may remove, else why not.
std::string resolve(const std::string& path, Removal& r) {
  r.section = path;
  r.targets = sections_under(path);
  if (!r.targets.empty()) {
    for (const Section* s : r.targets)
      if (s->required)
        return fmt::format("cannot remove '{}': a rule file needs it (write the variant's own instead)", path);
    return "";
  }
  const Section* holder = holder_of(path);
  if (!holder) return unknown_section(path);
  if (!holder->by_entry) return no_entries(path);
  r.section = holder->path;
  r.targets = {holder};
  std::string inside = path.substr(r.section.size() + 1);
  size_t dot = inside.find('.');
  r.entry = inside.substr(0, dot);
  if (dot != std::string::npos) {
    r.rest = inside.substr(dot + 1);
    if (!holder->erase_in) return no_parts(path, *holder);
  }
  return "";
}

// Why the base lacks what a removal names ("" when it has it), with a suggestion when one is close.
std::string missing_in_base(Document& base, const Removal& r, const std::string& base_name) {
  std::vector<std::string> near;
  if (r.entry.empty()) {
    if (writes(base, r.section)) return "";
    for (auto& t : base.sections) near.push_back(t.s);
  } else {
    std::vector<std::string> names = r.targets[0]->names(base);
    bool has = std::find(names.begin(), names.end(), r.entry) != names.end() && !r.entry.empty();
    if (has && r.rest.empty()) return "";
    if (has) return r.targets[0]->erase_in(base, r.entry, r.path.s, r.rest, base_name, true);
    if (!names.empty() && std::all_of(names.begin(), names.end(), [](auto& n) { return n.empty(); }))
      return fmt::format("cannot remove '{}': the items of '{}' in the base rules '{}' have no names (name them "
                         "there, '{}: {{NAME: ...}}', or give the variant's own '{}')",
                         r.path.s, r.section, base_name, r.section, r.section);
    for (auto& n : names)
      if (!n.empty()) near.push_back(r.section + "." + n);
    if (r.targets[0]->erase_in && !r.rest.empty()) near.clear();
  }
  return fmt::format("'{}' is not in the base rules '{}'{}", r.path.s, base_name,
                     did_you_mean(r.entry.empty() || r.rest.empty() ? r.path.s : r.section + "." + r.entry, near));
}

// Checks every `remove` path of the variant against the base as it was given (so that overlapping paths
// are all judged alike); false after reporting any.
bool plan_removals(Document& base, const Document& variant, const SourceFiles& files, Diagnostics& diags,
                   std::vector<Removal>& out) {
  bool ok = true;
  std::string base_name = base.file ? base.file->path : variant.extends.s;
  for (const Text& path : variant.remove) {
    auto first = std::find_if(out.begin(), out.end(), [&](const Removal& r) { return r.path.s == path.s; });
    Removal r;
    r.path = path;
    std::string why = first != out.end() ? fmt::format("duplicate entry '{}' in 'remove' (first at line {})", path.s,
                                                       first->path.pos.line)
                                         : resolve(path.s, r);
    if (why.empty()) why = missing_in_base(base, r, base_name);
    if (!why.empty()) {
      diags.error(files, path.pos, why);
      ok = false;
    }
    out.push_back(std::move(r));
  }
  return ok;
}

void apply_removal(Document& base, const Removal& r) {
  if (!r.rest.empty()) {
    r.targets[0]->erase_in(base, r.entry, r.path.s, r.rest, "", false);
    return;
  }
  if (!r.entry.empty()) {
    r.targets[0]->erase(base, r.entry);
    return;
  }
  for (const Section* s : r.targets) s->clear(base);
  std::erase_if(base.sections, [&](const Text& t) { return within(t.s, r.section); });
}

// ---- reading the chain of bases ----

struct Chain {
  SourceFiles& files;      // the chain's files so far: [0] the variant named first, then its bases
  std::vector<std::string> identities;  // each file's canonical path, to find cycles
  Diagnostics& diags;
  const FileAccess& access;  // which bases may be read
};

// A path that names one file however it is written, to recognise a file met before.
std::string identity(const std::string& path) {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::weakly_canonical(path, ec);
  if (ec) p = std::filesystem::absolute(path, ec).lexically_normal();
  return ec ? path : p.string();
}

// The base's path: as written when absolute, else relative to the directory of the file that names it.
std::string base_path(const std::string& variant_path, const std::string& written) {
  std::filesystem::path p(written);
  if (p.is_absolute()) return p.lexically_normal().string();
  return (std::filesystem::path(variant_path).parent_path() / p).lexically_normal().string();
}

// Reads the base `variant` extends and adds it to the chain; null after reporting, at the `extends` value, why
// it cannot be: a file that is not a rule file or lies outside the allowed directories (FileAccess: neither is
// read), a cycle, a chain too deep, a file that cannot be read.
std::shared_ptr<const SourceFile> read_base(Chain& c, const Document& variant) {
  const Text& ext = variant.extends;
  auto fail = [&](std::string why) {
    c.diags.error(c.files, ext.pos, std::move(why));
    return nullptr;
  };
  std::string path = base_path(c.files.at(ext.pos.file)->path, ext.s);
  std::string real;
  if (std::string why = c.access.check(path, real); !why.empty())
    return fail(fmt::format("cannot read the base rules '{}': {}", ext.s, why));
  std::string id = identity(real);
  if (auto seen = std::find(c.identities.begin(), c.identities.end(), id); seen != c.identities.end()) {
    size_t first = static_cast<size_t>(seen - c.identities.begin());
    std::string through;
    for (size_t i = first + 1; i < c.files.size(); ++i) through += (through.empty() ? "" : "', '") + c.files[i]->path;
    return fail(fmt::format("'{}' extends itself{}", c.files[first]->path,
                            through.empty() ? "" : fmt::format(" (through '{}')", through)));
  }
  if (c.files.size() > static_cast<size_t>(kMaxVariantDepth))
    return fail(fmt::format("variants nest at most {} deep", kMaxVariantDepth));
  std::error_code ec;
  if (std::filesystem::exists(real, ec) && !std::filesystem::is_regular_file(real, ec) &&
      !std::filesystem::is_directory(real, ec))
    return fail(fmt::format("cannot read the base rules '{}': it is not a regular file", ext.s));
  std::string text;
  if (std::string why = read_file(real, kMaxSourceBytes, text); !why.empty())
    return fail(fmt::format("cannot read the base rules '{}': {}", ext.s, why));
  auto file = std::make_shared<const SourceFile>(path, std::move(text));
  c.files.push_back(file);
  c.identities.push_back(id);
  return file;
}

// Loads the chain's last file into `doc` and, when it extends a base, the rest of the chain, merging it in.
// Every file is loaded (and its problems reported) even when another has problems; the merge needs them all.
bool load_link(Chain& c, Document& doc) {
  auto index = static_cast<int16_t>(c.files.size() - 1);
  bool ok = load_document(c.files.back(), doc, c.diags, index);
  if (doc.extends.s.empty()) return ok;
  if (!read_base(c, doc)) return false;
  Document base;
  bool base_ok = load_link(c, base);
  if (!ok || !base_ok || !merge_variant(base, std::move(doc), c.files, c.diags)) return false;
  doc = std::move(base);
  return true;
}

// A variant's entry that changes none of the base's (its name is new) must be complete: the keys a partial entry
// may leave out are those of the base's entry. False after reporting one that is not.
bool complete_entries(const Document& d, const SourceFiles& files, Diagnostics& diags) {
  bool ok = true;
  auto incomplete = [&](Pos at, std::string what) {
    diags.error(files, at, std::move(what));
    ok = false;
  };
  for (const RuleParamDecl& p : d.params)
    if (!writes_key(p.keys, "default"))
      incomplete(p.name.pos, fmt::format("parameter '{}' needs a 'default' (the base has no parameter '{}')", p.name.s,
                                         p.name.s));
  for (const StepDecl& st : d.turn)
    if (!st.name.s.empty() && !writes_key(st.keys, "roll") && !writes_key(st.keys, "choose"))
      incomplete(st.name.pos, fmt::format("turn step '{}' needs 'roll' or 'choose' (the base has no step '{}')",
                                          st.name.s, st.name.s));
  for (const EndDecl& e : d.end)
    if (!e.name.s.empty() && (!writes_key(e.keys, "when") || !writes_key(e.keys, "result")))
      incomplete(e.name.pos, fmt::format("end rule '{}' needs 'when' and 'result' (the base has no rule '{}')",
                                         e.name.s, e.name.s));
  return ok;
}

}  // namespace

bool merge_variant(Document& base, Document&& variant, const SourceFiles& files, Diagnostics& diags) {
  std::vector<Removal> removals;
  if (!plan_removals(base, variant, files, diags, removals)) return false;
  for (const Removal& r : removals) apply_removal(base, r);
  for (const Section& s : section_table())
    if (writes(variant, s.path)) s.take(base, variant, s.path);
  for (Text& t : variant.remove) base.removed.push_back(t);
  if (!complete_entries(base, files, diags)) return false;
  for (Text& t : variant.sections)
    if (!writes(base, t.s)) base.sections.push_back(std::move(t));
  base.file = std::move(variant.file);
  base.extends = std::move(variant.extends);
  base.remove = std::move(variant.remove);
  return true;
}

bool load_variant(std::shared_ptr<const SourceFile> file, Document& doc, SourceFiles& files, Diagnostics& diags,
                  const std::vector<std::string>& allowed_dirs, const std::string& shipped_dir) {
  files.push_back(file);
  FileAccess access(file->path, allowed_dirs, shipped_dir);
  Chain c{files, {identity(file->path)}, diags, access};
  return load_link(c, doc);
}

}  // namespace ri
