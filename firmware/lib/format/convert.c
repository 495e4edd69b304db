/* The PTX cvt family (PTX ISA 9.7.9.21) on top of the one-rounding encode of format.c. */
#include "mma/convert.h"

#include "mma/format.h"
#include "../common/common_int.h"

/* One cvt type: its element format and how its elements sit in a register. */
typedef struct cvt_type_info {
    const char *name;
    uint8_t fmt;        /* mma_format of one element */
    uint8_t lanes;      /* elements per register (1, 2 or 4) */
    uint8_t lane_bits;  /* bits per element lane; element 0 (operand a) is the highest lane */
} cvt_type_info;

static const cvt_type_info cvt_types[MMA_CVT_TYPE_COUNT] = {
    [MMA_CVT_F32] = {"f32", MMA_FMT_F32, 1, 32},
    [MMA_CVT_F16] = {"f16", MMA_FMT_F16, 1, 16},
    [MMA_CVT_BF16] = {"bf16", MMA_FMT_BF16, 1, 16},
    [MMA_CVT_TF32] = {"tf32", MMA_FMT_TF32, 1, 32},
    [MMA_CVT_F16X2] = {"f16x2", MMA_FMT_F16, 2, 16},
    [MMA_CVT_BF16X2] = {"bf16x2", MMA_FMT_BF16, 2, 16},
    [MMA_CVT_E4M3X2] = {"e4m3x2", MMA_FMT_E4M3, 2, 8},
    [MMA_CVT_E5M2X2] = {"e5m2x2", MMA_FMT_E5M2, 2, 8},
    [MMA_CVT_E2M1X2] = {"e2m1x2", MMA_FMT_E2M1, 2, 4},
    [MMA_CVT_E2M3X2] = {"e2m3x2", MMA_FMT_E2M3, 2, 8},
    [MMA_CVT_E3M2X2] = {"e3m2x2", MMA_FMT_E3M2, 2, 8},
    [MMA_CVT_UE8M0X2] = {"ue8m0x2", MMA_FMT_UE8M0, 2, 8},
    [MMA_CVT_E4M3X4] = {"e4m3x4", MMA_FMT_E4M3, 4, 8},
    [MMA_CVT_E5M2X4] = {"e5m2x4", MMA_FMT_E5M2, 4, 8},
    [MMA_CVT_E2M1X4] = {"e2m1x4", MMA_FMT_E2M1, 4, 4},
    [MMA_CVT_E2M3X4] = {"e2m3x4", MMA_FMT_E2M3, 4, 8},
    [MMA_CVT_E3M2X4] = {"e3m2x4", MMA_FMT_E3M2, 4, 8},
};

#define RND(r) (1u << (r))
#define RELU MMA_ENC_RELU
#define SAT MMA_ENC_SATFINITE

/* One accepted form: a type pair, the roundings it takes, the modifiers allowed and required with them. */
typedef struct cvt_form {
    uint8_t dtype, atype;
    uint8_t rnd_mask;   /* RND(mma_round) bits */
    uint8_t allowed;    /* modifiers that may be given */
    uint8_t required;   /* modifiers that must be given */
} cvt_form;

/* The syntax lines of the cvt section, one row per (pair, rounding set, modifier rule). */
static const cvt_form cvt_forms[] = {
    {MMA_CVT_F16, MMA_CVT_F32, RND(MMA_RND_RNE) | RND(MMA_RND_RZ), RELU | SAT, 0},
    {MMA_CVT_F16, MMA_CVT_F32, RND(MMA_RND_RD) | RND(MMA_RND_RU), 0, 0},
    {MMA_CVT_BF16, MMA_CVT_F32, RND(MMA_RND_RNE) | RND(MMA_RND_RZ), RELU | SAT, 0},
    {MMA_CVT_BF16, MMA_CVT_F32, RND(MMA_RND_RD) | RND(MMA_RND_RU), 0, 0},
    {MMA_CVT_F16X2, MMA_CVT_F32, RND(MMA_RND_RNE) | RND(MMA_RND_RZ) | RND(MMA_RND_RS), RELU | SAT, 0},
    {MMA_CVT_BF16X2, MMA_CVT_F32, RND(MMA_RND_RNE) | RND(MMA_RND_RZ) | RND(MMA_RND_RS), RELU | SAT, 0},
    {MMA_CVT_TF32, MMA_CVT_F32, RND(MMA_RND_RNA), SAT, 0},
    {MMA_CVT_TF32, MMA_CVT_F32, RND(MMA_RND_RNE) | RND(MMA_RND_RZ), RELU | SAT, 0},
    {MMA_CVT_E4M3X2, MMA_CVT_F32, RND(MMA_RND_RNE), RELU | SAT, SAT},
    {MMA_CVT_E5M2X2, MMA_CVT_F32, RND(MMA_RND_RNE), RELU | SAT, SAT},
    {MMA_CVT_E4M3X2, MMA_CVT_F16X2, RND(MMA_RND_RNE), RELU | SAT, SAT},
    {MMA_CVT_E5M2X2, MMA_CVT_F16X2, RND(MMA_RND_RNE), RELU | SAT, SAT},
    {MMA_CVT_E2M1X2, MMA_CVT_F32, RND(MMA_RND_RNE), RELU | SAT, SAT},
    {MMA_CVT_E2M3X2, MMA_CVT_F32, RND(MMA_RND_RNE), RELU | SAT, SAT},
    {MMA_CVT_E3M2X2, MMA_CVT_F32, RND(MMA_RND_RNE), RELU | SAT, SAT},
    {MMA_CVT_UE8M0X2, MMA_CVT_F32, RND(MMA_RND_RZ) | RND(MMA_RND_RU), SAT, 0},
    {MMA_CVT_UE8M0X2, MMA_CVT_BF16X2, RND(MMA_RND_RZ) | RND(MMA_RND_RU), SAT, 0},
    {MMA_CVT_F16X2, MMA_CVT_E4M3X2, RND(MMA_RND_RNE), RELU, 0},
    {MMA_CVT_F16X2, MMA_CVT_E5M2X2, RND(MMA_RND_RNE), RELU, 0},
    {MMA_CVT_F16X2, MMA_CVT_E2M1X2, RND(MMA_RND_RNE), RELU, 0},
    {MMA_CVT_F16X2, MMA_CVT_E2M3X2, RND(MMA_RND_RNE), RELU, 0},
    {MMA_CVT_F16X2, MMA_CVT_E3M2X2, RND(MMA_RND_RNE), RELU, 0},
    {MMA_CVT_BF16X2, MMA_CVT_UE8M0X2, RND(MMA_RND_RNE), 0, 0},
    {MMA_CVT_E4M3X4, MMA_CVT_F32, RND(MMA_RND_RS), RELU | SAT, SAT},
    {MMA_CVT_E5M2X4, MMA_CVT_F32, RND(MMA_RND_RS), RELU | SAT, SAT},
    {MMA_CVT_E2M1X4, MMA_CVT_F32, RND(MMA_RND_RS), RELU | SAT, SAT},
    {MMA_CVT_E2M3X4, MMA_CVT_F32, RND(MMA_RND_RS), RELU | SAT, SAT},
    {MMA_CVT_E3M2X4, MMA_CVT_F32, RND(MMA_RND_RS), RELU | SAT, SAT},
};

mma_status mma_cvt_validate(const mma_cvt_desc *desc)
{
    if (desc == NULL) {
        return MMA_ERR_NULL;
    }
    if (desc->dtype >= MMA_CVT_TYPE_COUNT || desc->atype >= MMA_CVT_TYPE_COUNT) {
        return MMA_ERR_FORMAT;
    }
    bool pair_found = false;
    for (size_t i = 0; i < sizeof cvt_forms / sizeof cvt_forms[0]; ++i) {
        const cvt_form *f = &cvt_forms[i];
        if (f->dtype != desc->dtype || f->atype != desc->atype) {
            continue;
        }
        pair_found = true;
        if (desc->rnd <= MMA_RND_RS && (f->rnd_mask & RND(desc->rnd)) != 0 &&
            (desc->mods & ~(unsigned)f->allowed) == 0 && (desc->mods & f->required) == f->required) {
            return MMA_OK;
        }
    }
    return pair_found ? MMA_ERR_ROUNDING : MMA_ERR_FORMAT_PAIR;
}

/* Source registers of a validated descriptor: one per element from f32, else one packed register. */
static unsigned operand_count(const mma_cvt_desc *desc)
{
    return desc->atype == MMA_CVT_F32 ? cvt_types[desc->dtype].lanes : 1u;
}

unsigned mma_cvt_operand_count(const mma_cvt_desc *desc)
{
    return mma_cvt_validate(desc) == MMA_OK ? operand_count(desc) : 0u;
}

/* Reverses the 16 low bits of x. */
static uint32_t bitrev16(uint32_t x)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < 16; ++i) {
        r = (r << 1) | ((x >> i) & 1u);
    }
    return r;
}

/* Random bits of element i (0 = operand a) for .rs, and their count k, per the layout in convert.h. */
static uint32_t rs_bits(mma_cvt_type dtype, unsigned i, uint32_t rbits, unsigned *k)
{
    uint32_t hi = rbits >> 16;
    uint32_t lo = rbits & 0xFFFFu;
    switch (dtype) {
    case MMA_CVT_F16X2:
        *k = 13;
        return (i == 0 ? hi : lo) & 0x1FFFu;
    case MMA_CVT_BF16X2:
        *k = 16;
        return i == 0 ? hi : lo;
    case MMA_CVT_E2M1X4: {
        static const uint8_t shift[4] = {24, 8, 16, 0};
        *k = 8;
        return (rbits >> shift[i]) & 0xFFu;
    }
    default: /* e4m3x4, e5m2x4, e2m3x4, e3m2x4 */
        *k = 16;
        switch (i) {
        case 0: return bitrev16(hi);
        case 1: return hi;
        case 2: return bitrev16(lo);
        default: return lo;
        }
    }
}

/*
 * Stochastic rounding of a finite value: the k random bits r are added to the k bits just below
 * the target ulp of |v|; a carry out rounds away from zero, otherwise the value is truncated. Only
 * the top k discarded bits can decide the carry (r is a multiple of 2^(ulp-k)).
 */
static mma_status encode_rs(mma_format fmt, const mma_value *v, uint32_t r, unsigned k, unsigned flags,
                            uint64_t *code)
{
    mma_round mode = MMA_RND_RZ;
    const mma_format_info *info = mma_format_get(fmt);
    if (v->cls == MMA_CLASS_FINITE && info != NULL) {
        int32_t ev = (int32_t)mma_msb64(v->sig) + v->exp;
        int32_t ulp = (ev > info->emin ? ev : info->emin) - (int32_t)info->frac_bits;
        if (ulp > v->exp) {
            int32_t sh = ulp - (int32_t)k - v->exp;
            uint64_t top;
            if (sh >= 64) {
                top = 0;
            } else if (sh >= 0) {
                top = v->sig >> sh;
            } else {
                top = v->sig << -sh; /* -sh < k <= 16: only bits below 2^k are kept */
            }
            top &= ((uint64_t)1 << k) - 1u;
            if (top + r >= ((uint64_t)1 << k)) {
                mode = v->sign ? MMA_RND_RD : MMA_RND_RU;
            }
        }
    }
    return mma_encode(fmt, v, mode, flags, code);
}

/* ue8m0 destination: |x| rounded toward zero or +Inf, no zero (0x00 = 2^-127), NaN 0xFF, overflow 0xFF/0xFE. */
static mma_status encode_ue8m0(mma_value *v, mma_round mode, unsigned flags, uint64_t *code)
{
    bool sat = (flags & MMA_ENC_SATFINITE) != 0;
    switch (v->cls) {
    case MMA_CLASS_NAN:
        *code = 0xFFu;
        return MMA_OK;
    case MMA_CLASS_INF:
        *code = sat ? 0xFEu : 0xFFu;
        return MMA_OK;
    case MMA_CLASS_ZERO:
        *code = 0x00u;
        return MMA_OK;
    default:
        break;
    }
    if ((int32_t)mma_msb64(v->sig) + v->exp < -127) {
        *code = 0x00u; /* below the smallest value: rz clamps to it, rp rounds up to it */
        return MMA_OK;
    }
    v->sign = 0; /* the destination has no sign: |x| is rounded */
    return mma_encode(MMA_FMT_UE8M0, v, mode, sat ? MMA_ENC_SATFINITE : 0u, code);
}

/* Extracts element i (0 = operand a, highest lane) of a packed register; MMA_ERR_CODE if padding bits are set. */
static mma_status unpack_lane(const cvt_type_info *t, uint32_t reg, unsigned i, uint64_t *code)
{
    unsigned shift = (unsigned)(t->lanes - 1u - i) * t->lane_bits;
    uint32_t lane = (reg >> shift) & ((1u << t->lane_bits) - 1u); /* packed lanes are 4..16 bits */
    const mma_format_info *info = mma_format_get((mma_format)t->fmt);
    if (info->storage_bits < t->lane_bits && (lane >> info->storage_bits) != 0) {
        return MMA_ERR_CODE;
    }
    *code = lane;
    return MMA_OK;
}

mma_status mma_cvt(const mma_cvt_desc *desc, const uint32_t *src, size_t nsrc, uint32_t rbits, uint32_t *d)
{
    mma_status st = mma_cvt_validate(desc);
    if (st != MMA_OK) {
        return st;
    }
    if (src == NULL || d == NULL) {
        return MMA_ERR_NULL;
    }
    if (nsrc != operand_count(desc)) {
        return MMA_ERR_BUFFER;
    }
    const cvt_type_info *dt = &cvt_types[desc->dtype];
    const cvt_type_info *at = &cvt_types[desc->atype];
    const unsigned flags = desc->mods; /* the encode flags themselves (validated above) */
    const mma_round mode = desc->rnd == MMA_RND_RS ? MMA_RND_RZ : (mma_round)desc->rnd; /* .rs: see encode_rs */
    uint32_t out = 0;
    for (unsigned i = 0; i < dt->lanes; ++i) {
        uint64_t in_code;
        if (desc->atype == MMA_CVT_F32) {
            in_code = src[i];
        } else {
            st = unpack_lane(at, src[0], i, &in_code);
            if (st != MMA_OK) {
                return st;
            }
        }
        mma_value v;
        st = mma_decode((mma_format)at->fmt, in_code, &v);
        if (st != MMA_OK) {
            return st;
        }
        uint64_t code;
        if (dt->fmt == MMA_FMT_UE8M0) {
            st = encode_ue8m0(&v, mode, flags, &code);
        } else if (desc->rnd == MMA_RND_RS) {
            unsigned k;
            uint32_t r = rs_bits((mma_cvt_type)desc->dtype, i, rbits, &k);
            st = encode_rs((mma_format)dt->fmt, &v, r, k, flags, &code);
        } else {
            st = mma_encode((mma_format)dt->fmt, &v, mode, flags, &code);
        }
        if (st != MMA_OK) {
            return st;
        }
        unsigned shift = (unsigned)(dt->lanes - 1u - i) * dt->lane_bits;
        out |= (uint32_t)code << shift;
    }
    *d = out;
    return MMA_OK;
}

uint32_t mma_cvt_tf32_trunc(uint32_t f32_bits)
{
    return f32_bits & 0xFFFFE000u;
}

mma_status mma_cvt_type_from_name(const char *name, size_t len, mma_cvt_type *out)
{
    if (name == NULL || out == NULL) {
        return MMA_ERR_NULL;
    }
    for (unsigned t = 0; t < (unsigned)MMA_CVT_TYPE_COUNT; ++t) {
        if (mmai_name_equals(name, len, cvt_types[t].name)) {
            *out = (mma_cvt_type)t;
            return MMA_OK;
        }
    }
    return MMA_ERR_FORMAT;
}

const char *mma_cvt_type_name(mma_cvt_type type)
{
    if ((unsigned)type >= (unsigned)MMA_CVT_TYPE_COUNT) {
        return NULL;
    }
    return cvt_types[type].name;
}
