/*
 * fuzz_format: decode / encode / convert / cvt of every format, mode and flag, and the name look-ups.
 *
 * The first input byte picks a sub-target:
 *   0  one code of one format: decode, then encode back with every rounding mode and every flag
 *      combination (plus invalid ones). Property: a non-NaN code comes back exactly (tf32 low 13
 *      bits and ue4m3 bit 7 are not significant and come back zero), a NaN gives the canonical
 *      NaN, .relu turns negatives into +0, satfinite turns Inf into max finite; invalid modes and
 *      flags give MMA_ERR_ROUNDING; a decoded value is never "inexact".
 *   1  an arbitrary mma_value (any class byte, sign byte, exponent, significand, sticky) through
 *      mma_encode in all five modes. Properties: every status is an mma_status, the status does
 *      not depend on the mode, a successful code fits the format and decodes; for a finite value
 *      RD <= RZ, RNE, RNA <= RU in value order and RU is at most one code above RD.
 *   2  a cvt descriptor and operands through mma_cvt_validate / mma_cvt_operand_count / mma_cvt.
 *      Properties: validate and operand_count agree; mma_cvt returns the validation error, else
 *      MMA_ERR_BUFFER for a wrong operand count, else OK or MMA_ERR_CODE; the result fits d's width.
 *   3  the rest of the input as a name for mma_format_from_name, mma_cvt_type_from_name and
 *      mma_preset_from_name (exactly sized buffer: over-reads are caught by ASan); a found name
 *      spells the table's name exactly. Also status names, msb64 and the table getters.
 *   4  the product and accumulation stages on hand-built inputs: mma_product_make of two arbitrary
 *      mma_values, mma_product_scale by any exponent, mma_accumulate of arbitrary mma_products with
 *      a preset's or an arbitrary profile, mma_dot of arbitrary codes. Property: no UB, statuses
 *      from the enum, a product of two decoded codes has the documented class, sign and weight.
 */
#include <stdbool.h>
#include <string.h>

#include "mma/convert.h"
#include "mma/mmacore.h"

#include "fuzz_common.h"

/* Position of the sign bit of a float format's code. */
static unsigned sign_pos(const mma_format_info *info)
{
    return (unsigned)info->frac_shift + info->frac_bits + info->exp_bits;
}

/* Code of +-max finite of a float format (what satfinite gives for +-Inf). */
static uint64_t max_code(const mma_format_info *info, unsigned sign)
{
    uint64_t efield = (uint64_t)((int64_t)info->emax + info->bias);
    uint64_t code = ((efield << info->frac_bits) | info->max_frac) << info->frac_shift;
    if (info->has_sign && sign) {
        code |= (uint64_t)1 << sign_pos(info);
    }
    return code;
}

/* Signed ordinal of a non-NaN float code: adjacent representable values have adjacent ordinals. */
static int64_t ordinal(const mma_format_info *info, uint64_t code)
{
    uint64_t mag = code >> info->frac_shift;
    bool neg = false;
    if (info->has_sign) {
        const unsigned sp = sign_pos(info) - info->frac_shift;
        neg = ((mag >> sp) & 1u) != 0;
        mag &= fz_mask(sp);
    } else {
        mag &= fz_mask(info->value_bits);
    }
    return neg ? -(int64_t)mag : (int64_t)mag;
}

static void check_code_fits(mma_format fmt, uint64_t code)
{
    const mma_format_info *info = mma_format_get(fmt);
    mma_value v;
    FZ_CHECK(info != NULL, "MMA_OK with a result in the invalid format %d", (int)fmt);
    FZ_CHECK((code & ~fz_mask(info->storage_bits)) == 0, "fmt %s code 0x%llx wider than the format", info->name,
             (unsigned long long)code);
    if (fmt == MMA_FMT_TF32) {
        FZ_CHECK((code & 0x1FFFu) == 0, "tf32 code 0x%llx has low bits", (unsigned long long)code);
    }
    if (fmt == MMA_FMT_UE4M3) {
        FZ_CHECK((code & 0x80u) == 0, "ue4m3 code 0x%llx has bit 7", (unsigned long long)code);
    }
    FZ_CHECK(mma_decode(fmt, code, &v) == MMA_OK, "encoded code 0x%llx of %s does not decode",
             (unsigned long long)code, info->name);
}

/* ---- 0: one code, decode then encode back ----------------------------------------------------- */
static void fuzz_roundtrip(fz_in *in)
{
    const mma_format fmt = (mma_format)(fz_u8(in) % ((unsigned)MMA_FMT_COUNT + 2u));
    const uint8_t ctl = fz_u8(in);
    uint64_t code = fz_u64(in);
    const mma_format to = (mma_format)(fz_u8(in) % ((unsigned)MMA_FMT_COUNT + 1u));
    const mma_format_info *info = mma_format_get(fmt);
    mma_value v;
    mma_status st;
    uint64_t out = 0;

    if (info == NULL) {
        FZ_CHECK(mma_decode(fmt, code, &v) == MMA_ERR_FORMAT, "bad format %d", (int)fmt);
        v.cls = MMA_CLASS_ZERO;
        v.sign = 0;
        v.sticky = 0;
        v.signaling = 0;
        v.exp = 0;
        v.sig = 0;
        FZ_CHECK(mma_encode(fmt, &v, MMA_RND_RNE, 0, &out) == MMA_ERR_FORMAT, "bad format %d", (int)fmt);
        FZ_CHECK(mma_convert(fmt, code, MMA_FMT_F32, MMA_RND_RNE, 0, &out) == MMA_ERR_FORMAT, "bad format");
        FZ_CHECK(!mma_format_is_float(fmt), "bad format is float");
        return;
    }
    if ((ctl & 0x80u) == 0) {
        code &= fz_mask(info->storage_bits);
    }
    st = mma_decode(fmt, code, &v);
    if ((code & ~fz_mask(info->storage_bits)) != 0) {
        FZ_CHECK(st == MMA_ERR_CODE, "%s code 0x%llx too wide: status %s", info->name, (unsigned long long)code,
                 mma_status_name(st));
        return;
    }
    FZ_CHECK(st == MMA_OK, "%s decode 0x%llx: %s", info->name, (unsigned long long)code, mma_status_name(st));
    FZ_CHECK(v.cls <= MMA_CLASS_NAN && v.sign <= 1 && v.sticky == 0 && v.signaling <= 1, "decoded fields");
    FZ_CHECK((v.cls == MMA_CLASS_FINITE) == (v.sig != 0), "%s 0x%llx: class %u with sig %llu", info->name,
             (unsigned long long)code, v.cls, (unsigned long long)v.sig);
    FZ_CHECK(v.cls != MMA_CLASS_NAN || v.signaling || info->nan_style == MMA_NAN_IEEE, "quiet NaN flag");
    if (info->kind != MMA_KIND_FLOAT) {
        if (fmt == MMA_FMT_S32) {
            /* s32 encodes integers: the decoded value comes back, wrapped or clamped alike */
            FZ_CHECK(mma_encode(fmt, &v, MMA_RND_RNE, 0, &out) == MMA_OK && out == code, "s32 encode 0x%llx",
                     (unsigned long long)code);
            FZ_CHECK(mma_encode(fmt, &v, MMA_RND_RNE, MMA_ENC_SATFINITE, &out) == MMA_OK && out == code,
                     "s32 satfinite encode 0x%llx", (unsigned long long)code);
        } else {
            FZ_CHECK(mma_encode(fmt, &v, MMA_RND_RNE, 0, &out) == MMA_ERR_FORMAT, "%s encode", info->name);
        }
        FZ_CHECK(mma_convert(fmt, code, MMA_FMT_F32, MMA_RND_RNE, 0, &out) == MMA_ERR_FORMAT, "%s convert",
                 info->name);
        FZ_CHECK(!mma_format_is_float(fmt), "%s is float", info->name);
        return;
    }
    FZ_CHECK(mma_format_is_float(fmt), "%s is not float", info->name);

    uint64_t canon = code;
    if (fmt == MMA_FMT_TF32) {
        canon &= ~(uint64_t)0x1FFF;
    }
    if (fmt == MMA_FMT_UE4M3) {
        canon &= 0x7Fu;
    }
    for (unsigned mode = 0; mode <= (unsigned)MMA_RND_COUNT; ++mode) {
        for (unsigned flags = 0; flags <= 8u; ++flags) {
            uint64_t expect = canon;
            out = 0xA5A5A5A5A5A5A5A5ull;
            st = mma_encode(fmt, &v, (mma_round)mode, flags, &out);
            if (mode >= (unsigned)MMA_RND_COUNT || flags > 7u) {
                FZ_CHECK(st == MMA_ERR_ROUNDING, "%s mode %u flags %u: %s", info->name, mode, flags,
                         mma_status_name(st));
                continue;
            }
            if (v.cls == MMA_CLASS_NAN) {
                expect = info->canonical_nan;
            } else if ((flags & MMA_ENC_RELU) && v.sign) {
                expect = 0; /* +0 of every signed format */
            } else if (v.cls == MMA_CLASS_INF && (flags & MMA_ENC_SATFINITE)) {
                expect = max_code(info, v.sign);
            }
            FZ_CHECK(st == MMA_OK && out == expect, "%s 0x%llx mode %u flags %u: %s code 0x%llx, expected 0x%llx",
                     info->name, (unsigned long long)code, mode, flags, mma_status_name(st),
                     (unsigned long long)out, (unsigned long long)expect);
        }
        if (mode < (unsigned)MMA_RND_COUNT) {
            FZ_CHECK(!mma_encode_is_inexact(fmt, &v, (mma_round)mode), "%s 0x%llx decoded value inexact",
                     info->name, (unsigned long long)code);
            st = mma_convert(fmt, code, fmt, (mma_round)mode, 0, &out);
            FZ_CHECK(st == MMA_OK && out == (v.cls == MMA_CLASS_NAN ? info->canonical_nan : canon),
                     "%s 0x%llx convert to itself: %s 0x%llx", info->name, (unsigned long long)code,
                     mma_status_name(st), (unsigned long long)out);
        }
    }
    /* Conversion to another format: any status from the enum; a code that fits. */
    st = mma_convert(fmt, code, to, (mma_round)(ctl % (unsigned)MMA_RND_COUNT), (ctl >> 3) & 7u, &out);
    FZ_CHECK_STATUS(st);
    if (st == MMA_OK) {
        check_code_fits(to, out);
    }
}

/* ---- 1: arbitrary exact values into encode ---------------------------------------------------- */
static void fuzz_value(fz_in *in)
{
    const uint8_t ctl = fz_u8(in);
    const mma_format fmt = (mma_format)(fz_u8(in) % ((unsigned)MMA_FMT_COUNT + 1u));
    mma_value v;
    const uint8_t cls = fz_u8(in);
    const uint8_t sign = fz_u8(in);
    const uint8_t bits = fz_u8(in);
    const uint32_t e = fz_u32(in);
    const uint64_t sig = fz_u64(in);
    unsigned flags = fz_u8(in);

    /* Mostly well-formed fields (the interesting arithmetic), sometimes raw bytes. */
    v.cls = (ctl & 1u) ? cls : (uint8_t)(cls % 4u);
    v.sign = (ctl & 2u) ? sign : (uint8_t)(sign & 1u);
    v.sticky = (uint8_t)(bits & 1u);
    v.signaling = (uint8_t)((bits >> 1) & 1u);
    if (ctl & 4u) {
        v.exp = (int32_t)e;
    } else {
        v.exp = (int32_t)(int16_t)(uint16_t)e % 1200; /* around every format's range */
    }
    v.sig = (ctl & 8u) ? sig : (sig & fz_mask((bits >> 2) & 63u));
    flags = (ctl & 16u) ? flags : (flags & 7u);

    mma_status st[MMA_RND_COUNT];
    uint64_t code[MMA_RND_COUNT];
    for (unsigned m = 0; m < (unsigned)MMA_RND_COUNT; ++m) {
        code[m] = 0;
        st[m] = mma_encode(fmt, &v, (mma_round)m, flags, &code[m]);
        FZ_CHECK_STATUS(st[m]);
        if (st[m] == MMA_OK) {
            check_code_fits(fmt, code[m]);
        }
        FZ_CHECK(st[m] == st[0], "status depends on the mode: %s vs %s", mma_status_name(st[m]),
                 mma_status_name(st[0]));
    }
    (void)mma_encode_is_inexact(fmt, &v, MMA_RND_RNE);
    const mma_format_info *info = mma_format_get(fmt);
    if (st[0] != MMA_OK || flags != 0 || v.cls != MMA_CLASS_FINITE || info == NULL) {
        return;
    }
    /* Order: RD <= RZ, RNE, RNA <= RU, and RU - RD <= one code (NaN results are overflow codes). */
    for (unsigned m = 0; m < (unsigned)MMA_RND_COUNT; ++m) {
        mma_value r;
        (void)mma_decode(fmt, code[m], &r);
        if (r.cls == MMA_CLASS_NAN) {
            return;
        }
    }
    const int64_t lo = ordinal(info, code[MMA_RND_RD]);
    const int64_t hi = ordinal(info, code[MMA_RND_RU]);
    FZ_CHECK(lo <= hi && hi - lo <= 1, "%s: RD 0x%llx RU 0x%llx not adjacent (exp %d sig 0x%llx sticky %u)",
             info->name, (unsigned long long)code[MMA_RND_RD], (unsigned long long)code[MMA_RND_RU], (int)v.exp,
             (unsigned long long)v.sig, v.sticky);
    for (unsigned m = 0; m < (unsigned)MMA_RND_COUNT; ++m) {
        const int64_t o = ordinal(info, code[m]);
        FZ_CHECK(o >= lo && o <= hi, "%s: mode %u code 0x%llx outside [RD, RU]", info->name, m,
                 (unsigned long long)code[m]);
    }
    FZ_CHECK(code[MMA_RND_RZ] == code[v.sign ? MMA_RND_RU : MMA_RND_RD] ||
                 ordinal(info, code[MMA_RND_RZ]) == ordinal(info, code[v.sign ? MMA_RND_RU : MMA_RND_RD]),
             "%s: RZ is not the rounding toward zero", info->name);
}

/* ---- 2: cvt ----------------------------------------------------------------------------------- */

/* Width of d of each cvt type (bits). */
static unsigned cvt_dbits(unsigned t)
{
    static const uint8_t bits[MMA_CVT_TYPE_COUNT] = {
        [MMA_CVT_F32] = 32,    [MMA_CVT_F16] = 16,     [MMA_CVT_BF16] = 16,    [MMA_CVT_TF32] = 32,
        [MMA_CVT_F16X2] = 32,  [MMA_CVT_BF16X2] = 32,  [MMA_CVT_E4M3X2] = 16,  [MMA_CVT_E5M2X2] = 16,
        [MMA_CVT_E2M1X2] = 8,  [MMA_CVT_E2M3X2] = 16,  [MMA_CVT_E3M2X2] = 16,  [MMA_CVT_UE8M0X2] = 16,
        [MMA_CVT_E4M3X4] = 32, [MMA_CVT_E5M2X4] = 32,  [MMA_CVT_E2M1X4] = 16,  [MMA_CVT_E2M3X4] = 32,
        [MMA_CVT_E3M2X4] = 32,
    };
    return bits[t];
}

static void fuzz_cvt(fz_in *in)
{
    const uint8_t ctl = fz_u8(in);
    mma_cvt_desc desc;
    desc.dtype = fz_u8(in);
    desc.atype = fz_u8(in);
    desc.rnd = fz_u8(in);
    desc.mods = fz_u8(in);
    if ((ctl & 1u) == 0) {
        desc.dtype = (uint8_t)(desc.dtype % ((unsigned)MMA_CVT_TYPE_COUNT + 1u));
        desc.atype = (uint8_t)(desc.atype % ((unsigned)MMA_CVT_TYPE_COUNT + 1u));
        desc.rnd = (uint8_t)(desc.rnd % 9u); /* the frm values 0..7 and one beyond */
        desc.mods &= 3u;
    }
    uint32_t src[5];
    for (unsigned i = 0; i < 5; ++i) {
        src[i] = fz_u32(in);
    }
    const uint32_t rbits = fz_u32(in);
    const mma_status sv = mma_cvt_validate(&desc);
    FZ_CHECK_STATUS(sv);
    const unsigned cnt = mma_cvt_operand_count(&desc);
    FZ_CHECK((sv == MMA_OK) == (cnt != 0), "validate %s but operand count %u", mma_status_name(sv), cnt);
    FZ_CHECK(cnt == 0 || cnt == 1 || cnt == 2 || cnt == 4, "operand count %u", cnt);
    const size_t nsrc = (ctl & 2u) ? (size_t)(ctl >> 2) % 6u : cnt;
    uint32_t d = 0xDEADBEEFu;
    mma_status st = mma_cvt(&desc, src, nsrc, rbits, &d);
    FZ_CHECK_STATUS(st);
    if (sv != MMA_OK) {
        FZ_CHECK(st == sv, "cvt %s, validate %s", mma_status_name(st), mma_status_name(sv));
        return;
    }
    FZ_CHECK(mma_cvt(&desc, NULL, cnt, rbits, &d) == MMA_ERR_NULL, "NULL src");
    FZ_CHECK(mma_cvt(&desc, src, cnt, rbits, NULL) == MMA_ERR_NULL, "NULL d");
    if (nsrc != cnt) {
        FZ_CHECK(st == MMA_ERR_BUFFER, "nsrc %zu != %u: %s", nsrc, cnt, mma_status_name(st));
        return;
    }
    FZ_CHECK(st == MMA_OK || st == MMA_ERR_CODE, "cvt %u.%u rnd %u mods %u: %s", desc.dtype, desc.atype,
             desc.rnd, desc.mods, mma_status_name(st));
    if (st != MMA_OK) {
        return;
    }
    const unsigned w = cvt_dbits(desc.dtype);
    FZ_CHECK(w >= 32u || (d >> w) == 0, "cvt d 0x%x wider than %u bits", d, w);
    if (desc.dtype == MMA_CVT_TF32) {
        FZ_CHECK((d & 0x1FFFu) == 0, "tf32 d 0x%x has low bits", d);
    }
    if (desc.dtype == MMA_CVT_E2M3X2 || desc.dtype == MMA_CVT_E3M2X2 || desc.dtype == MMA_CVT_E2M3X4 ||
        desc.dtype == MMA_CVT_E3M2X4) {
        FZ_CHECK((d & 0xC0C0C0C0u) == 0, "6-bit lanes of d 0x%x have padding bits", d);
    }
}

/* ---- 3: names and small getters --------------------------------------------------------------- */
static void fuzz_names(fz_in *in)
{
    const uint32_t x = fz_u32(in);
    const uint64_t y = fz_u64(in);
    const size_t len = in->n;
    char *name = (char *)malloc(len ? len : 1u); /* exactly sized: no NUL after the name */
    if (name == NULL) {
        return;
    }
    if (len) {
        memcpy(name, in->p, len);
    }

    mma_format f = MMA_FMT_COUNT;
    mma_status st = mma_format_from_name(name, len, &f);
    FZ_CHECK(st == MMA_OK || st == MMA_ERR_FORMAT, "format_from_name: %s", mma_status_name(st));
    if (st == MMA_OK) {
        const mma_format_info *info = mma_format_get(f);
        FZ_CHECK(info != NULL && strlen(info->name) == len && memcmp(info->name, name, len) == 0, "format name");
    }
    mma_cvt_type t = MMA_CVT_TYPE_COUNT;
    st = mma_cvt_type_from_name(name, len, &t);
    FZ_CHECK(st == MMA_OK || st == MMA_ERR_FORMAT, "cvt_type_from_name: %s", mma_status_name(st));
    if (st == MMA_OK) {
        const char *tn = mma_cvt_type_name(t);
        FZ_CHECK(tn != NULL && strlen(tn) == len && memcmp(tn, name, len) == 0, "cvt type name");
    }
    mma_preset p = MMA_PRESET_COUNT;
    st = mma_preset_from_name(name, len, &p);
    FZ_CHECK(st == MMA_OK || st == MMA_ERR_PROFILE, "preset_from_name: %s", mma_status_name(st));
    FZ_CHECK(st != MMA_OK || (unsigned)p < (unsigned)MMA_PRESET_COUNT, "preset %d", (int)p);
    FZ_CHECK(mma_format_from_name(NULL, len, &f) == MMA_ERR_NULL, "NULL name");
    FZ_CHECK(mma_preset_from_name(name, len, NULL) == MMA_ERR_NULL, "NULL out");
    free(name);

    FZ_CHECK(mma_status_name((mma_status)x) != NULL && mma_status_message((mma_status)x) != NULL, "status text");
    FZ_CHECK((mma_format_get((mma_format)x) != NULL) == (x < (uint32_t)MMA_FMT_COUNT), "format_get %u", x);
    FZ_CHECK((mma_preset_name((mma_preset)x) != NULL) == (x < (uint32_t)MMA_PRESET_COUNT), "preset_name %u", x);
    FZ_CHECK((mma_cvt_type_name((mma_cvt_type)x) != NULL) == (x < (uint32_t)MMA_CVT_TYPE_COUNT), "cvt name %u", x);
    const int msb = mma_msb64(y);
    FZ_CHECK(y == 0 ? msb == -1 : (msb >= 0 && msb < 64 && (y >> msb) == 1u), "msb64(0x%llx) = %d",
             (unsigned long long)y, msb);
    FZ_CHECK(mma_cvt_tf32_trunc(x) == (x & 0xFFFFE000u), "tf32_trunc");
}

/* ---- 4: product and accumulation stages -------------------------------------------------------- */
static void random_value(fz_in *in, mma_value *v)
{
    const uint8_t ctl = fz_u8(in);
    v->cls = (ctl & 1u) ? fz_u8(in) : (uint8_t)(fz_u8(in) % 4u);
    v->sign = (uint8_t)(fz_u8(in) & 1u);
    v->sticky = 0;
    v->signaling = (uint8_t)(fz_u8(in) & 1u);
    const uint32_t e = fz_u32(in);
    v->exp = (ctl & 2u) ? (int32_t)e : (int32_t)(int16_t)(uint16_t)e % 1200;
    const uint64_t sig = fz_u64(in);
    v->sig = (ctl & 4u) ? sig : (sig & 0xFFFFFFu);
}

static void random_profile(fz_in *in, mma_profile *p)
{
    const uint8_t sel = fz_u8(in);
    memset(p, 0, sizeof *p);
    if ((sel & 0x80u) == 0) {
        (void)mma_preset_profile((mma_preset)(sel % (unsigned)MMA_PRESET_COUNT), (mma_family)((sel >> 4) % 3u),
                                 (sel & 8u) ? MMA_FMT_E4M3 : MMA_FMT_F16, MMA_FMT_F32, p);
        if (mma_profile_validate(p) == MMA_OK) {
            return;
        }
    }
    p->algo = fz_u8(in) % 5u;
    p->k_order = fz_u8(in) % 3u;
    p->c_mode = fz_u8(in) % 4u;
    p->round_mode = fz_u8(in) % 6u;
    p->group = fz_u16(in) % 70u;
    p->frac_bits = fz_u8(in) % 45u;
    p->f32_sig_bits = (fz_u8(in) & 1u) ? 24 : 14;
    p->f32_round = fz_u8(in) % 6u;
    p->f16_round = fz_u8(in) % 6u;
    p->min_e_f32 = (int16_t)fz_u16(in);
    p->min_e_f16 = (int16_t)fz_u16(in);
    p->zero_c_term = fz_u8(in) % 3u;
    p->f16_c_pinned = fz_u8(in) % 3u;
    p->zero_product_term = fz_u8(in) % 3u;
    p->group_align = fz_u8(in) % 3u;
    p->flush_subnormal_in = fz_u8(in) % 3u;
    p->arm_lscale = fz_u8(in);
    p->arm_osm = fz_u8(in) % 3u;
    p->name = NULL;
}

static void fuzz_accumulate(fz_in *in)
{
    const mma_format fa = (mma_format)(fz_u8(in) % ((unsigned)MMA_FMT_COUNT + 1u));
    const mma_format fb = (mma_format)(fz_u8(in) % ((unsigned)MMA_FMT_COUNT + 1u));
    mma_value a, b;
    mma_product p;
    random_value(in, &a);
    random_value(in, &b);
    mma_status st = mma_product_make(fa, &a, fb, &b, &p);
    FZ_CHECK_STATUS(st);
    const int32_t scale = (int32_t)fz_u32(in);
    if (st == MMA_OK) {
        const bool raw = (fz_u8(in) & 1u) != 0u; /* F1: exponents out of range are refused, not overflowed */
        mma_product_scale(&p, raw ? scale : scale % 300);
    }

    /* Decoded codes: the documented product. */
    const mma_format_info *ia = mma_format_get(fa);
    const mma_format_info *ib = mma_format_get(fb);
    const uint64_t ca = fz_u64(in), cb = fz_u64(in);
    if (ia != NULL && ib != NULL && ia->kind == MMA_KIND_FLOAT && ib->kind == MMA_KIND_FLOAT && ia->frac_bits <= 31 &&
        ib->frac_bits <= 31 && mma_decode(fa, ca & fz_mask(ia->storage_bits), &a) == MMA_OK &&
        mma_decode(fb, cb & fz_mask(ib->storage_bits), &b) == MMA_OK) {
        st = mma_product_make(fa, &a, fb, &b, &p);
        FZ_CHECK(st == MMA_OK, "product of decoded codes: %s", mma_status_name(st));
        FZ_CHECK(p.sign == (a.sign ^ b.sign), "product sign");
        if (a.cls == MMA_CLASS_FINITE && b.cls == MMA_CLASS_FINITE) {
            FZ_CHECK(p.cls == MMA_CLASS_FINITE && p.m == a.sig * b.sig && p.lsb == a.exp + b.exp &&
                         p.e == p.lsb + (int32_t)ia->frac_bits + (int32_t)ib->frac_bits,
                     "finite product fields");
        } else if (a.cls == MMA_CLASS_NAN || b.cls == MMA_CLASS_NAN ||
                   ((a.cls == MMA_CLASS_INF || b.cls == MMA_CLASS_INF) &&
                    (a.cls == MMA_CLASS_ZERO || b.cls == MMA_CLASS_ZERO))) {
            FZ_CHECK(p.cls == MMA_CLASS_NAN, "NaN product");
        } else if (a.cls == MMA_CLASS_INF || b.cls == MMA_CLASS_INF) {
            FZ_CHECK(p.cls == MMA_CLASS_INF, "Inf product");
        } else {
            FZ_CHECK(p.cls == MMA_CLASS_ZERO, "zero product");
        }
    }

    /* Arbitrary products into the accumulator. */
    mma_product prods[8];
    const size_t n = fz_u8(in) % 9u;
    for (size_t i = 0; i < n; ++i) {
        const uint8_t ctl = fz_u8(in);
        prods[i].cls = (ctl & 1u) ? fz_u8(in) : (uint8_t)(fz_u8(in) % 4u);
        prods[i].sign = (uint8_t)(fz_u8(in) & 1u);
        prods[i].signaling = (uint8_t)(fz_u8(in) & 1u);
        prods[i].pad = 0;
        const uint32_t e = fz_u32(in);
        /* F3: exponents far outside any format's range must be refused by mma_product_check. */
        prods[i].e = (ctl & 2u) ? (int32_t)e : (int32_t)(int16_t)(uint16_t)e % 400;
        const unsigned width = fz_u8(in) % 64u; /* bits of m below the term exponent */
        const int64_t lsb = (int64_t)prods[i].e - (int64_t)width;
        prods[i].lsb = lsb < INT32_MIN ? INT32_MIN : (int32_t)lsb;
        const uint64_t m = fz_u64(in);
        /* A raw m breaks the documented invariant m * 2^lsb < 4 * 2^e (F3: refused as well). */
        prods[i].m = (ctl & 4u) ? m : m >> (63u - width);
    }
    mma_profile prof;
    random_profile(in, &prof);
    const mma_format ct = (mma_format)(fz_u8(in) % ((unsigned)MMA_FMT_COUNT + 1u));
    const mma_format dt = (mma_format)(fz_u8(in) % ((unsigned)MMA_FMT_COUNT + 1u));
    uint64_t out = 0;
    uint64_t c = fz_u64(in);
    if (fz_verbose()) { /* for a bug report: the call in full */
        fprintf(stderr, "mma_accumulate(profile {algo %u k_order %u c_mode %u round %u G %u F %u f32_sig %u f32_rnd %u "
                        "f16_rnd %u min_e %d/%d zc %u pin %u zp %u ga %u flush %u lscale %u osm %u}, n %zu, ctype %d, "
                        "c 0x%llx, dtype %d)\n",
                prof.algo, prof.k_order, prof.c_mode, prof.round_mode, prof.group, prof.frac_bits, prof.f32_sig_bits,
                prof.f32_round, prof.f16_round, prof.min_e_f32, prof.min_e_f16, prof.zero_c_term, prof.f16_c_pinned,
                prof.zero_product_term, prof.group_align, prof.flush_subnormal_in, prof.arm_lscale, prof.arm_osm, n, (int)ct, (unsigned long long)c, (int)dt);
        for (size_t i = 0; i < n; ++i) {
            fprintf(stderr, "  product %zu: cls %u sign %u signaling %u e %d lsb %d m 0x%llx\n", i, prods[i].cls,
                    prods[i].sign, prods[i].signaling, (int)prods[i].e, (int)prods[i].lsb,
                    (unsigned long long)prods[i].m);
        }
    }
    st = mma_accumulate(&prof, prods, n, ct, c, dt, &out);
    FZ_CHECK_STATUS(st);
    if (st == MMA_OK) { /* F2: even with no products, C is decoded and D fits its format */
        check_code_fits(dt, out);
        for (size_t i = 0; i < n; ++i) {
            FZ_CHECK(prods[i].cls <= MMA_CLASS_NAN, "product %zu of class %u accepted", i, prods[i].cls);
        }
    }

    /* mma_dot of arbitrary (masked) codes with that profile. */
    uint64_t acode[8], bcode[8];
    const size_t k = fz_u8(in) % 9u;
    for (size_t i = 0; i < k; ++i) {
        acode[i] = fz_u64(in) & (ia != NULL ? fz_mask(ia->storage_bits) : 0xFFu);
        bcode[i] = fz_u64(in) & (ib != NULL ? fz_mask(ib->storage_bits) : 0xFFu);
    }
    c = fz_u64(in) & 0xFFFFFFFFu;
    if (fz_verbose()) {
        fprintf(stderr, "mma_dot(same profile, atype %d, btype %d, k %zu, ctype %d, c 0x%llx, dtype %d)\n", (int)fa,
                (int)fb, k, (int)ct, (unsigned long long)c, (int)dt);
        for (size_t i = 0; i < k; ++i) {
            fprintf(stderr, "  a[%zu] 0x%llx b[%zu] 0x%llx\n", i, (unsigned long long)acode[i], i,
                    (unsigned long long)bcode[i]);
        }
    }
    st = mma_dot(&prof, fa, acode, 1, fb, bcode, 1, k, ct, c, dt, &out);
    FZ_CHECK_STATUS(st);
    if (st == MMA_OK) {
        check_code_fits(dt, out);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    switch (fz_u8(&in) % 5u) {
    case 0: fuzz_roundtrip(&in); break;
    case 1: fuzz_value(&in); break;
    case 2: fuzz_cvt(&in); break;
    case 3: fuzz_names(&in); break;
    default: fuzz_accumulate(&in); break;
    }
    return 0;
}
