# Finds picorv32.v in the installed PyPI package pythondata-cpu-picorv32 (its data_location), so the
# CPU is used from the package at build time and never copied into the repository.
#   include(cmake/MmaPicorv32.cmake) -> MMA_PICORV32_V (path to picorv32.v) or MMA_PICORV32_V-NOTFOUND
# The interpreter is the project's .venv (scripts/setup.sh installs the package there), else
# MMA_PYTHON, else python3 on PATH.
if(NOT MMA_PYTHON)
  if(EXISTS "${PROJECT_SOURCE_DIR}/.venv/bin/python")
    set(MMA_PYTHON "${PROJECT_SOURCE_DIR}/.venv/bin/python")
  else()
    find_program(MMA_PYTHON NAMES python3 python)
  endif()
endif()
set(MMA_PICORV32_V "MMA_PICORV32_V-NOTFOUND")
if(MMA_PYTHON)
  execute_process(
    COMMAND "${MMA_PYTHON}" -c "import os, pythondata_cpu_picorv32 as p; print(os.path.join(p.data_location, 'picorv32.v'))"
    OUTPUT_VARIABLE _mma_prv OUTPUT_STRIP_TRAILING_WHITESPACE
    ERROR_QUIET RESULT_VARIABLE _mma_prv_rc)
  if(_mma_prv_rc EQUAL 0 AND EXISTS "${_mma_prv}")
    set(MMA_PICORV32_V "${_mma_prv}")
  endif()
endif()
if(MMA_PICORV32_V)
  message(STATUS "picorv32.v: ${MMA_PICORV32_V}")
else()
  message(STATUS "picorv32.v not found (pythondata-cpu-picorv32 not installed for ${MMA_PYTHON}; "
                 "bash scripts/setup.sh installs it into .venv)")
endif()
