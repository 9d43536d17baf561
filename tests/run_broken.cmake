# cmake -DRULEINTERP=... -DRULES=... -DEXPECTED=... -P run_broken.cmake
# Runs `ruleinterp check --werror RULES` and compares its diagnostics with the EXPECTED file, byte for byte: a file
# with errors, or with warnings only (--werror makes them fail the check: spec/errors.md, Warnings), exits 1.
execute_process(COMMAND ${RULEINTERP} check --werror ${RULES} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "expected exit code 1 from `ruleinterp check --werror ${RULES}`, got ${rc}\n${out}${err}")
endif()
file(READ ${EXPECTED} want)
if(NOT err STREQUAL want)
  message(FATAL_ERROR "diagnostics differ for ${RULES}\n--- expected\n${want}--- actual\n${err}")
endif()
