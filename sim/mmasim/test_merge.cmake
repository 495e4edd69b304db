cmake_policy(VERSION 3.20)
# ctest unit_mmasim_merge: two shards of a run, merged, count every job once; a damaged or
# inconsistent summary, and shards that are not one whole run, are refused with a message instead
# of being merged.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
foreach(i 0 1)
  execute_process(COMMAND ${MMASIM} regress --config ${CONFIG} --seed 9 --jobs 6 --faults 0 --shard ${i}/2 --quiet
                          --json ${WORK}/s${i}.json
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "3 passed, 0 failed")
    message(FATAL_ERROR "shard ${i}/2 of 6 jobs: expected 3 passed (exit ${rc}):\n${out}${err}")
  endif()
endforeach()
execute_process(COMMAND ${MMASIM} merge ${WORK}/s0.json ${WORK}/s1.json --json ${WORK}/all.json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\n6 passed, 0 failed\n" OR NOT out MATCHES "shard 2 shards")
  message(FATAL_ERROR "merge of two shards: expected 6 passed (exit ${rc}):\n${out}${err}")
endif()
# the merged summary is itself a summary
execute_process(COMMAND ${MMASIM} merge ${WORK}/all.json RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out MATCHES "6 passed, 0 failed")
  message(FATAL_ERROR "merge of the merged summary: expected 6 passed:\n${out}")
endif()
# damaged: truncated, and jobs that do not add up
file(READ ${WORK}/s0.json text)
string(SUBSTRING "${text}" 0 60 cut)
file(WRITE ${WORK}/cut.json "${cut}")
string(REGEX REPLACE "\"passed\": [0-9]+" "\"passed\": 7" wrong "${text}")
file(WRITE ${WORK}/wrong.json "${wrong}")
foreach(bad cut wrong missing)
  execute_process(COMMAND ${MMASIM} merge ${WORK}/s1.json ${WORK}/${bad}.json
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "mmasim merge: .*${bad}")
    message(FATAL_ERROR "merge with ${bad}.json: expected exit 2 and a message naming it, got ${rc}:\n${out}${err}")
  endif()
endforeach()
# shards that do not make up one run: one missing (a shard that crashed), the same one twice, and
# a shard of another split of the same seed
execute_process(COMMAND ${MMASIM} regress --config ${CONFIG} --seed 9 --jobs 6 --faults 0 --shard 1/3 --quiet
                        --json ${WORK}/t1.json RESULT_VARIABLE rc OUTPUT_QUIET)
foreach(case "s0;no summary of shard 1/2" "s0;s0;shard 0/2 of config ${CONFIG} seed 9 is .*s0.json as well"
             "s0;s1;t1;shard 1/3 of config ${CONFIG} seed 9, but .*s0.json is a shard of 2")
  list(POP_BACK case expect)
  list(TRANSFORM case PREPEND ${WORK}/)
  list(TRANSFORM case APPEND .json)
  execute_process(COMMAND ${MMASIM} merge ${case} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "mmasim merge: .*${expect}" OR out MATCHES "passed")
    message(FATAL_ERROR "merge of ${case}: expected exit 2 and '${expect}', got ${rc}:\n${out}${err}")
  endif()
endforeach()
message(STATUS "unit_mmasim_merge: shards merge to one summary; damaged summaries and incomplete or overlapping shards are refused")
