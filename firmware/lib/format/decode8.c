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
#define D8_ZERO(c, eb, p) (D8_EF(c, eb, p) == 0 && D8_FR(c, p) == 0)
#define D8_CLS(c, eb, p, ns, inf)                                                                                  \
    (D8_NAN(c, eb, p, ns)                                                                                          \
         ? MMA_CLASS_NAN                                                                                           \
         : (D8_INF(c, eb, p, inf) ? MMA_CLASS_INF : (D8_ZERO(c, eb, p) ? MMA_CLASS_ZERO : MMA_CLASS_FINITE)))
#define D8_FIN(c, eb, p, ns, inf) (!D8_NAN(c, eb, p, ns) && !D8_INF(c, eb, p, inf) && !D8_ZERO(c, eb, p))
/* Significand and exponent of its lsb of a finite code (subnormals pinned at e_min). */
#define D8_SIG_F(c, eb, p) (D8_EF(c, eb, p) == 0 ? D8_FR(c, p) : ((1 << (p)) | D8_FR(c, p)))
#define D8_LSB_F(c, eb, p, bias) ((D8_EF(c, eb, p) == 0 ? 1 : D8_EF(c, eb, p)) - (bias) - (p))
#define D8_ENTRY(c, eb, p, bias, ns, inf)                                                                          \
    {(int16_t)(D8_FIN(c, eb, p, ns, inf) ? D8_LSB_F(c, eb, p, bias) : 0),                                          \
     (uint8_t)(D8_FIN(c, eb, p, ns, inf) ? D8_SIG_F(c, eb, p) : 0), (uint8_t)D8_CLS(c, eb, p, ns, inf),             \
     (uint8_t)D8_SIGN(c, eb, p)},

/* The narrow path's word of the same code (mmai_narrow8_table). */
#define D8_WORD(c, eb, p, bias, ns, inf)                                                                           \
    (D8_FIN(c, eb, p, ns, inf)                                                                                     \
         ? MMAI_NARROW_WORD(D8_SIGN(c, eb, p), D8_SIG_F(c, eb, p), D8_LSB_F(c, eb, p, bias) + (p))                 \
         : (D8_ZERO(c, eb, p) ? 0u : MMAI_NARROW_SPECIAL)), /* not finite: a zero, a NaN or an Inf */

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

/* m applied to each code, written as one literal token (0x00 .. 0xff): small expansions. */
#define D8_X16(m, hi)                                                                                              \
    m(0x##hi##0) m(0x##hi##1) m(0x##hi##2) m(0x##hi##3) m(0x##hi##4) m(0x##hi##5) m(0x##hi##6) m(0x##hi##7)         \
        m(0x##hi##8) m(0x##hi##9) m(0x##hi##a) m(0x##hi##b) m(0x##hi##c) m(0x##hi##d) m(0x##hi##e) m(0x##hi##f)
#define D8_X64(m) D8_X16(m, 0) D8_X16(m, 1) D8_X16(m, 2) D8_X16(m, 3)
#define D8_X256(m)                                                                                                 \
    D8_X64(m) D8_X16(m, 4) D8_X16(m, 5) D8_X16(m, 6) D8_X16(m, 7) D8_X16(m, 8) D8_X16(m, 9) D8_X16(m, a)            \
        D8_X16(m, b) D8_X16(m, c) D8_X16(m, d) D8_X16(m, e) D8_X16(m, f)

static const mmai_dec8 table_e5m2[256] = {D8_X256(E5M2)};
static const mmai_dec8 table_e4m3[256] = {D8_X256(E4M3)};
static const mmai_dec8 table_e3m2[64] = {D8_X64(E3M2)};
static const mmai_dec8 table_e2m3[64] = {D8_X64(E2M3)};
static const mmai_dec8 table_e2m1[16] = {D8_X16(E2M1, 0)};
static const uint32_t words_e5m2[256] = {D8_X256(W_E5M2)};
static const uint32_t words_e4m3[256] = {D8_X256(W_E4M3)};
static const uint32_t words_e3m2[64] = {D8_X64(W_E3M2)};
static const uint32_t words_e2m3[64] = {D8_X64(W_E2M3)};
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
