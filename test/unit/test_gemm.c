/* mma_gemm (with its fast block-FMA path) equals a chain of per-element mma_dot calls, bit for bit. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mma/mmacore.h"

#define MAXD 80

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Random code of a format: mostly ordinary values, some zeros, subnormals and specials. */
static uint64_t random_code(mma_format f, int specials)
{
    const mma_format_info *info = mma_format_get(f);
    uint64_t mask = info->storage_bits >= 64 ? ~0ull : ((1ull << info->storage_bits) - 1u);
    uint64_t c = rnd() & mask;
    if (f == MMA_FMT_TF32) {
        c &= ~0x1FFFull | (rnd() & 1 ? 0x1FFFull : 0); /* low bits are ignored: exercise both */
    }
    int r = (int)(rnd() % 16);
    if (r == 0) {
        return 0;
    }
    if (!specials) {
        mma_value v;
        mma_decode(f, c, &v);
        while (v.cls == MMA_CLASS_NAN || v.cls == MMA_CLASS_INF) {
            c = rnd() & mask;
            mma_decode(f, c, &v);
        }
    }
    return c;
}

/* Independent integer reference: exact sum of one chunk, then .satfinite clamp or wrap to s32. */
static int64_t int_of(mma_format f, uint64_t code)
{
    const mma_format_info *info = mma_format_get(f);
    if (info->kind == MMA_KIND_SIGNED_INT && (code >> (info->storage_bits - 1)) & 1u) {
        return (int64_t)code - ((int64_t)1 << info->storage_bits);
    }
    return (int64_t)code;
}

static uint64_t int_chunk(const mma_instr *ins, const uint64_t *a, const uint64_t *b, uint64_t c)
{
    int64_t sum = (int32_t)(uint32_t)c;
    for (size_t t = 0; t < ins->k; ++t) {
        sum += int_of((mma_format)ins->atype, a[t]) * int_of((mma_format)ins->btype, b[t]);
    }
    if (ins->satfinite) {
        sum = sum > INT32_MAX ? INT32_MAX : (sum < INT32_MIN ? INT32_MIN : sum);
    }
    return (uint32_t)(uint64_t)sum;
}

static uint64_t A[MAXD * MAXD], B[MAXD * MAXD], C[MAXD * MAXD], D[MAXD * MAXD];

static int check(mma_preset preset, const char *text, size_t m, size_t n, size_t k, int specials)
{
    mma_instr ins;
    mma_diag diag;
    mma_profile prof;
    if (mma_instr_parse(text, strlen(text), &ins, &diag) != MMA_OK) {
        printf("FAIL parse %s: %s\n", text, diag.reason);
        return 1;
    }
    if (mma_instr_profile(preset, &ins, &prof) != MMA_OK) {
        return 0; /* this GPU has no such datapath */
    }
    for (size_t i = 0; i < m * k; ++i) A[i] = random_code((mma_format)ins.atype, specials);
    for (size_t i = 0; i < k * n; ++i) B[i] = random_code((mma_format)ins.btype, specials);
    for (size_t i = 0; i < m * n; ++i) C[i] = random_code((mma_format)ins.ctype, specials);
    mma_gemm_desc g = {&ins, &prof, m, n, k, A, k, B, n, C, n, D, n, NULL, 0, NULL, 0, NULL, 0};
    mma_status st = mma_gemm(&g);
    if (st != MMA_OK) {
        printf("FAIL gemm %s: %s\n", text, mma_status_message(st));
        return 1;
    }
    int fails = 0;
    uint64_t arow[256], bcol[256];
    for (size_t i = 0; i < m; ++i) {
        for (size_t j = 0; j < n; ++j) {
            uint64_t acc = C[i * n + j];
            mma_format ct = (mma_format)ins.ctype;
            size_t k0 = 0;
            do {
                for (size_t t = 0; t < ins.k; ++t) {
                    arow[t] = k0 + t < k ? A[i * k + k0 + t] : 0;
                    bcol[t] = k0 + t < k ? B[(k0 + t) * n + j] : 0;
                }
                if (!mma_format_is_float((mma_format)ins.atype)) {
                    acc = int_chunk(&ins, arow, bcol, acc);
                    k0 += ins.k;
                    continue;
                }
                st = mma_dot(&prof, (mma_format)ins.atype, arow, 1, (mma_format)ins.btype, bcol, 1, ins.k, ct, acc,
                             (mma_format)ins.dtype, &acc);
                if (st != MMA_OK) {
                    printf("FAIL dot %s\n", mma_status_message(st));
                    return 1;
                }
                ct = (mma_format)ins.dtype;
                k0 += ins.k;
            } while (k0 < k);
            if (acc != D[i * n + j]) {
                if (fails++ < 3) {
                    printf("FAIL %s %s (%zu,%zu): gemm %llx dot %llx\n", mma_preset_name(preset), text, i, j,
                           (unsigned long long)D[i * n + j], (unsigned long long)acc);
                }
            }
        }
    }
    return fails != 0;
}

int main(void)
{
    static const char *const instrs[] = {
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
        "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
        "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32",
        "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32",
        "mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16",
        "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e3m2.f32",
        "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3",
        "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32",
        "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64",
    };
    static const size_t sizes[][3] = {{16, 8, 16}, {5, 13, 37}, {33, 17, 64}, {1, 1, 1}, {3, 9, 0}};
    int failures = 0, runs = 0;
    for (unsigned p = 0; p < MMA_PRESET_COUNT; ++p) {
        for (size_t t = 0; t < sizeof instrs / sizeof instrs[0]; ++t) {
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
                for (int specials = 0; specials < 2; ++specials) {
                    failures += check((mma_preset)p, instrs[t], sizes[s][0], sizes[s][1], sizes[s][2], specials);
                    ++runs;
                }
            }
        }
    }
    printf("%d passed, %d failed\n", runs - failures, failures);
    return failures != 0;
}
