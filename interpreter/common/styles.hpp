// Text styles: the names `styled(TEXT, STYLE)` knows (spec/language.md, section 5) and the ANSI escape sequences
// (SGR: Select Graphic Rendition) they stand for on a terminal.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ri {

// Every style's name, in the order a message lists them: plain (no change), the attributes (bold, dim, italic,
// underline, reverse), then the colours (black, red, green, yellow, blue, magenta, cyan, white).
const std::vector<std::string>& style_names();

// style -> NAME (' '+ NAME)*   (one or more names, separated by spaces)
// The SGR parameters of a style, joined by ';' ("1;31" for "bold red", "" for "plain"), or nullopt when a word is no
// style's name (the first such word in `unknown`; "" for a style of no word).
std::optional<std::string> style_codes(std::string_view style, std::string& unknown);

// How a message goes on after "unknown style 'X'": " (did you mean 'red'?)" when a name is close, else
// " (expected one of: plain, bold, ...)".
std::string style_hint(const std::string& unknown);

// `text` between the escape sequence that sets the style's parameters and the one that resets every style
// (ESC[1;31m TEXT ESC[0m); `text` itself when `codes` is empty (plain) or `text` is.
std::string apply_style(std::string_view text, std::string_view codes);

}  // namespace ri
