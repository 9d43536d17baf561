// The ruleinterp subcommands. Each returns the process exit code.
#pragma once
#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <vector>

#include "compiler.hpp"
#include "engine.hpp"

namespace ri::cli {

// Loads and checks a rule file; prints every diagnostic to stderr. Null when the file has problems.
std::shared_ptr<const Program> load_or_report(const std::string& path);

// Registers each subcommand on the app; the callback runs it and stores the exit code in *code.
void add_check(CLI::App& app, int* code);

}  // namespace ri::cli
