/*
 * Regression F5 (found by clang-tidy's analyzer, not reachable by the fuzzers' small sizes): the
 * NULL checks of the matrix-level functions test "rows * k != 0", a product that wraps to 0 for
 * huge sizes (2^32 x 2^32 on a 64-bit host, 2^16 x 2^16 on rv32), so a NULL array passes the check
 * and is then dereferenced. A NULL required array must give MMA_ERR_NULL (or the sizes
 * MMA_ERR_BUFFER) before anything is read, whatever the sizes.
 */
#include <stdio.h>
#include <string.h>

#include "mma/mmacore.h"
#include "mma/sparse.h"

static int failures;

static void check(const char *what, mma_status st)
{
    const int ok = st == MMA_ERR_NULL || st == MMA_ERR_BUFFER;
    printf("%s %s: %s\n", ok ? "ok  " : "FAIL", what, mma_status_name(st));
    failures += !ok;
    fflush(stdout);
}

int main(void)
{
    const char *sp = "mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
    const char *dn = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
    const size_t big = (size_t)1 << (sizeof(size_t) * 4u); /* big * big == 0 */
    mma_instr ins, dense;
    mma_sparse_layout l;
    mma_profile prof;
    uint64_t one[8] = {0};
    uint8_t meta[8] = {4, 4, 4, 4, 4, 4, 4, 4};
    if (mma_instr_parse(sp, strlen(sp), &ins, NULL) != MMA_OK || mma_sparse_layout_of(&ins, &l) != MMA_OK ||
        mma_instr_parse(dn, strlen(dn), &dense, NULL) != MMA_OK ||
        mma_instr_profile(MMA_PRESET_HOPPER, &dense, &prof) != MMA_OK) {
        printf("FAIL: setup\n");
        return 1;
    }
    check("mma_sparse_meta_validate(rows = k = 2^(w/2), meta NULL)", mma_sparse_meta_validate(&l, big, big, NULL, NULL));
    check("mma_sparse_compress(rows = k = 2^(w/2), packed NULL)",
          mma_sparse_compress(&l, big, big, one, NULL, meta, NULL));
    check("mma_sparse_decompress(rows = k = 2^(w/2), dense NULL)",
          mma_sparse_decompress(&l, big, big, one, meta, NULL, NULL));
    {
        mma_gemm_desc g = {&dense, &prof, big, big, 16, one, 16, one, big, NULL, big, one, big, NULL, 0, NULL, 0, NULL, 0};
        check("mma_gemm(m = n = 2^(w/2), c NULL)", mma_gemm(&g));
    }
    return failures ? 1 : 0;
}
