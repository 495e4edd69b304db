# Fuzz targets of the CLI's readers, built from the CLI's own source files (included by
# test/fuzz/CMakeLists.txt in the MMA_FUZZ build). Each needs only the files listed: the hex
# reader is cli/hexio.c (+ common.c for the error printer); the conformance readers are static
# functions of cli/cmd_conform.c, reached through cmd_conform() on a fuzzed directory.
set(_cli ${PROJECT_SOURCE_DIR}/cli)
if(EXISTS ${_cli}/hexio.c AND EXISTS ${_cli}/common.c AND EXISTS ${_cli}/cli.h)
  mma_fuzz_target(hexfile ${_cli}/hexio.c ${_cli}/common.c INCLUDES ${_cli})
  if(EXISTS ${_cli}/cmd_conform.c)
    mma_fuzz_target(conform_line ${_cli}/cmd_conform.c ${_cli}/hexio.c ${_cli}/common.c INCLUDES ${_cli})
  endif()
else()
  message(STATUS "test/fuzz: cli/hexio.c not found: fuzz_hexfile and fuzz_conform_line skipped")
endif()
