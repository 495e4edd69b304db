# CMake toolchain file: the mmacore library, freestanding, for an RV32IMC soft core (no FPU, no libc).
#
#   cmake -S . -B build-rv32 -DCMAKE_TOOLCHAIN_FILE=board/rv32/toolchain-rv32imc.cmake
#   cmake --build build-rv32            # -> libmmacore.a for rv32imc / ilp32
#
# Uses Debian's gcc-riscv64-unknown-elf (multilib: -march=rv32imc -mabi=ilp32). Use exactly
# rv32imc: rv32imc_zicsr selects a libgcc multilib that fails to link. MMA_RV32_MARCH=rv32im builds
# for a core without the C extension (the SoC's VexRiscv option; cmake/MmaFirmware.cmake).
# A cross build switches the CLI and the tests off by default (they are host programs).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv32)

set(MMA_RV32_CROSS "riscv64-unknown-elf-" CACHE STRING "Prefix of the RISC-V cross tools")
find_program(MMA_RV32_CC NAMES ${MMA_RV32_CROSS}gcc REQUIRED)
get_filename_component(_mma_rv32_bin "${MMA_RV32_CC}" DIRECTORY)

set(CMAKE_C_COMPILER   ${MMA_RV32_CC})
set(CMAKE_ASM_COMPILER ${MMA_RV32_CC})
set(CMAKE_AR           ${_mma_rv32_bin}/${MMA_RV32_CROSS}ar CACHE FILEPATH "")
set(CMAKE_RANLIB       ${_mma_rv32_bin}/${MMA_RV32_CROSS}ranlib CACHE FILEPATH "")
set(CMAKE_OBJCOPY      ${_mma_rv32_bin}/${MMA_RV32_CROSS}objcopy CACHE FILEPATH "")
set(CMAKE_SIZE         ${_mma_rv32_bin}/${MMA_RV32_CROSS}size CACHE FILEPATH "")

set(MMA_RV32_MARCH "rv32imc" CACHE STRING "-march of the cross build: rv32imc, or rv32im (VexRiscv)")
set_property(CACHE MMA_RV32_MARCH PROPERTY STRINGS rv32imc rv32im)
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES MMA_RV32_MARCH)
set(MMA_RV32_FLAGS "-march=${MMA_RV32_MARCH} -mabi=ilp32 -ffreestanding -nostdlib")
set(CMAKE_C_FLAGS_INIT   "${MMA_RV32_FLAGS}")
set(CMAKE_ASM_FLAGS_INIT "${MMA_RV32_FLAGS}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-march=${MMA_RV32_MARCH} -mabi=ilp32 -nostdlib -nostartfiles")
# -Os in every configuration (code size matters more than speed on the soft core). Set as cache
# entries: CMake appends its own -O3/-O2 to the *_INIT variables.
set(CMAKE_C_FLAGS_DEBUG          "-Os -g"          CACHE STRING "")
set(CMAKE_C_FLAGS_RELEASE        "-Os -DNDEBUG"    CACHE STRING "")
set(CMAKE_C_FLAGS_MINSIZEREL     "-Os -DNDEBUG"    CACHE STRING "")
set(CMAKE_C_FLAGS_RELWITHDEBINFO "-Os -g -DNDEBUG" CACHE STRING "")

# No crt0 / libc to link a test program against: check the compiler with a static library.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
