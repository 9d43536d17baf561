// The language's operations (operations.def): built-in functions, effects and aggregates, each declared once. The
// parser names aggregates by them, the checker types calls against them, the compiler lowers them by the same rows.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/types.hpp"

namespace ri {

#define FUNCTION(NAME, ARGS, RESULT, WHERE, OP, DOC) NAME,
enum class Builtin : uint8_t {
#include "syntax/operations.def"
};
#define EFFECT(NAME, ARGS, WHERE, OP, DOC) NAME,
enum class Effect : uint8_t {
#include "syntax/operations.def"
};
#define AGGREGATE(NAME, BODY, RESULT, OP, DOC) NAME,
enum class Aggregate : uint8_t {
#include "syntax/operations.def"
};

// An argument's kind: a value of a type, any list, a value of the list argument's element type, or a name.
enum class ArgKind : uint8_t { Value, List, Element, Relation, Family, Field };
struct Arg {
  ArgKind kind = ArgKind::Value;
  Type type = Type::Error;  // ArgKind::Value: its type
};

// How a result's type follows from the arguments.
enum class ResultRule : uint8_t { Fixed, SameList, Element, FieldType, ListOfBody };

// Where an operation may be written.
enum class Where : uint8_t { Anywhere, Setup, Move };

// An aggregate's body: a condition (required or not), an int, or any single value.
enum class Body : uint8_t { Condition, OptionalCondition, Int, Single, Next };

struct Operation {
  std::string_view name;
  std::vector<Arg> args;  // functions and effects
  Body body = Body::Int;  // aggregates
  ResultRule rule = ResultRule::Fixed;
  Type result = Type::Void;
  Where where = Where::Anywhere;
  std::string_view doc;
  std::string_view args_text, result_text;  // as operations.def writes them
};

const std::vector<Operation>& builtins();     // indexed by Builtin
const std::vector<Operation>& effects();      // indexed by Effect
const std::vector<Operation>& aggregates();   // indexed by Aggregate

// The operation of that name, or null.
const Operation* find_builtin(std::string_view name);
const Operation* find_effect(std::string_view name);
const Operation* find_aggregate(std::string_view name);
inline Builtin builtin_id(const Operation& op) { return static_cast<Builtin>(&op - builtins().data()); }
inline Effect effect_id(const Operation& op) { return static_cast<Effect>(&op - effects().data()); }
inline Aggregate aggregate_id(const Operation& op) { return static_cast<Aggregate>(&op - aggregates().data()); }
inline const Operation& operation(Builtin b) { return builtins()[static_cast<size_t>(b)]; }
inline const Operation& operation(Effect e) { return effects()[static_cast<size_t>(e)]; }
inline const Operation& operation(Aggregate a) { return aggregates()[static_cast<size_t>(a)]; }

// How spec/language.md writes an operation's signature: `neighbours(site, relation) -> sites`, `extra_turn()`,
// `count(x in list : bool) -> int`.
std::string signature(const Operation& op, bool aggregate = false);

}  // namespace ri
