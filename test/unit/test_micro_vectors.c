/* micro_vectors_golden: the micro accelerator's build-time vectors (firmware/apps/micro/gen_vectors.py,
 * whose D an exact-rational oracle computes) against the golden model: every case's D must equal
 * mma_dot's under MMA_PRESET_EXACT (e4m3 x e4m3 -> f32, k = the case's products) bit for bit. The
 * firmware micro_8k checks the accelerator against the same file, and tb_mma_micro the RTL against
 * mma_dot, so oracle, golden model and RTL agree or a test fails. Prints one line per mismatch and
 * "micro vectors: N cases, M failed". */
#include <stdio.h>

#include "micro_vectors.h"
#include "mma/mmacore.h"

int main(void)
{
    mma_profile prof;
    if (mma_preset_profile(MMA_PRESET_EXACT, MMA_FAMILY_MMA, MMA_FMT_E4M3, MMA_FMT_F32, &prof) != MMA_OK) {
        printf("micro vectors: the exact preset refused e4m3 -> f32\n");
        return 1;
    }
    const uint32_t *p = micro_vectors;
    unsigned failed = 0, kinds = 0;
    for (unsigned n = 0; n < MICRO_VECTOR_CASES; n++) {
        const unsigned k = p[0], nw = (k + 3) / 4;   /* codes four to a word, code i in byte i % 4 */
        if (k > 255) {
            printf("micro vectors: case %u has %u products, the file is damaged\n", n, k);
            return 1;
        }
        uint64_t a[255], b[255], d = 0;
        for (unsigned i = 0; i < k; i++) {
            a[i] = (p[3 + i / 4] >> 8 * (i % 4)) & 0xFF;
            b[i] = (p[3 + nw + i / 4] >> 8 * (i % 4)) & 0xFF;
        }
        const uint32_t c = p[1], want = p[2];
        const mma_status st = mma_dot(&prof, MMA_FMT_E4M3, a, 1, MMA_FMT_E4M3, b, 1, k, MMA_FMT_F32, c, MMA_FMT_F32, &d);
        if (st != MMA_OK || (uint32_t)d != want) {
            failed++;
            printf("MISMATCH case %u: k %u, C 0x%08x: golden 0x%08x (%s), oracle 0x%08x\n", n, k, (unsigned)c,
                   (unsigned)d, mma_status_name(st), (unsigned)want);
        }
        /* the set must reach the outcomes that matter: NaN, Inf, a zero, a finite non-zero */
        if ((want & 0x7FFFFFFFu) > 0x7F800000u) kinds |= 1;
        else if ((want & 0x7FFFFFFFu) == 0x7F800000u) kinds |= 2;
        else if ((want & 0x7FFFFFFFu) == 0) kinds |= 4;
        else kinds |= 8;
        p += 3 + 2 * nw;
    }
    printf("micro vectors: %u cases, %u failed%s\n", MICRO_VECTOR_CASES, failed,
           kinds == 15 ? "" : " (an outcome class is missing)");
    return failed || kinds != 15;
}
