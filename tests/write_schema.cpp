// Writes the JSON Schema of a rule file (syntax/schema.hpp) to standard output: what spec/rule-file.schema.json
// holds. `write_schema > spec/rule-file.schema.json` after changing the schema; ctest compares the two.
#include <iostream>

#include "syntax/schema.hpp"

int main() {
  std::cout << ri::schema::json_schema();
  return 0;
}
