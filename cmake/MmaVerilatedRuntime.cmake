# One copy of Verilator's runtime for every model of the build. verilate() adds the runtime's
# sources (verilated.cpp, verilated_threads.cpp and, with FST tracing, verilated_fst_c.cpp: ~20 s of
# C++ compilation) to each target it is given, so a build of twelve models compiled them twelve
# times. Verilator's documentation asks for one runtime per executable anyway.
#
#   mma_verilated_runtime(<target>)   after the target's last verilate(): takes those sources out of
#                                     it and links the shared library mma_verilated instead
#
# The runtime is compiled with tracing on (VM_TRACE only defines WAVES in verilated.h; no class
# layout depends on it), so it serves traced and untraced models alike. Models built with --timing
# (C++20 coroutines) keep their own runtime.
set(_mma_vl_inc ${VERILATOR_ROOT}/include)
set(MMA_VERILATED_SHARED ${_mma_vl_inc}/verilated.cpp ${_mma_vl_inc}/verilated_threads.cpp
                         ${_mma_vl_inc}/verilated_fst_c.cpp)
if(NOT TARGET mma_verilated)
  find_package(Threads REQUIRED)
  find_package(ZLIB REQUIRED)   # the FST writer
  add_library(mma_verilated STATIC ${MMA_VERILATED_SHARED})
  target_include_directories(mma_verilated PUBLIC ${_mma_vl_inc} ${_mma_vl_inc}/vltstd)
  target_compile_definitions(mma_verilated PRIVATE VM_COVERAGE=0 VM_SC=0 VM_TRACE=1 VM_TRACE_VCD=0 VM_TRACE_FST=1)
  target_compile_features(mma_verilated PRIVATE cxx_std_11)
  target_link_libraries(mma_verilated PUBLIC Threads::Threads ZLIB::ZLIB)
endif()

function(mma_verilated_runtime target)
  get_target_property(_srcs ${target} SOURCES)
  list(REMOVE_ITEM _srcs ${MMA_VERILATED_SHARED})
  set_property(TARGET ${target} PROPERTY SOURCES ${_srcs})
  target_link_libraries(${target} PRIVATE mma_verilated)
endfunction()
