# Driver of the install_consumer test (cmake -P). Inputs (-D): MMA_SOURCE_DIR, MMA_BUILD_DIR, MMA_CONFIG,
# MMA_VERSION, MMA_WORK_DIR, MMA_CONSUMER_DIR, MMA_C_COMPILER, MMA_GENERATOR, MMA_MAKE_PROGRAM,
# MMA_EXTRA_FLAGS (space separated, e.g. sanitizer flags the library was built with),
# MMA_PKG_CONFIG.
cmake_minimum_required(VERSION 3.20)

foreach(v MMA_BUILD_DIR MMA_WORK_DIR MMA_CONSUMER_DIR MMA_C_COMPILER MMA_GENERATOR)
  if(NOT DEFINED ${v} OR "${${v}}" STREQUAL "")
    message(FATAL_ERROR "install_consumer: ${v} not set")
  endif()
endforeach()

set(prefix ${MMA_WORK_DIR}/prefix)
separate_arguments(extra_flags UNIX_COMMAND "${MMA_EXTRA_FLAGS}")

function(step what)
  message(STATUS "install_consumer: ${what}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "install_consumer: FAILED (${rc}): ${what}")
  endif()
endfunction()

file(REMOVE_RECURSE ${MMA_WORK_DIR})
file(MAKE_DIRECTORY ${MMA_WORK_DIR})

# ------------------------------------------------------------------ install
set(config_arg)
if(MMA_CONFIG)
  set(config_arg --config ${MMA_CONFIG})
endif()
step("cmake --install into ${prefix}"
  ${CMAKE_COMMAND} --install ${MMA_BUILD_DIR} --prefix ${prefix} ${config_arg})

function(expect_one var pattern)
  file(GLOB_RECURSE hits ${prefix}/${pattern})
  list(LENGTH hits n)
  if(NOT n EQUAL 1)
    message(FATAL_ERROR "install_consumer: expected one ${pattern} under ${prefix}, found ${n}: ${hits}")
  endif()
  set(${var} ${hits} PARENT_SCOPE)
endfunction()
expect_one(hdr "include/mma/mmacore.h")
expect_one(lib "libmmacore.a")
expect_one(cfg "mmacoreConfig.cmake")
expect_one(ver "mmacoreConfigVersion.cmake")
expect_one(pc "mmacore.pc")
if(MMA_SOURCE_DIR)
  file(GLOB src_headers RELATIVE ${MMA_SOURCE_DIR}/include/mma ${MMA_SOURCE_DIR}/include/mma/*.h)
  foreach(h IN LISTS src_headers)
    if(NOT EXISTS ${prefix}/include/mma/${h})
      message(FATAL_ERROR "install_consumer: public header mma/${h} was not installed")
    endif()
  endforeach()
endif()
message(STATUS "install_consumer: installed ${hdr}, ${lib}, ${cfg}, ${pc}")

# ------------------------------------------------------------------ find_package consumer
set(cbuild ${MMA_WORK_DIR}/consumer-cmake)
set(gen_args -G "${MMA_GENERATOR}")
if(MMA_MAKE_PROGRAM)
  list(APPEND gen_args -DCMAKE_MAKE_PROGRAM=${MMA_MAKE_PROGRAM})
endif()
step("configure consumer with find_package(mmacore)"
  ${CMAKE_COMMAND} -S ${MMA_CONSUMER_DIR} -B ${cbuild} ${gen_args}
    -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_C_COMPILER=${MMA_C_COMPILER}
    -DCMAKE_PREFIX_PATH=${prefix}
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
    -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF
    "-DCMAKE_C_FLAGS=${MMA_EXTRA_FLAGS}"
    "-DCMAKE_EXE_LINKER_FLAGS=${MMA_EXTRA_FLAGS}")
# The package must come from the scratch prefix, not from some mmacore installed on the machine.
file(STRINGS ${cbuild}/CMakeCache.txt found_dir REGEX "^mmacore_DIR:")
string(FIND "${found_dir}" "${prefix}/" at)
if(NOT at GREATER -1)
  message(FATAL_ERROR "install_consumer: find_package used ${found_dir}, not ${prefix}")
endif()
step("build consumer (find_package)" ${CMAKE_COMMAND} --build ${cbuild} --config Release)
file(GLOB_RECURSE exe LIST_DIRECTORIES false ${cbuild}/consumer ${cbuild}/*/consumer)
list(GET exe 0 exe)
step("run consumer (find_package)" ${exe})

# ------------------------------------------------------------------ pkg-config consumer
if(NOT MMA_PKG_CONFIG)
  message(FATAL_ERROR "install_consumer: pkg-config not found (bash scripts/setup.sh installs it)")
endif()
get_filename_component(pcdir ${pc} DIRECTORY)
set(pkgenv ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${pcdir} PKG_CONFIG_LIBDIR=${pcdir})
execute_process(COMMAND ${pkgenv} ${MMA_PKG_CONFIG} --modversion mmacore
  OUTPUT_VARIABLE pc_version OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR (MMA_VERSION AND NOT pc_version STREQUAL MMA_VERSION))
  message(FATAL_ERROR "install_consumer: pkg-config --modversion mmacore gave '${pc_version}' (rc ${rc}), want ${MMA_VERSION}")
endif()
execute_process(COMMAND ${pkgenv} ${MMA_PKG_CONFIG} --cflags mmacore
  OUTPUT_VARIABLE pc_cflags OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc1)
execute_process(COMMAND ${pkgenv} ${MMA_PKG_CONFIG} --libs mmacore
  OUTPUT_VARIABLE pc_libs OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc2)
if(NOT rc1 EQUAL 0 OR NOT rc2 EQUAL 0)
  message(FATAL_ERROR "install_consumer: pkg-config --cflags/--libs mmacore failed")
endif()
message(STATUS "install_consumer: pkg-config mmacore ${pc_version}: cflags '${pc_cflags}' libs '${pc_libs}'")
separate_arguments(pc_cflags UNIX_COMMAND "${pc_cflags}")
separate_arguments(pc_libs UNIX_COMMAND "${pc_libs}")
set(pexe ${MMA_WORK_DIR}/consumer-pkgconfig)
step("compile consumer (pkg-config)"
  ${MMA_C_COMPILER} -std=c11 ${extra_flags} ${pc_cflags} ${MMA_CONSUMER_DIR}/main.c
    -o ${pexe} ${pc_libs} ${extra_flags})
step("run consumer (pkg-config)" ${pexe})

message(STATUS "install_consumer: OK")
