// main() of the SystemVerilog testbench tb_mma_dpi (sim/dpi/tb_mma_dpi.sv, Verilated with --timing):
// runs it to $finish and exits non-zero if it failed. $fatal ends the run without abort() (which a
// ctest expecting the failure could not tell from a crash): it marks the context as failed and the
// loop stops at the testbench's next wait; a $finish right after it exits through the callback.
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "Vtb_mma_dpi.h"
#include "verilated.h"

int main(int argc, char **argv) {
    const std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    ctx->commandArgs(argc, argv);
    ctx->fatalOnError(false);
    Verilated::addExitCb(
        [](void *) {
            if (Verilated::threadContextp()->gotError()) {
                std::fflush(stdout);
                std::_Exit(1);
            }
        },
        nullptr);
    const std::unique_ptr<Vtb_mma_dpi> top{new Vtb_mma_dpi{ctx.get(), "TOP"}};
    while (!ctx->gotFinish()) {
        top->eval();
        if (ctx->gotFinish()) break;
        if (!top->eventsPending()) {
            std::fprintf(stderr, "tb_mma_dpi: the testbench stopped without $finish\n");
            return 2;
        }
        ctx->time(top->nextTimeSlot());
    }
    top->final();
    return ctx->gotError() ? 1 : 0;
}
