cmake_policy(VERSION 3.20)
# ctest unit_mmasim_bad_options: a regression that would simulate nothing, or is asked for with a
# bad option, stops with exit status 2 and a message saying why, instead of "0 passed, 0 failed";
# scripts/regress.sh likewise, and it neither runs an empty shard nor merges an earlier run's shards;
# scripts/sim-profile.sh refuses a bad option before it configures a build.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
function(expect_refusal what expect)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "${expect}" OR out MATCHES "passed, 0 failed")
    message(FATAL_ERROR "${what}: expected exit 2 and '${expect}', got ${rc}:\n${out}${err}")
  endif()
endfunction()
expect_refusal("--jobs 0" "mmasim: --jobs takes a number of jobs >= 1"
               ${MMASIM} regress --config ${CONFIG} --jobs 0)
expect_refusal("a shard past the jobs" "mmasim: shard 5/8 of 3 jobs holds no job"
               ${MMASIM} regress --config ${CONFIG} --jobs 3 --shard 5/8)
expect_refusal("--shard 2/2" "mmasim: --shard takes I/N with 0 <= I < N"
               ${MMASIM} regress --config ${CONFIG} --shard 2/2)
expect_refusal("--fault nosuch" "mmasim: --fault takes one of: bad_mode, .*k_grid"
               ${MMASIM} regress --config ${CONFIG} --fault nosuch)
expect_refusal("--mode past the table" "mmasim: --mode is past the configuration's mode table"
               ${MMASIM} regress --config ${CONFIG} --mode 100000)
expect_refusal("--config nosuch" "mmasim: .*nosuch"
               ${MMASIM} regress --config nosuch)
expect_refusal("list with an argument" "mmasim: list takes no arguments"
               ${MMASIM} list extra)
# a report that cannot be written stops the run before its jobs, not after them
expect_refusal("--json into a missing directory" "mmasim: cannot write ${WORK}/none/s.json: No such file or directory"
               ${MMASIM} regress --config ${CONFIG} --jobs 1 --json ${WORK}/none/s.json)
expect_refusal("--junit into a missing directory" "mmasim: cannot write ${WORK}/none/s.xml"
               ${MMASIM} regress --config ${CONFIG} --jobs 1 --junit ${WORK}/none/s.xml)
expect_refusal("regs --coverage into a missing directory" "mmasim regs: cannot write ${WORK}/none/c.dat"
               ${MMASIM} regs --config ${CONFIG} --coverage ${WORK}/none/c.dat)
if(NOT SIM_COVERAGE)   # a model without coverage has none to write: refused, not an empty file
  expect_refusal("--coverage without coverage" "mmasim: --coverage: this mmasim's models are built without coverage"
                 ${MMASIM} regress --config ${CONFIG} --jobs 1 --coverage ${WORK}/c.dat)
  expect_refusal("regs --coverage without coverage" "mmasim regs: --coverage: this mmasim's models are built without coverage"
                 ${MMASIM} regs --config ${CONFIG} --coverage ${WORK}/c.dat)
endif()
expect_refusal("regress.sh --jobs 0" "regress.sh: --jobs takes a number of jobs >= 1"
               ${CMAKE_COMMAND} -E env MMASIM=${MMASIM} bash ${REGRESS_SH} --config ${CONFIG} --jobs 0 --out ${WORK}/r)
expect_refusal("regress.sh --shards x" "regress.sh: --shards takes a number >= 1"
               ${CMAKE_COMMAND} -E env MMASIM=${MMASIM} bash ${REGRESS_SH} --config ${CONFIG} --shards x --out ${WORK}/r)
expect_refusal("regress.sh --faults 1001" "regress.sh: --faults takes a share of faulted jobs in permille, 0 .. 1000"
               ${CMAKE_COMMAND} -E env MMASIM=${MMASIM} bash ${REGRESS_SH} --config ${CONFIG} --faults 1001 --out ${WORK}/r)
expect_refusal("regress.sh --seed without its value" "regress.sh: bad or incomplete option --seed"
               ${CMAKE_COMMAND} -E env MMASIM=${MMASIM} bash ${REGRESS_SH} --config ${CONFIG} --seed)
# scripts/sim-profile.sh (beside regress.sh) refuses before it builds anything
get_filename_component(_scripts ${REGRESS_SH} DIRECTORY)
expect_refusal("sim-profile.sh --config nosuch" "sim-profile.sh: no configuration 'nosuch'"
               bash ${_scripts}/sim-profile.sh --config nosuch --build ${WORK}/prof)
expect_refusal("sim-profile.sh --top 0" "sim-profile.sh: --top takes a positive number"
               bash ${_scripts}/sim-profile.sh --top 0 --build ${WORK}/prof)
expect_refusal("sim-profile.sh --config" "usage: .*sim-profile.sh"
               bash ${_scripts}/sim-profile.sh --config)
# and scripts/sim-pgo.sh (its build is an hour of CPU with the profiles)
expect_refusal("sim-pgo.sh --configs nosuch" "sim-pgo.sh: no configuration 'nosuch' in hw/config \\(known: ada .*volta; NAME@RxC"
               bash ${_scripts}/sim-pgo.sh --configs nosuch --out ${WORK}/prof)
expect_refusal("sim-pgo.sh --configs fp8@0x1" "sim-pgo.sh: no configuration 'fp8@0x1'"
               bash ${_scripts}/sim-pgo.sh --configs fp8@0x1 --out ${WORK}/prof)
expect_refusal("sim-pgo.sh --configs" "usage: .*sim-pgo.sh"
               bash ${_scripts}/sim-pgo.sh --configs)
if(EXISTS ${WORK}/prof)
  message(FATAL_ERROR "sim-profile.sh or sim-pgo.sh configured a build before refusing its options")
endif()
# one job in four shards: one shard runs it; an earlier run's shard in the directory is not merged
file(MAKE_DIRECTORY ${WORK}/r)
file(WRITE ${WORK}/r/shard_3.json "{\"stale\": true}")
execute_process(COMMAND ${CMAKE_COMMAND} -E env MMASIM=${MMASIM}
                        bash ${REGRESS_SH} --config ${CONFIG} --seed 9 --jobs 1 --shards 4 --out ${WORK}/r
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "in 1 shards" OR NOT out MATCHES "\n1 passed, 0 failed\n?$" OR EXISTS ${WORK}/r/shard_3.json)
  message(FATAL_ERROR "regress.sh --jobs 1 --shards 4: expected one shard and 1 passed (exit ${rc}):\n${out}${err}")
endif()
# a shard that dies without a summary: the run ends non-zero and names it, never a clean summary
# of the other shard's jobs
file(WRITE ${WORK}/crashing_mmasim.sh "#!/bin/sh\ncase \"$*\" in *'--shard 1/2'*) echo 'simulated crash' >&2; exit 139 ;; esac\nexec ${MMASIM} \"$@\"\n")
file(CHMOD ${WORK}/crashing_mmasim.sh PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
execute_process(COMMAND ${CMAKE_COMMAND} -E env MMASIM=${WORK}/crashing_mmasim.sh
                        bash ${REGRESS_SH} --config ${CONFIG} --seed 9 --jobs 4 --shards 2 --out ${WORK}/c
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "regress.sh: shard 1 wrote no summary" OR NOT err MATCHES "no summary of shard 1/2"
   OR out MATCHES "passed, 0 failed")
  message(FATAL_ERROR "regress.sh with a crashing shard: expected a non-zero exit naming shard 1/2, got ${rc}:\n${out}${err}")
endif()
message(STATUS "unit_mmasim_bad_options: empty runs and bad options are refused with their reason")
