/* Size configuration "GEMM": mma_gemm from a PTX instruction string (parser, validator, row
 * engine with sparse and block-scaled forms), as the gemm/swbench firmware uses it. */
#include "board.h"
#include "mma/instr.h"
#include "mma/mma.h"

static uint64_t a[16 * 32], b[32 * 8], c[16 * 8], d[16 * 8];

int main(void)
{
    static const char text[] = "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32";
    mma_instr ins;
    mma_profile prof;
    board_uart_init();
    if (mma_instr_parse(text, sizeof text - 1u, &ins, NULL) != MMA_OK ||
        mma_instr_profile(MMA_PRESET_BLACKWELL, &ins, &prof) != MMA_OK) {
        return 1;
    }
    mma_gemm_desc g = {0};
    g.ins = &ins;
    g.prof = &prof;
    g.m = 16;
    g.n = 8;
    g.k = 32;
    g.a = a;
    g.lda = 32;
    g.b = b;
    g.ldb = 8;
    g.c = c;
    g.ldc = 8;
    g.d = d;
    g.ldd = 8;
    board_printf("%u\n", (unsigned)mma_gemm(&g));
    return 0;
}
