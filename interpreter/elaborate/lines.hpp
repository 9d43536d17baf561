// Families of lines (spec/language.md, section 2 (topology)): deriving the chains along relations, and the tables a family
// becomes. Shared by the elaborator (families along written relations) and pipeline/load_eval.cpp (those along computed ones).
#pragma once
#include <cstdint>
#include <vector>

#include "check/model.hpp"
#include "common/limits.hpp"

namespace ri {

// Every chain of `length` different sites s1, s2, ... where each next site is a neighbour of the one before along
// one of `relations` (the same for the whole chain): relation by relation, from each start site in site order,
// depth first in edge order; a chain already found, or whose reverse is, is left out. Stops once more than
// kMaxLines chains are found (the result is then longer than kMaxLines: the caller reports it), or once
// kMaxLineSteps partial chains were examined (`exhausted` is then set: the caller reports it).
std::vector<std::vector<int32_t>> derive_lines(const Model& P, const std::vector<int>& relations, int length,
                                               bool& exhausted);

// The tables of a family of lines, added to the model: each line's sites (Model::line_sites), the list of the family's
// lines, and for each site the list of the family's lines through it.
struct FamilyTables {
  int lines = -1;            // list id of the family's lines
  std::vector<int> through;  // [site] -> list id
};
FamilyTables add_family(Model& P, std::vector<std::vector<int32_t>> lines);

}  // namespace ri
