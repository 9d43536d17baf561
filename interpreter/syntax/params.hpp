// Values for a rule file's parameters given from outside the rule file (spec/language.md, section 2 (params)): `--set
// NAME=VALUE` on the command line, a position file's `params`, a move log's `set:` header. load_rules takes them
// (pipeline/pipeline.hpp: LoadOptions); this reads, checks and writes them.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "syntax/document.hpp"

namespace ri {

// Parameter values, name -> value, in the order given.
using ParamValues = std::vector<std::pair<std::string, int64_t>>;

// setting -> NAME '=' WHOLE_NUMBER      NAME: letters, digits and '_', not starting with a digit;
//                                      WHOLE_NUMBER: ['-'] DIGITS, within 64 bits
// "" when `text` is one (stored in `out`), else why not, in words that name the text.
std::string parse_setting(std::string_view text, std::pair<std::string, int64_t>& out);

// The problems of giving `values` to a rule file whose parameters are `declared`, one message each: `the rule file
// has no parameters`, `unknown parameter 'x' (parameters: a, b)` (or with "did you mean"), `parameter 'a' is given
// twice`, `parameter 'a' is from 1 to 10, not 12`. Empty when every value can be taken.
std::vector<std::string> setting_errors(const std::vector<RuleParamDecl>& declared, const ParamValues& values);

// The range a parameter's value must lie in, in words: "from 1 to 10", "at least 1", "at most 10", or (no bounds)
// "from -2147483648 to 2147483647".
std::string param_range(const RuleParamDecl& p);
// Whether the parameter may take the value: within its bounds, and on its step (min, or 0 without one, plus a multiple
// of the step).
bool param_allows(const RuleParamDecl& p, int64_t value);

}  // namespace ri
