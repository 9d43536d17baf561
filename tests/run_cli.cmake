# cmake -DRULEINTERP=... "-DARGS=a;b" -DRC=N -DMATCH=text [-DINPUT=file] [-DEXPECTED=file] [-DERRORS=file]
#       -P run_cli.cmake
# Runs ruleinterp with ARGS (and INPUT on standard input); the exit code must be RC and the output
# (stdout and stderr together) must contain MATCH. With EXPECTED, stdout must also equal that file's
# content exactly; with ERRORS, stderr must equal that file's.
if(DEFINED INPUT)
  execute_process(COMMAND ${RULEINTERP} ${ARGS} INPUT_FILE ${INPUT} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
else()
  execute_process(COMMAND ${RULEINTERP} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
endif()
if(NOT rc EQUAL RC)
  message(FATAL_ERROR "ruleinterp ${ARGS}: expected exit code ${RC}, got ${rc}\n${out}${err}")
endif()
string(FIND "${out}${err}" "${MATCH}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "ruleinterp ${ARGS}: expected the output to contain '${MATCH}'\n${out}${err}")
endif()
# The text in the variable `var` must equal the content of `file`; `what` names it in the report.
function(must_equal file var what)
  file(READ ${file} want)
  if(NOT ${var} STREQUAL want)
    message(FATAL_ERROR "ruleinterp ${ARGS}: the ${what} differs from ${file}\n--- expected\n${want}--- actual\n${${var}}")
  endif()
endfunction()
if(DEFINED EXPECTED)
  must_equal(${EXPECTED} out output)
endif()
if(DEFINED ERRORS)
  must_equal(${ERRORS} err "error output")
endif()
