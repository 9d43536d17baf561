// Diagnostics for tools: as one JSON document, or as GitHub Actions workflow commands (annotations). The text form
// for people is Diagnostics::format() (diagnostics.hpp). `ruleinterp check --format` chooses (spec/cli.md, check).
#pragma once
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/diagnostics.hpp"

namespace ri {

// How `check --format` writes diagnostics: "gcc" (FILE:LINE:COL: error: ..., Diagnostics::format()), "json",
// "github".
enum class DiagnosticFormat : uint8_t { Gcc, Json, Github };

// The format named `name`; none for any other name.
std::optional<DiagnosticFormat> diagnostic_format(std::string_view name);

// Text as valid UTF-8: every byte that does not start a well-formed UTF-8 sequence (a stray continuation byte, a
// truncated or overlong sequence, a surrogate, beyond U+10FFFF) becomes U+FFFD; the rest is kept.
std::string valid_utf8(std::string_view text);

// Text as a JSON string literal, quotes included: `"` and `\` escaped, the control characters U+0000..U+001F as
// \b \f \n \r \t or \u00XX, and invalid UTF-8 replaced (valid_utf8).
std::string json_string(std::string_view text);

// Text as the data of a GitHub workflow command (the message after `::`): `%` -> `%25`, `\r` -> `%0D`,
// `\n` -> `%0A`, and invalid UTF-8 replaced (valid_utf8).
std::string github_data(std::string_view text);

// Text as a property value of a GitHub workflow command (`file=...`): github_data, and also `:` -> `%3A`,
// `,` -> `%2C`.
std::string github_property(std::string_view text);

// One error or warning with its notes (a group of Diagnostics::grouped(), not empty) as a JSON object, on one line:
//   {"file": F, "line": L, "column": C, "severity": "error" (or "warning"), "code": null, "message": M,
//    "notes": [{"file": F, "line": L, "column": C, "message": M}, ...]}
// `file` is null when the diagnostic has none; `line` and `column` are null without a position; `code` is
// Diagnostic::code, null when empty.
std::string diagnostic_json(std::span<const Diagnostic> group);

// Every diagnostic of several checks (one Diagnostics per file checked, in order; each one's groups in
// Diagnostics::grouped()'s order) as one JSON document, then a newline:
//   {"diagnostics": [
//     DIAGNOSTIC,
//     ...
//   ]}
// each DIAGNOSTIC an error with its notes (diagnostic_json), one a line. A note that comes before any error stands
// alone, with "severity": "note".
std::string diagnostics_json(const std::vector<Diagnostics>& checks);

// The diagnostics as GitHub workflow commands, one line per error (`::error`) or warning (`::warning`):
//   ::error file=F,line=L,col=C::MESSAGE
// with its notes folded into MESSAGE, each on a line of its own (`%0A`) as `FILE:LINE:COL: note: MESSAGE` (like
// format_diagnostic's first line). `file` is left out without a file, `line` and `col` without a position. A note that
// comes before any error is a `::notice` of its own.
std::string diagnostics_github(const Diagnostics& diags);

}  // namespace ri
