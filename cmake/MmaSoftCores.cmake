# Finds the soft cores' Verilog in the installed PyPI packages (their data_location), so each CPU is
# used from its package at build time and never copied into the repository:
#   include(cmake/MmaSoftCores.cmake) ->
#     MMA_PICORV32_V  picorv32.v of pythondata-cpu-picorv32 (RV32IMC), or MMA_PICORV32_V-NOTFOUND
#     MMA_VEXRISCV_V  VexRiscv_Lite.v of pythondata-cpu-vexriscv (RV32IM, instruction cache only;
#                     why that build: hw/rtl/soc/mma_soc_cpu_vexriscv.v), or MMA_VEXRISCV_V-NOTFOUND
# The interpreter is the project's .venv (scripts/setup.sh installs the packages there), else
# MMA_PYTHON, else python3 on PATH.
include(${CMAKE_CURRENT_LIST_DIR}/MmaPython.cmake)

# _mma_find_core(VAR PACKAGE MODULE FILE): VAR = <data_location of MODULE>/FILE, or VAR-NOTFOUND
function(_mma_find_core var package module file)
  set(_path "${var}-NOTFOUND")
  if(MMA_PYTHON)
    execute_process(
      COMMAND "${MMA_PYTHON}" -c "import os, ${module} as p; print(os.path.join(p.data_location, '${file}'))"
      OUTPUT_VARIABLE _out OUTPUT_STRIP_TRAILING_WHITESPACE
      ERROR_QUIET RESULT_VARIABLE _rc)
    if(_rc EQUAL 0 AND EXISTS "${_out}")
      set(_path "${_out}")
    endif()
  endif()
  if(_path)
    message(STATUS "${file}: ${_path}")
  else()
    message(STATUS "${file} not found (${package} not installed for ${MMA_PYTHON}; "
                   "bash scripts/setup.sh installs it into .venv)")
  endif()
  set(${var} "${_path}" PARENT_SCOPE)
endfunction()

_mma_find_core(MMA_PICORV32_V pythondata-cpu-picorv32 pythondata_cpu_picorv32 picorv32.v)
_mma_find_core(MMA_VEXRISCV_V pythondata-cpu-vexriscv pythondata_cpu_vexriscv VexRiscv_Lite.v)
