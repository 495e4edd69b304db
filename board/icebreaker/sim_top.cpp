// Simulation of the iCEBreaker top (top.v) exactly as build.sh synthesises it: the same sources and
// firmware.hex (RAM_INIT, hello_8k), the board's 12 MHz clock, the UART at 115200 baud decoded from
// the ser_tx pin and printed. Runs until the green LED (firmware exit 0) or the red one (another
// exit code, or a CPU trap) lights, or --max-cycles, and exits 0 only when the green one is lit.
//
//   sim_top [--max-cycles N]      (run from the directory holding firmware.hex)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "../sim_board.h"
#include "Vmma_icebreaker_top.h"
#include "verilated.h"

namespace {
constexpr unsigned kBitCycles = 104;  // UART_DIV of top.v: 12 MHz / 115200
}  // namespace

int main(int argc, char **argv)
{
    unsigned long long max_cycles = 100000000ull;
    for (int i = 1; i < argc; ++i) {
        const int taken = mma_board::max_cycles_option(argc, argv, &i, &max_cycles);
        if (taken == 0) std::fprintf(stderr, "usage: sim_top [--max-cycles N]\n");
        if (taken <= 0) return 2;
    }
    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<Vmma_icebreaker_top>(ctx.get());
    top->ser_rx = 1;
    // the LEDs are active low
    unsigned framing = 0;
    const unsigned long long cycles = mma_board::run_board(
        *top, [](Vmma_icebreaker_top &t, int level) { t.clk = level; },
        [](Vmma_icebreaker_top &t) { return t.ser_tx != 0; },
        [](Vmma_icebreaker_top &t) { return !t.ledg_n || !t.ledr_n; }, kBitCycles, max_cycles, &framing);
    const bool green = !top->ledg_n, red = !top->ledr_n;
    const char *what = green && !red ? "green LED: exit 0"
                     : red           ? "red LED: exit code not 0, or a CPU trap"
                                     : "no LED within --max-cycles";
    std::printf("\nsim_top: %llu cycles (%.2f ms at 12 MHz), %s\n", cycles, cycles / 12e3, what);
    if (framing != 0) std::printf("sim_top: FAILED: %u UART framing errors on ser_tx\n", framing);
    top->final();
    return green && !red && framing == 0 ? 0 : 1;
}
