/* The golden model on one output tile of the gemm job: the tile's rows of A, columns of B, C and
 * block scales read back from the operands in RAM (the accelerator's layout) into one code per
 * element, mma_gemm with the mode's instruction under the configuration's preset, and the tile of
 * D compared bit for bit with what the accelerator wrote. */
#include "gemm.h"

#include "accel_check.h"
#include "app.h"
#include "mma/mma.h"

enum { T = GEMM_TILE, NBLK_MAX = GEMM_K / 16u };

/* The tile's operands as the golden model takes them, one code per element (9.5 KiB). They live on
 * the stack, not in .bss: the image must end below 128 KiB, where soc_dma_with_cpu's DMA bursts
 * start (0x80020000..0x8002FFFF); the stack is at the top of the RAM, above that window, and the
 * app links with a 32 KiB stack (CMakeLists.txt) so the linker checks the room. */
typedef struct golden_tile {
    uint64_t a[T * GEMM_K], b[GEMM_K * T], c[T * T], d[T * T];
    uint64_t sa[T * NBLK_MAX], sb[NBLK_MAX * T];
} golden_tile;

bool gemm_sample_tile(const mma_hw_config *cfg, const mma_hw_mode *md, unsigned i0, unsigned j0, bool compare,
                      gemm_sample *s)
{
    s->status = MMA_ERR_SHAPE;
    s->ticks = 0u;
    s->mismatches = 0u;
    s->crc = 0u;
    golden_tile gt;
    uint64_t *const g_a = gt.a, *const g_b = gt.b, *const g_c = gt.c, *const g_d = gt.d, *const g_sa = gt.sa,
                   *const g_sb = gt.sb;
    mma_instr ins;
    mma_profile prof;
    if (i0 + T > GEMM_M || j0 + T > GEMM_N || md->block_k == 0u) {
        return false;
    }
    if (mma_accel_mode_model(cfg, md, &ins, &prof) != MMA_OK) {
        s->status = MMA_ERR_PROFILE;
        return false;
    }
    const unsigned nblk = (GEMM_K + md->block_k - 1u) / md->block_k;
    for (unsigned i = 0; i < T; ++i) {
        const uint8_t *a = gemm_op_a_row(i0 + i);
        for (unsigned k = 0; k < GEMM_K; ++k) {
            g_a[i * GEMM_K + k] = a[k];
        }
        for (unsigned j = 0; j < T; ++j) {
            g_c[i * T + j] = gemm_op_c(i0 + i, j0 + j);
        }
        for (unsigned b = 0; b < nblk; ++b) {
            g_sa[i * nblk + b] = gemm_op_sa(i0 + i, b);
        }
    }
    for (unsigned j = 0; j < T; ++j) {
        const uint8_t *bt = gemm_op_bt_row(j0 + j);
        for (unsigned k = 0; k < GEMM_K; ++k) {
            g_b[k * T + j] = bt[k];
        }
        for (unsigned b = 0; b < nblk; ++b) {
            g_sb[b * T + j] = gemm_op_sbt(j0 + j, b);
        }
    }
    mma_gemm_desc g = app_gemm_desc(&ins, &prof, T, T, GEMM_K, g_a, g_b, g_c, g_d);
    g.scale_a = g_sa;
    g.ldsa = nblk;
    g.scale_b = g_sb;
    g.ldsb = T;
    const uint64_t t0 = board_ticks();
    s->status = mma_gemm(&g);
    s->ticks = board_ticks() - t0;
    s->crc = app_crc32(0u, g_d, T * T);
    if (s->status != MMA_OK) {
        return false;
    }
    if (compare) {
        for (unsigned i = 0; i < T; ++i) {
            for (unsigned j = 0; j < T; ++j) {
                const uint32_t got = gemm_op_d(i0 + i, j0 + j), want = (uint32_t)g_d[i * T + j];
                if (got != want) {
                    if (s->mismatches < 4u) {
                        board_printf("    D[%u][%u]: accelerator 0x%08x, golden model 0x%08x\n", i0 + i, j0 + j,
                                     (unsigned)got, (unsigned)want);
                    }
                    s->mismatches++;
                }
            }
        }
    }
    return s->mismatches == 0u;
}
