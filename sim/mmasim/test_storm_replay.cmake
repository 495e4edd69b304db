cmake_policy(VERSION 3.20)
# ctest rtl_accel_storm_replay: a register storm's job replays alone exactly as it ran in its
# sequence. For each configuration of CONFIGS, JOBS storm jobs of seed SEED run one after the
# other, then each again alone (--job I, a fresh model: the reproduction command a failure prints);
# the job's simulated cycles and the storm's digest (every register answer and read value, the
# storm's memory at its end; mmasim writes both into the JUnit report) must be the same. Before
# every storm started from a state of its own, 3 of 16 volta storms of seed 21 ran differently alone.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
# "job I" -> "cycles digest" of each testcase of a JUnit report
function(read_jobs xml prefix)
  file(READ ${xml} text)
  string(REGEX MATCHALL "name=\"job [0-9]+:[^\"]*\"[^>]*>[ \n]*<properties>[^\n]*</properties>" cases "${text}")
  set(ids "")
  foreach(c IN LISTS cases)
    string(REGEX MATCH "name=\"job ([0-9]+):" _ "${c}")
    set(id ${CMAKE_MATCH_1})
    string(REGEX MATCH "name=\"cycles\" value=\"([0-9]+)\"" _ "${c}")
    set(cyc ${CMAKE_MATCH_1})
    set(dig "")
    if(c MATCHES "name=\"storm_digest\" value=\"([0-9a-f]+)\"")
      set(dig ${CMAKE_MATCH_1})
    endif()
    set(${prefix}_${id} "${cyc} ${dig}" PARENT_SCOPE)
    list(APPEND ids ${id})
  endforeach()
  set(${prefix}_ids "${ids}" PARENT_SCOPE)
endfunction()
foreach(cfg IN LISTS CONFIGS)
  set(args regress --config ${cfg} --seed ${SEED} --faults 1000 --fault reg_storm)
  string(REPLACE ";" " " cmd "${MMASIM} ${args}")
  execute_process(COMMAND ${MMASIM} ${args} --jobs ${JOBS} --junit ${WORK}/${cfg}.xml
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "${JOBS} passed, 0 failed")
    message(FATAL_ERROR "${cfg}: the sequence of ${JOBS} storm jobs did not pass (exit ${rc}):\n${out}${err}")
  endif()
  read_jobs(${WORK}/${cfg}.xml seq)
  list(LENGTH seq_ids n)
  if(NOT n EQUAL JOBS)
    message(FATAL_ERROR "${cfg}: ${WORK}/${cfg}.xml holds ${n} jobs with their properties, expected ${JOBS}")
  endif()
  set(storms 0)
  foreach(id IN LISTS seq_ids)
    if(NOT seq_${id} MATCHES " [0-9a-f]+$")
      message(FATAL_ERROR "${cfg}: job ${id} of the sequence has no storm digest ('${seq_${id}}')")
    endif()
    execute_process(COMMAND ${MMASIM} ${args} --job ${id} --junit ${WORK}/${cfg}_${id}.xml
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    read_jobs(${WORK}/${cfg}_${id}.xml alone)
    if(NOT rc EQUAL 0 OR NOT "${alone_${id}}" STREQUAL "${seq_${id}}")
      message(FATAL_ERROR "${cfg}: storm job ${id} ran differently alone: cycles and digest '${alone_${id}}' "
              "(exit ${rc}), in the sequence '${seq_${id}}'\n  alone: ${cmd} --job ${id}\n"
              "  in sequence: ${cmd} --jobs ${JOBS}\n${out}${err}")
    endif()
    math(EXPR storms "${storms} + 1")
  endforeach()
  message(STATUS "${cfg}: ${storms} storm jobs of seed ${SEED} replayed alone with the same cycles and digest")
endforeach()
