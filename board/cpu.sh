# The SoC's CPU choice of the board flows (board/icebreaker/build.sh, board/ulx3s/build.sh, their
# --cpu option), sourced by them:
#   mma_board_cpu TAG CPU       checks CPU (else a message "TAG: ..." and exit 2) and sets CPU_VEX
#                               (mma_soc_top's CPU_VEXRISCV: 0 or 1), CPU_MARCH (the firmware's
#                               -march: rv32imc or rv32im), CPU_NAME (" (VexRiscv)" or "", for the
#                               report) and CPU_SFX ("-vexriscv" or "", for the output directory)
#   mma_board_cpu_verilog PYTHON ROOT
#                               sets CPU_V, the CPU's Verilog (space-separated): picorv32.v from
#                               pythondata-cpu-picorv32 always, since yosys checks mma_soc_top's
#                               PicoRV32 branch either way; for VexRiscv also VexRiscv_Lite.v from
#                               pythondata-cpu-vexriscv and the RTL list cpu_vexriscv of
#                               cmake/MmaRtlSources.cmake
mma_board_cpu() {
  CPU_VEX=0 CPU_MARCH=rv32imc CPU_NAME="" CPU_SFX=""
  case $2 in
    picorv32) ;;
    vexriscv) CPU_VEX=1 CPU_MARCH=rv32im CPU_NAME=" (VexRiscv)" CPU_SFX=-vexriscv ;;
    *) echo "$1: --cpu takes picorv32 or vexriscv, not '$2'" >&2; exit 2 ;;
  esac
}
mma_board_cpu_verilog() {
  local py=$1 root=$2 f
  CPU_V=$("$py" -c 'import os, pythondata_cpu_picorv32 as p; print(os.path.join(p.data_location, "picorv32.v"))')
  if ((CPU_VEX)); then
    CPU_V+=" $("$py" -c 'import os, pythondata_cpu_vexriscv as p; print(os.path.join(p.data_location, "VexRiscv_Lite.v"))')"
    while read -r f; do CPU_V+=" $root/$f"; done < <(cmake -DMMA_PRINT_RTL=cpu_vexriscv -P "$root/cmake/MmaRtlSources.cmake")
  fi
}
