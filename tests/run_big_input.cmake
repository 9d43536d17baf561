# cmake -DRULEINTERP=... -DCASE=NAME -DDIR=DIR [-DSANITIZE=ON] -P run_big_input.cmake   (run from the project root)
# Loading, checking and reading logs and positions stay linear in the input's size (spec/language.md, section 13
# (Limits)): each case writes one big input into DIR, runs ruleinterp on it and checks the exit code, the first
# diagnostic and how long the whole of stderr is. Each ran for minutes (or took hundreds of MB) before; the test's
# TIMEOUT (tests/CMakeLists.txt) bounds the time, `ulimit -v` the memory where it matters.
#
#   position-keys     a position file with 100,000 unknown keys and one duplicate: every one reported
#   sites-list        a flow list of 100,000 sites: reported in the list, at the first site too many
#   long-move         a log whose move is 10 MB long: the message quotes it cut, stderr stays short
#   display           a rule file whose display is 5 MB (50,000 lines): checked in less than 256 MB
#   display-one-line  the same on one double-quoted line
cmake_minimum_required(VERSION 3.20)
file(MAKE_DIRECTORY ${DIR})
file(READ rules/tic-tac-toe.rules ttt)

# Runs ruleinterp with ARGN (under a limit of `limit_kb` KiB of memory when set); sets rc, err. In the sanitizer build
# (SANITIZE) the limit is not set: AddressSanitizer's shadow memory is address space too, and it measures nothing there.
function(run)
  if(limit_kb AND SANITIZE)
    message("${CASE}: no limit of ${limit_kb} KiB under AddressSanitizer")
  endif()
  if(limit_kb AND NOT SANITIZE)
    execute_process(COMMAND sh -c "ulimit -v ${limit_kb} && exec \"$0\" \"$@\"" ${RULEINTERP} ${ARGN}
                    RESULT_VARIABLE code OUTPUT_QUIET ERROR_VARIABLE out)
  else()
    execute_process(COMMAND ${RULEINTERP} ${ARGN} RESULT_VARIABLE code OUTPUT_QUIET ERROR_VARIABLE out)
  endif()
  set(rc ${code} PARENT_SCOPE)
  set(err "${out}" PARENT_SCOPE)
endfunction()

# Fails unless the exit code is `want`.
function(expect_rc want)
  if(NOT rc EQUAL want)
    string(SUBSTRING "${err}" 0 2000 head)
    message(FATAL_ERROR "${CASE}: expected exit code ${want}, got ${rc}\n${head}")
  endif()
endfunction()

# Fails unless stderr starts with a match of `regex`.
function(expect_first regex)
  string(SUBSTRING "${err}" 0 2000 head)
  if(NOT head MATCHES "^${regex}")
    message(FATAL_ERROR "${CASE}: stderr does not start with ${regex}\n${head}")
  endif()
endfunction()

if(CASE STREQUAL "position-keys")
  set(file ${DIR}/keys.position)
  file(WRITE ${file} "rules: rules/tic-tac-toe.rules\nboard: {}\n")
  foreach(i RANGE 0 99999 1000)
    set(chunk "")
    math(EXPR last "${i} + 999")
    foreach(k RANGE ${i} ${last})
      string(APPEND chunk "k${k}: 1\n")
    endforeach()
    file(APPEND ${file} "${chunk}")
  endforeach()
  file(APPEND ${file} "k0: 2\n")  # line 100,003: the same key as line 3
  run(moves rules/tic-tac-toe.rules --position ${file})
  expect_rc(1)
  expect_first("[^\n]*keys.position:3:1: error: unknown key 'k0' \\(expected one of: rules, params, ")
  string(FIND "${err}" "keys.position:100003:1: error: duplicate key 'k0' (first at line 3)" dup)
  string(FIND "${err}" "keys.position:100002:1: error: unknown key 'k99999'" last)
  if(dup EQUAL -1 OR last EQUAL -1)
    message(FATAL_ERROR "${CASE}: the last key and the duplicate are not reported")
  endif()

elseif(CASE STREQUAL "sites-list")
  set(file ${DIR}/sites.rules)
  set(items "")
  foreach(i RANGE 0 99999 1000)
    set(chunk "")
    math(EXPR last "${i} + 999")
    foreach(k RANGE ${i} ${last})
      string(APPEND chunk "s${k}, ")
    endforeach()
    string(APPEND items "${chunk}")
  endforeach()
  string(REGEX REPLACE ", $" "" items "${items}")
  set(line "  sites: [${items}]")
  string(REPLACE "  grids:\n" "${line}\n  grids:\n" rules "${ttt}")
  file(WRITE ${file} "${rules}")
  # the list's line, and the column of its 4097th site: the first one too many
  string(FIND "${rules}" "  sites: [" at)
  string(SUBSTRING "${rules}" 0 ${at} before)
  string(REGEX MATCHALL "\n" breaks "${before}")
  list(LENGTH breaks n)
  math(EXPR list_line "${n} + 1")
  string(FIND "${line}" " s4096," col)
  math(EXPR col "${col} + 2")
  run(check ${file})
  expect_rc(1)
  expect_first("[^\n]*sites.rules:${list_line}:${col}: error: at most 4096 sites are supported\n")
  string(FIND "${err}" "error: at most 4096" first)
  string(FIND "${err}" "error: at most 4096" again REVERSE)
  if(NOT first EQUAL again)
    message(FATAL_ERROR "${CASE}: too many sites is reported more than once\n${err}")
  endif()

elseif(CASE STREQUAL "long-move")
  set(file ${DIR}/long-move.log)
  string(REPEAT "a" 10000000 move)
  file(WRITE ${file} "rules: rules/tic-tac-toe.rules\n\nX: ${move}\n")
  run(replay rules/tic-tac-toe.rules ${file})
  expect_rc(1)
  string(REPEAT "a" 80 cut)
  expect_first("[^\n]*long-move.log:3:4: error: illegal move '${cut}\\.\\.\\.': unknown move '${cut}\\.\\.\\.'\n")
  string(LENGTH "${err}" n)
  if(n GREATER 1000)
    message(FATAL_ERROR "${CASE}: ${n} bytes of stderr for one error")
  endif()

elseif(CASE STREQUAL "display" OR CASE STREQUAL "display-one-line")
  set(file ${DIR}/${CASE}.rules)
  string(FIND "${ttt}" "display: |" at)
  string(SUBSTRING "${ttt}" 0 ${at} rules)
  if(CASE STREQUAL "display")
    string(REPEAT "x" 98 text)
    string(REPEAT "  ${text}\n" 50000 body)  # 5 MB
    file(WRITE ${file} "${rules}display: |\n${body}")
  else()
    string(REPEAT "x" 5000000 body)
    file(WRITE ${file} "${rules}display: \"${body}\"\n")
  endif()
  set(limit_kb 262144)  # 256 MiB of address space: 50 times the file (it took 550 MB)
  run(check ${file})
  expect_rc(0)

else()
  message(FATAL_ERROR "unknown case '${CASE}'")
endif()
