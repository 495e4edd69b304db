# The one list of the RTL's sources (hw/rtl), by area, for every tool that reads them: the
# Verilator models (sim/CMakeLists.txt), the lint test, and the synthesis scripts (hw/syn), which
# get the list through
#   cmake -DMMA_PRINT_RTL=stage|dpu|exact|micro|accel|all|soc|sys|cpu_vexriscv -P cmake/MmaRtlSources.cmake
# (one path relative to the project root per line; soc_verilator_args: the Verilator flags of the
# SoC models, one per line); -DMMA_PRINT_RTL=incdirs prints the include
# directories: hw/rtl/gen (generated parameter files: the format table, mode layout and one file
# per configuration), hw/rtl/stage (the stage functions, mma_<stage>_fn.vh, that a stage module
# and mma_dpu share) and hw/rtl/accel (mma_pass.vh, shared by the scheduler and the job checker).
# "all" is the accelerator (stage + dpu + accel); the SoC (soc) also needs picorv32.v from the installed pythondata-cpu-picorv32 package
# (cmake/MmaSoftCores.cmake finds it; it is never copied into the repository). "sys" is the SoC with
# the accelerator in its slot (mma_soc_sys): all + soc + the module that joins them (+ picorv32.v).
# "cpu_vexriscv" is what soc or sys need besides for the VexRiscv option (+ VexRiscv_Lite.v).
if(CMAKE_SCRIPT_MODE_FILE)
  cmake_policy(VERSION 3.20)
endif()
get_filename_component(MMA_RTL_ROOT "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)

set(MMA_RTL_STAGE_FILES
  hw/rtl/stage/mma_decode.v
  hw/rtl/stage/mma_sparse_select.v
  hw/rtl/stage/mma_block_scale.v
  hw/rtl/stage/mma_multiply.v
  hw/rtl/stage/mma_group_sum.v
  hw/rtl/stage/mma_bfma_align.v
  hw/rtl/stage/mma_bfma_sum.v
  hw/rtl/stage/mma_round_decide.v
  hw/rtl/stage/mma_pipe_reg.v
  hw/rtl/stage/mma_encode.v
  hw/rtl/stage/mma_bfma_round.v
  hw/rtl/stage/mma_ieee_add.v)
# the DPUs (mma_dpu: block FMA; mma_dpu_exact: the `exact` preset's FP8 DPU, with the exact-sum
# modules of hw/rtl/exact it shares with the exact array), the array, the buffers and the core
set(MMA_RTL_DPU_FILES
  hw/rtl/dpu/mma_lane.v
  hw/rtl/dpu/mma_sparse_shadow.v
  hw/rtl/dpu/mma_dpu.v
  hw/rtl/exact/mma_exact_lane.v
  hw/rtl/exact/mma_exact_sum.v
  hw/rtl/exact/mma_exact_round.v
  hw/rtl/exact/mma_exact_final.v
  hw/rtl/exact/mma_dpu_exact.v
  hw/rtl/dpu/mma_array.v
  hw/rtl/dpu/mma_opbuf.v
  hw/rtl/dpu/mma_core.v)
# The exact FP8 array (the `exact` preset's datapath, a unit of its own beside the block-FMA DPU): its
# files, then the stage modules it uses (mma_encode, mma_round_decide)
set(MMA_RTL_EXACT_FILES
  hw/rtl/exact/mma_exact_lane.v
  hw/rtl/exact/mma_exact_sum.v
  hw/rtl/exact/mma_exact_round.v
  hw/rtl/exact/mma_exact_dpu.v
  hw/rtl/exact/mma_exact_final.v
  hw/rtl/exact/mma_exact_array.v
  hw/rtl/stage/mma_round_decide.v
  hw/rtl/stage/mma_pipe_reg.v
  hw/rtl/stage/mma_encode.v)
# The micro accelerator (mma_micro: the CPU feeds one exact e4m3 dot product through its registers,
# for an SoC too small for the array: the iCEBreaker), with the exact lane it shares
set(MMA_RTL_MICRO_FILES
  hw/rtl/exact/mma_exact_lane.v
  hw/rtl/micro/mma_micro_acc.v
  hw/rtl/micro/mma_micro_round.v
  hw/rtl/micro/mma_micro.v)
set(MMA_RTL_ACCEL_FILES
  hw/rtl/gen/mma_accel_regs.v
  hw/rtl/accel/mma_ctrl.v
  hw/rtl/accel/mma_sched.v
  hw/rtl/accel/mma_dma_rd.v
  hw/rtl/accel/mma_dma_wr.v
  hw/rtl/accel/mma_axi_check.v
  hw/rtl/accel/mma_accel.v)
set(MMA_RTL_SOC_FILES
  hw/rtl/soc/mma_soc_ram.v
  hw/rtl/soc/mma_soc_axi_ram.v
  hw/rtl/soc/mma_soc_uart.v
  hw/rtl/soc/mma_soc_clint.v
  hw/rtl/soc/mma_soc_exit.v
  hw/rtl/soc/mma_soc_axil_bridge.v
  hw/rtl/soc/mma_soc_top.v
  hw/rtl/soc/mma_soc_bare.v)
set(MMA_RTL_SYS_FILES
  hw/rtl/soc/mma_soc_sys.v)

# The SoC's second CPU option (mma_soc_top CPU_VEXRISCV = 1), with VexRiscv_Lite.v from the installed
# pythondata-cpu-vexriscv package; apart, because the PicoRV32 SoC must not need that package.
set(MMA_RTL_SOC_VEX_FILES
  hw/rtl/soc/mma_soc_cpu_vexriscv.v)
set(MMA_RTL_INCLUDE_FILES_DIRS hw/rtl/gen hw/rtl/stage hw/rtl/accel hw/rtl/exact)
# Verilator flags of the SoC models (sim/soc's mmasoc models, the ULX3S flow's --sim model, which
# gets them with -DMMA_PRINT_RTL=soc_verilator_args): PicoRV32's Verilog is not ours to lint, so
# warnings are not fatal and its width/lint/style warnings are off; no X modelling; -O3.
set(MMA_SOC_VERILATOR_ARGS -Wno-fatal -Wno-WIDTH -Wno-lint -Wno-style --x-assign fast --x-initial fast -O3)
list(TRANSFORM MMA_RTL_INCLUDE_FILES_DIRS PREPEND "${MMA_RTL_ROOT}/" OUTPUT_VARIABLE MMA_RTL_INCLUDE_DIRS)

# MMA_RTL_<AREA>_SOURCES: the same lists as absolute paths
foreach(area IN ITEMS STAGE DPU EXACT MICRO ACCEL SOC SYS SOC_VEX)
  list(TRANSFORM MMA_RTL_${area}_FILES PREPEND "${MMA_RTL_ROOT}/" OUTPUT_VARIABLE MMA_RTL_${area}_SOURCES)
endforeach()

if(CMAKE_SCRIPT_MODE_FILE AND MMA_PRINT_RTL)
  set(_files)
  set(_sys OFF)
  if(MMA_PRINT_RTL STREQUAL "sys")
    set(_sys ON)
  endif()
  if(MMA_PRINT_RTL STREQUAL "incdirs")
    list(APPEND _files ${MMA_RTL_INCLUDE_FILES_DIRS})
  endif()
  if(MMA_PRINT_RTL STREQUAL "soc_verilator_args")
    list(APPEND _files ${MMA_SOC_VERILATOR_ARGS})
  endif()
  if(MMA_PRINT_RTL STREQUAL "stage" OR MMA_PRINT_RTL STREQUAL "accel" OR MMA_PRINT_RTL STREQUAL "all" OR _sys)
    list(APPEND _files ${MMA_RTL_STAGE_FILES})
  endif()
  if(MMA_PRINT_RTL STREQUAL "dpu" OR MMA_PRINT_RTL STREQUAL "accel" OR MMA_PRINT_RTL STREQUAL "all" OR _sys)
    list(APPEND _files ${MMA_RTL_DPU_FILES})
  endif()
  if(MMA_PRINT_RTL STREQUAL "accel" OR MMA_PRINT_RTL STREQUAL "all" OR _sys)
    list(APPEND _files ${MMA_RTL_ACCEL_FILES})
  endif()
  if(MMA_PRINT_RTL STREQUAL "exact")         # the exact FP8 DPU alone (with the stage modules it uses)
    list(APPEND _files ${MMA_RTL_EXACT_FILES})
  endif()
  if(MMA_PRINT_RTL STREQUAL "soc" OR _sys)   # not in "all": they need picorv32.v besides these
    list(APPEND _files ${MMA_RTL_SOC_FILES})
  endif()
  if(MMA_PRINT_RTL STREQUAL "micro")         # the micro accelerator (mma_soc_bare's MICRO: a board adds it to soc)
    list(APPEND _files ${MMA_RTL_MICRO_FILES})
  endif()
  if(MMA_PRINT_RTL STREQUAL "cpu_vexriscv")  # with soc or sys, + VexRiscv_Lite.v of pythondata-cpu-vexriscv
    list(APPEND _files ${MMA_RTL_SOC_VEX_FILES})
  endif()
  if(_sys)
    list(APPEND _files ${MMA_RTL_SYS_FILES})
  endif()
  string(REPLACE ";" "\n" _lines "${_files}")
  execute_process(COMMAND ${CMAKE_COMMAND} -E echo "${_lines}")
endif()
