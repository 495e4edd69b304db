cmake_policy(VERSION 3.20)
# ctest unit_entry_scripts: the README's two commands (scripts/main-job.sh, scripts/test.sh) and
# scripts/rv32-size.sh refuse arguments and malformed knobs with exit status 2 and the reason,
# before setup or any build; --help prints the script's header. (Before, main-job.sh ignored
# '--seed 5' and ran seed 1, and SEED=x surfaced after the build as an ERROR row.)
function(run_script)
  # a refusal is immediate; a script that does not refuse would go on to setup and a build: cut it off
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 20)
  set(rc "${rc}" PARENT_SCOPE)
  set(all "${out}${err}" PARENT_SCOPE)
endfunction()
function(expect_refusal what expect)
  run_script(${ARGN})
  if(NOT rc EQUAL 2 OR NOT all MATCHES "${expect}" OR all MATCHES "== setup|== build")
    message(FATAL_ERROR "${what}: expected exit 2 and '${expect}' before setup, got ${rc}:\n${all}")
  endif()
  math(EXPR n "${N} + 1")
  set(N ${n} PARENT_SCOPE)
endfunction()
set(N 0)
set(S ${ROOT}/scripts)
expect_refusal("main-job.sh --seed 5" "main-job.sh: takes no arguments .*got '--seed 5'"
               bash ${S}/main-job.sh --seed 5)
expect_refusal("main-job.sh SEED=x" "main-job.sh: SEED takes a whole number, got 'x'"
               ${CMAKE_COMMAND} -E env SEED=x bash ${S}/main-job.sh)
expect_refusal("main-job.sh JOBS_N=0" "main-job.sh: JOBS_N, GEN_LINES and JOBS take a number >= 1"
               ${CMAKE_COMMAND} -E env JOBS_N=0 bash ${S}/main-job.sh)
expect_refusal("main-job.sh GEN_LINES=1e3" "main-job.sh: GEN_LINES takes a whole number, got '1e3'"
               ${CMAKE_COMMAND} -E env GEN_LINES=1e3 bash ${S}/main-job.sh)
expect_refusal("test.sh --bogus" "test.sh: takes no arguments .*got '--bogus'"
               bash ${S}/test.sh --bogus)
expect_refusal("test.sh JOBS=x" "test.sh: JOBS takes a number >= 1, got 'x'"
               ${CMAKE_COMMAND} -E env JOBS=x bash ${S}/test.sh)
expect_refusal("rv32-size.sh --bogus" "usage: bash scripts/rv32-size.sh \\[OUTDIR\\] \\(got .--bogus.\\)"
               bash ${S}/rv32-size.sh --bogus)
foreach(script main-job test)
  run_script(bash ${S}/${script}.sh --help)
  if(NOT rc EQUAL 0 OR NOT all MATCHES "usage|bash scripts/${script}.sh" OR all MATCHES "== setup")
    message(FATAL_ERROR "${script}.sh --help: expected its header and exit 0, got ${rc}:\n${all}")
  endif()
endforeach()
message(STATUS "entry scripts: ${N} refusals and 2 --help, all as expected")
