/*
 * Oracle (d): the PTX cvt family (include/mma/convert.h) against values computed by hand from
 * the cvt text (PTX ISA 9.7.9.21) and NUMERICS.md section 2: which forms exist, operand order and
 * packing, NaN / .satfinite / .relu rules, tf32, ue8m0, and properties of .rs stochastic rounding.
 */
#include <string.h>

#include "mma/convert.h"
#include "oracle_common.h"

static uint32_t F(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

#define NAN32 0x7FC00000u
#define NNAN32 0xFFC00001u
#define INF32 0x7F800000u
#define NINF32 0xFF800000u
#define MAX32 0x7F7FFFFFu

static uint32_t run(uint8_t dt, uint8_t at, uint8_t rnd, uint8_t mods, const uint32_t *src, size_t n,
                    uint32_t rbits, mma_status *st)
{
    mma_cvt_desc d = {dt, at, rnd, mods};
    uint32_t out = 0xDEADBEEFu;
    *st = mma_cvt(&d, src, n, rbits, &out);
    return out;
}

#define EXPECT_CVT(dt, at, rnd, mods, rbits, want, ...)                                                 \
    do {                                                                                              \
        const uint32_t src_[] = {__VA_ARGS__};                                                        \
        mma_status st_;                                                                               \
        uint32_t got_ = run(dt, at, rnd, mods, src_, sizeof src_ / sizeof src_[0], rbits, &st_);      \
        CHECK(st_ == MMA_OK && got_ == (uint32_t)(want), "cvt %s.%s rnd %d mods %d: status %d d=%#x, want %#x", \
              mma_cvt_type_name((mma_cvt_type)(dt)), mma_cvt_type_name((mma_cvt_type)(at)), rnd, mods, \
              (int)st_, got_, (uint32_t)(want));                                                      \
    } while (0)

#define EXPECT_STATUS(dt, at, rnd, mods, want_st, ...)                                                \
    do {                                                                                              \
        const uint32_t src_[] = {__VA_ARGS__};                                                        \
        mma_status st_;                                                                               \
        (void)run(dt, at, rnd, mods, src_, sizeof src_ / sizeof src_[0], 0, &st_);                    \
        CHECK(st_ == (want_st), "cvt %s.%s rnd %d mods %d: status %d, want %d",                       \
              mma_cvt_type_name((mma_cvt_type)(dt)), mma_cvt_type_name((mma_cvt_type)(at)), rnd, mods, \
              (int)st_, (int)(want_st));                                                              \
    } while (0)

enum { RN = MMA_RND_RNE, RZ = MMA_RND_RZ, RM = MMA_RND_RD, RP = MMA_RND_RU, RNA = MMA_RND_RNA, RS = MMA_RND_RS };
enum { SAT = MMA_ENC_SATFINITE, RELU = MMA_ENC_RELU };

static mma_status validate(uint8_t dt, uint8_t at, uint8_t rnd, uint8_t mods)
{
    mma_cvt_desc d = {dt, at, rnd, mods};
    return mma_cvt_validate(&d);
}

/* Which forms exist: the syntax lines of the cvt section, counted by hand. */
static void check_forms(void)
{
    unsigned accepted = 0;
    for (unsigned dt = 0; dt < MMA_CVT_TYPE_COUNT; ++dt) {
        for (unsigned at = 0; at < MMA_CVT_TYPE_COUNT; ++at) {
            for (unsigned r = 0; r < 8u; ++r) { /* every 3-bit frm value */
                for (unsigned m = 0; m < 4; ++m) {
                    accepted += validate((uint8_t)dt, (uint8_t)at, (uint8_t)r, (uint8_t)m) == MMA_OK;
                }
            }
        }
    }
    /* f16/bf16.f32 10+10, f16x2/bf16x2.f32 12+12, tf32 10, seven f8/f6/f4 x2 forms 14,
       ue8m0x2 8, f16x2 from five narrow types 10, bf16x2.ue8m0x2 1, five x4 forms 10. */
    CHECK(accepted == 97, "%u accepted cvt forms, want 97", accepted);

    CHECK(validate(MMA_CVT_E4M3X2, MMA_CVT_F32, RN, SAT) == MMA_OK, "e4m3x2.f32 rn.satfinite");
    CHECK(validate(MMA_CVT_E4M3X2, MMA_CVT_F32, RN, SAT | RELU) == MMA_OK, "e4m3x2.f32 rn.relu.satfinite");
    CHECK(validate(MMA_CVT_E4M3X2, MMA_CVT_F32, RN, 0) == MMA_ERR_ROUNDING, "satfinite is mandatory for e4m3x2");
    CHECK(validate(MMA_CVT_E4M3X2, MMA_CVT_F32, RZ, SAT) == MMA_ERR_ROUNDING, "e4m3x2 takes only rn");
    CHECK(validate(MMA_CVT_E2M1X2, MMA_CVT_F16X2, RN, SAT) == MMA_ERR_FORMAT_PAIR, "no e2m1x2.f16x2");
    CHECK(validate(MMA_CVT_E2M1X2, MMA_CVT_F32, RN, RELU) == MMA_ERR_ROUNDING, "e2m1x2 needs satfinite");
    CHECK(validate(MMA_CVT_F16X2, MMA_CVT_E4M3X2, RN, SAT) == MMA_ERR_ROUNDING, "no satfinite on unpacking");
    CHECK(validate(MMA_CVT_F16X2, MMA_CVT_E4M3X2, RZ, 0) == MMA_ERR_ROUNDING, "unpacking takes only rn");
    CHECK(validate(MMA_CVT_F16X2, MMA_CVT_E2M1X2, RN, RELU) == MMA_OK, "f16x2.e2m1x2 rn.relu");
    CHECK(validate(MMA_CVT_UE8M0X2, MMA_CVT_F32, RN, SAT) == MMA_ERR_ROUNDING, "ue8m0x2 takes rz/rp only");
    CHECK(validate(MMA_CVT_UE8M0X2, MMA_CVT_F32, RP, 0) == MMA_OK, "ue8m0x2.f32 rp");
    CHECK(validate(MMA_CVT_UE8M0X2, MMA_CVT_BF16X2, RZ, SAT) == MMA_OK, "ue8m0x2.bf16x2 rz.satfinite");
    CHECK(validate(MMA_CVT_UE8M0X2, MMA_CVT_F32, RZ, RELU) == MMA_ERR_ROUNDING, "no relu on ue8m0x2");
    CHECK(validate(MMA_CVT_BF16X2, MMA_CVT_UE8M0X2, RN, 0) == MMA_OK, "bf16x2.ue8m0x2 rn");
    CHECK(validate(MMA_CVT_BF16X2, MMA_CVT_UE8M0X2, RN, RELU) == MMA_ERR_ROUNDING, "bf16x2.ue8m0x2 plain");
    CHECK(validate(MMA_CVT_F16X2, MMA_CVT_UE8M0X2, RN, 0) == MMA_ERR_FORMAT_PAIR, "no f16x2.ue8m0x2");
    CHECK(validate(MMA_CVT_TF32, MMA_CVT_F32, RNA, SAT) == MMA_OK, "tf32 rna.satfinite");
    CHECK(validate(MMA_CVT_TF32, MMA_CVT_F32, RNA, RELU) == MMA_ERR_ROUNDING, "tf32 rna has no relu");
    CHECK(validate(MMA_CVT_TF32, MMA_CVT_F32, RZ, RELU | SAT) == MMA_OK, "tf32 rz.relu.satfinite");
    CHECK(validate(MMA_CVT_TF32, MMA_CVT_F32, RM, 0) == MMA_ERR_ROUNDING, "tf32 rm");
    CHECK(validate(MMA_CVT_F16, MMA_CVT_F32, RM, 0) == MMA_OK, "f16.f32 rm");
    CHECK(validate(MMA_CVT_F16, MMA_CVT_F32, RM, RELU) == MMA_ERR_ROUNDING, "f16.f32 rm.relu");
    CHECK(validate(MMA_CVT_F16, MMA_CVT_F32, RNA, 0) == MMA_ERR_ROUNDING, "f16.f32 rna");
    CHECK(validate(MMA_CVT_F16, MMA_CVT_F32, RS, 0) == MMA_ERR_ROUNDING, "f16.f32 rs (only f16x2)");
    CHECK(validate(MMA_CVT_F16X2, MMA_CVT_F32, RS, RELU | SAT) == MMA_OK, "f16x2 rs.relu.satfinite");
    CHECK(validate(MMA_CVT_F16X2, MMA_CVT_F32, RP, 0) == MMA_ERR_ROUNDING, "f16x2 rp");
    CHECK(validate(MMA_CVT_E4M3X4, MMA_CVT_F32, RS, SAT) == MMA_OK, "e4m3x4 rs.satfinite");
    CHECK(validate(MMA_CVT_E4M3X4, MMA_CVT_F32, RS, 0) == MMA_ERR_ROUNDING, "x4 needs satfinite");
    CHECK(validate(MMA_CVT_E4M3X4, MMA_CVT_F32, RN, SAT) == MMA_ERR_ROUNDING, "x4 takes only rs");
    CHECK(validate(MMA_CVT_F16, MMA_CVT_F32, MMA_RND_NONE, 0) == MMA_ERR_ROUNDING, "rounding is mandatory");
    CHECK(validate(MMA_CVT_F16, MMA_CVT_F32, RN, 4) == MMA_ERR_ROUNDING, "unknown modifier bit");
    CHECK(validate(MMA_CVT_F16, MMA_CVT_F32, 6u, 0) == MMA_ERR_ROUNDING, "unknown rounding (frm 6 is reserved)");
    CHECK(validate(MMA_CVT_F32, MMA_CVT_F32, RN, 0) == MMA_ERR_FORMAT_PAIR, "f32.f32 not modelled");
    CHECK(validate(MMA_CVT_TYPE_COUNT, MMA_CVT_F32, RN, 0) == MMA_ERR_FORMAT, "unknown dtype");
    CHECK(mma_cvt_validate(NULL) == MMA_ERR_NULL, "NULL desc");

    mma_cvt_desc d = {MMA_CVT_F16X2, MMA_CVT_F32, RN, 0};
    CHECK(mma_cvt_operand_count(&d) == 2, "f16x2.f32 takes a, b");
    d = (mma_cvt_desc){MMA_CVT_E4M3X2, MMA_CVT_F16X2, RN, SAT};
    CHECK(mma_cvt_operand_count(&d) == 1, "e4m3x2.f16x2 takes one register");
    d = (mma_cvt_desc){MMA_CVT_E2M1X4, MMA_CVT_F32, RS, SAT};
    CHECK(mma_cvt_operand_count(&d) == 4, "e2m1x4 takes a, b, e, f");
    d = (mma_cvt_desc){MMA_CVT_E2M1X4, MMA_CVT_F32, RN, SAT};
    CHECK(mma_cvt_operand_count(&d) == 0, "invalid form has no operand count");

    /* Operand count, NULL pointers. */
    uint32_t src[4] = {0, 0, 0, 0}, out;
    d = (mma_cvt_desc){MMA_CVT_F16X2, MMA_CVT_F32, RN, 0};
    CHECK(mma_cvt(&d, src, 1, 0, &out) == MMA_ERR_BUFFER, "f16x2 with one operand");
    CHECK(mma_cvt(&d, src, 3, 0, &out) == MMA_ERR_BUFFER, "f16x2 with three operands");
    CHECK(mma_cvt(&d, NULL, 2, 0, &out) == MMA_ERR_NULL, "NULL src");
    CHECK(mma_cvt(&d, src, 2, 0, NULL) == MMA_ERR_NULL, "NULL d");
}

static void check_names(void)
{
    for (unsigned t = 0; t < MMA_CVT_TYPE_COUNT; ++t) {
        const char *n = mma_cvt_type_name((mma_cvt_type)t);
        mma_cvt_type back = MMA_CVT_TYPE_COUNT;
        CHECK(n != NULL && mma_cvt_type_from_name(n, strlen(n), &back) == MMA_OK && back == (mma_cvt_type)t,
              "cvt type %u name round trip", t);
    }
    mma_cvt_type t;
    CHECK(mma_cvt_type_from_name("e2m1x", 5, &t) == MMA_ERR_FORMAT, "prefix is not a name");
    CHECK(mma_cvt_type_from_name("e2m1x22", 7, &t) == MMA_ERR_FORMAT, "longer is not a name");
    CHECK(mma_cvt_type_from_name("e2m1x2", 6, &t) == MMA_OK && t == MMA_CVT_E2M1X2, "e2m1x2");
    CHECK(mma_cvt_type_name(MMA_CVT_TYPE_COUNT) == NULL, "name of invalid type");
}

/* Operand order and packing (cvt "Semantics" block), values worked out by hand. */
static void check_packing(void)
{
    /* f16x2 / bf16x2: a in d[31:16], b in d[15:0]. f16 1.0 = 0x3C00, 2.0 = 0x4000; bf16 1.0 = 0x3F80, -2 = 0xC000. */
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_F32, RN, 0, 0, 0x3C004000u, F(1.0f), F(2.0f));
    EXPECT_CVT(MMA_CVT_BF16X2, MMA_CVT_F32, RN, 0, 0, 0x3F80C000u, F(1.0f), F(-2.0f));
    EXPECT_CVT(MMA_CVT_F16, MMA_CVT_F32, RN, 0, 0, 0xBC00u, F(-1.0f));
    EXPECT_CVT(MMA_CVT_BF16, MMA_CVT_F32, RN, 0, 0, 0x4049u, F(3.14159265f)); /* 0x40490FDB -> 0x4049 */
    /* e4m3: 1.0 = 0.0111.000 = 0x38, -2.0 = 1.1000.000 = 0xC0; e5m2: 1.0 = 0x3C, -2.0 = 0xC0. */
    EXPECT_CVT(MMA_CVT_E4M3X2, MMA_CVT_F32, RN, SAT, 0, 0x38C0u, F(1.0f), F(-2.0f));
    EXPECT_CVT(MMA_CVT_E5M2X2, MMA_CVT_F32, RN, SAT, 0, 0x3CC0u, F(1.0f), F(-2.0f));
    /* From f16x2: the upper f16 (1.0) goes to d[15:8], the lower (0.5 -> e4m3 0.0110.000 = 0x30) to d[7:0]. */
    EXPECT_CVT(MMA_CVT_E4M3X2, MMA_CVT_F16X2, RN, SAT, 0, 0x3830u, 0x3C003800u);
    EXPECT_CVT(MMA_CVT_E5M2X2, MMA_CVT_F16X2, RN, SAT, 0, 0x3C38u, 0x3C003800u);
    /* e2m1x2: a in bits 7:4. codes 0..7 = 0, .5, 1, 1.5, 2, 3, 4, 6. */
    EXPECT_CVT(MMA_CVT_E2M1X2, MMA_CVT_F32, RN, SAT, 0, 0x27u, F(1.0f), F(6.0f));
    EXPECT_CVT(MMA_CVT_E2M1X2, MMA_CVT_F32, RN, SAT, 0, 0x95u, F(-0.5f), F(3.0f));
    /* e2m3 (s.ee.mmm): 1.0 = 0.01.000 = 0x08, 7.5 = 0.11.111 = 0x1F, -1.0 = 0x28; 2 MSBs of each byte zero. */
    EXPECT_CVT(MMA_CVT_E2M3X2, MMA_CVT_F32, RN, SAT, 0, 0x081Fu, F(1.0f), F(7.5f));
    EXPECT_CVT(MMA_CVT_E2M3X2, MMA_CVT_F32, RN, SAT, 0, 0x2808u, F(-1.0f), F(1.0f));
    /* e3m2 (s.eee.mm): 1.0 = 0.011.00 = 0x0C, 28 = 0.111.11 = 0x1F, -28 = 0x3F. */
    EXPECT_CVT(MMA_CVT_E3M2X2, MMA_CVT_F32, RN, SAT, 0, 0x0C3Fu, F(1.0f), F(-28.0f));
    /* ue8m0x2: a in d[15:8]. 1.0 = 127; 3.0: rz 2 = 128, rp 4 = 129. */
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_F32, RZ, 0, 0, 0x7F80u, F(1.0f), F(3.0f));
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_F32, RP, 0, 0, 0x7F81u, F(1.0f), F(3.0f));
    /* Below 2^-127 (f32 subnormals 2^-130 = 0x00080000, 2^-149 = 0x00000001) and 0 give 0x00 in both
       modes (no zero; convert.h); exactly 2^-127 (0x00400000) is 0x00 too. */
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_F32, RZ, 0, 0, 0x0000u, 0x00080000u, 0x00000001u);
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_F32, RP, 0, 0, 0x0000u, 0x00080000u, 0x00000001u);
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_F32, RZ, 0, 0, 0x0000u, F(0.0f), 0x00400000u);
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_F32, RP, 0, 0, 0x0001u, F(0.0f), 0x00400001u); /* just above: 2^-126 */
    /* From bf16x2: upper bf16 3.0 (0x4040), lower 0.5 (0x3F00 -> 126). */
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_BF16X2, RZ, 0, 0, 0x807Eu, 0x40403F00u);
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_BF16X2, RP, SAT, 0, 0x817Eu, 0x40403F00u);
    /* Unpacking: upper source lane -> d[31:16]. */
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_E4M3X2, RN, 0, 0, 0x3C00C000u, 0x38C0u);
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_E5M2X2, RN, 0, 0, 0x3C00C000u, 0x3CC0u);
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_E5M2X2, RN, 0, 0, 0x7C00FC00u, 0x7CFCu); /* +-Inf stay Inf */
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_E2M1X2, RN, 0, 0, 0x3C004600u, 0x27u);    /* 1.0, 6.0 */
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_E2M3X2, RN, 0, 0, 0x3C004780u, 0x081Fu);  /* 1.0, 7.5 */
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_E3M2X2, RN, 0, 0, 0x3C00CF00u, 0x0C3Fu);  /* 1.0, -28 */
    /* Subnormals: e4m3 0x01 = 2^-9 = f16 0x1800; e2m3 0x01 = 0.125 = 0x3000; e3m2 0x01 = 2^-4 = 0x2C00. */
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_E4M3X2, RN, 0, 0, 0x18009800u, 0x0181u);
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_E2M3X2, RN, 0, 0, 0x30003400u, 0x0102u);
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_E3M2X2, RN, 0, 0, 0x2C000000u, 0x0100u);
    /* Bits above the instruction type's width are ignored (a wider register). */
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_E4M3X2, RN, 0, 0, 0x3C00C000u, 0xABCD38C0u);
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_E2M1X2, RN, 0, 0, 0x3C004600u, 0xFFFFFF27u);
    /* e2m3/e3m2 sources must have their 2 padding MSBs zero. */
    EXPECT_STATUS(MMA_CVT_F16X2, MMA_CVT_E2M3X2, RN, 0, MMA_ERR_CODE, 0x481Fu);
    EXPECT_STATUS(MMA_CVT_F16X2, MMA_CVT_E3M2X2, RN, 0, MMA_ERR_CODE, 0x0C9Fu);
    /* bf16x2.ue8m0x2: 127 -> 1.0 (0x3F80), 0 -> 2^-127 (bf16 subnormal 0x0040), 0xFF -> NaN, 254 -> 2^127. */
    EXPECT_CVT(MMA_CVT_BF16X2, MMA_CVT_UE8M0X2, RN, 0, 0, 0x3F800040u, 0x7F00u);
    EXPECT_CVT(MMA_CVT_BF16X2, MMA_CVT_UE8M0X2, RN, 0, 0, 0x7FFF7F00u, 0xFFFEu);
    /* x4 with rbits = 0 (= truncation): a, b, e, f from the top byte down; e2m1x4 from the top nibble. */
    EXPECT_CVT(MMA_CVT_E4M3X4, MMA_CVT_F32, RS, SAT, 0, 0x3840B87Eu, F(1.0f), F(2.0f), F(-1.0f), F(448.0f));
    EXPECT_CVT(MMA_CVT_E5M2X4, MMA_CVT_F32, RS, SAT, 0, 0x3C40BC7Bu, F(1.0f), F(2.0f), F(-1.0f), F(57344.0f));
    EXPECT_CVT(MMA_CVT_E2M1X4, MMA_CVT_F32, RS, SAT, 0, 0x245Fu, F(1.0f), F(2.0f), F(3.0f), F(-6.0f));
    EXPECT_CVT(MMA_CVT_E2M3X4, MMA_CVT_F32, RS, SAT, 0, 0x081F2800u, F(1.0f), F(7.5f), F(-1.0f), F(0.0f));
    EXPECT_CVT(MMA_CVT_E3M2X4, MMA_CVT_F32, RS, SAT, 0, 0x0C1F3F20u, F(1.0f), F(28.0f), F(-28.0f), F(-0.0f));
}

/* NUMERICS section 2 examples, at encode level (non-saturating OCP rules) and through cvt. */
static void check_numerics_examples(void)
{
    static const struct {
        mma_format fmt;
        float x;
        unsigned flags;
        uint64_t want;
    } ex[] = {
        {MMA_FMT_E4M3, 464.0f, 0, 0x7E},               /* tie 448/480 -> even 448 */
        {MMA_FMT_E4M3, 465.0f, 0, 0x7F},               /* -> 480 does not exist: NaN */
        {MMA_FMT_E4M3, 465.0f, MMA_ENC_SATFINITE, 0x7E},
        {MMA_FMT_E4M3, -465.0f, MMA_ENC_SATFINITE, 0xFE},
        {MMA_FMT_E5M2, 61440.0f, 0, 0x7C},             /* tie 57344/65536 -> even 65536: Inf */
        {MMA_FMT_E5M2, 61440.0f, MMA_ENC_SATFINITE, 0x7B},
        {MMA_FMT_E5M2, 61439.0f, 0, 0x7B},
        {MMA_FMT_E2M1, 5.0f, 0, 0x6},                  /* tie 4/6 -> 4 */
        {MMA_FMT_E2M1, 5.5f, 0, 0x7},                  /* -> 6 */
        {MMA_FMT_E2M1, 7.0f, 0, 0x7},                  /* no Inf/NaN: finite overflow saturates */
        {MMA_FMT_E2M1, 0.25f, 0, 0x0},                 /* tie 0/0.5 -> 0 */
        {MMA_FMT_E2M1, -0.75f, 0, 0xA},                /* tie 0.5/1 -> 1 */
    };
    for (size_t i = 0; i < sizeof ex / sizeof ex[0]; ++i) {
        uint64_t got = 0;
        mma_status st = mma_convert(MMA_FMT_F32, F(ex[i].x), ex[i].fmt, MMA_RND_RNE, ex[i].flags, &got);
        CHECK(st == MMA_OK && got == ex[i].want, "encode %s(%g) flags %u: %d %#" PRIx64 ", want %#" PRIx64,
              ref_get(ex[i].fmt)->name, (double)ex[i].x, ex[i].flags, (int)st, got, ex[i].want);
    }
    EXPECT_CVT(MMA_CVT_E4M3X2, MMA_CVT_F32, RN, SAT, 0, 0x7E7Eu, F(464.0f), F(465.0f));
    EXPECT_CVT(MMA_CVT_E5M2X2, MMA_CVT_F32, RN, SAT, 0, 0x7BFBu, F(61440.0f), F(-1e6f));
    EXPECT_CVT(MMA_CVT_E2M1X2, MMA_CVT_F32, RN, SAT, 0, 0x67u, F(5.0f), F(5.5f));
    EXPECT_CVT(MMA_CVT_E4M3X2, MMA_CVT_F16X2, RN, SAT, 0, 0x7E7Eu, 0x5F405F44u); /* f16 464, 465 */
}

/* NaN, Inf, .satfinite and .relu rules of the cvt text. */
static void check_specials(void)
{
    /* f16/bf16: NaN -> canonical NaN with or without modifiers; Inf -> Inf, or MAX with satfinite. */
    for (unsigned mods = 0; mods < 4; ++mods) {
        EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_F32, RN, (uint8_t)mods, 0, 0x7FFF7FFFu, NAN32, NNAN32);
        EXPECT_CVT(MMA_CVT_BF16X2, MMA_CVT_F32, RZ, (uint8_t)mods, 0, 0x7FFF7FFFu, NNAN32, NAN32);
        EXPECT_CVT(MMA_CVT_TF32, MMA_CVT_F32, RN, (uint8_t)mods, 0, 0x7FFFE000u, NNAN32);
    }
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_F32, RN, 0, 0, 0x7C00FC00u, INF32, NINF32);
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_F32, RN, SAT, 0, 0x7BFFFBFFu, INF32, NINF32);
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_F32, RN, RELU, 0, 0x7C000000u, INF32, NINF32);
    EXPECT_CVT(MMA_CVT_F16, MMA_CVT_F32, RN, 0, 0, 0x7C00u, F(65520.0f));        /* tie -> even -> Inf */
    EXPECT_CVT(MMA_CVT_F16, MMA_CVT_F32, RN, 0, 0, 0x7BFFu, F(65519.0f));
    EXPECT_CVT(MMA_CVT_F16, MMA_CVT_F32, RN, SAT, 0, 0x7BFFu, F(65520.0f));
    EXPECT_CVT(MMA_CVT_F16, MMA_CVT_F32, RZ, 0, 0, 0x7BFFu, F(1e10f));           /* rz overflow: MAX */
    EXPECT_CVT(MMA_CVT_F16, MMA_CVT_F32, RM, 0, 0, 0x7BFFu, F(1e10f));
    EXPECT_CVT(MMA_CVT_F16, MMA_CVT_F32, RM, 0, 0, 0xFC00u, F(-1e10f));
    EXPECT_CVT(MMA_CVT_F16, MMA_CVT_F32, RP, 0, 0, 0x0001u, F(1e-30f));          /* up to the min subnormal */
    EXPECT_CVT(MMA_CVT_BF16, MMA_CVT_F32, RN, 0, 0, 0x7F80u, MAX32);
    EXPECT_CVT(MMA_CVT_BF16, MMA_CVT_F32, RN, SAT, 0, 0x7F7Fu, MAX32);
    EXPECT_CVT(MMA_CVT_BF16, MMA_CVT_F32, RN, RELU | SAT, 0, 0x0000u, 0x80000001u); /* -min subnormal */
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_F32, RN, RELU, 0, 0x00003C00u, F(-1.0f), F(1.0f));
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_F32, RZ, RELU, 0, 0x00000000u, F(-0.0f), 0x80000000u);
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_F32, RZ, 0, 0, 0x80000000u, F(-0.0f), F(0.0f));

    /* e4m3/e5m2: NaN -> 0x7F; +-Inf -> +-MAX (satfinite is mandatory); relu: negative -> 0, NaN stays NaN. */
    EXPECT_CVT(MMA_CVT_E4M3X2, MMA_CVT_F32, RN, SAT, 0, 0x7F7Fu, NAN32, NNAN32);
    EXPECT_CVT(MMA_CVT_E5M2X2, MMA_CVT_F32, RN, SAT, 0, 0x7F7Fu, NAN32, NNAN32);
    EXPECT_CVT(MMA_CVT_E4M3X2, MMA_CVT_F32, RN, SAT, 0, 0x7EFEu, INF32, NINF32);
    EXPECT_CVT(MMA_CVT_E5M2X2, MMA_CVT_F32, RN, SAT, 0, 0x7BFBu, INF32, NINF32);
    EXPECT_CVT(MMA_CVT_E4M3X2, MMA_CVT_F32, RN, SAT | RELU, 0, 0x7F00u, NNAN32, NINF32);
    EXPECT_CVT(MMA_CVT_E4M3X2, MMA_CVT_F16X2, RN, SAT, 0, 0x7F7Eu, 0x7E007C00u); /* f16 NaN, Inf */
    /* e2m1/e2m3/e3m2: no NaN: NaN -> +MAX_NORM (even -NaN, even with relu); Inf -> +-MAX. */
    EXPECT_CVT(MMA_CVT_E2M1X2, MMA_CVT_F32, RN, SAT, 0, 0x77u, NAN32, NNAN32);
    EXPECT_CVT(MMA_CVT_E2M1X2, MMA_CVT_F32, RN, SAT | RELU, 0, 0x70u, NNAN32, F(-6.0f));
    EXPECT_CVT(MMA_CVT_E2M1X2, MMA_CVT_F32, RN, SAT, 0, 0x7Fu, INF32, NINF32);
    EXPECT_CVT(MMA_CVT_E2M1X2, MMA_CVT_F32, RN, SAT | RELU, 0, 0x70u, INF32, NINF32);
    EXPECT_CVT(MMA_CVT_E2M3X2, MMA_CVT_F32, RN, SAT, 0, 0x1F3Fu, NNAN32, NINF32);
    EXPECT_CVT(MMA_CVT_E3M2X2, MMA_CVT_F32, RN, SAT, 0, 0x1F1Fu, NNAN32, F(100.0f));
    /* Unpacking with relu: e4m3 -1.0 -> +0, NaN -> canonical f16 NaN 0x7FFF. */
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_E4M3X2, RN, RELU, 0, 0x00007FFFu, 0xB87Fu);
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_E4M3X2, RN, 0, 0, 0x7FFF7FFFu, 0xFF7Fu);
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_E2M1X2, RN, RELU, 0, 0x00004600u, 0xF7u);

    /* ue8m0: sign ignored, no zero (0 and tiny -> 0x00 = 2^-127), NaN -> 0xFF, overflow/Inf -> 0xFF or 0xFE. */
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_F32, RZ, 0, 0, 0xFFFFu, NAN32, NNAN32);
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_F32, RP, SAT, 0, 0xFFFFu, NAN32, NNAN32);
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_F32, RZ, 0, 0, 0xFFFFu, INF32, NINF32);
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_F32, RZ, SAT, 0, 0xFEFEu, INF32, NINF32);
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_F32, RZ, 0, 0, 0xFE80u, MAX32, F(-3.0f));
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_F32, RP, 0, 0, 0xFF81u, MAX32, F(-3.0f)); /* rp of MAX32 -> 2^128 */
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_F32, RP, SAT, 0, 0xFEFEu, MAX32, 0x7F000000u); /* 2^127 exact */
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_F32, RZ, 0, 0, 0x0000u, F(0.0f), F(-0.0f));
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_F32, RP, 0, 0, 0x0000u, F(0.0f), 0x00000001u);
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_F32, RZ, 0, 0, 0x0000u, 0x00600000u, 0x00000001u);
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_F32, RP, 0, 0, 0x0100u, 0x00600000u, 0x00400000u); /* 1.5*2^-127, 2^-127 */
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_F32, RP, 0, 0, 0x0101u, 0x00800000u, 0x00400001u);
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_BF16X2, RP, 0, 0, 0x7FFFu, 0xBF80FFC1u); /* -1.0, -NaN */
    EXPECT_CVT(MMA_CVT_UE8M0X2, MMA_CVT_BF16X2, RP, 0, 0, 0x0001u, 0x00400041u); /* 2^-127, just above */
}

/* tf32 output: a 32-bit pattern with the 13 low bits zero; rna ties away, rn ties to even. */
static void check_tf32(void)
{
    /* 1 + 2^-11 is half an ulp of tf32 at 1.0. */
    EXPECT_CVT(MMA_CVT_TF32, MMA_CVT_F32, RNA, 0, 0, 0x3F802000u, 0x3F801000u);
    EXPECT_CVT(MMA_CVT_TF32, MMA_CVT_F32, RN, 0, 0, 0x3F800000u, 0x3F801000u);
    EXPECT_CVT(MMA_CVT_TF32, MMA_CVT_F32, RZ, 0, 0, 0x3F800000u, 0x3F801FFFu);
    EXPECT_CVT(MMA_CVT_TF32, MMA_CVT_F32, RN, 0, 0, 0x3F804000u, 0x3F803000u); /* tie, odd -> up */
    EXPECT_CVT(MMA_CVT_TF32, MMA_CVT_F32, RNA, 0, 0, 0xBF804000u, 0xBF803000u);
    EXPECT_CVT(MMA_CVT_TF32, MMA_CVT_F32, RN, 0, 0, 0x3F802000u, 0x3F801001u);
    EXPECT_CVT(MMA_CVT_TF32, MMA_CVT_F32, RNA, 0, 0, 0x7F800000u, MAX32);       /* rounds past max: Inf */
    EXPECT_CVT(MMA_CVT_TF32, MMA_CVT_F32, RNA, SAT, 0, 0x7F7FE000u, MAX32);
    EXPECT_CVT(MMA_CVT_TF32, MMA_CVT_F32, RZ, 0, 0, 0x7F7FE000u, MAX32);
    EXPECT_CVT(MMA_CVT_TF32, MMA_CVT_F32, RNA, 0, 0, 0xFF800000u, NINF32);
    EXPECT_CVT(MMA_CVT_TF32, MMA_CVT_F32, RNA, SAT, 0, 0xFF7FE000u, NINF32);
    EXPECT_CVT(MMA_CVT_TF32, MMA_CVT_F32, RN, RELU, 0, 0x00000000u, F(-1.0f));
    EXPECT_CVT(MMA_CVT_TF32, MMA_CVT_F32, RNA, 0, 0, 0x00002000u, 0x00001000u); /* subnormal tie */
    EXPECT_CVT(MMA_CVT_TF32, MMA_CVT_F32, RN, 0, 0, 0x00000000u, 0x00001000u);

    /* Every result has its 13 low bits zero; mma_cvt_tf32_trunc is decode of MMA_FMT_TF32. */
    uint64_t s = 0x7F32ull;
    for (int i = 0; i < 100000; ++i) {
        uint32_t x = (uint32_t)rng_next(&s);
        static const uint8_t rnds[] = {RNA, RN, RZ};
        for (size_t r = 0; r < sizeof rnds; ++r) {
            mma_status st;
            uint32_t d = run(MMA_CVT_TF32, MMA_CVT_F32, rnds[r], 0, &x, 1, 0, &st);
            CHECK(st == MMA_OK && (d & 0x1FFFu) == 0, "tf32 %#x rnd %d: %#x", x, rnds[r], d);
        }
        uint32_t t = mma_cvt_tf32_trunc(x);
        mma_value a, b;
        CHECK(t == (x & 0xFFFFE000u), "tf32_trunc %#x", x);
        CHECK(mma_decode(MMA_FMT_TF32, x, &a) == MMA_OK && mma_decode(MMA_FMT_TF32, t, &b) == MMA_OK &&
                  a.cls == b.cls && a.sign == b.sign && a.sig == b.sig && a.exp == b.exp,
              "tf32_trunc %#x decodes differently", x);
    }
}

/* Every non-.rs form element by element against the scalar mma_convert of the same element. */
static void check_lanes_against_scalar(void)
{
    static const struct {
        uint8_t dt, at;
        mma_format src, dst;
    } forms[] = {
        {MMA_CVT_F16X2, MMA_CVT_F32, MMA_FMT_F32, MMA_FMT_F16},
        {MMA_CVT_BF16X2, MMA_CVT_F32, MMA_FMT_F32, MMA_FMT_BF16},
        {MMA_CVT_E4M3X2, MMA_CVT_F32, MMA_FMT_F32, MMA_FMT_E4M3},
        {MMA_CVT_E5M2X2, MMA_CVT_F32, MMA_FMT_F32, MMA_FMT_E5M2},
        {MMA_CVT_E4M3X2, MMA_CVT_F16X2, MMA_FMT_F16, MMA_FMT_E4M3},
        {MMA_CVT_E5M2X2, MMA_CVT_F16X2, MMA_FMT_F16, MMA_FMT_E5M2},
        {MMA_CVT_E2M1X2, MMA_CVT_F32, MMA_FMT_F32, MMA_FMT_E2M1},
        {MMA_CVT_E2M3X2, MMA_CVT_F32, MMA_FMT_F32, MMA_FMT_E2M3},
        {MMA_CVT_E3M2X2, MMA_CVT_F32, MMA_FMT_F32, MMA_FMT_E3M2},
        {MMA_CVT_F16X2, MMA_CVT_E4M3X2, MMA_FMT_E4M3, MMA_FMT_F16},
        {MMA_CVT_F16X2, MMA_CVT_E5M2X2, MMA_FMT_E5M2, MMA_FMT_F16},
        {MMA_CVT_F16X2, MMA_CVT_E2M1X2, MMA_FMT_E2M1, MMA_FMT_F16},
        {MMA_CVT_F16X2, MMA_CVT_E2M3X2, MMA_FMT_E2M3, MMA_FMT_F16},
        {MMA_CVT_F16X2, MMA_CVT_E3M2X2, MMA_FMT_E3M2, MMA_FMT_F16},
        {MMA_CVT_BF16X2, MMA_CVT_UE8M0X2, MMA_FMT_UE8M0, MMA_FMT_BF16},
    };
    static const unsigned lane_bits[] = {16, 16, 8, 8, 8, 8, 4, 8, 8, 16, 16, 16, 16, 16, 16};
    static const unsigned src_bits[] = {32, 32, 32, 32, 16, 16, 32, 32, 32, 8, 8, 4, 8, 8, 8};
    uint64_t s = 0x1A5Eull;
    for (size_t fi = 0; fi < sizeof forms / sizeof forms[0]; ++fi) {
        mma_cvt_desc d = {forms[fi].dt, forms[fi].at, RN, 0};
        for (uint8_t mods = 0; mods < 4; ++mods) {
            d.mods = mods;
            if (mma_cvt_validate(&d) != MMA_OK) {
                continue;
            }
            unsigned flags = ((mods & RELU) ? MMA_ENC_RELU : 0u) | ((mods & SAT) ? MMA_ENC_SATFINITE : 0u);
            for (int i = 0; i < 20000; ++i) {
                uint32_t src[2];
                uint64_t el[2];
                for (int k = 0; k < 2; ++k) {
                    uint32_t r = (uint32_t)rng_next(&s);
                    if (src_bits[fi] == 32 && (i & 1)) {
                        /* keep f32 inputs near the target's range half of the time */
                        r = (r & 0x807FFFFFu) | ((uint32_t)(100 + rng_below(&s, 60)) << 23);
                    }
                    el[k] = src_bits[fi] == 32 ? r : (r & ((1u << src_bits[fi]) - 1u));
                    if (forms[fi].src == MMA_FMT_E2M3 || forms[fi].src == MMA_FMT_E3M2) {
                        el[k] &= 0x3Fu;
                    }
                }
                size_t n;
                if (src_bits[fi] == 32) {
                    src[0] = (uint32_t)el[0];
                    src[1] = (uint32_t)el[1];
                    n = 2;
                } else {
                    src[0] = (uint32_t)((el[0] << src_bits[fi]) | el[1]);
                    n = 1;
                }
                uint32_t out = 0;
                mma_status st = mma_cvt(&d, src, n, 0, &out);
                uint64_t want[2];
                mma_status sw = MMA_OK;
                for (int k = 0; k < 2 && sw == MMA_OK; ++k) {
                    sw = mma_convert(forms[fi].src, el[k], forms[fi].dst, MMA_RND_RNE, flags, &want[k]);
                }
                uint32_t w = sw == MMA_OK ? (uint32_t)((want[0] << lane_bits[fi]) | want[1]) : 0;
                CHECK(st == sw && (st != MMA_OK || out == w), "lanes %s.%s mods %u src %#x,%#x: %d %#x want %d %#x",
                      mma_cvt_type_name((mma_cvt_type)d.dtype), mma_cvt_type_name((mma_cvt_type)d.atype), mods,
                      src[0], n > 1 ? src[1] : 0u, (int)st, out, (int)sw, w);
            }
        }
    }
}

/* ---- .rs ---- */

/* Random bits for .rs per element, as documented in convert.h, and k. */
static uint32_t bitrev16(uint32_t x)
{
    uint32_t r = 0;
    for (int i = 0; i < 16; ++i) {
        r |= ((x >> i) & 1u) << (15 - i);
    }
    return r;
}

typedef struct rs_form {
    uint8_t dt;
    mma_format fmt;
    unsigned lanes, lane_bits, k;
} rs_form;

static const rs_form RS_FORMS[] = {
    {MMA_CVT_F16X2, MMA_FMT_F16, 2, 16, 13},   {MMA_CVT_BF16X2, MMA_FMT_BF16, 2, 16, 16},
    {MMA_CVT_E4M3X4, MMA_FMT_E4M3, 4, 8, 16},  {MMA_CVT_E5M2X4, MMA_FMT_E5M2, 4, 8, 16},
    {MMA_CVT_E2M3X4, MMA_FMT_E2M3, 4, 8, 16},  {MMA_CVT_E3M2X4, MMA_FMT_E3M2, 4, 8, 16},
    {MMA_CVT_E2M1X4, MMA_FMT_E2M1, 4, 4, 8},
};

/* rbits value that gives element i the random number r (0 elsewhere where possible). */
static uint32_t rbits_for(const rs_form *f, unsigned i, uint32_t r)
{
    switch (f->dt) {
    case MMA_CVT_F16X2:
    case MMA_CVT_BF16X2:
        return i == 0 ? r << 16 : r;
    case MMA_CVT_E2M1X4: {
        static const unsigned shift[4] = {24, 8, 16, 0};
        return r << shift[i];
    }
    default:
        switch (i) {
        case 0: return bitrev16(r) << 16;
        case 1: return r << 16;
        case 2: return bitrev16(r);
        default: return r;
        }
    }
}

/*
 * The k bits of |x| just below the target ulp at x, computed with doubles: x is an f32 (24 bits),
 * the ulp a power of two, so |x| / ulp and its fraction are exact.
 */
static uint32_t top_bits(const ref_fmt *rf, double ax, unsigned k)
{
    int e;
    (void)frexp(ax, &e); /* ax in [2^(e-1), 2^e) */
    int ev = e - 1;
    int emin = ref_emin(rf);
    double ulp = ldexp(1.0, (ev > emin ? ev : emin) - rf->mbits);
    double q = ax / ulp;
    double frac = q - floor(q);
    return (uint32_t)floor(ldexp(frac, (int)k));
}

static void check_rs(void)
{
    uint64_t s = 0x5700C4A5ull;
    for (size_t fi = 0; fi < sizeof RS_FORMS / sizeof RS_FORMS[0]; ++fi) {
        const rs_form *f = &RS_FORMS[fi];
        const ref_fmt *rf = ref_get(f->fmt);
        const uint32_t kmax = 1u << f->k;
        for (uint8_t mods = 0; mods < 4; ++mods) {
            mma_cvt_desc d = {f->dt, MMA_CVT_F32, RS, mods};
            if (mma_cvt_validate(&d) != MMA_OK) {
                continue;
            }
            unsigned flags = ((mods & RELU) ? MMA_ENC_RELU : 0u) | ((mods & SAT) ? MMA_ENC_SATFINITE : 0u);
            for (int it = 0; it < 300; ++it) {
                /* A finite f32 around the target's range: exponent from below its subnormals to above max. */
                int lo = ref_emin(rf) - rf->mbits - 3, hi = ref_emax(rf) + 2;
                int e = lo + (int)rng_below(&s, (uint64_t)(hi - lo + 1));
                if (it % 8 == 7) { /* far below the target's subnormals: the k bits are all zero */
                    e = -126 + (int)rng_below(&s, (uint64_t)(lo + 126));
                }
                if (e < -126) {
                    e = -126;
                }
                uint32_t x = (uint32_t)((rng_next(&s) & 0x807FFFFFu) | ((uint32_t)(e + 127) << 23));
                if (it % 4 == 1) { /* a short significand: its last bit inside or above the k bits */
                    x &= ~((1u << rng_below(&s, 23)) - 1u);
                }
                float xf;
                memcpy(&xf, &x, sizeof xf);
                uint32_t top = top_bits(rf, fabs((double)xf), f->k);
                mma_value v;
                mma_decode(MMA_FMT_F32, x, &v);
                uint64_t rz = 0, ra = 0;
                mma_encode(f->fmt, &v, MMA_RND_RZ, flags, &rz);
                mma_encode(f->fmt, &v, v.sign ? MMA_RND_RD : MMA_RND_RU, flags, &ra);
                unsigned lane = (unsigned)rng_below(&s, f->lanes);
                /* r sweeps all values for k <= 13 and a sample around the threshold 2^k - top otherwise */
                uint32_t thr = kmax - top;
                for (uint32_t j = 0; j < (f->k <= 13 ? kmax : 48u); ++j) {
                    uint32_t r = f->k <= 13 ? j : (uint32_t)rng_below(&s, kmax);
                    if (f->k > 13 && j < 6) {
                        static const int dlt[6] = {-2, -1, 0, 1, 0, 0};
                        r = j == 4 ? 0 : j == 5 ? kmax - 1 : (uint32_t)((int64_t)thr + dlt[j]);
                        if (r >= kmax) {
                            continue;
                        }
                    }
                    uint32_t src[4] = {F(0.0f), F(0.0f), F(0.0f), F(0.0f)};
                    src[lane] = x;
                    uint32_t out = 0;
                    mma_status st = mma_cvt(&d, src, f->lanes, rbits_for(f, lane, r), &out);
                    unsigned sh = (f->lanes - 1u - lane) * f->lane_bits;
                    uint32_t got = (out >> sh) & ((1u << f->lane_bits) - 1u);
                    uint64_t want = (top != 0 && r >= thr) ? ra : rz;
                    CHECK(st == MMA_OK && got == want,
                          "rs %s mods %u lane %u x=%#x r=%#x (top %#x): %d %#x, want %#" PRIx64,
                          mma_cvt_type_name((mma_cvt_type)f->dt), mods, lane, x, r, top, (int)st, got, want);
                }
            }
        }
    }

    /* Lane layout: x halfway between two codes (top bit of the k bits set), r = only its MSB. */
    /* e4m3: 1 + 2^-4 between 0x38 and 0x39; e2m1: 1.25 between codes 2 and 3. */
    EXPECT_CVT(MMA_CVT_E4M3X4, MMA_CVT_F32, RS, SAT, 0x80000000u, 0x38393838u, F(1.0625f), F(1.0625f),
               F(1.0625f), F(1.0625f));
    EXPECT_CVT(MMA_CVT_E4M3X4, MMA_CVT_F32, RS, SAT, 0x00010000u, 0x39383838u, F(1.0625f), F(1.0625f),
               F(1.0625f), F(1.0625f));
    EXPECT_CVT(MMA_CVT_E4M3X4, MMA_CVT_F32, RS, SAT, 0x00000001u, 0x38383938u, F(1.0625f), F(1.0625f),
               F(1.0625f), F(1.0625f));
    EXPECT_CVT(MMA_CVT_E4M3X4, MMA_CVT_F32, RS, SAT, 0x00008000u, 0x38383839u, F(1.0625f), F(1.0625f),
               F(1.0625f), F(1.0625f));
    EXPECT_CVT(MMA_CVT_E2M1X4, MMA_CVT_F32, RS, SAT, 0x80000000u, 0x3222u, F(1.25f), F(1.25f), F(1.25f), F(1.25f));
    EXPECT_CVT(MMA_CVT_E2M1X4, MMA_CVT_F32, RS, SAT, 0x00008000u, 0x2322u, F(1.25f), F(1.25f), F(1.25f), F(1.25f));
    EXPECT_CVT(MMA_CVT_E2M1X4, MMA_CVT_F32, RS, SAT, 0x00800000u, 0x2232u, F(1.25f), F(1.25f), F(1.25f), F(1.25f));
    EXPECT_CVT(MMA_CVT_E2M1X4, MMA_CVT_F32, RS, SAT, 0x00000080u, 0x2223u, F(1.25f), F(1.25f), F(1.25f), F(1.25f));
    /* f16x2: 13 bits per operand, bits 31:29 and 15:13 unused; 1 + 2^-11 is half an f16 ulp. */
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_F32, RS, 0, 0xE000E000u, 0x3C003C00u, 0x3F801000u, 0x3F801000u);
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_F32, RS, 0, 0x10000000u, 0x3C013C00u, 0x3F801000u, 0x3F801000u);
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_F32, RS, 0, 0x00001000u, 0x3C003C01u, 0x3F801000u, 0x3F801000u);
    EXPECT_CVT(MMA_CVT_BF16X2, MMA_CVT_F32, RS, 0, 0x80007FFFu, 0x3F813F80u, 0x3F808000u, 0x3F808000u);

    /* Exact values never move; NaN -> canonical NaN; satfinite clamps whatever the bits. */
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_F32, RS, 0, 0xFFFFFFFFu, 0x3C00C000u, F(1.0f), F(-2.0f));
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_F32, RS, 0, 0xFFFFFFFFu, 0x7FFF7C00u, NNAN32, INF32);
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_F32, RS, SAT, 0xFFFFFFFFu, 0x7FFF7BFFu, NNAN32, INF32);
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_F32, RS, 0, 0xFFFFFFFFu, 0x7C00FC00u, F(65505.0f), F(-65505.0f));
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_F32, RS, 0, 0x00000000u, 0x7BFFFBFFu, F(65535.0f), F(-65535.0f));
    EXPECT_CVT(MMA_CVT_E4M3X4, MMA_CVT_F32, RS, SAT, 0xFFFFFFFFu, 0x7E7F7EFEu, F(470.0f), NAN32, INF32, NINF32);
    EXPECT_CVT(MMA_CVT_E2M1X4, MMA_CVT_F32, RS, SAT, 0xFFFFFFFFu, 0x777Fu, F(5.9f), NAN32, INF32, NINF32);
    EXPECT_CVT(MMA_CVT_E2M1X4, MMA_CVT_F32, RS, SAT | RELU, 0xFFFFFFFFu, 0x0700u, F(-5.9f), NNAN32, F(-0.0f),
               NINF32);
    /* Subnormal target: f16 ulp 2^-24 at 1.5 * 2^-25 (k bits 0.75 * 2^13 = 6144: carry iff r >= 2048). */
    EXPECT_CVT(MMA_CVT_F16X2, MMA_CVT_F32, RS, 0, 0x07FF0800u, 0x00000001u, 0x33400000u, 0x33400000u);
}

int main(void)
{
    check_forms();
    check_names();
    check_packing();
    check_numerics_examples();
    check_specials();
    check_tf32();
    check_lanes_against_scalar();
    check_rs();
    return oracle_finish("oracle_cvt");
}
