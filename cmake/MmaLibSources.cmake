# The one list of the golden-model library's sources, by component (one folder of firmware/lib
# per public header). Every build that compiles the library reads it: firmware/CMakeLists.txt
# (the mmacore library and one object library per component), test/fuzz (the instrumented copy),
# test/model (standalone build), scripts/rv32-size.sh and scripts/static-analysis.sh (through
#   cmake -DMMA_PRINT_SOURCES=ON [-DMMA_COMPONENTS="format;accumulate"] -P cmake/MmaLibSources.cmake
# which prints the resolved sources, one path relative to the project root per line).
#
# A component lists its sources and the components it calls. Adding a file to firmware/lib means
# adding it here; test lint_sources fails if a .c file under firmware/lib is in no component.

if(CMAKE_SCRIPT_MODE_FILE)
  cmake_policy(VERSION 3.20)
endif()

set(MMA_LIB_COMPONENTS common format profile accumulate instr sparse block_scale mma fragment warp sme driver
                       accel_model)

set(MMA_LIB_common_SOURCES      common/status.c)
set(MMA_LIB_common_DEPENDS)

set(MMA_LIB_format_SOURCES      format/table.c format/decode.c format/decode8.c format/round.c format/encode.c format/convert.c)
set(MMA_LIB_format_DEPENDS      common)

set(MMA_LIB_profile_SOURCES     profile/gpus.c profile/presets.c profile/same.c)
set(MMA_LIB_profile_DEPENDS     format)

set(MMA_LIB_accumulate_SOURCES  accumulate/product.c accumulate/block_fma.c accumulate/exact_sum.c
                                accumulate/wide_acc.c accumulate/ieee_add.c accumulate/arm_fp8.c accumulate/accumulate.c)
set(MMA_LIB_accumulate_DEPENDS  format profile)

set(MMA_LIB_instr_SOURCES       instr/parse.c instr/validate.c instr/print.c instr/catalog.c instr/profile.c)
set(MMA_LIB_instr_DEPENDS       format profile)

set(MMA_LIB_sparse_SOURCES      sparse/metadata.c sparse/select.c sparse/selector.c sparse/compress.c)
set(MMA_LIB_sparse_DEPENDS      instr)

set(MMA_LIB_block_scale_SOURCES block_scale/shape.c block_scale/scan.c block_scale/factor.c block_scale/groups.c
                                block_scale/quantize.c)
set(MMA_LIB_block_scale_DEPENDS accumulate instr)

set(MMA_LIB_mma_SOURCES         mma/row.c mma/run.c mma/integer.c mma/gemm.c mma/gemm_fast.c mma/gemm_narrow.c
                                mma/gemm_exact.c)
set(MMA_LIB_mma_DEPENDS         accumulate instr sparse block_scale)

set(MMA_LIB_fragment_SOURCES    fragment/layout.c fragment/map.c fragment/pack.c fragment/gather.c)
set(MMA_LIB_fragment_DEPENDS    instr sparse block_scale)

set(MMA_LIB_warp_SOURCES        warp/warp.c)
set(MMA_LIB_warp_DEPENDS        mma fragment)

set(MMA_LIB_sme_SOURCES         sme/fpmr.c sme/pred.c sme/dot.c sme/fmopa.c sme/fdot.c)
set(MMA_LIB_sme_DEPENDS         accumulate)

# the accelerators' drivers (mma/driver.h, mma/micro.h): registers and the porting layer only, no numerics
set(MMA_LIB_driver_SOURCES      driver/driver.c driver/micro.c)
set(MMA_LIB_driver_DEPENDS      common)

# the numerics of an accelerator mode (mma/accel_model.h): its instruction and profile for mma_gemm
set(MMA_LIB_accel_model_SOURCES accel_model/mode_model.c)
set(MMA_LIB_accel_model_DEPENDS instr)

get_filename_component(MMA_LIB_DIR "${CMAKE_CURRENT_LIST_DIR}/../firmware/lib" ABSOLUTE)

# mma_lib_closure(<out-var> <component>...): the components named and everything they call.
function(mma_lib_closure out)
  set(todo ${ARGN})
  set(done)
  while(todo)
    list(POP_FRONT todo c)
    if(NOT c IN_LIST MMA_LIB_COMPONENTS)
      message(FATAL_ERROR "MmaLibSources: unknown library component '${c}' (known: ${MMA_LIB_COMPONENTS})")
    endif()
    if(NOT c IN_LIST done)
      list(APPEND done ${c})
      list(APPEND todo ${MMA_LIB_${c}_DEPENDS})
    endif()
  endwhile()
  # keep the declaration order (lower layers first)
  set(ordered)
  foreach(c IN LISTS MMA_LIB_COMPONENTS)
    if(c IN_LIST done)
      list(APPEND ordered ${c})
    endif()
  endforeach()
  set(${out} ${ordered} PARENT_SCOPE)
endfunction()

# mma_lib_sources(<out-var> [COMPONENTS c...]): absolute source paths (all components by default).
function(mma_lib_sources out)
  cmake_parse_arguments(S "" "" "COMPONENTS" ${ARGN})
  if(NOT S_COMPONENTS)
    set(S_COMPONENTS ${MMA_LIB_COMPONENTS})
  endif()
  mma_lib_closure(comps ${S_COMPONENTS})
  set(srcs)
  foreach(c IN LISTS comps)
    foreach(s IN LISTS MMA_LIB_${c}_SOURCES)
      list(APPEND srcs ${MMA_LIB_DIR}/${s})
    endforeach()
  endforeach()
  set(${out} ${srcs} PARENT_SCOPE)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE AND MMA_PRINT_SOURCES)
  set(_comps)
  if(MMA_COMPONENTS)
    set(_comps COMPONENTS ${MMA_COMPONENTS})
  endif()
  mma_lib_sources(_srcs ${_comps})
  get_filename_component(_root "${MMA_LIB_DIR}/../.." ABSOLUTE)
  set(_lines)
  foreach(s IN LISTS _srcs)
    file(RELATIVE_PATH r "${_root}" "${s}")
    string(APPEND _lines "${r}\n")
  endforeach()
  execute_process(COMMAND ${CMAKE_COMMAND} -E echo_append "${_lines}")
endif()

# cmake -DMMA_CHECK_SOURCES=ON -P cmake/MmaLibSources.cmake: fails if a .c file under firmware/lib
# is in no component or in two (the ctest lint_sources).
if(CMAKE_SCRIPT_MODE_FILE AND MMA_CHECK_SOURCES)
  file(GLOB_RECURSE _on_disk RELATIVE "${MMA_LIB_DIR}" "${MMA_LIB_DIR}/*.c")
  set(_listed)
  set(_bad 0)
  foreach(c IN LISTS MMA_LIB_COMPONENTS)
    foreach(s IN LISTS MMA_LIB_${c}_SOURCES)
      if(s IN_LIST _listed)
        message(SEND_ERROR "firmware/lib/${s} is listed in two components")
        set(_bad 1)
      endif()
      if(NOT EXISTS "${MMA_LIB_DIR}/${s}")
        message(SEND_ERROR "firmware/lib/${s} is listed but does not exist")
        set(_bad 1)
      endif()
      list(APPEND _listed ${s})
    endforeach()
  endforeach()
  foreach(s IN LISTS _on_disk)
    if(NOT s IN_LIST _listed)
      message(SEND_ERROR "firmware/lib/${s} is in no component of cmake/MmaLibSources.cmake")
      set(_bad 1)
    endif()
  endforeach()
  list(LENGTH _listed _n)
  if(NOT _bad)
    message(STATUS "lint_sources: ${_n} library sources, each in exactly one component")
  endif()
endif()
