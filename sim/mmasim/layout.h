// How the co-simulation harness lays operands out in the accelerator's memory and addresses its
// registers: the DMA's beat, register offsets, the element sizes of C and D, and the bytes of a row
// of element codes.
#ifndef MMA_SIM_LAYOUT_H
#define MMA_SIM_LAYOUT_H

#include <array>
#include <cstddef>
#include <cstdint>

extern "C" {
#include "mma/format.h"
#include "mma/hw/mma_accel_regs.h"
#include "mma/hw/mma_configs.h"
}

namespace mmasim {

constexpr uint32_t BEAT = 32;   // bytes of a DMA beat: every operand address and stride is a multiple
#define REG(name) ((uint32_t)offsetof(mma_accel_t, name))

// Bytes of a C or D element of format fmt (f16: 2, f32 and s32: 4).
inline unsigned esz(uint8_t fmt) { return fmt == MMA_FMT_F16 ? 2u : 4u; }

// One operand region: `rows` rows of `row` bytes at `addr`, `stride` apart.
struct Region {
    uint32_t addr = 0, stride = 0, rows = 0, row = 0;
    uint32_t bytes() const { return rows ? (rows - 1) * stride + row : 0; }
    // one past its last byte, in 64 bits (so that a region near 4 GiB does not wrap)
    uint64_t end() const { return (uint64_t)addr + (rows ? (uint64_t)(rows - 1) * stride + row : 0); }
    uint32_t span() const { return rows * stride; }
};

// The operands of a job of mode md, m x n x k with nblk scale blocks a row, in the order A, B^T, C,
// D, metadata, scale_A, scale_B^T: their rows and row bytes (no rows: the mode has no such operand),
// addresses and strides 0.
inline std::array<Region, 7> operand_regions(const mma_hw_mode &md, unsigned m, unsigned n, unsigned k, unsigned nblk) {
    const unsigned eb = md.elem_bytes;
    std::array<Region, 7> r{};
    r[0].rows = m;
    r[0].row = md.packed ? (k + 1) / 2 : md.sparse ? k / 2 * eb : k * eb;
    r[1].rows = n;
    r[1].row = md.packed ? (k + 1) / 2 : k * eb;
    r[2].rows = m;
    r[2].row = n * esz(md.ctype);
    r[3].rows = m;
    r[3].row = n * esz(md.dtype);
    if (md.sparse) {
        r[4].rows = m;
        r[4].row = (k + 7) / 8;
    }
    if (md.stype) {
        r[5].rows = m;
        r[5].row = nblk;
        r[6].rows = n;
        r[6].row = nblk;
    }
    return r;
}

// Writes cnt metadata nibbles (the low 4 bits of nibs[q]) into one row: two a byte, the first in
// the low nibble; the other nibble of a half-written byte stays as it was.
inline void put_meta(uint8_t *dst, const uint8_t *nibs, size_t cnt) {
    for (size_t q = 0; q < cnt; q++) {
        const uint8_t nib = nibs[q] & 0xF;
        dst[q / 2] = (uint8_t)(q % 2 ? ((dst[q / 2] & 0x0F) | (nib << 4)) : ((dst[q / 2] & 0xF0) | nib));
    }
}

// Reads cnt metadata nibbles of one row into nibs (the inverse of put_meta).
inline void get_meta(const uint8_t *src, uint8_t *nibs, size_t cnt) {
    for (size_t q = 0; q < cnt; q++) nibs[q] = (src[q / 2] >> (4 * (q % 2))) & 0xF;
}

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
