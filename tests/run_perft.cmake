# cmake -DRULEINTERP=... -DPERFT=file.perft [-DTHREADS=N] [-DENGINE=interp|native] -P run_perft.cmake
# A .perft file names its rule file (`rules: PATH`, optionally `position: PATH`, the position file to start from, or
# `position-text: TEXT`, the position in the rule file's text form (--position-text),
# `log: PATH`, `allow-dir: DIR`, a directory whose rule files the rule file may extend, and `set: NAME=VALUE,...`,
# the values of the rule file's parameters, as `--set` takes them, and `deck: NAMES`, the order of the setup's
# shuffles, as `--deck` takes it) and lists `DEPTH COUNT` lines; `ruleinterp perft`
# must print exactly those lines. With -DMAX_COUNT=N (the sanitizer build, where every step is many times slower) only
# the lines up to the last whose count is at most N are checked. With -DTHREADS=N perft counts on N threads
# (--threads N), which must print the same lines. -DENGINE names the engine (--engine; default interp): the native one
# must print them too.
file(STRINGS ${PERFT} lines)
set(rules "")
set(position "")
set(log "")
set(allow "")
set(params "")
set(deck "")
set(want "")
set(depth 0)
set(threads "")
set(engine --engine interp)
if(DEFINED ENGINE)
  set(engine --engine ${ENGINE})
endif()
if(DEFINED THREADS)
  set(threads --threads ${THREADS})
endif()
foreach(line ${lines})
  if(line MATCHES "^rules:[ \t]*(.*)$")
    set(rules ${CMAKE_MATCH_1})
  elseif(line MATCHES "^position:[ \t]*(.*)$")
    set(position --position ${CMAKE_MATCH_1})
  elseif(line MATCHES "^position-text:[ \t]*(.*)$")
    set(position --position-text "${CMAKE_MATCH_1}")
  elseif(line MATCHES "^log:[ \t]*(.*)$")
    set(log --log ${CMAKE_MATCH_1})
  elseif(line MATCHES "^allow-dir:[ \t]*(.*)$")
    set(allow --allow-dir ${CMAKE_MATCH_1})
  elseif(line MATCHES "^set:[ \t]*(.*)$")
    set(params --set ${CMAKE_MATCH_1})
  elseif(line MATCHES "^deck:[ \t]*(.*)$")
    set(deck --deck ${CMAKE_MATCH_1})
  elseif(line MATCHES "^([0-9]+) ([0-9]+)$")
    if(DEFINED MAX_COUNT AND CMAKE_MATCH_2 GREATER MAX_COUNT)
      break()
    endif()
    string(APPEND want "${line}\n")
    set(depth ${CMAKE_MATCH_1})
  endif()
endforeach()
execute_process(COMMAND ${RULEINTERP} perft ${rules} ${depth} ${position} ${log} ${allow} ${params} ${deck} ${threads} ${engine}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out STREQUAL want)
  message(FATAL_ERROR "perft of ${rules} ${threads} ${engine} differs (exit ${rc})\n--- expected\n${want}--- actual\n${out}${err}")
endif()
