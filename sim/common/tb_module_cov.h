// Line and toggle coverage of a module harness (tb_mma_stages, tb_mma_dpu, tb_mma_exact_array_*):
// in a build with -DMMA_SIM_COVERAGE=ON its model counts coverage, and with MMA_SIM_COVERAGE_DIR
// set in the environment the harness writes the counts there at exit, one file a process
// (scripts/coverage.sh merges them with the accelerator's). Nothing otherwise.
#ifndef MMA_TB_MODULE_COV_H
#define MMA_TB_MODULE_COV_H

#include <cstdlib>
#include <string>

#include <unistd.h>

#include "verilated.h"
#if VM_COVERAGE
#include "verilated_cov.h"
#endif

namespace tb {

// Writes the model's coverage to $MMA_SIM_COVERAGE_DIR/<name>_<pid>.dat when the model counts it.
inline void write_module_coverage(const char *name) {
#if VM_COVERAGE
    if (const char *dir = std::getenv("MMA_SIM_COVERAGE_DIR"))
        Verilated::threadContextp()->coveragep()->write(
            (std::string(dir) + "/" + name + "_" + std::to_string(getpid()) + ".dat").c_str());
#else
    (void)name;
#endif
}

}  // namespace tb

#endif
