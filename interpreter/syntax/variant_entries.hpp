// A variant's entries merged key by key with its base's, and the parts of an entry a `remove` path can name
// (spec/language.md, section 2 (extends and remove), "The merge"). Used by variants.cpp; not an interface of the
// syntax stage.
#pragma once
#include <string>

#include "syntax/document.hpp"

namespace ri {

// The variant's entry `v` changes the base's entry `b` of the same name: each key v writes replaces b's or, for the
// keys that hold named items (a move's params, let, requires (named by their error code), record and named
// effects; a piece's attributes), merges with it item by item; a list written with !append is appended. The keys
// v does not write stay b's.
void merge_entry(RuleParamDecl& b, RuleParamDecl&& v);
void merge_entry(ZoneDecl& b, ZoneDecl&& v);
void merge_entry(PieceDecl& b, PieceDecl&& v);
void merge_entry(MoveDecl& b, MoveDecl&& v);
void merge_entry(StepDecl& b, StepDecl&& v);
void merge_entry(EndDecl& b, EndDecl&& v);

// remove_in -> KEY | KEY '.' ITEM   (inside one entry: 'requires.PlacementExpected', 'effects', 'attributes.rank')
// Removes the part `rest` of the entry `e` (`path` is the whole path, for messages): "" when it is removed (with
// dry: when it could be), else why not. `base` names the base file in "is not in the base rules" messages.
std::string remove_in(RuleParamDecl& e, const std::string& path, const std::string& rest, const std::string& base, bool dry);
std::string remove_in(ZoneDecl& e, const std::string& path, const std::string& rest, const std::string& base, bool dry);
std::string remove_in(PieceDecl& e, const std::string& path, const std::string& rest, const std::string& base, bool dry);
std::string remove_in(MoveDecl& e, const std::string& path, const std::string& rest, const std::string& base, bool dry);
std::string remove_in(StepDecl& e, const std::string& path, const std::string& rest, const std::string& base, bool dry);
std::string remove_in(EndDecl& e, const std::string& path, const std::string& rest, const std::string& base, bool dry);

// Whether the entry writes `key`.
bool writes_key(const Keys& keys, const std::string& key);

}  // namespace ri
