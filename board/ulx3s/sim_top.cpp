// Simulation of the ULX3S top with the accelerator (top.v with MMA_ULX3S_ACCEL) exactly as build.sh synthesises
// it: the same sources, configuration and firmware.hex (RAM_INIT), the board's 25 MHz clock, the
// UART at 115200 baud decoded from the ftdi_rxd pin and printed. Runs until an exit LED or the
// trap LED lights (or --max-cycles) and exits 0 only when led[0] (firmware exit 0) is lit.
//
//   sim_top [--max-cycles N]      (run from the directory holding firmware.hex)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "Vmma_ulx3s_top.h"
#include "verilated.h"

namespace {
constexpr unsigned kBitCycles = 217;  // UART_DIV of top.v: 25 MHz / 115200

// 8N1 receiver on the TX pin: a start bit's falling edge, then each bit sampled mid-bit.
struct UartRx {
    unsigned count = 0, bit = 0, data = 0;
    bool busy = false, last = true;
    void clock(bool pin)
    {
        if (!busy) {
            if (last && !pin) {  // start bit
                busy = true;
                count = kBitCycles + kBitCycles / 2;
                bit = 0;
                data = 0;
            }
        } else if (--count == 0) {
            if (bit < 8) {
                data |= (pin ? 1u : 0u) << bit;
                ++bit;
                count = kBitCycles;
            } else {  // stop bit
                std::putchar((int)data);
                std::fflush(stdout);
                busy = false;
            }
        }
        last = pin;
    }
};
}  // namespace

int main(int argc, char **argv)
{
    unsigned long long max_cycles = 2000000000ull;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--max-cycles") == 0 && i + 1 < argc) {
            max_cycles = std::strtoull(argv[++i], nullptr, 0);
        } else {
            std::fprintf(stderr, "usage: sim_top [--max-cycles N]\n");
            return 2;
        }
    }
    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<Vmma_ulx3s_top>(ctx.get());
    UartRx rx;
    unsigned long long cycles = 0;
    top->clk_25mhz = 0;
    top->ftdi_txd = 1;
    top->eval();
    while (cycles < max_cycles && (top->led & 0x0F) == 0) {
        top->clk_25mhz = 1;
        top->eval();
        top->clk_25mhz = 0;
        top->eval();
        ++cycles;
        rx.clock(top->ftdi_rxd != 0);
    }
    const unsigned led = top->led;
    const char *what = (led & 1) ? "exit 0" : (led & 2) ? "exit 77 (no accelerator)" : (led & 4) ? "exit code not 0"
                     : (led & 8) ? "CPU trap" : "no exit within --max-cycles";
    std::printf("\nsim_top: %llu cycles (%.2f s at 25 MHz), led = 0x%02x: %s\n", cycles, cycles / 25e6, led, what);
    top->final();
    return (led & 1) ? 0 : 1;
}
