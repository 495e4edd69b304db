/* digest: the golden model's results folded into one CRC-32 per (instruction, preset), computed
 * the same way on every target, so that a host build and the rv32 firmware (QEMU virt, the SoC's
 * PicoRV32) can be compared line by line: the firmware's golden model must give the host's bits.
 *
 * For every instruction of the catalogue (mma_instr_catalog; wgmma at N = 8 only: N changes the
 * fragments, not the arithmetic) and every preset: mma_instr_profile, then one mma_gemm of
 * M x N x (chunks x K) (K the instruction's k; with two chunks the second reads the first's D) with random
 * operands from a seed of the pair (codes of any class, half of them with exponents near 1,
 * specials; valid sparse metadata but for one run in eight; random block scales), and the CRC of
 * D and the status. */
#ifndef MMA_FW_DIGEST_H
#define MMA_FW_DIGEST_H

#include <stdint.h>

/* One result: the instruction's PTX text, the preset's name, the status (an mma_status value) of
 * mma_instr_profile or mma_gemm, and the CRC-32 of D and that status (0 when no GEMM ran). */
typedef void (*digest_emit)(void *ctx, const char *instr, const char *preset, int status, uint32_t crc);

/* The size of a digest: the GEMM's M, N and chunks of K, and every stride-th instruction. */
typedef struct digest_params {
    unsigned m, n, chunks, stride;
} digest_params;

/* The full digest (QEMU virt, host): 2 x 3 x 2K, every instruction. */
#define DIGEST_FULL {2u, 3u, 2u, 1u}
/* The digest the SoC's PicoRV32 runs in Verilator (about 60 times less work): 1 x 2 x K, every
 * third instruction. */
#define DIGEST_SMALL {1u, 1u, 1u, 11u}

/* Runs the (instruction, preset) pairs of p, calling emit once for each; returns the number of
 * pairs and sets *all_crc to the CRC-32 of every result in order. MMA_ERR_BUFFER lines for a p
 * larger than the buffers (m <= 2, n <= 3, chunks <= 2). */
unsigned digest_run(const digest_params *p, digest_emit emit, void *ctx, uint32_t *all_crc);

#endif /* MMA_FW_DIGEST_H */
