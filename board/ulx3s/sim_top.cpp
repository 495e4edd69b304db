// Simulation of the ULX3S top (top.v) exactly as build.sh synthesises it: the same sources,
// configuration and firmware.hex (RAM_INIT), the board's 25 MHz clock, the UART at 115200 baud
// decoded from the ftdi_rxd pin and printed. Runs until an exit LED or the trap LED lights (or
// --max-cycles) and exits 0 only when the expected exit LED is lit: led[0] (firmware exit 0, the
// default: with the accelerator every job bit-exact) or, with --expect 77, led[1] (exit 77: the
// software path passed and the slot is empty, what the top without the accelerator must show).
//
//   sim_top [--expect 0|77] [--max-cycles N]      (run from the directory holding firmware.hex)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "../sim_board.h"
#include "Vmma_ulx3s_top.h"
#include "verilated.h"

namespace {
constexpr unsigned kBitCycles = 217;  // UART_DIV of top.v: 25 MHz / 115200
}  // namespace

int main(int argc, char **argv)
{
    unsigned long long max_cycles = 2000000000ull;
    unsigned expect_led = 0x01;
    for (int i = 1; i < argc; ++i) {
        const int taken = mma_board::max_cycles_option(argc, argv, &i, &max_cycles);
        if (taken < 0) return 2;
        if (taken > 0) continue;
        if (std::strcmp(argv[i], "--expect") == 0 && i + 1 < argc &&
            (std::strcmp(argv[i + 1], "0") == 0 || std::strcmp(argv[i + 1], "77") == 0)) {
            expect_led = std::strcmp(argv[++i], "0") == 0 ? 0x01 : 0x02;
        } else {
            std::fprintf(stderr, "usage: sim_top [--expect 0|77] [--max-cycles N]\n");
            return 2;
        }
    }
    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<Vmma_ulx3s_top>(ctx.get());
    top->ftdi_txd = 1;
    unsigned framing = 0;
    const unsigned long long cycles = mma_board::run_board(
        *top, [](Vmma_ulx3s_top &t, int level) { t.clk_25mhz = level; },
        [](Vmma_ulx3s_top &t) { return t.ftdi_rxd != 0; },
        [](Vmma_ulx3s_top &t) { return (t.led & 0x0F) != 0; }, kBitCycles, max_cycles, &framing);
    const unsigned led = top->led;
    const char *what = (led & 1) ? "exit 0" : (led & 2) ? "exit 77 (no accelerator)" : (led & 4) ? "exit code not 0"
                     : (led & 8) ? "CPU trap" : "no exit within --max-cycles";
    std::printf("\nsim_top: %llu cycles (%.2f s at 25 MHz), led = 0x%02x: %s\n", cycles, cycles / 25e6, led, what);
    if (framing != 0) std::printf("sim_top: FAILED: %u UART framing errors on ftdi_rxd\n", framing);
    top->final();
    return (led & 0x0F) == expect_led && framing == 0 ? 0 : 1;
}
