# Fuzz targets of the CLI's readers, built from the CLI's own source files (included by
# test/fuzz/CMakeLists.txt in the MMA_FUZZ build). Each needs only the files listed: the hex
# reader is cli/hexio.c (+ common.c for the error printer); the conformance readers are static
# functions of cli/cmd_conform.c, reached through cmd_conform() on a fuzzed directory; the argument
# parsers of every command are reached through cli_main() (cli/main.c built with MMA_CLI_NO_MAIN).
set(_cli ${PROJECT_SOURCE_DIR}/cli)
if(EXISTS ${_cli}/hexio.c AND EXISTS ${_cli}/common.c AND EXISTS ${_cli}/cli.h)
  mma_fuzz_target(hexfile ${_cli}/hexio.c ${_cli}/common.c INCLUDES ${_cli})
  if(EXISTS ${_cli}/cmd_conform.c)
    mma_fuzz_target(conform_line ${_cli}/cmd_conform.c ${_cli}/hexio.c ${_cli}/common.c INCLUDES ${_cli})
  endif()
  # The whole tool (argument handling of every command): every CLI source, main.c without main().
  if(EXISTS ${_cli}/main.c)
    file(GLOB _cli_all CONFIGURE_DEPENDS ${_cli}/*.c)
    mma_fuzz_target(cli_args ${_cli_all} INCLUDES ${_cli})
    target_compile_definitions(fuzz_cli_args PRIVATE MMA_CLI_NO_MAIN)
  endif()
else()
  message(STATUS "test/fuzz: cli/hexio.c not found: fuzz_hexfile and fuzz_conform_line skipped")
endif()
