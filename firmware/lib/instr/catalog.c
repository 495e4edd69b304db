/*
 * mmacore: the catalogue of valid dense, non-block-scaled instructions (mma_instr_catalog).
 *
 * Written out explicitly (not derived from the validator) so that the two can be checked against
 * each other. Order: mma (f16, bf16, tf32, f64, e4m3/e5m2, kind::f8f6f4, s8/u8, s4/u4, b1),
 * wmma (the forms of the conformance data), wgmma (every N per type).
 */
#include "instr_int.h"

typedef struct walker {
    size_t target;
    size_t count;
    mma_instr *out;
} walker;

static void emit(walker *w, const mma_instr *ins)
{
    if (w->count == w->target) {
        mmai_instr_copy(w->out, ins);
    }
    w->count++;
}

/* Fills *ins with a family's defaults and the given shape and types. */
static void base(mma_instr *ins, mma_family family, unsigned m, unsigned n, unsigned k, unsigned a, unsigned b,
                 unsigned c, unsigned d)
{
    mmai_instr_defaults(ins, family);
    ins->m = (uint8_t)m;
    ins->n = (uint16_t)n;
    ins->k = (uint16_t)k;
    ins->atype = (uint8_t)a;
    ins->btype = (uint8_t)b;
    ins->ctype = (uint8_t)c;
    ins->dtype = (uint8_t)d;
}

static const uint8_t F8[] = {MMA_FMT_E4M3, MMA_FMT_E5M2};
static const uint8_t F8F6F4[] = {MMA_FMT_E4M3, MMA_FMT_E5M2, MMA_FMT_E3M2, MMA_FMT_E2M3, MMA_FMT_E2M1};
static const uint8_t I8[] = {MMA_FMT_S8, MMA_FMT_U8};
static const uint8_t I4[] = {MMA_FMT_S4, MMA_FMT_U4};
static const uint8_t ACC16_32[] = {MMA_FMT_F16, MMA_FMT_F32};

#define COUNT_OF(x) (sizeof(x) / sizeof((x)[0]))

static void walk_mma(walker *w)
{
    /* .f16: m8n8k4 with any layouts and (d, c) in {(f16,f16), (f32,f16), (f32,f32)}. */
    static const uint8_t m884_dc[3][2] = {{MMA_FMT_F16, MMA_FMT_F16}, {MMA_FMT_F32, MMA_FMT_F16}, {MMA_FMT_F32, MMA_FMT_F32}};
    static const uint16_t f16_k[] = {8, 16};
    static const uint16_t tf32_k[] = {4, 8};
    static const uint16_t f64_shape[4][2] = {{8, 4}, {16, 4}, {16, 8}, {16, 16}};
    static const uint8_t f64_rnd[] = {MMA_RND_RNE, MMA_RND_RZ, MMA_RND_RD, MMA_RND_RU};
    static const uint16_t f8_k[] = {16, 32};
    static const uint16_t i8_shape[3][2] = {{8, 16}, {16, 16}, {16, 32}};
    static const uint16_t i4_shape[3][2] = {{8, 32}, {16, 32}, {16, 64}};
    static const uint16_t b1_shape[3][2] = {{8, 128}, {16, 128}, {16, 256}};
    mma_instr ins;

    for (unsigned al = 0; al < 2; al++) {
        for (unsigned bl = 0; bl < 2; bl++) {
            for (unsigned i = 0; i < 3; i++) {
                base(&ins, MMA_FAMILY_MMA, 8, 8, 4, MMA_FMT_F16, MMA_FMT_F16, m884_dc[i][1], m884_dc[i][0]);
                ins.alayout = (uint8_t)al;
                ins.blayout = (uint8_t)bl;
                emit(w, &ins);
            }
        }
    }
    for (unsigned s = 0; s < COUNT_OF(f16_k); s++) {
        for (unsigned d = 0; d < COUNT_OF(ACC16_32); d++) {
            base(&ins, MMA_FAMILY_MMA, 16, 8, f16_k[s], MMA_FMT_F16, MMA_FMT_F16, ACC16_32[d], ACC16_32[d]);
            emit(w, &ins);
        }
    }
    for (unsigned s = 0; s < COUNT_OF(f16_k); s++) {
        base(&ins, MMA_FAMILY_MMA, 16, 8, f16_k[s], MMA_FMT_BF16, MMA_FMT_BF16, MMA_FMT_F32, MMA_FMT_F32);
        emit(w, &ins);
    }
    for (unsigned s = 0; s < COUNT_OF(tf32_k); s++) {
        base(&ins, MMA_FAMILY_MMA, 16, 8, tf32_k[s], MMA_FMT_TF32, MMA_FMT_TF32, MMA_FMT_F32, MMA_FMT_F32);
        emit(w, &ins);
    }
    for (unsigned s = 0; s < 4; s++) {
        for (unsigned r = 0; r < COUNT_OF(f64_rnd); r++) {
            base(&ins, MMA_FAMILY_MMA, f64_shape[s][0], 8, f64_shape[s][1], MMA_FMT_F64, MMA_FMT_F64, MMA_FMT_F64,
                       MMA_FMT_F64);
            ins.f64_round = f64_rnd[r];
            emit(w, &ins);
        }
    }
    for (unsigned s = 0; s < COUNT_OF(f8_k); s++) {
        for (unsigned a = 0; a < COUNT_OF(F8); a++) {
            for (unsigned b = 0; b < COUNT_OF(F8); b++) {
                for (unsigned d = 0; d < COUNT_OF(ACC16_32); d++) {
                    base(&ins, MMA_FAMILY_MMA, 16, 8, f8_k[s], F8[a], F8[b], ACC16_32[d], ACC16_32[d]);
                    emit(w, &ins);
                }
            }
        }
    }
    for (unsigned a = 0; a < COUNT_OF(F8F6F4); a++) {
        for (unsigned b = 0; b < COUNT_OF(F8F6F4); b++) {
            for (unsigned d = 0; d < COUNT_OF(ACC16_32); d++) {
                base(&ins, MMA_FAMILY_MMA, 16, 8, 32, F8F6F4[a], F8F6F4[b], ACC16_32[d], ACC16_32[d]);
                ins.kind = MMA_KINDQ_F8F6F4;
                emit(w, &ins);
            }
        }
    }
    for (unsigned s = 0; s < 3; s++) {
        for (unsigned a = 0; a < 2; a++) {
            for (unsigned b = 0; b < 2; b++) {
                for (unsigned sat = 0; sat < 2; sat++) {
                    base(&ins, MMA_FAMILY_MMA, i8_shape[s][0], 8, i8_shape[s][1], I8[a], I8[b], MMA_FMT_S32, MMA_FMT_S32);
                    ins.satfinite = (uint8_t)sat;
                    emit(w, &ins);
                }
            }
        }
    }
    for (unsigned s = 0; s < 3; s++) {
        for (unsigned a = 0; a < 2; a++) {
            for (unsigned b = 0; b < 2; b++) {
                for (unsigned sat = 0; sat < 2; sat++) {
                    base(&ins, MMA_FAMILY_MMA, i4_shape[s][0], 8, i4_shape[s][1], I4[a], I4[b], MMA_FMT_S32, MMA_FMT_S32);
                    ins.satfinite = (uint8_t)sat;
                    emit(w, &ins);
                }
            }
        }
    }
    for (unsigned s = 0; s < 3; s++) {
        for (unsigned op = MMA_BITOP_XOR; op <= MMA_BITOP_AND; op++) {
            base(&ins, MMA_FAMILY_MMA, b1_shape[s][0], 8, b1_shape[s][1], MMA_FMT_B1, MMA_FMT_B1, MMA_FMT_S32, MMA_FMT_S32);
            ins.bitop = (uint8_t)op;
            emit(w, &ins);
        }
    }
}

/* wmma: the forms the conformance data was produced with (README of vectors/gpu). */
static void walk_wmma(walker *w)
{
    mma_instr ins;
    for (unsigned d = 0; d < COUNT_OF(ACC16_32); d++) {
        for (unsigned c = 0; c < COUNT_OF(ACC16_32); c++) {
            base(&ins, MMA_FAMILY_WMMA, 16, 16, 16, MMA_FMT_F16, MMA_FMT_F16, ACC16_32[c], ACC16_32[d]);
            emit(w, &ins);
        }
    }
    base(&ins, MMA_FAMILY_WMMA, 16, 16, 16, MMA_FMT_BF16, MMA_FMT_BF16, MMA_FMT_F32, MMA_FMT_F32);
    emit(w, &ins);
    base(&ins, MMA_FAMILY_WMMA, 16, 16, 8, MMA_FMT_TF32, MMA_FMT_TF32, MMA_FMT_F32, MMA_FMT_F32);
    emit(w, &ins);
}

static void walk_wgmma(walker *w)
{
    mma_instr ins;
    for (unsigned d = 0; d < COUNT_OF(ACC16_32); d++) {
        for (unsigned n = 8; n <= 256u; n += 8u) {
            base(&ins, MMA_FAMILY_WGMMA, 64, n, 16, MMA_FMT_F16, MMA_FMT_F16, ACC16_32[d], ACC16_32[d]);
            emit(w, &ins);
        }
    }
    for (unsigned n = 8; n <= 256u; n += 8u) {
        base(&ins, MMA_FAMILY_WGMMA, 64, n, 16, MMA_FMT_BF16, MMA_FMT_BF16, MMA_FMT_F32, MMA_FMT_F32);
        emit(w, &ins);
    }
    for (unsigned n = 8; n <= 256u; n += 8u) {
        base(&ins, MMA_FAMILY_WGMMA, 64, n, 8, MMA_FMT_TF32, MMA_FMT_TF32, MMA_FMT_F32, MMA_FMT_F32);
        emit(w, &ins);
    }
    for (unsigned a = 0; a < COUNT_OF(F8); a++) {
        for (unsigned b = 0; b < COUNT_OF(F8); b++) {
            for (unsigned d = 0; d < COUNT_OF(ACC16_32); d++) {
                for (unsigned n = 8; n <= 256u; n += 8u) {
                    base(&ins, MMA_FAMILY_WGMMA, 64, n, 32, F8[a], F8[b], ACC16_32[d], ACC16_32[d]);
                    emit(w, &ins);
                }
            }
        }
    }
    for (unsigned a = 0; a < COUNT_OF(I8); a++) {
        for (unsigned b = 0; b < COUNT_OF(I8); b++) {
            for (unsigned sat = 0; sat < 2; sat++) {
                for (unsigned n = 8; n <= 256u; n += 8u) {
                    if (mmai_wgmma_int_n_ok(n)) {
                        base(&ins, MMA_FAMILY_WGMMA, 64, n, 32, I8[a], I8[b], MMA_FMT_S32, MMA_FMT_S32);
                        ins.satfinite = (uint8_t)sat;
                        emit(w, &ins);
                    }
                }
            }
        }
    }
    for (unsigned n = 8; n <= 256u; n += 8u) {
        if (mmai_wgmma_int_n_ok(n)) {
            base(&ins, MMA_FAMILY_WGMMA, 64, n, 256, MMA_FMT_B1, MMA_FMT_B1, MMA_FMT_S32, MMA_FMT_S32);
            ins.bitop = MMA_BITOP_AND;
            emit(w, &ins);
        }
    }
}

mma_status mma_instr_catalog(size_t index, mma_instr *out)
{
    walker w;
    mma_instr dummy;
    if (out == NULL) {
        return MMA_ERR_NULL;
    }
    w.target = index;
    w.count = 0;
    w.out = &dummy;
    walk_mma(&w);
    walk_wmma(&w);
    walk_wgmma(&w);
    if (index >= w.count) {
        return MMA_ERR_BUFFER;
    }
    mmai_instr_copy(out, &dummy);
    return MMA_OK;
}
