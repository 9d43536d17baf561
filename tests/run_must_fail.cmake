# cmake -DRULEINTERP=... -DRULES=... -DLOG=... -P run_must_fail.cmake
# `ruleinterp replay RULES LOG` must exit 1, and its output must contain the text of the log's
# `# expect-failure: TEXT` comment (so that the log fails for the reason it was written for).
file(STRINGS ${LOG} want REGEX "^# expect-failure: ")
string(REGEX REPLACE "^# expect-failure: " "" want "${want}")
if(want STREQUAL "")
  message(FATAL_ERROR "${LOG} has no '# expect-failure: TEXT' line")
endif()
execute_process(COMMAND ${RULEINTERP} replay ${RULES} ${LOG} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "expected exit code 1, got ${rc}\n${out}${err}")
endif()
string(FIND "${out}${err}" "${want}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "expected the failure to mention '${want}'\n${out}${err}")
endif()
