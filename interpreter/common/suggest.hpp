// Suggestions for misspelt names: "did you mean ...?".
#pragma once
#include <string>
#include <vector>

namespace ri {

// Edit distance between a and b, ignoring case: insertions, deletions, changes and swaps of two neighbours.
size_t edit_distance(const std::string& a, const std::string& b);

// " (did you mean 'X'?)" for the candidate closest to a misspelt name, or "" when none is close: names of
// up to 2 characters only match ignoring case, up to 5 within one edit, longer ones within two.
std::string did_you_mean(const std::string& name, const std::vector<std::string>& candidates);

// The allowed key closest to a misspelt key of a mapping in a rule file, or "": within a third of its length (at
// least one edit, so 'mn' finds 'min'), the first written of equally close ones. Looser than did_you_mean for
// short keys, since the keys a mapping allows are few.
std::string closest_key(const std::string& key, const std::vector<std::string>& allowed);

// did_you_mean, or else the declared names when they are few: " (declared: 'a', 'b')", " (none is declared)".
std::string near_or_list(const std::string& name, const std::vector<std::string>& declared);

}  // namespace ri
