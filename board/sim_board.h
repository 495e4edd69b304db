// The boards' simulated bench, for the Verilator harnesses of the board tops
// (board/icebreaker/sim_top.cpp, board/ulx3s/sim_top.cpp): the serial console (an 8N1 receiver on
// the top's UART TX pin, printing each byte to stdout) and the loop that clocks the top until an
// LED says the firmware ended.
#pragma once
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace mma_board {

// 8N1 receiver: a start bit's falling edge, then each data bit sampled in the middle of its
// bit_cycles-long cell; the byte is printed when the middle of the stop bit's cell is reached, if
// the line is high there. A low stop bit is a framing error (the transmitter's bit timing or frame
// is wrong): counted, and reported in the text instead of the byte.
class UartRx {
public:
    explicit UartRx(unsigned bit_cycles) : bit_cycles_(bit_cycles) {}

    // Advances the receiver by one clock cycle with the TX pin at level pin (idle high).
    void clock(bool pin)
    {
        if (!busy_) {
            if (last_ && !pin) {  // start bit
                busy_ = true;
                count_ = bit_cycles_ + bit_cycles_ / 2;
                bit_ = 0;
                data_ = 0;
            }
        } else if (--count_ == 0) {
            if (bit_ < 8) {
                data_ |= (pin ? 1u : 0u) << bit_;
                ++bit_;
                count_ = bit_cycles_;
            } else {  // stop bit
                if (pin) {
                    std::putchar((int)data_);
                } else {
                    ++framing_errors_;
                    std::printf("[UART framing error: stop bit low after 0x%02x]", data_);
                }
                std::fflush(stdout);
                busy_ = false;
            }
        }
        last_ = pin;
    }

    // Bytes whose stop bit was low.
    unsigned framing_errors() const { return framing_errors_; }

private:
    unsigned bit_cycles_, count_ = 0, bit_ = 0, data_ = 0, framing_errors_ = 0;
    bool busy_ = false, last_ = true;
};

// The option both tops take: if argv[*i] is "--max-cycles N" (N a whole number of 1 or more, decimal
// or 0x hex), stores N, moves *i to it and returns 1; returns 0 for any other argument, and -1 after a
// message when N is missing or not such a number (a typo must not run a top for 0 cycles).
inline int max_cycles_option(int argc, char **argv, int *i, unsigned long long *max_cycles)
{
    if (std::strcmp(argv[*i], "--max-cycles") != 0) return 0;
    const char *text = *i + 1 < argc ? argv[*i + 1] : "";
    char *end = nullptr;
    errno = 0;
    const unsigned long long n = std::strtoull(text, &end, 0);
    if (*text == '\0' || *text == '-' || *end != '\0' || errno != 0 || n == 0) {
        std::fprintf(stderr, "sim_top: --max-cycles needs a number of cycles (1 or more), got '%s'\n", text);
        return -1;
    }
    *max_cycles = n;
    *i += 1;
    return 1;
}

// Clocks top (a Verilated board top) one board cycle at a time - clk(top, 1), eval, clk(top, 0),
// eval - feeding tx(top), the UART TX pin's level, to a console of bit_cycles cycles a bit, until
// ended(top) or max_cycles; then 11 more bit cells, so the byte in flight when the firmware ended
// is printed. Returns the cycles run until the end (without those 11 bit cells); *framing_errors:
// the console's framing errors.
template <class Top, class SetClk, class TxPin, class Ended>
unsigned long long run_board(Top &top, SetClk clk, TxPin tx, Ended ended, unsigned bit_cycles,
                             unsigned long long max_cycles, unsigned *framing_errors)
{
    UartRx rx(bit_cycles);
    auto cycle = [&] {
        clk(top, 1);
        top.eval();
        clk(top, 0);
        top.eval();
        rx.clock(tx(top));
    };
    clk(top, 0);
    top.eval();
    unsigned long long cycles = 0;
    while (cycles < max_cycles && !ended(top)) {
        cycle();
        ++cycles;
    }
    for (unsigned i = 0; i < 11 * bit_cycles; ++i) {
        cycle();
    }
    *framing_errors = rx.framing_errors();
    return cycles;
}

}  // namespace mma_board
