# cmake -DFUZZER=<fuzz target> -DEXT=<rules|log|position> -DROOT=<repository> -DDIR=<work dir> -DSECONDS=<s>
#       [-DDICT=<dictionary>] -P run_fuzz.cmake
# Runs one libFuzzer target for SECONDS seconds (tests/fuzz/CMakeLists.txt: the ctest test fuzz/NAME). Its seeds are
# every file of the repository ending in .EXT (under rules/, stdlib/ and tests/, tests/fuzz/seeds/ included), copied
# into DIR/seeds; what it finds new goes to a fresh DIR/corpus. libFuzzer's output is DIR/fuzz.txt; its last lines, and
# its run count, are DIR/summary.txt (scripts/sanitize prints it). Fails on any finding: a crash, a sanitizer report,
# an input that takes longer than 60 s or more than 2 GiB, or a seed that does any of that; an artifact
# (DIR/artifacts/crash-...) reproduces it: `FUZZER ARTIFACT`.
cmake_minimum_required(VERSION 3.21)

file(REMOVE_RECURSE ${DIR}/seeds ${DIR}/corpus ${DIR}/artifacts)
file(MAKE_DIRECTORY ${DIR}/seeds ${DIR}/corpus ${DIR}/artifacts)
file(GLOB_RECURSE seeds LIST_DIRECTORIES false ${ROOT}/rules/*.${EXT} ${ROOT}/stdlib/*.${EXT} ${ROOT}/tests/*.${EXT})
list(LENGTH seeds count)
if(count EQUAL 0)
  message(FATAL_ERROR "no .${EXT} file under ${ROOT}")
endif()
foreach(seed ${seeds})
  file(RELATIVE_PATH rel ${ROOT} ${seed})
  string(REPLACE "/" "_" flat "${rel}")
  file(COPY_FILE ${seed} ${DIR}/seeds/${flat})
endforeach()

set(dict "")
if(DICT)
  set(dict -dict=${DICT})
endif()
# the targets keep static state on purpose (the programs they play, a move list): no leak detection
set(ENV{ASAN_OPTIONS} "$ENV{ASAN_OPTIONS}:detect_leaks=0")
execute_process(COMMAND ${FUZZER} ${DIR}/corpus ${DIR}/seeds ${dict} -max_len=65536 -timeout=60 -rss_limit_mb=2048
                        -max_total_time=${SECONDS} -print_final_stats=1 -artifact_prefix=${DIR}/artifacts/
                RESULT_VARIABLE rc OUTPUT_FILE ${DIR}/fuzz.txt ERROR_FILE ${DIR}/fuzz.txt)

# (libFuzzer's lines are read by pattern: some hold unbalanced '[', which a CMake list does not split)
get_filename_component(name ${FUZZER} NAME)
file(STRINGS ${DIR}/fuzz.txt done REGEX "^Done [0-9]+ runs in [0-9]+ second")
set(runs "no run count")
if(done MATCHES "^Done ([0-9]+) runs in ([0-9]+) second")
  set(runs "${CMAKE_MATCH_1} runs in ${CMAKE_MATCH_2} s")
endif()
file(STRINGS ${DIR}/fuzz.txt status REGEX "^#[0-9]+[ \t]+(INITED|DONE)[ \t]+cov: ")
set(cov "")
foreach(line ${status})
  if(line MATCHES "(cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9]+[a-zA-Z]*)")
    set(cov ", ${CMAKE_MATCH_1}")  # the last one: DONE
  endif()
endforeach()
file(GLOB found ${DIR}/corpus/*)
list(LENGTH found new)
set(summary "${name}: ${runs} (${count} seeds, ${new} new inputs${cov})")
file(WRITE ${DIR}/summary.txt "${summary}\n")
if(NOT rc EQUAL 0)
  file(SIZE ${DIR}/fuzz.txt size)
  set(from 0)
  if(size GREATER 8000)
    math(EXPR from "${size} - 8000")
  endif()
  file(READ ${DIR}/fuzz.txt tail OFFSET ${from})
  message(FATAL_ERROR "${name} found something (exit code ${rc}); the end of ${DIR}/fuzz.txt:\n${tail}")
endif()
message("${summary}")
