// A variant's entries merged key by key with its base's, and `remove` paths inside one entry. See
// variant_entries.hpp and spec/language.md, section 2 (extends and remove).
#include "syntax/variant_entries.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <functional>
#include <utility>
#include <vector>

#include "common/suggest.hpp"

namespace ri {

bool writes_key(const Keys& keys, const std::string& key) {
  return std::any_of(keys.begin(), keys.end(), [&](const Text& k) { return k.s == key; });
}

namespace {

// The base's keys, then those only the variant writes.
void add_keys(Keys& base, const Keys& variant) {
  for (const Text& k : variant)
    if (!writes_key(base, k.s)) base.push_back(k);
}

bool appends(const std::vector<std::string>& appended, const std::string& key) {
  return std::find(appended.begin(), appended.end(), key) != appended.end();
}

// Items with names: the variant's item of a name the base has replaces it in its place; the others are appended.
template <class T, class Name>
void merge_named(std::vector<T>& base, std::vector<T>&& variant, Name name) {
  for (T& item : variant) {
    auto it = std::find_if(base.begin(), base.end(), [&](const T& b) { return !name(b).empty() && name(b) == name(item); });
    if (it != base.end()) *it = std::move(item);
    else base.push_back(std::move(item));
  }
}

using Pairs = std::vector<std::pair<Text, Text>>;
void merge_pairs(Pairs& base, Pairs&& variant) {
  merge_named(base, std::move(variant), [](const std::pair<Text, Text>& p) { return p.first.s; });
}

// A list of statements: appended (!append), merged by name (the variant's are named: written as a mapping), or
// replaced whole (a plain list).
void merge_statements(std::vector<Text>& base, std::vector<Text>& base_names, std::vector<Text>&& variant,
                      std::vector<Text>&& variant_names, bool append) {
  bool named = !variant_names.empty() && std::all_of(variant_names.begin(), variant_names.end(),
                                                     [](const Text& n) { return !n.s.empty(); });
  if (!append && !named) {
    base = std::move(variant);
    base_names = std::move(variant_names);
    return;
  }
  base_names.resize(base.size());
  variant_names.resize(variant.size());
  for (size_t i = 0; i < variant.size(); ++i) {
    auto it = append ? base_names.end()
                     : std::find_if(base_names.begin(), base_names.end(),
                                    [&](const Text& n) { return !n.s.empty() && n.s == variant_names[i].s; });
    if (it != base_names.end()) {
      base[static_cast<size_t>(it - base_names.begin())] = std::move(variant[i]);
    } else {
      base.push_back(std::move(variant[i]));
      base_names.push_back(std::move(variant_names[i]));
    }
  }
}

// ---- remove paths inside an entry ----

// One key of an entry, as a `remove` path sees it.
struct Part {
  using Items = std::function<std::vector<std::string>()>;
  using DropItem = std::function<void(const std::string&)>;
  Part(const char* k, bool r, std::function<void()> d, Items i = nullptr, DropItem di = nullptr, const char* u = nullptr)
      : key(k), removable(r), drop(std::move(d)), items(std::move(i)), drop_item(std::move(di)), unnamed(u) {}
  const char* key;
  bool removable;                 // the key may be removed whole
  std::function<void()> drop;     // drops its value
  Items items;                    // its named items (null: it has none)
  DropItem drop_item;             // drops one of them
  const char* unnamed;            // why an item cannot be named, when that is the reason
};

std::string names_near(const std::string& prefix, const std::vector<std::string>& names, const std::string& path) {
  std::vector<std::string> near;
  for (const std::string& n : names)
    if (!n.empty()) near.push_back(prefix + n);
  return did_you_mean(path, near);
}

// remove_in -> KEY | KEY '.' ITEM, against the parts of an entry (`noun`: "a move").
std::string remove_part(Keys& keys, const std::vector<Part>& parts, const char* noun, const std::string& path,
                        const std::string& rest, const std::string& base, bool dry) {
  size_t dot = rest.find('.');
  std::string key = rest.substr(0, dot), item = dot == std::string::npos ? "" : rest.substr(dot + 1);
  std::string entry = path.substr(0, path.size() - rest.size() - 1);
  auto part = std::find_if(parts.begin(), parts.end(), [&](const Part& p) { return key == p.key; });
  if (part == parts.end()) {
    std::vector<std::string> all;
    for (const Part& p : parts) all.push_back(p.key);
    return fmt::format("cannot remove '{}': {} has no key '{}' (its keys: {})", path, noun, key, fmt::join(all, ", "));
  }
  auto missing = [&](std::string near) { return fmt::format("'{}' is not in the base rules '{}'{}", path, base, near); };
  if (!writes_key(keys, key)) {
    std::vector<std::string> written;
    for (const Text& k : keys) written.push_back(k.s);
    return missing(names_near(entry + ".", written, path));
  }
  if (item.empty()) {
    if (!part->removable)
      return fmt::format("cannot remove '{}': {} needs it (give the variant's own '{}' instead)", path, noun, key);
    if (!dry) {
      part->drop();
      std::erase_if(keys, [&](const Text& k) { return k.s == key; });
    }
    return "";
  }
  if (!part->items)
    return fmt::format("cannot remove '{}': the items of '{}' have no names (remove '{}' whole, or give its new value)",
                       path, key, entry + "." + key);
  std::vector<std::string> names = part->items();
  if (std::find(names.begin(), names.end(), item) == names.end()) {
    std::string near = names_near(entry + "." + key + ".", names, path);
    if (near.empty() && part->unnamed) near = fmt::format(" ({})", part->unnamed);
    return missing(near);
  }
  if (!dry) part->drop_item(item);
  return "";
}

template <class T, class Name>
std::vector<std::string> names_of(const std::vector<T>& v, Name name) {
  std::vector<std::string> out;
  for (const T& e : v) out.push_back(name(e));
  return out;
}
template <class T, class Name>
void erase_named(std::vector<T>& v, const std::string& item, Name name) {
  std::erase_if(v, [&](const T& e) { return name(e) == item; });
}
std::string first_of(const std::pair<Text, Text>& p) { return p.first.s; }

// Named statements: their names; dropping one drops the statement too.
Part statements_part(const char* key, std::vector<Text>& items, std::vector<Text>& names) {
  return {key, true, [&] { items.clear(); names.clear(); },
          [&] { return names_of(names, [](const Text& t) { return t.s; }); },
          [&](const std::string& item) {
            names.resize(items.size());
            for (size_t i = names.size(); i-- > 0;)
              if (names[i].s == item) {
                items.erase(items.begin() + static_cast<std::ptrdiff_t>(i));
                names.erase(names.begin() + static_cast<std::ptrdiff_t>(i));
              }
          },
          "statements have names when they are written as a mapping {NAME: STATEMENT}"};
}

}  // namespace

// ---- merges ----

void merge_entry(RuleParamDecl& b, RuleParamDecl&& v) {
  for (const Text& k : v.keys) {
    if (k.s == "default") { b.def = v.def; b.def_pos = v.def_pos; b.value = v.value; }
    else if (k.s == "min") { b.min = v.min; b.min_pos = v.min_pos; }
    else if (k.s == "max") { b.max = v.max; b.max_pos = v.max_pos; }
    else if (k.s == "step") { b.step = v.step; b.step_pos = v.step_pos; }
    else if (k.s == "description") b.description = std::move(v.description);
  }
  add_keys(b.keys, v.keys);
}

void merge_entry(ZoneDecl& b, ZoneDecl&& v) {
  for (const Text& k : v.keys) {
    if (k.s == "per_player") b.per_player = v.per_player;
    else if (k.s == "label") b.label = std::move(v.label);
  }
  add_keys(b.keys, v.keys);
}

void merge_entry(PieceDecl& b, PieceDecl&& v) {
  for (const Text& k : v.keys) {
    if (k.s == "per_player") b.per_player = std::move(v.per_player);
    else if (k.s == "at") b.at = std::move(v.at);
    else if (k.s == "name") b.piece_name = std::move(v.piece_name);
    else if (k.s == "each") b.each = std::move(v.each);
    else if (k.s == "owner") b.owner = std::move(v.owner);
    else if (k.s == "attributes")
      merge_named(b.attributes, std::move(v.attributes), [](const AttrDecl& a) { return a.name.s; });
  }
  add_keys(b.keys, v.keys);
}

void merge_entry(MoveDecl& b, MoveDecl&& v) {
  for (const Text& k : v.keys) {
    if (k.s == "params") {
      merge_named(b.params, std::move(v.params), [](const ParamDecl& p) { return p.name.s; });
    } else if (k.s == "let") {
      merge_pairs(b.lets, std::move(v.lets));
    } else if (k.s == "requires") {
      merge_named(b.requires_, std::move(v.requires_), [](const Requirement& r) { return r.error.s; });
    } else if (k.s == "ensures") {
      merge_named(b.ensures, std::move(v.ensures), [](const Requirement& r) { return r.error.s; });
    } else if (k.s == "effects") {
      merge_statements(b.effects, b.effect_names, std::move(v.effects), std::move(v.effect_names),
                       appends(v.appended, "effects"));
    } else if (k.s == "notation") {
      if (appends(v.appended, "notation")) b.notation.insert(b.notation.end(), v.notation.begin(), v.notation.end());
      else b.notation = std::move(v.notation);
    } else if (k.s == "record") {
      merge_pairs(b.record, std::move(v.record));
    }
  }
  add_keys(b.keys, v.keys);
}

void merge_entry(StepDecl& b, StepDecl&& v) {
  for (const Text& k : v.keys) {
    if (k.s == "roll") {
      b.kind = StepDecl::Roll;
      b.chance = std::move(v.chance);
    } else if (k.s == "choose") {
      b.kind = StepDecl::Choose;
      if (appends(v.appended, "choose")) b.moves.insert(b.moves.end(), v.moves.begin(), v.moves.end());
      else b.moves = std::move(v.moves);
    } else if (k.s == "if_none") {
      b.when_none = std::move(v.when_none);
    } else if (k.s == "when") {
      b.when = std::move(v.when);
    } else if (k.s == "after") {
      if (appends(v.appended, "after")) b.after.insert(b.after.end(), v.after.begin(), v.after.end());
      else b.after = std::move(v.after);
    }
  }
  add_keys(b.keys, v.keys);
}

void merge_entry(EndDecl& b, EndDecl&& v) {
  for (const Text& k : v.keys) {
    if (k.s == "each") b.each = std::move(v.each);
    else if (k.s == "when") b.when = std::move(v.when);
    else if (k.s == "result") b.result = std::move(v.result);
    else if (k.s == "message") b.message = std::move(v.message);
    else if (k.s == "reason") b.reason = std::move(v.reason);
  }
  add_keys(b.keys, v.keys);
}

// ---- removals ----

std::string remove_in(RuleParamDecl& e, const std::string& path, const std::string& rest, const std::string& base,
                      bool dry) {
  std::vector<Part> parts = {{"default", false, [] {}},
                             {"min", true, [&] { e.min.reset(); }},
                             {"max", true, [&] { e.max.reset(); }},
                             {"step", true, [&] { e.step.reset(); }},
                             {"description", true, [&] { e.description = {}; }}};
  return remove_part(e.keys, parts, "a parameter", path, rest, base, dry);
}

std::string remove_in(ZoneDecl& e, const std::string& path, const std::string& rest, const std::string& base,
                      bool dry) {
  std::vector<Part> parts = {{"per_player", true, [&] { e.per_player = false; }},
                             {"label", true, [&] { e.label = e.name; }}};
  return remove_part(e.keys, parts, "a zone", path, rest, base, dry);
}

std::string remove_in(PieceDecl& e, const std::string& path, const std::string& rest, const std::string& base,
                      bool dry) {
  std::vector<Part> parts = {
      {"per_player", true, [&] { e.per_player.reset(); }},
      {"at", true, [&] { e.at = {}; }},
      {"name", true, [&] { e.piece_name.reset(); }},
      {"attributes", true, [&] { e.attributes.clear(); },
       [&] { return names_of(e.attributes, [](const AttrDecl& a) { return a.name.s; }); },
       [&](const std::string& item) { erase_named(e.attributes, item, [](const AttrDecl& a) { return a.name.s; }); }},
      {"each", true, [&] { e.each.reset(); }},
      {"owner", true, [&] { e.owner.reset(); }}};
  return remove_part(e.keys, parts, "a kind of piece", path, rest, base, dry);
}

std::string remove_in(MoveDecl& e, const std::string& path, const std::string& rest, const std::string& base,
                      bool dry) {
  auto param_name = [](const ParamDecl& p) { return p.name.s; };
  auto code = [](const Requirement& r) { return r.error.s; };
  std::vector<Part> parts = {
      {"params", true, [&] { e.params.clear(); }, [&] { return names_of(e.params, param_name); },
       [&](const std::string& item) { erase_named(e.params, item, param_name); }},
      {"let", true, [&] { e.lets.clear(); }, [&] { return names_of(e.lets, first_of); },
       [&](const std::string& item) { erase_named(e.lets, item, first_of); }},
      {"requires", true, [&] { e.requires_.clear(); }, [&] { return names_of(e.requires_, code); },
       [&](const std::string& item) { erase_named(e.requires_, item, code); },
       "a requirement is named by its error code"},
      statements_part("effects", e.effects, e.effect_names),
      {"ensures", true, [&] { e.ensures.clear(); }, [&] { return names_of(e.ensures, code); },
       [&](const std::string& item) { erase_named(e.ensures, item, code); },
       "a requirement is named by its error code"},
      {"notation", true, [&] { e.notation.clear(); }},
      {"record", true, [&] { e.record.clear(); }, [&] { return names_of(e.record, first_of); },
       [&](const std::string& item) { erase_named(e.record, item, first_of); }}};
  return remove_part(e.keys, parts, "a move", path, rest, base, dry);
}

std::string remove_in(StepDecl& e, const std::string& path, const std::string& rest, const std::string& base,
                      bool dry) {
  auto text_of = [](const Text& t) { return t.s; };
  if (rest.rfind("choose.", 0) == 0 && e.moves.size() == 1 && e.moves[0].s == rest.substr(7))
    return fmt::format("cannot remove '{}': it is the only move the step offers (remove the step instead)", path);
  std::vector<Part> parts = {
      {"roll", false, [] {}},
      {"choose", false, [] {}, [&] { return names_of(e.moves, text_of); },
       [&](const std::string& item) { erase_named(e.moves, item, text_of); }},
      {"if_none", true, [&] { e.when_none = {}; }},
      {"when", true, [&] { e.when.reset(); }},
      {"after", true, [&] { e.after.clear(); }}};
  return remove_part(e.keys, parts, "a turn step", path, rest, base, dry);
}

std::string remove_in(EndDecl& e, const std::string& path, const std::string& rest, const std::string& base,
                      bool dry) {
  std::vector<Part> parts = {{"each", true, [&] { e.each = {}; }},
                             {"when", false, [] {}},
                             {"result", false, [] {}},
                             {"message", true, [&] { e.message.reset(); }},
                             {"reason", true, [&] { e.reason.reset(); }}};
  return remove_part(e.keys, parts, "an end rule", path, rest, base, dry);
}

}  // namespace ri
