// The structure of a rule file, written once: its sections, their keys, which keys are required, and the kind
// of every value, each with a line of description. The loader takes the keys each mapping allows from it (so its
// "unknown key" diagnostics follow it), and `ruleinterp schema` writes it as a JSON Schema
// (spec/rule-file.schema.json, spec/schema.md) that editors use to complete and validate rule files.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace ri::schema {

enum class Kind {
  Text,        // any scalar: a path, a code, a description
  Name,        // a name declared in the rules (a site, a player, a move, ...)
  Expression,  // an expression of the rule language
  Statement,   // a statement (an effect) of the rule language
  Template,    // a text with {expression} placeholders
  Integer,     // a whole number of 32 bits
  Length,      // a whole number from 0 to 1000000
  Count,       // a whole number from 0 to 1000000, or the name of a parameter
  Flag,        // true or false
  Nothing,     // an empty value ('NAME:' alone)
  List,        // a YAML list of `items`
  Map,         // a YAML mapping with the keys `fields`, no other
  Names,       // a YAML mapping of names (any keys) to `items`
  AnyOf,       // one of the `items`
};

struct Field;

// A value of the rule file. `items` is the entry of a List, the value of a Names mapping or the alternatives of
// an AnyOf; `fields` the keys of a Map; `words` the only scalars allowed, when the value is one of a few words.
struct Value {
  Kind kind = Kind::Text;
  std::string description;
  std::vector<Value> items;
  std::vector<Field> fields;
  std::vector<std::string> words;
};

struct Field {
  std::string key;
  bool required = false;  // (a variant's sections come from its base: see rule_file)
  Value value;
};

// The rule file: a mapping of sections. The sections required of a complete rule file are its required fields;
// a variant (a file with 'extends') need not have them.
const Value& rule_file();
// A file of the standard library (stdlib/*.rules): functions, pieces, and topology with only regions.
const Value& library_file();

// The keys the mapping at `path` allows, in the order written. A path is keys joined by '.', where '*' stands for
// any entry of a Names mapping and '[]' for any entry of a list: "moves.*.requires[]". Where the path meets one of
// several alternatives (AnyOf), it follows the first that is (or leads to) a mapping having the key `with`, or
// the first mapping when `with` is empty. Throws std::logic_error when the path leads to no mapping.
std::vector<std::string> keys(const Value& root, std::string_view path, std::string_view with = "");

// The JSON Schema (draft-07) of a rule file, which a library file and a variant also satisfy: pretty-printed,
// ending in a newline.
std::string json_schema();

}  // namespace ri::schema
