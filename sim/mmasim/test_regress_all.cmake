cmake_policy(VERSION 3.20)
# ctest unit_regress_all: scripts/regress-all.sh, the nightly regression over every configuration.
# A clean run of two configurations gives one table row each (its own seed, every job passed) and a
# last line summed over both; a run whose D is corrupted (mmasim regress --corrupt, passed after
# `--`) fails with exit 1, FAIL rows and each failed job's reproduction command; a configuration
# whose run ends without a summary counts as failed, never as a pass; bad options are refused.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
list(GET CONFIGS 0 first)
list(GET CONFIGS -1 last)
function(run_all)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env MMASIM=${MMASIM} bash ${REGRESS_ALL_SH} ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(rc ${rc} PARENT_SCOPE)
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

run_all(--configs "${first} ${last}" --seed 5 --jobs 6 --shards 2 --faults 200 --out ${WORK}/ok)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\\| ${first} \\| 5 \\| 6 \\| 6 \\| 0 \\| [0-9]+/[0-9]+ \\|[^\n]*\\| pass \\|\n"
   OR NOT out MATCHES "\\| ${last} \\| 6 \\| 6 \\| 6 \\| 0 \\|[^\n]*\\| pass \\|\n" OR NOT out MATCHES "\n12 passed, 0 failed\n?$"
   OR NOT EXISTS ${WORK}/ok/${first}/summary.json)
  message(FATAL_ERROR "regress-all.sh, a clean run: expected two pass rows and 12 passed (exit ${rc}):\n${out}${err}")
endif()

run_all(--configs "${first}" --seed 5 --jobs 3 --shards 1 --out ${WORK}/bad -- --faults 0 --corrupt)
# (a job whose outcome is a reported error, e.g. invalid metadata, has no D to corrupt and passes)
if(NOT rc EQUAL 1 OR NOT out MATCHES "\\| ${first} \\| 5 \\| 3 \\| [0-2] \\| [1-3] \\|[^\n]*\\| FAIL \\|"
   OR NOT out MATCHES "reproduce \\(one command a failed job\\):\nconfig ${first} \\([1-3] failed; the first [1-3]\\):\n  [^\n]*mmasim regress --config ${first} --seed 5 --job [0-9]+ --faults 0 --corrupt --trace"
   OR NOT out MATCHES "\n[0-2] passed, [1-3] failed\n?$")
  message(FATAL_ERROR "regress-all.sh, D corrupted: expected exit 1, a FAIL row and reproduction commands (exit ${rc}):\n${out}${err}")
endif()

# an mmasim whose regressions all crash: no summary, so the configuration's jobs count as failed;
# it records its arguments, which must carry --faults to every shard
file(WRITE ${WORK}/crashing_mmasim.sh "#!/bin/sh\ncase \"$1\" in regress) echo \"$*\" >>${WORK}/args.txt; echo 'simulated crash' >&2; exit 139 ;; esac\nexec ${MMASIM} \"$@\"\n")
file(CHMOD ${WORK}/crashing_mmasim.sh PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
execute_process(COMMAND ${CMAKE_COMMAND} -E env MMASIM=${WORK}/crashing_mmasim.sh
                        bash ${REGRESS_ALL_SH} --configs ${first} --jobs 4 --shards 2 --faults 250 --out ${WORK}/crash
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ ${WORK}/args.txt args)
if(NOT rc EQUAL 1 OR NOT err MATCHES "config ${first} ended without a summary" OR NOT out MATCHES "\n0 passed, 4 failed\n?$"
   OR NOT args MATCHES "--shard 0/2 --faults 250 " OR NOT args MATCHES "--shard 1/2 --faults 250 ")
  message(FATAL_ERROR "regress-all.sh with crashing runs: expected exit 1, 4 failed and --faults 250 in each shard (exit ${rc}):\n${out}${err}\nmmasim was called with:\n${args}")
endif()

function(expect_refusal what expect)
  run_all(${ARGN})
  if(NOT rc EQUAL 2 OR NOT err MATCHES "${expect}" OR out MATCHES "passed, 0 failed")
    message(FATAL_ERROR "${what}: expected exit 2 and '${expect}', got ${rc}:\n${out}${err}")
  endif()
endfunction()
expect_refusal("--configs nosuch" "regress-all.sh: no configuration 'nosuch' in .*\\(it has: ${first} " --configs nosuch --out ${WORK}/r)
expect_refusal("a configuration twice" "regress-all.sh: --configs names '${first}' twice" --configs "${first} ${first}" --out ${WORK}/r)
expect_refusal("--jobs 0" "regress-all.sh: --jobs takes a number of jobs >= 1" --jobs 0 --out ${WORK}/r)
expect_refusal("--faults 2000" "regress-all.sh: --faults takes a share of faulted jobs in permille" --faults 2000 --out ${WORK}/r)
expect_refusal("--seed without its value" "regress-all.sh: bad or incomplete option --seed" --seed)
if(EXISTS ${WORK}/r)
  message(FATAL_ERROR "regress-all.sh made its output directory before refusing its options")
endif()
message(STATUS "unit_regress_all: clean, failing and crashing runs reported, bad options refused")
