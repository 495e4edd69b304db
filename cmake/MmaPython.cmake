# MMA_PYTHON: the interpreter of the build-time generators and the Python test oracles. The project's
# .venv (scripts/setup.sh installs the pinned packages there), else python3 / python on PATH (the
# oracles that need only the standard library still run), unless the caller set MMA_PYTHON.
#   include(cmake/MmaPython.cmake) -> MMA_PYTHON, or MMA_PYTHON-NOTFOUND
get_filename_component(_mma_python_root "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
if(NOT MMA_PYTHON)
  if(EXISTS "${_mma_python_root}/.venv/bin/python")
    set(MMA_PYTHON "${_mma_python_root}/.venv/bin/python")
  else()
    find_program(MMA_PYTHON NAMES python3 python)
  endif()
endif()
