/*
 * Decode tables of the float formats of at most 8 bits (e5m2, e4m3, e3m2, e2m3, e2m1): one entry per
 * code, for the GEMM fast path (build option MMA_FAST_TABLES). The entries are constant expressions of
 * the code and the format's fields (the same rules as mmai_decode_info: NaN/Inf styles, subnormals
 * pinned at e_min); the unit test unit_gemm_fast compares every entry with mma_decode. The same
 * codes as the GEMM narrow path's words (mmai_narrow8_table), from the same expressions.
 */
#include "format_int.h"

#if MMA_FAST_TABLES

/* Fields of code c of a format with eb exponent bits, p fraction bits. */
#define D8_FR(c, p) ((c) & ((1 << (p)) - 1))
#define D8_EF(c, eb, p) (((c) >> (p)) & ((1 << (eb)) - 1))
#define D8_SIGN(c, eb, p) (((c) >> ((p) + (eb))) & 1)
#define D8_TOP(c, eb, p) (D8_EF(c, eb, p) == (1 << (eb)) - 1)
#define D8_NAN(c, eb, p, ns)                                                                                       \
    (D8_TOP(c, eb, p) && (((ns) == MMA_NAN_IEEE && D8_FR(c, p) != 0) ||                                            \
                          ((ns) == MMA_NAN_ALL_ONES && D8_FR(c, p) == (1 << (p)) - 1)))
#define D8_INF(c, eb, p, inf) ((inf) && D8_TOP(c, eb, p) && D8_FR(c, p) == 0)
#define D8_CLS(c, eb, p, ns, inf)                                                                                  \
    (D8_NAN(c, eb, p, ns)                                                                                          \
         ? MMA_CLASS_NAN                                                                                           \
         : (D8_INF(c, eb, p, inf) ? MMA_CLASS_INF                                                                  \
                                  : ((D8_EF(c, eb, p) == 0 && D8_FR(c, p) == 0) ? MMA_CLASS_ZERO : MMA_CLASS_FINITE)))
#define D8_FIN(c, eb, p, ns, inf) (D8_CLS(c, eb, p, ns, inf) == MMA_CLASS_FINITE)
#define D8_SIG(c, eb, p, ns, inf)                                                                                  \
    (D8_FIN(c, eb, p, ns, inf) ? (D8_EF(c, eb, p) == 0 ? D8_FR(c, p) : ((1 << (p)) | D8_FR(c, p))) : 0)
#define D8_LSB(c, eb, p, bias, ns, inf)                                                                            \
    (D8_FIN(c, eb, p, ns, inf) ? (D8_EF(c, eb, p) == 0 ? 1 - (bias) - (p) : D8_EF(c, eb, p) - (bias) - (p)) : 0)
#define D8_ENTRY(c, eb, p, bias, ns, inf)                                                                          \
    {(int16_t)D8_LSB(c, eb, p, bias, ns, inf), (uint8_t)D8_SIG(c, eb, p, ns, inf), (uint8_t)D8_CLS(c, eb, p, ns, inf), \
     (uint8_t)D8_SIGN(c, eb, p)},

/* The narrow path's word of the same code (mmai_narrow8_table). */
#define D8_WORD(c, eb, p, bias, ns, inf)                                                                           \
    (D8_FIN(c, eb, p, ns, inf)                                                                                     \
         ? MMAI_NARROW_WORD(D8_SIGN(c, eb, p), D8_SIG(c, eb, p, ns, inf), D8_LSB(c, eb, p, bias, ns, inf) + (p))   \
         : ((D8_NAN(c, eb, p, ns) || D8_INF(c, eb, p, inf)) ? MMAI_NARROW_SPECIAL : 0u)),

/*
 * The format rows (exponent bits, fraction bits, bias, NaN style, has Inf) of format/table.c, each
 * applying m (D8_ENTRY or D8_WORD) to code c.
 */
#define E5M2_ROW(m, c) m(c, 5, 2, 15, MMA_NAN_IEEE, 1)
#define E4M3_ROW(m, c) m(c, 4, 3, 7, MMA_NAN_ALL_ONES, 0)
#define E3M2_ROW(m, c) m(c, 3, 2, 3, MMA_NAN_NONE, 0)
#define E2M3_ROW(m, c) m(c, 2, 3, 1, MMA_NAN_NONE, 0)
#define E2M1_ROW(m, c) m(c, 2, 1, 1, MMA_NAN_NONE, 0)
#define E5M2(c) E5M2_ROW(D8_ENTRY, c)
#define E4M3(c) E4M3_ROW(D8_ENTRY, c)
#define E3M2(c) E3M2_ROW(D8_ENTRY, c)
#define E2M3(c) E2M3_ROW(D8_ENTRY, c)
#define E2M1(c) E2M1_ROW(D8_ENTRY, c)
#define W_E5M2(c) E5M2_ROW(D8_WORD, c)
#define W_E4M3(c) E4M3_ROW(D8_WORD, c)
#define W_E3M2(c) E3M2_ROW(D8_WORD, c)
#define W_E2M3(c) E2M3_ROW(D8_WORD, c)
#define W_E2M1(c) E2M1_ROW(D8_WORD, c)

#define D8_X4(f, c) f(c) f((c) + 1) f((c) + 2) f((c) + 3)
#define D8_X16(f, c) D8_X4(f, c) D8_X4(f, (c) + 4) D8_X4(f, (c) + 8) D8_X4(f, (c) + 12)
#define D8_X64(f, c) D8_X16(f, c) D8_X16(f, (c) + 16) D8_X16(f, (c) + 32) D8_X16(f, (c) + 48)
#define D8_X256(f) D8_X64(f, 0) D8_X64(f, 64) D8_X64(f, 128) D8_X64(f, 192)

static const mmai_dec8 table_e5m2[256] = {D8_X256(E5M2)};
static const mmai_dec8 table_e4m3[256] = {D8_X256(E4M3)};
static const mmai_dec8 table_e3m2[64] = {D8_X64(E3M2, 0)};
static const mmai_dec8 table_e2m3[64] = {D8_X64(E2M3, 0)};
static const mmai_dec8 table_e2m1[16] = {D8_X16(E2M1, 0)};
static const uint32_t words_e5m2[256] = {D8_X256(W_E5M2)};
static const uint32_t words_e4m3[256] = {D8_X256(W_E4M3)};
static const uint32_t words_e3m2[64] = {D8_X64(W_E3M2, 0)};
static const uint32_t words_e2m3[64] = {D8_X64(W_E2M3, 0)};
static const uint32_t words_e2m1[16] = {D8_X16(W_E2M1, 0)};

const mmai_dec8 *mmai_decode8_table(mma_format fmt)
{
    switch (fmt) {
    case MMA_FMT_E5M2:
        return table_e5m2;
    case MMA_FMT_E4M3:
        return table_e4m3;
    case MMA_FMT_E3M2:
        return table_e3m2;
    case MMA_FMT_E2M3:
        return table_e2m3;
    case MMA_FMT_E2M1:
        return table_e2m1;
    default:
        return NULL;
    }
}

const uint32_t *mmai_narrow8_table(mma_format fmt)
{
    switch (fmt) {
    case MMA_FMT_E5M2:
        return words_e5m2;
    case MMA_FMT_E4M3:
        return words_e4m3;
    case MMA_FMT_E3M2:
        return words_e3m2;
    case MMA_FMT_E2M3:
        return words_e2m3;
    case MMA_FMT_E2M1:
        return words_e2m1;
    default:
        return NULL;
    }
}

#else

const mmai_dec8 *mmai_decode8_table(mma_format fmt)
{
    (void)fmt;
    return NULL;
}

const uint32_t *mmai_narrow8_table(mma_format fmt)
{
    (void)fmt;
    return NULL;
}

#endif
