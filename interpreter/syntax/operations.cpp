// The tables of operations.def, read once.
#include "syntax/operations.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace ri {
namespace {

// ARGS -> (KIND (', ' KIND)*)?
std::vector<Arg> parse_args(std::string_view text) {
  std::vector<Arg> out;
  while (!text.empty()) {
    size_t comma = text.find(", ");
    std::string_view k = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 2);
    if (k == "list") out.push_back({ArgKind::List, Type::Error});
    else if (k == "element") out.push_back({ArgKind::Element, Type::Error});
    else if (k == "relation") out.push_back({ArgKind::Relation, Type::Void});
    else if (k == "family") out.push_back({ArgKind::Family, Type::Void});
    else if (k == "field") out.push_back({ArgKind::Field, Type::Void});
    else if (Type t = parse_type(std::string(k)); t != Type::Error) out.push_back({ArgKind::Value, t});
    else throw std::logic_error(fmt::format("operations.def: unknown argument kind '{}'", k));
  }
  return out;
}

// RESULT -> TYPE | 'list' | 'element' | 'value' | ''   (an effect has none; an aggregate's 'list' after a value
//                                                    body is a list of the bodies)
void parse_result(std::string_view text, Operation& op) {
  if (text.empty()) op.result = Type::Void;
  else if (text == "list") op.rule = op.body == Body::Single ? ResultRule::ListOfBody : ResultRule::SameList;
  else if (text == "element") op.rule = ResultRule::Element;
  else if (text == "value") op.rule = ResultRule::FieldType;
  else if (text == "string") op.result = Type::Str;
  else if (Type t = parse_type(std::string(text)); t != Type::Error) op.result = t;
  else throw std::logic_error(fmt::format("operations.def: unknown result '{}'", text));
}

// BODY -> 'bool' | 'bool?' | 'int' | 'value'
Body parse_body(std::string_view text) {
  if (text == "bool") return Body::Condition;
  if (text == "bool?") return Body::OptionalCondition;
  if (text == "int") return Body::Int;
  if (text == "value") return Body::Single;
  if (text == "list") return Body::Next;
  throw std::logic_error(fmt::format("operations.def: unknown body '{}'", text));
}

constexpr Where anywhere = Where::Anywhere, setup = Where::Setup, move = Where::Move;

Operation function(std::string_view name, std::string_view args, std::string_view result, Where where,
                   std::string_view doc) {
  Operation op;
  op.name = name;
  op.args = parse_args(args);
  parse_result(result, op);
  op.where = where;
  op.doc = doc;
  op.args_text = args;
  op.result_text = result;
  return op;
}

Operation aggregate(std::string_view name, std::string_view body, std::string_view result, std::string_view doc) {
  Operation op;
  op.name = name;
  op.body = parse_body(body);
  parse_result(result, op);
  op.doc = doc;
  op.args_text = body;
  op.result_text = result;
  return op;
}

const Operation* find(const std::vector<Operation>& table, std::string_view name) {
  for (const Operation& op : table)
    if (op.name == name) return &op;
  return nullptr;
}

}  // namespace

const std::vector<Operation>& builtins() {
  static const std::vector<Operation> table = {
#define FUNCTION(NAME, ARGS, RESULT, WHERE, OP, DOC) function(#NAME, ARGS, RESULT, WHERE, DOC),
#include "syntax/operations.def"
  };
  return table;
}

const std::vector<Operation>& effects() {
  static const std::vector<Operation> table = {
#define EFFECT(NAME, ARGS, WHERE, OP, DOC) function(#NAME, ARGS, "", WHERE, DOC),
#include "syntax/operations.def"
  };
  return table;
}

const std::vector<Operation>& aggregates() {
  static const std::vector<Operation> table = {
#define AGGREGATE(NAME, BODY, RESULT, OP, DOC) aggregate(#NAME, BODY, RESULT, DOC),
#include "syntax/operations.def"
  };
  return table;
}

const Operation* find_builtin(std::string_view name) { return find(builtins(), name); }
const Operation* find_effect(std::string_view name) { return find(effects(), name); }
const Operation* find_aggregate(std::string_view name) { return find(aggregates(), name); }

std::string signature(const Operation& op, bool is_aggregate) {
  if (is_aggregate) {
    const char* body = op.body == Body::Int ? "int" : op.body == Body::Single ? "value" : op.body == Body::Next ? "list" : "bool";
    return fmt::format("{}(x in list : {}) -> {}", op.name, body, op.result_text);
  }
  std::string s = fmt::format("{}({})", op.name, op.args_text);
  if (!op.result_text.empty()) s += fmt::format(" -> {}", op.result_text);
  return s;
}

}  // namespace ri
