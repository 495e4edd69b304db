/*
 * test_operand_swap: operand order never changes D (issue 12, defect 1).
 *
 * D = A B + C, so D^T = B^T A^T + C^T: the instruction with the A and B types exchanged, fed with
 * A' = B^T and B' = A^T (and C' = C^T, scale_A' = scale_B^T, scale_B' = scale_A^T), must give
 * D' = D^T bit for bit, for every preset that models it: the datapath belongs to the instruction,
 * never to which operand is A. The shapes stay the instruction's (m16n8 has no m8n16): the first
 * S = min(M, N) rows of A' are the first S columns of B, the first S columns of B' the first S rows
 * of A, and the S x S corner of D' is compared with the transposed corner of D.
 *
 * Covered: every dense catalogue instruction (mma.sync f16/bf16/tf32/f64/FP8/kind::f8f6f4 with all
 * 25 type pairs, integer and b1; wmma; wgmma with N <= 24) and every block-scaled form
 * (kind::mxf8f6f4 with all 25 pairs, mxf4, mxf4nvf4 2X/4X, ue8m0/ue4m3), with f32 and f16 outputs,
 * under every preset (mma_instr_profile), plus each block-FMA preset with zero_product_term = 1.
 * Sparse forms are not swappable (only A is compressed). Both orders must also resolve to the same
 * profile (or fail the same way). Expected values are the library's own D: this is a property test.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mma/block_scale.h"
#include "mma/mmacore.h"

static long g_checks, g_failures;

#define CHECK(cond, ...)                                                                 \
    do {                                                                                 \
        ++g_checks;                                                                      \
        if (!(cond)) {                                                                   \
            if (++g_failures <= 30) {                                                    \
                printf("FAIL %s:%d: ", __FILE__, __LINE__);                              \
                printf(__VA_ARGS__);                                                     \
                printf("\n");                                                            \
            }                                                                            \
        }                                                                                \
    } while (0)

/* xorshift64* */
static uint64_t g_rng = 0xC0FFEE1234567ull;
static uint64_t rnd(void)
{
    g_rng ^= g_rng >> 12;
    g_rng ^= g_rng << 25;
    g_rng ^= g_rng >> 27;
    return g_rng * 0x2545F4914F6CDD1Dull;
}
static unsigned rndn(unsigned n) { return (unsigned)(rnd() % n); }

/* A random element code: zeros, Inf/NaN and narrow exponent ranges appear often enough to matter. */
static uint64_t rand_code(mma_format f, int style)
{
    const mma_format_info *info = mma_format_get(f);
    const unsigned bits = info->storage_bits;
    const uint64_t mask = bits >= 64 ? ~0ull : ((1ull << bits) - 1u);
    if (info->kind != MMA_KIND_FLOAT) {
        return rnd() & mask;
    }
    const uint64_t sign = info->has_sign ? (uint64_t)rndn(2) << (bits - 1u) : 0u;
    const unsigned r = rndn(16);
    if (r < (style == 1 ? 8u : 2u)) {
        return sign; /* +-0 */
    }
    if (style == 2 && r < 4) {
        return rnd() & mask; /* any pattern, NaN and Inf included */
    }
    if (style == 0 && info->exp_bits > 3) {
        /* exponents near the middle: carries, cancellation and ties instead of pure alignment loss */
        const unsigned e = (unsigned)info->bias + rndn(9) - 4u;
        const uint64_t frac = rnd() & (((uint64_t)1 << info->frac_bits) - 1u);
        return sign | ((uint64_t)e << (info->frac_bits + info->frac_shift)) | (frac << info->frac_shift);
    }
    for (;;) {
        const uint64_t c = rnd() & mask;
        mma_value v;
        if (mma_decode(f, c, &v) == MMA_OK && v.cls != MMA_CLASS_NAN && v.cls != MMA_CLASS_INF) {
            return c;
        }
    }
}

static uint64_t rand_scale(mma_format st)
{
    if (st == MMA_FMT_UE8M0) {
        return rndn(20) == 0 ? 0xFFu : 127u + rndn(21) - 10u;
    }
    return rndn(20) == 0 ? 0x7Fu : rndn(0x7F); /* ue4m3: zero, subnormals, normals, sometimes NaN */
}

#define MAXM 64
#define MAXN 256
#define MAXK 256
static uint64_t A[MAXM * MAXK], B[MAXK * MAXN], C[MAXM * MAXN], D[MAXM * MAXN];
static uint64_t A2[MAXM * MAXK], B2[MAXK * MAXN], C2[MAXM * MAXN], D2[MAXM * MAXN];
static uint64_t SA[MAXM * 4], SB[4 * MAXN], SA2[MAXM * 4], SB2[4 * MAXN];
static long g_runs, g_outputs;

/* One random case of ins (and its swap sw) under the profiles p (for ins) and q (for sw). */
static void run_pair(const mma_instr *ins, const mma_instr *sw, const mma_profile *p, const mma_profile *q,
                     const char *label, int style)
{
    const size_t M = ins->m, N = ins->n, K = ins->k, S = M < N ? M : N;
    mma_scale_shape shape = {1, 0, 1};
    if (ins->block_scale) {
        (void)mma_block_scale_shape(ins, &shape);
    }
    const size_t vec = ins->block_scale ? shape.vec : 0;
    const mma_format at = (mma_format)ins->atype, bt = (mma_format)ins->btype, ct = (mma_format)ins->ctype;
    for (size_t i = 0; i < M * K; ++i) {
        A[i] = rand_code(at, style);
        A2[i] = rand_code(bt, style); /* rows >= S of A' */
    }
    for (size_t i = 0; i < K * N; ++i) {
        B[i] = rand_code(bt, style);
        B2[i] = rand_code(at, style); /* columns >= S of B' */
    }
    for (size_t i = 0; i < M * N; ++i) {
        C[i] = rand_code(ct, style == 1 ? 1 : 0);
        C2[i] = rand_code(ct, 0);
    }
    for (size_t i = 0; i < M * vec; ++i) {
        SA[i] = rand_scale((mma_format)shape.stype);
        SA2[i] = rand_scale((mma_format)shape.stype);
    }
    for (size_t i = 0; i < vec * N; ++i) {
        SB[i] = rand_scale((mma_format)shape.stype);
        SB2[i] = rand_scale((mma_format)shape.stype);
    }
    /* the swapped operands: A' = B^T, B' = A^T, C' = C^T (on the S x S corner) */
    for (size_t r = 0; r < S; ++r) {
        for (size_t k = 0; k < K; ++k) {
            A2[r * K + k] = B[k * N + r];
            B2[k * N + r] = A[r * K + k];
        }
        for (size_t c = 0; c < S; ++c) {
            C2[r * N + c] = C[c * N + r];
        }
        for (size_t s = 0; s < vec; ++s) {
            SA2[r * vec + s] = SB[s * N + r];
            SB2[s * N + r] = SA[r * vec + s];
        }
    }
    const mma_operands o1 = {A, B, C, D, NULL, vec ? SA : NULL, vec ? SB : NULL};
    const mma_operands o2 = {A2, B2, C2, D2, NULL, vec ? SA2 : NULL, vec ? SB2 : NULL};
    char text[200];
    (void)mma_instr_format(ins, text, sizeof text);
    const mma_status s1 = mma_run(ins, p, &o1);
    const mma_status s2 = mma_run(sw, q, &o2);
    ++g_runs;
    CHECK(s1 == MMA_OK && s2 == MMA_OK, "%s [%s]: status %s / %s", text, label, mma_status_name(s1),
          mma_status_name(s2));
    if (s1 != MMA_OK || s2 != MMA_OK) {
        return;
    }
    for (size_t r = 0; r < S; ++r) {
        for (size_t c = 0; c < S; ++c) {
            ++g_outputs;
            CHECK(D[r * N + c] == D2[c * N + r], "%s [%s] D[%zu][%zu] = 0x%llx, swapped operands give 0x%llx", text,
                  label, r, c, (unsigned long long)D[r * N + c], (unsigned long long)D2[c * N + r]);
        }
    }
}

/* Every preset (and its zero_product_term variant) on one instruction and its swap. */
static void check_instr(const mma_instr *ins)
{
    mma_instr sw = *ins;
    sw.atype = ins->btype;
    sw.btype = ins->atype;
    char text[200];
    (void)mma_instr_format(ins, text, sizeof text);
    CHECK(mma_instr_validate(&sw, NULL) == MMA_OK, "%s: the swapped instruction is not valid", text);
    for (unsigned pr = 0; pr < (unsigned)MMA_PRESET_COUNT; ++pr) {
        mma_profile p, q;
        memset(&p, 0, sizeof p);
        memset(&q, 0, sizeof q);
        const mma_status s1 = mma_instr_profile((mma_preset)pr, ins, &p);
        const mma_status s2 = mma_instr_profile((mma_preset)pr, &sw, &q);
        CHECK(s1 == s2, "%s preset %s: %s, swapped %s", text, mma_preset_name((mma_preset)pr), mma_status_name(s1),
              mma_status_name(s2));
        if (s1 != MMA_OK || s2 != MMA_OK) {
            continue;
        }
        CHECK(mma_profile_same(&p, &q), "%s preset %s: the two operand orders resolve different profiles", text,
              mma_preset_name((mma_preset)pr));
        const int reps = ins->m * ins->n > 256 ? 1 : 2;
        for (int style = 0; style < 3; ++style) {
            for (int rep = 0; rep < reps; ++rep) {
                run_pair(ins, &sw, &p, &q, mma_preset_name((mma_preset)pr), style);
            }
        }
        if (p.algo == MMA_ACC_BLOCK_FMA && !mma_instr_is_integer(ins)) {
            p.zero_product_term = q.zero_product_term = 1;
            run_pair(ins, &sw, &p, &q, "zero_product_term", 1);
            run_pair(ins, &sw, &p, &q, "zero_product_term", 0);
            if (ins->block_scale && ins->kind != MMA_KINDQ_MXF8F6F4) {
                p.zero_product_term = q.zero_product_term = 0;
                p.group_align = q.group_align = (uint8_t)(1u - p.group_align);
                run_pair(ins, &sw, &p, &q, "other group_align", 1);
                run_pair(ins, &sw, &p, &q, "other group_align", 2);
            }
        }
    }
}

static const char *const mx_types[5] = {"e4m3", "e5m2", "e3m2", "e2m3", "e2m1"};

int main(void)
{
    long ninstr = 0;
    mma_instr ins;
    for (size_t i = 0; mma_instr_catalog(i, &ins) == MMA_OK; ++i) {
        if (ins.family == MMA_FAMILY_WGMMA && ins.n > 24) {
            continue; /* every N is the same datapath; the small ones keep the run short */
        }
        check_instr(&ins);
        ++ninstr;
    }
    char text[200];
    for (int x = 0; x < 5; ++x) {
        for (int y = 0; y < 5; ++y) {
            snprintf(text, sizeof text, "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.%s.%s.f32.ue8m0",
                     mx_types[x], mx_types[y]);
            mma_diag diag;
            CHECK(mma_instr_parse(text, strlen(text), &ins, &diag) == MMA_OK, "parse %s", text);
            check_instr(&ins);
            ++ninstr;
        }
    }
    static const char *const fp4[] = {
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0",
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue8m0",
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
    };
    for (size_t i = 0; i < sizeof fp4 / sizeof fp4[0]; ++i) {
        mma_diag diag;
        CHECK(mma_instr_parse(fp4[i], strlen(fp4[i]), &ins, &diag) == MMA_OK, "parse %s", fp4[i]);
        check_instr(&ins);
        ++ninstr;
    }
    printf("operand swap: %ld instructions, %ld runs, %ld outputs compared, %ld checks, %ld failures\n", ninstr,
           g_runs, g_outputs, g_checks, g_failures);
    return g_failures ? 1 : 0;
}
