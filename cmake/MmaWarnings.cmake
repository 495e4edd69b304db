# One place for the warning flags. Warnings are errors through CMake's own switch
# (CMAKE_COMPILE_WARNING_AS_ERROR, set from MMA_WARNINGS_AS_ERRORS in the top-level file);
# nothing here adds -Werror.
include_guard(GLOBAL)

# Flags of every C target of the project (tests, CLI, tools).
set(MMA_WARN_FLAGS $<$<C_COMPILER_ID:GNU,Clang>:-Wall -Wextra -Wshadow>)
# The freestanding library adds the conversion checks and -ffreestanding.
set(MMA_LIB_WARN_FLAGS $<$<C_COMPILER_ID:GNU,Clang>:-Wall -Wextra -Wconversion -Wsign-conversion -Wshadow
                       -ffreestanding>)

# mma_library_warnings(<target>): the library's flags on a target built from the library sources.
function(mma_library_warnings target)
  target_compile_options(${target} PRIVATE ${MMA_LIB_WARN_FLAGS})
endfunction()
