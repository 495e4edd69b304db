// How the co-simulation harness lays operands out in the accelerator's memory and addresses its
// registers: the DMA's beat, register offsets, the element sizes of C and D, and the bytes of a row
// of element codes.
#ifndef MMA_SIM_LAYOUT_H
#define MMA_SIM_LAYOUT_H

#include <cstddef>
#include <cstdint>

extern "C" {
#include "mma/format.h"
#include "mma/hw/mma_accel_regs.h"
}

namespace mmasim {

constexpr uint32_t BEAT = 32;   // bytes of a DMA beat: every operand address and stride is a multiple
#define REG(name) ((uint32_t)offsetof(mma_accel_t, name))

// Bytes of a C or D element of format fmt (f16: 2, f32 and s32: 4).
inline unsigned esz(uint8_t fmt) { return fmt == MMA_FMT_F16 ? 2u : 4u; }

// Writes cnt element codes (codes[e * step]) as one row of bytes: little endian, eb bytes each;
// packed: two 4-bit codes a byte, the first in the low nibble.
inline void put_codes(uint8_t *dst, const uint64_t *codes, size_t cnt, size_t step, unsigned eb, bool packed) {
    for (size_t e = 0; e < cnt; e++) {
        const uint64_t c = codes[e * step];
        if (packed) {
            if (e % 2 == 0) dst[e / 2] = (uint8_t)(c & 0xF);
            else dst[e / 2] = (uint8_t)(dst[e / 2] | ((c & 0xF) << 4));
        } else {
            for (unsigned b = 0; b < eb; b++) dst[e * eb + b] = (uint8_t)(c >> (8 * b));
        }
    }
}

// Reads cnt element codes of one row of bytes into codes[e * step] (the inverse of put_codes).
inline void get_codes(const uint8_t *src, uint64_t *codes, size_t cnt, size_t step, unsigned eb, bool packed) {
    for (size_t e = 0; e < cnt; e++) {
        uint64_t c = 0;
        if (packed) c = (src[e / 2] >> (4 * (e % 2))) & 0xF;
        else
            for (unsigned b = 0; b < eb; b++) c |= (uint64_t)src[e * eb + b] << (8 * b);
        codes[e * step] = c;
    }
}

}  // namespace mmasim

#endif
