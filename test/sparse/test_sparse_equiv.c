/*
 * Property (the project's definition of mma.sp): sparse MMA == dense MMA of the decompressed A with
 * the same profile and dense K, for every sparse instruction x every preset that accepts it. The
 * decompression here follows the seed text (t_expand_chunk), not the library; integer references are
 * exact sums computed here. Which presets accept which instruction is written out from the PTX target
 * notes. (Block-scaled sparse forms are checked against MPFR references in test_block_scale.c.)
 */
#include "sparse_test.h"

/* PTX target notes: mma.sp needs sm_80+; e4m3/e5m2 sm_89+; .kind::f8f6f4 and .block_scale sm_120a. */
static int expect_accept(mma_preset p, const mma_instr *ins)
{
    const unsigned a = ins->atype;
    const int nv_sm80 = p == MMA_PRESET_AMPERE || p == MMA_PRESET_ADA || p == MMA_PRESET_HOPPER ||
                        p == MMA_PRESET_BLACKWELL || p == MMA_PRESET_RTX_BLACKWELL;
    const int reference = p == MMA_PRESET_EXACT || p == MMA_PRESET_SEQ_FMA;
    if (a == MMA_FMT_S8 || a == MMA_FMT_U8 || a == MMA_FMT_S4 || a == MMA_FMT_U4) {
        return 1; /* integer sums are exact everywhere; the profile is not consulted */
    }
    if (ins->block_scale || ins->kind == MMA_KINDQ_F8F6F4) {
        return p == MMA_PRESET_RTX_BLACKWELL || reference;
    }
    if (a == MMA_FMT_E4M3 || a == MMA_FMT_E5M2) {
        return (nv_sm80 && p != MMA_PRESET_AMPERE) || reference || p == MMA_PRESET_ARM_FP8;
    }
    return nv_sm80 || reference; /* f16, bf16, tf32 */
}

/* A random code: finite unless specials; half of the floats in a narrow exponent band (cancellation). */
static uint64_t rand_code(mma_format fmt, int specials)
{
    const mma_format_info *fi = mma_format_get(fmt);
    const unsigned bits = fi->storage_bits;
    const uint64_t mask = bits >= 64 ? ~0ull : ((1ull << bits) - 1);
    for (;;) {
        uint64_t c = rnd() & mask;
        if (fi->kind != MMA_KIND_FLOAT) {
            return c;
        }
        if (rndn(2) == 0 && fi->exp_bits >= 3) {
            const unsigned shift = fi->frac_shift + fi->frac_bits;
            const uint64_t emask = ((1ull << fi->exp_bits) - 1) << shift;
            const uint64_t e = (uint64_t)(fi->bias + (int)rndn(7) - 3);
            c = (c & ~emask) | (e << shift);
        }
        mma_value v;
        mma_decode(fmt, c, &v);
        if ((v.cls != MMA_CLASS_NAN && v.cls != MMA_CLASS_INF) || (specials && rndn(4) == 0)) {
            return c;
        }
    }
}

static int64_t int_val(mma_format f, uint64_t c)
{
    const unsigned bits = mma_format_get(f)->storage_bits;
    if ((f == MMA_FMT_S8 || f == MMA_FMT_S4 || f == MMA_FMT_S32) && (c >> (bits - 1)) & 1) {
        return (int64_t)c - ((int64_t)1 << bits);
    }
    return (int64_t)c;
}

static uint64_t int_ref(const mma_instr *ins, const uint64_t *arow, const uint64_t *b, size_t j, uint64_t c)
{
    int64_t s = int_val(MMA_FMT_S32, c);
    for (size_t t = 0; t < ins->k; ++t) {
        s += int_val((mma_format)ins->atype, arow[t]) * int_val((mma_format)ins->btype, b[t * ins->n + j]);
    }
    if (ins->satfinite) {
        s = s > INT32_MAX ? INT32_MAX : (s < INT32_MIN ? INT32_MIN : s);
    }
    return (uint64_t)(uint32_t)s;
}

int main(void)
{
    static uint64_t a[16 * 64], b[128 * 8], c[16 * 8], d[16 * 8], arow[128];
    static uint8_t meta[16 * 32];
    long compared = 0, combos = 0;
    for (size_t f = 0; f < T_NSPARSE; ++f) {
        const mma_instr ins = t_parse(t_sparse_forms[f]);
        const unsigned chunk = t_chunk(&ins), chunks = ins.k / chunk, kept = chunk / 2, k = ins.k, n = ins.n;
        const int integer = mma_format_get((mma_format)ins.atype)->kind != MMA_KIND_FLOAT;
        for (unsigned p = 0; p < MMA_PRESET_COUNT; ++p) {
            mma_profile prof;
            const mma_status pst = mma_instr_profile((mma_preset)p, &ins, &prof);
            CHECK((pst == MMA_OK) == expect_accept((mma_preset)p, &ins), "%s preset %s -> %s", t_sparse_forms[f],
                  mma_preset_name((mma_preset)p), mma_status_name(pst));
            if (pst != MMA_OK) {
                CHECK(pst == MMA_ERR_PROFILE, "%s preset %s -> %s", t_sparse_forms[f], mma_preset_name((mma_preset)p),
                      mma_status_name(pst));
                continue;
            }
            if (ins.block_scale) {
                continue;
            }
            ++combos;
            for (int rep = 0; rep < 12; ++rep) {
                const int specials = rep % 4 == 3;
                for (unsigned i = 0; i < 16 * k / 2; ++i) {
                    a[i] = rndn(6) == 0 ? 0 : rand_code((mma_format)ins.atype, specials);
                }
                for (unsigned i = 0; i < 16 * chunks; ++i) {
                    meta[i] = t_rand_meta(&ins);
                }
                for (unsigned i = 0; i < k * n; ++i) {
                    b[i] = rand_code((mma_format)ins.btype, specials);
                }
                for (unsigned i = 0; i < 16 * n; ++i) {
                    c[i] = rndn(8) == 0 ? 0 : rand_code((mma_format)ins.ctype, specials);
                }
                mma_operands ops = {a, b, c, d, meta, NULL, NULL};
                const mma_status st = mma_run(&ins, &prof, &ops);
                CHECK(st == MMA_OK, "%s %s run -> %s", t_sparse_forms[f], mma_preset_name((mma_preset)p),
                      mma_status_name(st));
                if (st != MMA_OK) {
                    continue;
                }
                for (unsigned r = 0; r < 16; ++r) {
                    for (unsigned ch = 0; ch < chunks; ++ch) {
                        t_expand_chunk(chunk, meta[r * chunks + ch], &a[r * (k / 2) + ch * kept], &arow[ch * chunk]);
                    }
                    for (unsigned j = 0; j < n; ++j) {
                        uint64_t want;
                        if (integer) {
                            want = int_ref(&ins, arow, b, j, c[r * n + j]);
                        } else {
                            const mma_status ds =
                                mma_dot(&prof, (mma_format)ins.atype, arow, 1, (mma_format)ins.btype, &b[j], n, k,
                                        (mma_format)ins.ctype, c[r * n + j], (mma_format)ins.dtype, &want);
                            CHECK(ds == MMA_OK, "dense dot %s", mma_status_name(ds));
                        }
                        ++compared;
                        CHECK(d[r * n + j] == want, "%s %s D[%u][%u] = 0x%llx, dense of decompressed 0x%llx",
                              t_sparse_forms[f], mma_preset_name((mma_preset)p), r, j, (unsigned long long)d[r * n + j],
                              (unsigned long long)want);
                    }
                }
            }
        }
        /* A float sparse instruction needs a profile. */
        if (!integer && !ins.block_scale) {
            mma_operands ops = {a, b, c, d, meta, NULL, NULL};
            for (unsigned i = 0; i < 16 * chunks; ++i) {
                meta[i] = t_rand_meta(&ins);
            }
            CHECK(mma_run(&ins, NULL, &ops) == MMA_ERR_NULL, "%s NULL profile", t_sparse_forms[f]);
        }
    }
    printf("sparse_equiv: %ld instruction x preset combinations, %ld outputs compared\n", combos, compared);
    return t_finish("sparse_equiv");
}
