# The firmware applications (firmware/apps) cross-built for rv32imc as part of the normal host
# build, when riscv64-unknown-elf-gcc is present: an ExternalProject configured with
# board/rv32/toolchain-rv32imc.cmake. ELFs (and link maps) land in build/firmware/. Defines
#   MMA_FIRMWARE_BUILT  ON when the firmware is built
#   MMA_FIRMWARE_DIR    where the ELFs are
#   MMA_FIRMWARE_RV32IM_DIR  the same programs built for rv32im (no C extension: the SoC's
#                       VexRiscv option), MMA_FIRMWARE_RV32IM_APPS of them, by mma_firmware_rv32im
# and the ctests that run the software-only firmware under qemu-system-riscv32 -M virt (label qemu).
# The SoC tests (label soc) are in sim/soc/CMakeLists.txt.
option(MMA_BUILD_FIRMWARE "Cross-build the firmware applications (needs riscv64-unknown-elf-gcc)" ${_mma_outside_default})
set(MMA_FIRMWARE_BUILT OFF)
set(MMA_FIRMWARE_DIR ${PROJECT_BINARY_DIR}/firmware)
set(MMA_FIRMWARE_APPS hello soctest selftest selftest_faults gemm swbench swbench_small stack_guard digest digest_small digest_fast)
set(MMA_FIRMWARE_RV32IM_DIR ${PROJECT_BINARY_DIR}/firmware-rv32im)
set(MMA_FIRMWARE_RV32IM_APPS hello soctest selftest digest_small)   # + swbench on demand (sim/soc/README.md)
# mmasoc --accel --cpu vexriscv: a fourth SoC model (sim/soc), off by default: the accelerator's
# model is most of a build's time, and this one only changes the CPU that drives it
option(MMA_SOC_VEX_ACCEL "mmasoc --accel --cpu vexriscv: the SoC with the accelerator and VexRiscv (a build of about 3 min more)" OFF)
if(MMA_SOC_VEX_ACCEL)
  list(APPEND MMA_FIRMWARE_RV32IM_APPS selftest_faults gemm)
endif()

if(MMA_BUILD_FIRMWARE)
  find_program(MMA_RV32_GCC riscv64-unknown-elf-gcc)
  if(NOT MMA_RV32_GCC)
    message(STATUS "riscv64-unknown-elf-gcc not found: firmware/apps not built (bash scripts/setup.sh)")
  else()
    include(ExternalProject)
    # _mma_firmware(TARGET MARCH DIR APPS app... [ONLY]): an ExternalProject that cross-builds
    # firmware/apps for -march=MARCH in DIR-build, the ELFs into DIR (APPS: the ones the build uses,
    # its byproducts); with ONLY it builds just those, else every program there
    function(_mma_firmware target march dir)
      cmake_parse_arguments(F "ONLY" "" "APPS" ${ARGN})
      set(_byproducts)
      foreach(app IN LISTS F_APPS)
        list(APPEND _byproducts ${dir}/${app}.elf)
      endforeach()
      set(_build)
      if(F_ONLY)
        set(_build BUILD_COMMAND ${CMAKE_COMMAND} --build <BINARY_DIR> --target ${F_APPS})
      endif()
      ExternalProject_Add(${target}
        SOURCE_DIR ${PROJECT_SOURCE_DIR}/firmware/apps
        BINARY_DIR ${dir}-build
        CMAKE_ARGS
          -DCMAKE_TOOLCHAIN_FILE=${PROJECT_SOURCE_DIR}/board/rv32/toolchain-rv32imc.cmake
          -DMMA_RV32_MARCH=${march}
          -DCMAKE_BUILD_TYPE=Release
          -DMMA_FW_OUTPUT_DIR=${dir}
          -DMMA_WARNINGS_AS_ERRORS=${MMA_WARNINGS_AS_ERRORS}
        ${_build}
        BUILD_ALWAYS ON
        INSTALL_COMMAND ""
        BUILD_BYPRODUCTS ${_byproducts})
    endfunction()
    _mma_firmware(mma_firmware rv32imc ${MMA_FIRMWARE_DIR} APPS ${MMA_FIRMWARE_APPS})
    set(MMA_FIRMWARE_BUILT ON)
    # The programs the VexRiscv SoC runs (sim/soc), built once more for rv32im: only these targets
    _mma_firmware(mma_firmware_rv32im rv32im ${MMA_FIRMWARE_RV32IM_DIR} APPS ${MMA_FIRMWARE_RV32IM_APPS} ONLY)

    # The host half of firmware/apps/digest: the same digest.c on the host build of the library, whose
    # per-(instruction, preset) CRCs the firmware's must equal (firmware/apps/digest/compare.sh; the
    # tests: qemu_golden_digest* below, soc_golden_digest and soc_vex_golden_digest in sim/soc)
    if(MMA_BUILD_TESTS)
      add_executable(golden_digest_host ${PROJECT_SOURCE_DIR}/firmware/apps/digest/host_main.c
                     ${PROJECT_SOURCE_DIR}/firmware/apps/digest/digest.c)
      target_include_directories(golden_digest_host PRIVATE ${PROJECT_SOURCE_DIR}/firmware/apps/common
                                 ${PROJECT_SOURCE_DIR}/board/rv32)
      target_link_libraries(golden_digest_host PRIVATE mmacore)
      set(MMA_DIGEST_COMPARE bash ${PROJECT_SOURCE_DIR}/firmware/apps/digest/compare.sh $<TARGET_FILE:golden_digest_host>)
    endif()

    # The software-only firmware under QEMU virt (the same ELFs as on the SoC).
    find_program(MMA_QEMU_RV32 qemu-system-riscv32)
    # (not in sanitizer builds: the ELFs and QEMU are the same there, the runs would only repeat)
    if(MMA_BUILD_TESTS AND MMA_QEMU_RV32 AND NOT MMA_SANITIZE)
      set(_run bash ${PROJECT_SOURCE_DIR}/board/qemu-virt/run.sh)
      add_test(NAME qemu_hello COMMAND ${_run} ${MMA_FIRMWARE_DIR}/hello.elf --timeout 60)
      set_tests_properties(qemu_hello PROPERTIES PASS_REGULAR_EXPRESSION "hello from mmacore")
      # 77: the software path passed and the slot is empty (QEMU virt has no accelerator)
      add_test(NAME qemu_selftest COMMAND ${_run} ${MMA_FIRMWARE_DIR}/selftest.elf --timeout 120 --expect-exit 77)
      add_test(NAME qemu_gemm COMMAND ${_run} ${MMA_FIRMWARE_DIR}/gemm.elf --timeout 120 --expect-exit 77)
      add_test(NAME qemu_swbench COMMAND ${_run} ${MMA_FIRMWARE_DIR}/swbench.elf --timeout 120)
      # the board's stack guard: a frame past __stack_size is reported and the run fails (exit 1)
      add_test(NAME qemu_stack_guard COMMAND ${_run} ${MMA_FIRMWARE_DIR}/stack_guard.elf --timeout 60 --expect-exit 1)
      set_tests_properties(qemu_stack_guard PROPERTIES
                           PASS_REGULAR_EXPRESSION "board: stack overflow: [0-9]+ bytes used, 16384 reserved")
      # the rv32im images (VexRiscv's) run on QEMU virt as they are
      add_test(NAME qemu_hello_rv32im COMMAND ${_run} ${MMA_FIRMWARE_RV32IM_DIR}/hello.elf --timeout 60)
      set_tests_properties(qemu_hello_rv32im PROPERTIES PASS_REGULAR_EXPRESSION "hello from mmacore on rv32im")
      add_test(NAME qemu_selftest_rv32im COMMAND ${_run} ${MMA_FIRMWARE_RV32IM_DIR}/selftest.elf --timeout 120 --expect-exit 77)
      # selftest without the real-GPU data sets (no ../shared at build time) builds and runs
      add_test(NAME qemu_selftest_no_gpu_vectors
               COMMAND bash ${PROJECT_SOURCE_DIR}/firmware/apps/selftest/no_vectors.sh ${PROJECT_BINARY_DIR}/fw-no-vectors)
      set_tests_properties(qemu_selftest_no_gpu_vectors PROPERTIES
                           PASS_REGULAR_EXPRESSION "no real-GPU data sets were built in.*selftest: software path passed.*exit code 77")
      # the golden model on rv32imc gives the host's bits: digest.elf links the size configuration of
      # selftest and gemm (-Os), digest_fast.elf swbench's (-O2, decode tables, per-G kernels)
      foreach(_v digest digest_fast)
        add_test(NAME qemu_golden_${_v} COMMAND ${MMA_DIGEST_COMPARE} -- ${_run} ${MMA_FIRMWARE_DIR}/${_v}.elf --timeout 120)
        set_tests_properties(qemu_golden_${_v} PROPERTIES LABELS "qemu" TIMEOUT 180 ENVIRONMENT "QEMU=${MMA_QEMU_RV32}"
                             PASS_REGULAR_EXPRESSION "golden digest: [0-9]+ runs, all equal")
      endforeach()
      set_tests_properties(qemu_hello qemu_selftest qemu_gemm qemu_swbench qemu_stack_guard qemu_hello_rv32im
                           qemu_selftest_rv32im qemu_selftest_no_gpu_vectors
                           PROPERTIES LABELS "qemu" TIMEOUT 180 ENVIRONMENT "QEMU=${MMA_QEMU_RV32}")
    elseif(MMA_BUILD_TESTS AND NOT MMA_SANITIZE)
      message(STATUS "qemu-system-riscv32 not found: qemu_* tests skipped (bash scripts/setup.sh installs qemu-system-misc)")
    endif()
  endif()
endif()
