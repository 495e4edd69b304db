# Replays of the fuzz targets without libFuzzer, in every build (any compiler, Release or
# sanitizers): each target's LLVMFuzzerTestOneInput is linked with test/fuzz/replay_main.c and
# run once on every seed of test/fuzz/corpus/<target>/ and every input that once crashed it or
# broke one of its properties (test/fuzz/regressions/<target>/). A regression test is a file in
# that directory: test/fuzz/scripts/add_regression.sh puts it there.
# Included from test/unit/CMakeLists.txt (ctest label "fuzz").

set(_mma_fz ${PROJECT_SOURCE_DIR}/test/fuzz)

# mma_fuzz_replay(<name> [extra sources...] [INCLUDES dirs...])
function(mma_fuzz_replay name)
  cmake_parse_arguments(R "" "" "INCLUDES" ${ARGN})
  set(exe fuzz_${name}_replay)
  set(src ${_mma_fz}/fuzz_${name}.c)
  if(NOT EXISTS ${src})
    set(src ${_mma_fz}/fuzz_${name}.cpp)
  endif()
  add_executable(${exe} ${src} ${_mma_fz}/replay_main.c ${R_UNPARSED_ARGUMENTS})
  target_link_libraries(${exe} PRIVATE mmacore)
  target_include_directories(${exe} PRIVATE ${_mma_fz} ${R_INCLUDES})
  target_compile_options(${exe} PRIVATE $<$<C_COMPILER_ID:GNU,Clang>:-Wall -Wextra>)
  set(dirs ${_mma_fz}/corpus/${name})
  if(IS_DIRECTORY ${_mma_fz}/regressions/${name})
    list(APPEND dirs ${_mma_fz}/regressions/${name})
  endif()
  add_test(NAME fuzz_${name}_replay COMMAND ${exe} ${dirs})
  set_tests_properties(fuzz_${name}_replay PROPERTIES LABELS "fuzz;regression" TIMEOUT 300)
endfunction()

mma_fuzz_replay(format)
mma_fuzz_replay(instr_parse)
mma_fuzz_replay(mma_run)
if(EXISTS ${_mma_fz}/fuzz_metadata.c)
  mma_fuzz_replay(metadata)
endif()
mma_fuzz_replay(fragment)
mma_fuzz_replay(mx_quantize)
mma_fuzz_replay(sme)

# The CLI readers (Linux: the targets use memfd_create).
set(_mma_cli ${PROJECT_SOURCE_DIR}/cli)
if(CMAKE_SYSTEM_NAME STREQUAL "Linux" AND EXISTS ${_mma_cli}/hexio.c AND EXISTS ${_mma_cli}/common.c)
  mma_fuzz_replay(hexfile ${_mma_cli}/hexio.c ${_mma_cli}/common.c INCLUDES ${_mma_cli})
  if(EXISTS ${_mma_cli}/cmd_conform.c)
    mma_fuzz_replay(conform_line ${_mma_cli}/cmd_conform.c ${_mma_cli}/hexio.c ${_mma_cli}/common.c
                    INCLUDES ${_mma_cli})
  endif()
  if(EXISTS ${_mma_cli}/main.c)
    file(GLOB _mma_cli_all CONFIGURE_DEPENDS ${_mma_cli}/*.c)
    mma_fuzz_replay(cli_args ${_mma_cli_all} INCLUDES ${_mma_cli})
    target_compile_definitions(fuzz_cli_args_replay PRIVATE MMA_CLI_NO_MAIN)
  endif()
endif()

# The simulation harnesses' readers (C++): the SoC harness's ELF loader, the shard summaries of
# `mmasim merge`. Replayed wherever a C++ compiler exists, so also in the sanitizer build (no sim/).
include(CheckLanguage)
check_language(CXX)
if(CMAKE_CXX_COMPILER)
  enable_language(CXX)
  mma_fuzz_replay(elf_load ${PROJECT_SOURCE_DIR}/sim/soc/elf_load.cpp INCLUDES ${PROJECT_SOURCE_DIR}/sim/soc)
  mma_fuzz_replay(summary_json ${PROJECT_SOURCE_DIR}/sim/mmasim/report.cpp INCLUDES ${PROJECT_SOURCE_DIR}/sim/mmasim)
endif()

# F5: NULL checks that multiply sizes (found by static analysis; see the file's header).
add_executable(regression_size_wrap ${_mma_fz}/regressions/test_size_wrap.c)
target_link_libraries(regression_size_wrap PRIVATE mmacore)
target_compile_options(regression_size_wrap PRIVATE $<$<C_COMPILER_ID:GNU,Clang>:-Wall -Wextra>)
add_test(NAME regression_size_wrap COMMAND regression_size_wrap)
set_tests_properties(regression_size_wrap PROPERTIES LABELS "fuzz;regression" TIMEOUT 60)
