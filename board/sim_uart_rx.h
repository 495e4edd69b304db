// The boards' simulated serial console: an 8N1 receiver on a top's UART TX pin, for the Verilator
// harnesses of the board tops (board/icebreaker/sim_top.cpp, board/ulx3s/sim_top.cpp). Clocked once
// per board clock cycle with the pin's level; prints each received byte to stdout.
#pragma once
#include <cstdio>

namespace mma_board {

// 8N1 receiver: a start bit's falling edge, then each data bit sampled in the middle of its
// bit_cycles-long cell; the byte is printed when the stop bit's cell is reached.
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
                std::putchar((int)data_);
                std::fflush(stdout);
                busy_ = false;
            }
        }
        last_ = pin;
    }

private:
    unsigned bit_cycles_, count_ = 0, bit_ = 0, data_ = 0;
    bool busy_ = false, last_ = true;
};

}  // namespace mma_board
