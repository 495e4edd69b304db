/*
 * fuzz_sme: the Arm FP8 functions of mma/sme.h - FPMR decode/encode/check, vector lengths,
 * predicate unpacking, FP8DotAddFP (mma_fp8_dot_add), SME2 FMOPA 2-way (f16) and 4-way (f32), and
 * FDOT 2-way/4-way, plain and indexed.
 *
 * Input: a control byte (bits 0-2: which function; bits 3-7: bad-input switches: NULL arrays, a
 * short array, an invalid predicate element, raw FPMR / flags / vector length / index values),
 * the FPMR (valid formats, or with reserved formats, RES0 bits, or fully random), the option flags,
 * the vector length (mostly 128, sometimes up to 2048, invalid or raw), the FDOT index, and
 * a seed for the operand bytes, the predicates and the f16/f32 accumulators (raw codes or values
 * near the products' magnitude, so that sums cancel, round and overflow).
 *
 * Properties:
 *   - statuses: MMA_ERR_NULL, MMA_ERR_PROFILE_PARAM (unknown option bits), MMA_ERR_FPMR (reserved
 *     F8S1/F8S2/F8D or RES0 bits under MMA_SME_STRICT_FPMR), MMA_ERR_PREDICATE (vector length not a
 *     power of two 128..2048, or a predicate element other than 0/1), MMA_ERR_BUFFER (an array
 *     shorter than the vector length needs), MMA_ERR_INSTRUCTION (FDOT index), MMA_ERR_FORMAT /
 *     MMA_ERR_SHAPE / MMA_ERR_CODE (mma_fp8_dot_add dtype, ways, addend); with several bad inputs one
 *     of them; on any error the accumulator array is untouched;
 *   - results: for a sample of elements (and every element that has no active pair), the value of
 *     an independent exact re-computation of FP8DotAddFP (NUMERICS 3 `arm_fp8`): a 384-bit
 *     fixed-point (Kulisch) sum of C and 2^-LSCALE * sum a_i b_i (LSCALE FPMR[22:16] for f32,
 *     FPMR[19:16] for f16), one RNE rounding with subnormals, overflow to Inf or (FPMR.OSM) max
 *     normal, NaN/0 x Inf/Inf - Inf -> default NaN (negative under FPCR.AH), exact zero signed only
 *     when every term is a zero of that sign, reserved formats read as NaN; FMOPA elements without
 *     an active pair unchanged, inactive source elements read as +0; FDOT indexed Zm groups;
 *   - FPMR: decode then encode is the identity; encode refuses out-of-range fields; the format
 *     field map and mma_fpmr_check follow the header; mma_sme_pred_unpack is bit j of byte j/8.
 * The library's accumulator, decoder and encoder are not used by the checks.
 */
#include <stdbool.h>
#include <string.h>

#include "mma/sme.h"

#include "fuzz_common.h"

#define SAMPLES 24

/* ------------------------------------------------------------------ exact FP8DotAddFP */

static int msb64(uint64_t x)
{
    int r = -1;
    while (x != 0) {
        x >>= 1;
        ++r;
    }
    return r;
}

typedef struct dec {
    int cls; /* 0 zero, 1 finite, 2 inf, 3 nan */
    unsigned sign;
    uint64_t sig;
    int exp;
} dec;

/* FP8: fmt 0 = E5M2 (IEEE-like), 1 = E4M3 (OCP: no Inf, NaN S.1111.111), else reserved (NaN). */
static dec dec_fp8(unsigned fmt, uint8_t c)
{
    dec d = {0, (unsigned)(c >> 7), 0, 0};
    if (fmt > 1u) {
        d.cls = 3;
        return d;
    }
    const unsigned mb = fmt == 0u ? 2u : 3u, eb = fmt == 0u ? 5u : 4u;
    const int bias = fmt == 0u ? 15 : 7;
    const unsigned m = c & ((1u << mb) - 1u), e = (c >> mb) & ((1u << eb) - 1u);
    if (fmt == 0u && e == 31u) {
        d.cls = m == 0u ? 2 : 3;
        return d;
    }
    if (fmt == 1u && e == 15u && m == 7u) {
        d.cls = 3;
        return d;
    }
    if (e == 0u) {
        d.cls = m == 0u ? 0 : 1;
        d.sig = m;
        d.exp = 1 - bias - (int)mb;
        return d;
    }
    d.cls = 1;
    d.sig = (1u << mb) | m;
    d.exp = (int)e - bias - (int)mb;
    return d;
}

typedef struct ieee {
    unsigned p, ebits; /* significand bits incl. the hidden one, exponent bits */
    int emin, emax, bias;
    uint64_t dnan;
} ieee;

static const ieee F16 = {11, 5, -14, 15, 15, 0x7E00u};
static const ieee F32 = {24, 8, -126, 127, 127, 0x7FC00000u};

static dec dec_ieee(const ieee *f, uint64_t c)
{
    const unsigned fb = f->p - 1u;
    const uint64_t emask = ((uint64_t)1 << f->ebits) - 1u;
    dec d = {0, (unsigned)((c >> (fb + f->ebits)) & 1u), 0, 0};
    const uint64_t m = c & (((uint64_t)1 << fb) - 1u), e = (c >> fb) & emask;
    if (e == emask) {
        d.cls = m == 0u ? 2 : 3;
        return d;
    }
    if (e == 0u) {
        d.cls = m == 0u ? 0 : 1;
        d.sig = m;
        d.exp = f->emin - (int)fb;
        return d;
    }
    d.cls = 1;
    d.sig = ((uint64_t)1 << fb) | m;
    d.exp = (int)e - f->bias - (int)fb;
    return d;
}

/* 384-bit two's complement fixed point, bit 0 has weight 2^-OFF. */
#define LIMBS 6
#define OFF 192
typedef struct kul {
    uint64_t w[LIMBS];
} kul;

static void kul_add(kul *k, unsigned neg, uint64_t sig, int exp)
{
    const int pos = exp + OFF;
    FZ_CHECK(pos >= 0 && pos + 64 < 64 * LIMBS - 1, "term outside the accumulator: 2^%d", exp);
    uint64_t t[LIMBS] = {0};
    const unsigned li = (unsigned)pos / 64u, sh = (unsigned)pos % 64u;
    t[li] = sig << sh;
    if (sh != 0u) {
        t[li + 1u] = sig >> (64u - sh);
    }
    uint64_t carry = 0;
    if (!neg) {
        for (int i = 0; i < LIMBS; ++i) {
            const uint64_t a = k->w[i], s = a + t[i];
            const uint64_t c1 = s < a;
            const uint64_t s2 = s + carry;
            const uint64_t c2 = s2 < s;
            k->w[i] = s2;
            carry = c1 | c2;
        }
    } else {
        for (int i = 0; i < LIMBS; ++i) {
            const uint64_t a = k->w[i], s = a - t[i];
            const uint64_t b1 = a < t[i];
            const uint64_t s2 = s - carry;
            const uint64_t b2 = s < carry;
            k->w[i] = s2;
            carry = b1 | b2;
        }
    }
}

static int kul_bit(const kul *k, int i)
{
    return i < 0 ? 0 : (int)((k->w[i / 64] >> (i % 64)) & 1u);
}

/* Rounds the (non-zero) sum RNE to f: code magnitude with sign; overflow -> Inf or (osm) max normal. */
static uint64_t kul_round(kul k, const ieee *f, bool osm)
{
    unsigned sign = (unsigned)(k.w[LIMBS - 1] >> 63);
    if (sign) { /* negate */
        uint64_t carry = 1;
        for (int i = 0; i < LIMBS; ++i) {
            const uint64_t v = ~k.w[i] + carry;
            carry = (carry && v == 0) ? 1u : 0u;
            k.w[i] = v;
        }
    }
    int t = 64 * LIMBS - 1;
    while (t >= 0 && !kul_bit(&k, t)) {
        --t;
    }
    const uint64_t sbit = (uint64_t)1 << (f->p - 1u + f->ebits);
    if (t < 0) {
        return 0; /* not reached: the caller handles an exact zero */
    }
    const int sub_pos = f->emin - (int)(f->p - 1u) + OFF; /* position of the smallest subnormal */
    int ulp = t - (int)f->p + 1;
    if (ulp < sub_pos) {
        ulp = sub_pos;
    }
    uint64_t q = 0;
    for (int i = t; i >= ulp; --i) {
        q = q << 1 | (uint64_t)kul_bit(&k, i);
    }
    const int half = kul_bit(&k, ulp - 1);
    bool sticky = false;
    for (int i = ulp - 2; i >= 0 && !sticky; --i) {
        sticky = kul_bit(&k, i) != 0;
    }
    if (half && (sticky || (q & 1u))) {
        ++q;
    }
    const uint64_t sgn = sign ? sbit : 0u;
    if (q == 0) {
        return sgn; /* underflow to a zero of the sum's sign */
    }
    const int u = ulp - OFF;
    const int m = msb64(q);
    const int eb = m + u;
    const uint64_t fmask = ((uint64_t)1 << (f->p - 1u)) - 1u;
    if (eb > f->emax) {
        const uint64_t inf = (((uint64_t)1 << f->ebits) - 1u) << (f->p - 1u);
        return sgn | (osm ? inf - 1u : inf);
    }
    if (eb < f->emin) {
        return sgn | q; /* subnormal: u is the subnormal unit */
    }
    const uint64_t qn = m > (int)f->p - 1 ? q >> (m - ((int)f->p - 1)) : q << (((int)f->p - 1) - m);
    return sgn | ((uint64_t)(eb + f->bias) << (f->p - 1u)) | (qn & fmask);
}

/* FP8DotAddFP(addend, op1[0..ways), op2[0..ways)) per NUMERICS 3 `arm_fp8`. */
static uint64_t ref_dot(uint64_t fpmr, uint32_t flags, bool f16, uint64_t addend, const uint8_t *op1,
                        const uint8_t *op2, size_t ways)
{
    const ieee *f = f16 ? &F16 : &F32;
    const unsigned fmt1 = (unsigned)(fpmr & 7u), fmt2 = (unsigned)((fpmr >> 3) & 7u);
    const int lscale = (int)((fpmr >> 16) & (f16 ? 0xFu : 0x7Fu));
    const bool osm = ((fpmr >> 14) & 1u) != 0;
    /* FPDefaultNaN: the sign bit is FPCR.AH */
    const uint64_t default_nan = f->dnan | ((flags & MMA_SME_FPCR_AH) ? (uint64_t)1 << (f->p + f->ebits - 1u) : 0u);
    const dec c = dec_ieee(f, addend);
    bool nan = c.cls == 3, pinf = c.cls == 2 && !c.sign, ninf = c.cls == 2 && c.sign;
    bool all_zero = c.cls == 0;
    unsigned zero_signs = c.cls == 0 ? (c.sign ? 2u : 1u) : 0u;
    kul k;
    memset(&k, 0, sizeof k);
    if (c.cls == 1) {
        kul_add(&k, c.sign, c.sig, c.exp);
    }
    for (size_t i = 0; i < ways; ++i) {
        const dec a = dec_fp8(fmt1, op1[i]), b = dec_fp8(fmt2, op2[i]);
        const unsigned s = a.sign ^ b.sign;
        if (a.cls == 3 || b.cls == 3) {
            nan = true;
            continue;
        }
        if (a.cls == 2 || b.cls == 2) {
            if (a.cls == 0 || b.cls == 0) {
                nan = true; /* 0 x Inf */
            } else if (s) {
                ninf = true;
            } else {
                pinf = true;
            }
            all_zero = false;
            continue;
        }
        if (a.cls == 0 || b.cls == 0) {
            zero_signs |= s ? 2u : 1u;
            continue;
        }
        all_zero = false;
        kul_add(&k, s, a.sig * b.sig, a.exp + b.exp - lscale);
    }
    const uint64_t sbit = (uint64_t)1 << (f->p - 1u + f->ebits);
    if (nan || (pinf && ninf)) {
        return default_nan;
    }
    if (pinf || ninf) {
        return (ninf ? sbit : 0u) | ((((uint64_t)1 << f->ebits) - 1u) << (f->p - 1u));
    }
    bool zero = true;
    for (int i = 0; i < LIMBS; ++i) {
        zero = zero && k.w[i] == 0;
    }
    if (zero) {
        return (all_zero && zero_signs == 2u) ? sbit : 0u;
    }
    return kul_round(k, f, osm);
}

/* ------------------------------------------------------------------ inputs */

static uint64_t *alloc_u64(size_t n)
{
    uint64_t *p = (uint64_t *)malloc((n ? n : 1u) * sizeof *p);
    FZ_CHECK(p != NULL, "malloc");
    return p;
}

static uint8_t *alloc_u8(size_t n)
{
    uint8_t *p = (uint8_t *)malloc(n ? n : 1u);
    FZ_CHECK(p != NULL, "malloc");
    return p;
}

/* An accumulator code: raw, or a value near the products' magnitude (exponent around 0 +- 20). */
static uint64_t acc_code(uint64_t *seed, bool f16, unsigned mode)
{
    const uint64_t r = fz_rng(seed);
    const ieee *f = f16 ? &F16 : &F32;
    const unsigned fb = f->p - 1u;
    switch ((mode + (unsigned)(r >> 60)) % 4u) {
    case 0: return r & (f16 ? 0xFFFFu : 0xFFFFFFFFu);
    case 1: return (r & 1u) << (fb + f->ebits); /* +-0 */
    default: {
        const int e = (int)((r >> 8) % 41u) - 20 - (int)(((r >> 20) & 1u) ? (r >> 24) % 16u : 0u);
        int be = e + f->bias;
        be = be < 0 ? 0 : be > (int)((1u << f->ebits) - 2u) ? (int)((1u << f->ebits) - 2u) : be;
        return ((r >> 40) & 1u) << (fb + f->ebits) | (uint64_t)be << fb | ((r >> 30) & (((uint64_t)1 << fb) - 1u));
    }
    }
}

static void fill_fp8(uint8_t *z, size_t n, uint64_t *seed, unsigned mode)
{
    for (size_t i = 0; i < n; ++i) {
        const uint64_t r = fz_rng(seed);
        z[i] = (uint8_t)r;
        if (mode == 1u && (r >> 32) % 4u != 0u) { /* mostly moderate magnitudes, few specials */
            z[i] = (uint8_t)((r & 0x80u) | (0x20u + (r >> 8) % 0x40u));
        }
    }
}

static void check_status(mma_status st, const mma_status *allowed, size_t n, const char *what)
{
    FZ_CHECK_STATUS(st);
    if (n == 0) {
        FZ_CHECK(st == MMA_OK, "%s: status %s, expected MMA_OK", what, mma_status_name(st));
        return;
    }
    bool ok = false;
    for (size_t i = 0; i < n; ++i) {
        ok = ok || st == allowed[i];
    }
    FZ_CHECK(ok, "%s: status %s, expected %s%s", what, mma_status_name(st), mma_status_name(allowed[0]),
             n > 1 ? " (or another of the errors that apply)" : "");
}

static bool vl_valid(uint64_t vl)
{
    return vl >= 128u && vl <= 2048u && (vl & (vl - 1u)) == 0;
}

/* Whether an FPMR value and flags pass (MMA_OK), else the error. */
static mma_status fpmr_status(uint64_t fpmr, uint32_t flags)
{
    if ((flags & ~(uint32_t)MMA_SME_FLAGS_ALL) != 0) {
        return MMA_ERR_PROFILE_PARAM;
    }
    if ((flags & MMA_SME_STRICT_FPMR) != 0 &&
        ((fpmr & 7u) > 1u || ((fpmr >> 3) & 7u) > 1u || ((fpmr >> 6) & 7u) > 1u || (fpmr & MMA_FPMR_RES0_MASK) != 0)) {
        return MMA_ERR_FPMR;
    }
    return MMA_OK;
}

/* ------------------------------------------------------------------ FPMR helpers */

static void check_fpmr_helpers(fz_in *in, uint64_t fpmr, uint32_t flags, uint32_t vl, uint64_t *seed)
{
    mma_fpmr f;
    memset(&f, 0xA5, sizeof f);
    FZ_CHECK(mma_fpmr_decode(fpmr, &f) == MMA_OK, "decode");
    FZ_CHECK(f.f8s1 == (fpmr & 7u) && f.f8s2 == ((fpmr >> 3) & 7u) && f.f8d == ((fpmr >> 6) & 7u) &&
                 f.osm == ((fpmr >> 14) & 1u) && f.osc == ((fpmr >> 15) & 1u) && f.lscale == ((fpmr >> 16) & 0x7Fu) &&
                 (uint8_t)f.nscale == ((fpmr >> 24) & 0xFFu) && f.lscale2 == ((fpmr >> 32) & 0x3Fu) &&
                 f.res0 == (fpmr & MMA_FPMR_RES0_MASK),
             "decode fields of 0x%llx", (unsigned long long)fpmr);
    uint64_t back = 0;
    FZ_CHECK(mma_fpmr_encode(&f, &back) == MMA_OK && back == fpmr, "encode(decode(0x%llx)) = 0x%llx",
             (unsigned long long)fpmr, (unsigned long long)back);
    /* a field out of range */
    const uint8_t which = fz_u8(in), v = fz_u8(in);
    mma_fpmr g = f;
    bool bad = false;
    switch (which % 9u) {
    case 0: g.f8s1 = v; bad = v > 7u; break;
    case 1: g.f8s2 = v; bad = v > 7u; break;
    case 2: g.f8d = v; bad = v > 7u; break;
    case 3: g.osm = v; bad = v > 1u; break;
    case 4: g.osc = v; bad = v > 1u; break;
    case 5: g.lscale = v; bad = v > 127u; break;
    case 6: g.lscale2 = v; bad = v > 63u; break;
    case 7: g.nscale = (int8_t)v; break;
    default: g.res0 = fz_rng(seed); bad = (g.res0 & ~MMA_FPMR_RES0_MASK) != 0; break;
    }
    back = 0x1234u;
    const mma_status est = mma_fpmr_encode(&g, &back);
    FZ_CHECK(est == (bad ? MMA_ERR_FPMR : MMA_OK), "encode with field %u = %u: %s", which % 9u, v,
             mma_status_name(est));
    if (!bad) {
        mma_fpmr h;
        FZ_CHECK(mma_fpmr_decode(back, &h) == MMA_OK && h.f8s1 == g.f8s1 && h.f8s2 == g.f8s2 && h.f8d == g.f8d &&
                     h.osm == g.osm && h.osc == g.osc && h.lscale == g.lscale && h.nscale == g.nscale &&
                     h.lscale2 == g.lscale2 && h.res0 == g.res0,
                 "decode(encode(fields))");
    }
    FZ_CHECK(mma_fpmr_encode(NULL, &back) == MMA_ERR_NULL && mma_fpmr_encode(&f, NULL) == MMA_ERR_NULL &&
                 mma_fpmr_decode(fpmr, NULL) == MMA_ERR_NULL,
             "FPMR NULL arguments");
    mma_format fmt = MMA_FMT_COUNT;
    const unsigned field = v;
    const mma_status fst = mma_fpmr_fp8_format(field, &fmt);
    if (field == 0u) {
        FZ_CHECK(fst == MMA_OK && fmt == MMA_FMT_E5M2, "format field 0");
    } else if (field == 1u) {
        FZ_CHECK(fst == MMA_OK && fmt == MMA_FMT_E4M3, "format field 1");
    } else {
        FZ_CHECK(fst == MMA_ERR_FPMR, "format field %u: %s", field, mma_status_name(fst));
    }
    FZ_CHECK(mma_fpmr_fp8_format(0, NULL) == MMA_ERR_NULL, "format NULL");
    const mma_status cst = mma_fpmr_check(fpmr, flags);
    FZ_CHECK(cst == fpmr_status(fpmr, flags), "check(0x%llx, 0x%x): %s", (unsigned long long)fpmr, flags,
             mma_status_name(cst));
    const mma_status vst = mma_sme_vl_check(vl);
    FZ_CHECK(vst == (vl_valid(vl) ? MMA_OK : MMA_ERR_PREDICATE), "vl_check(%u): %s", vl, mma_status_name(vst));

    /* predicate unpack on exactly sized arrays (sometimes one short) */
    const uint8_t pb = fz_u8(in);
    const size_t n = vl_valid(vl) ? vl / 8u : (size_t)(pb % 40u);
    const size_t plen = n / 8u - ((pb & 1u) && n >= 8u ? 1u : 0u), elen = n - ((pb & 2u) && n > 0 ? 1u : 0u);
    uint8_t *preg = alloc_u8(plen), *el = alloc_u8(elen);
    for (size_t i = 0; i < plen; ++i) {
        preg[i] = (uint8_t)fz_rng(seed);
    }
    memset(el, 0xEE, elen ? elen : 1u);
    const mma_status ust = mma_sme_pred_unpack(vl, (pb & 4u) ? NULL : preg, plen, el, elen);
    if (pb & 4u) {
        FZ_CHECK(ust == MMA_ERR_NULL, "unpack NULL: %s", mma_status_name(ust));
    } else if (!vl_valid(vl)) {
        FZ_CHECK(ust == MMA_ERR_PREDICATE, "unpack with VL %u: %s", vl, mma_status_name(ust));
    } else if (plen < n / 8u || elen < n) {
        FZ_CHECK(ust == MMA_ERR_BUFFER, "unpack short: %s", mma_status_name(ust));
    } else {
        FZ_CHECK(ust == MMA_OK, "unpack: %s", mma_status_name(ust));
        for (size_t j = 0; j < n; ++j) {
            FZ_CHECK(el[j] == ((preg[j / 8u] >> (j % 8u)) & 1u), "unpack element %zu", j);
        }
    }
    free(preg);
    free(el);
}

/* ------------------------------------------------------------------ the instructions */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    const uint8_t ctl = fz_u8(&in);
    const uint8_t fpmr_mode = fz_u8(&in);
    uint64_t fpmr = fz_u64(&in);
    const uint8_t flag_b = fz_u8(&in);
    const uint8_t vl_b = fz_u8(&in);
    const uint8_t idx_b = fz_u8(&in);
    const uint8_t bad = fz_u8(&in);
    const uint8_t data_mode = fz_u8(&in);
    uint64_t seed = fz_u64(&in) | 1u;

    switch (fpmr_mode % 4u) { /* 0, 1: formats E5M2/E4M3, RES0 clear; 2: reserved formats; 3: raw */
    case 0:
    case 1: fpmr = (fpmr & ~MMA_FPMR_RES0_MASK & ~(uint64_t)0x3Fu) | (fpmr & 1u) | ((fpmr >> 1) & 1u) << 3; break;
    case 2: fpmr &= ~MMA_FPMR_RES0_MASK; break;
    default: break;
    }
    const uint32_t flags = (flag_b & 0x80u) ? (uint32_t)flag_b << (flag_b % 24u) : (uint32_t)(flag_b & 3u);
    /* mostly 128 (an FMOPA f16 tile at VL 2048 is 16384 dot products), every valid VL, invalid ones */
    static const uint32_t BAD_VLS[6] = {0, 64, 192, 4096, 127, 2049};
    uint32_t vl = vl_b < 0xC0u   ? 128u
                  : vl_b < 0xE0u ? 256u
                  : vl_b < 0xECu ? 512u
                  : vl_b < 0xF0u ? 1024u
                  : vl_b < 0xF2u ? 2048u
                  : vl_b < 0xF8u ? BAD_VLS[vl_b - 0xF2u]
                                 : fz_u32(&in);
    const unsigned what = ctl & 7u;
    if (what == 7u) {
        check_fpmr_helpers(&in, fpmr, flags, vl, &seed);
        return 0;
    }

    const bool f16 = what == 0u || what == 2u || what == 4u;
    const bool fmopa = what <= 1u, indexed = what == 4u || what == 5u;
    const size_t ways = what == 6u ? (size_t)1u << (idx_b % 4u) : (f16 ? 2u : 4u);
    const bool null_mode = (bad & 1u) != 0, short_mode = (bad & 2u) != 0, pred_mode = (bad & 4u) != 0;

    if (what == 6u) { /* mma_fp8_dot_add on one element */
        uint8_t op1[16], op2[16];
        fill_fp8(op1, 16, &seed, data_mode & 1u);
        fill_fp8(op2, 16, &seed, data_mode & 1u);
        const bool d16 = (data_mode & 2u) != 0;
        unsigned dtype = d16 ? MMA_FMT_F16 : MMA_FMT_F32;
        if (bad & 8u) {
            dtype = fz_u8(&in) % (MMA_FMT_COUNT + 2u);
        }
        size_t w = ways;
        if (bad & 16u) {
            w = fz_u8(&in) % 10u;
        }
        uint64_t addend = acc_code(&seed, dtype == MMA_FMT_F16, data_mode >> 2);
        if (bad & 32u) {
            addend |= (uint64_t)1 << (16u + fz_u8(&in) % 48u);
        }
        mma_status allowed[6];
        size_t na = 0;
        const bool dt_ok = dtype == MMA_FMT_F16 || dtype == MMA_FMT_F32;
        if (null_mode) {
            allowed[na++] = MMA_ERR_NULL;
        }
        if (!dt_ok) {
            allowed[na++] = MMA_ERR_FORMAT;
        }
        if (fpmr_status(fpmr, flags) != MMA_OK) {
            allowed[na++] = fpmr_status(fpmr, flags);
        }
        const size_t maxw = dtype == MMA_FMT_F16 ? 4u : 8u;
        if (w == 0 || w > maxw || (w & (w - 1u)) != 0) {
            allowed[na++] = MMA_ERR_SHAPE;
        }
        if (addend > (dtype == MMA_FMT_F16 ? 0xFFFFu : 0xFFFFFFFFu)) {
            allowed[na++] = MMA_ERR_CODE;
        }
        uint8_t *a1 = alloc_u8(w), *a2 = alloc_u8(w); /* exactly w bytes */
        memcpy(a1, op1, w);
        memcpy(a2, op2, w);
        uint64_t out = 0xABCDu;
        const mma_status st =
            mma_fp8_dot_add(fpmr, flags, (mma_format)dtype, addend, (null_mode && (bad & 64u)) ? NULL : a1,
                            (null_mode && !(bad & 64u)) ? NULL : a2, w, null_mode && (bad & 128u) ? NULL : &out);
        check_status(st, allowed, na, "mma_fp8_dot_add");
        if (st == MMA_OK) {
            const uint64_t want = ref_dot(fpmr, flags, dtype == MMA_FMT_F16, addend, a1, a2, w);
            FZ_CHECK(out == want, "fp8_dot_add(fpmr 0x%llx, %s, c 0x%llx, %zu ways) = 0x%llx, expected 0x%llx",
                     (unsigned long long)fpmr, dtype == MMA_FMT_F16 ? "f16" : "f32", (unsigned long long)addend, w,
                     (unsigned long long)out, (unsigned long long)want);
        } else {
            FZ_CHECK(out == 0xABCDu, "output written on error");
        }
        free(a1);
        free(a2);
        return 0;
    }

    /* FMOPA / FDOT: arrays sized for the vector length (the default one if it is invalid) */
    const bool vok = vl_valid(vl);
    const size_t nbytes = vok ? vl / 8u : 16u;
    const size_t dim = nbytes / ways;
    const size_t acc_n = fmopa ? dim * dim : dim;
    size_t zn_len = nbytes, zm_len = nbytes, pn_len = nbytes, pm_len = nbytes, acc_len = acc_n;
    if (short_mode) {
        const uint8_t which = fz_u8(&in), by = fz_u8(&in);
        size_t *lens[5] = {&zn_len, &zm_len, &acc_len, &pn_len, &pm_len}; /* FDOT has no predicates */
        size_t *l = lens[which % (fmopa ? 5u : 3u)];
        *l -= 1u + (size_t)by % *l; /* every length is at least 4 */
    }
    uint8_t *zn = alloc_u8(zn_len), *zm = alloc_u8(zm_len), *pn = alloc_u8(pn_len), *pm = alloc_u8(pm_len);
    fill_fp8(zn, zn_len, &seed, data_mode & 1u);
    fill_fp8(zm, zm_len, &seed, data_mode & 1u);
    /* Predicates: mostly active at VL 128/256; sparse above, so that an FMOPA tile of up to
       (2048/16)^2 elements costs only a few hundred dot products (inactive ones are checked too). */
    const unsigned in_32 = nbytes <= 32u ? 28u : nbytes <= 64u ? 16u : 2u; /* active out of 32 */
    for (size_t i = 0; i < pn_len; ++i) {
        pn[i] = (uint8_t)((fz_rng(&seed) % 32u) < in_32);
    }
    for (size_t i = 0; i < pm_len; ++i) {
        pm[i] = (uint8_t)((fz_rng(&seed) % 32u) < in_32);
    }
    bool bad_pred = false;
    if (pred_mode && fmopa) {
        uint8_t *p = (fz_u8(&in) & 1u) ? pm : pn;
        const size_t plen = p == pm ? pm_len : pn_len;
        const size_t at = fz_u16(&in) % (plen ? plen : 1u);
        if (plen > 0) {
            p[at] = (uint8_t)(2u + fz_u8(&in) % 254u);
            bad_pred = at < nbytes;
        }
    }
    uint64_t *acc = alloc_u64(acc_len);
    uint16_t *a16 = (uint16_t *)malloc((acc_len ? acc_len : 1u) * sizeof *a16);
    uint32_t *a32 = (uint32_t *)malloc((acc_len ? acc_len : 1u) * sizeof *a32);
    FZ_CHECK(a16 != NULL && a32 != NULL, "malloc");
    for (size_t i = 0; i < acc_len; ++i) {
        acc[i] = acc_code(&seed, f16, data_mode >> 1);
        a16[i] = (uint16_t)acc[i];
        a32[i] = (uint32_t)acc[i];
    }
    unsigned index = idx_b % (f16 ? 8u : 4u);
    if (idx_b >= 0xE0u) {
        index = (idx_b & 0x10u) ? fz_u32(&in) : idx_b % 16u;
    }
    const uint8_t null_which = fz_u8(&in);

    mma_status allowed[8];
    size_t na = 0;
    if (null_mode) {
        allowed[na++] = MMA_ERR_NULL;
    }
    if (fpmr_status(fpmr, flags) != MMA_OK) {
        allowed[na++] = fpmr_status(fpmr, flags);
    }
    if (!vok) {
        allowed[na++] = MMA_ERR_PREDICATE;
    }
    if (indexed && index >= (f16 ? 8u : 4u)) {
        allowed[na++] = MMA_ERR_INSTRUCTION;
    }
    if (vok && (zn_len < nbytes || zm_len < nbytes || acc_len < acc_n || (fmopa && (pn_len < nbytes || pm_len < nbytes)))) {
        allowed[na++] = MMA_ERR_BUFFER;
    }
    if (vok && bad_pred) {
        allowed[na++] = MMA_ERR_PREDICATE;
    }
    mma_sme_cfg cfg = {vl, flags, fpmr};
    mma_sme_fmopa_src src = {zn, zn_len, zm, zm_len, pn, pn_len, pm, pm_len};
    const mma_sme_cfg *pcfg = &cfg;
    const uint8_t *pzn = zn, *pzm = zm;
    void *pacc = f16 ? (void *)a16 : (void *)a32;
    const mma_sme_fmopa_src *psrc = &src;
    if (null_mode) {
        switch (null_which % (fmopa ? 7u : 4u)) {
        case 0: pcfg = NULL; break;
        case 1: pacc = NULL; break;
        case 2: if (fmopa) { src.zn = NULL; } else { pzn = NULL; } break;
        case 3: if (fmopa) { src.zm = NULL; } else { pzm = NULL; } break;
        case 4: src.pn = NULL; break;
        case 5: src.pm = NULL; break;
        default: psrc = NULL; break;
        }
    }
    mma_status st;
    switch (what) {
    case 0: st = mma_sme_fmopa_f16(pcfg, psrc, (uint16_t *)pacc, acc_len); break;
    case 1: st = mma_sme_fmopa_f32(pcfg, psrc, (uint32_t *)pacc, acc_len); break;
    case 2: st = mma_sme_fdot_f16(pcfg, pzn, zn_len, pzm, zm_len, (uint16_t *)pacc, acc_len); break;
    case 3: st = mma_sme_fdot_f32(pcfg, pzn, zn_len, pzm, zm_len, (uint32_t *)pacc, acc_len); break;
    case 4: st = mma_sme_fdot_f16_indexed(pcfg, pzn, zn_len, pzm, zm_len, index, (uint16_t *)pacc, acc_len); break;
    default: st = mma_sme_fdot_f32_indexed(pcfg, pzn, zn_len, pzm, zm_len, index, (uint32_t *)pacc, acc_len); break;
    }
    static const char *const NAMES[6] = {"fmopa_f16", "fmopa_f32", "fdot_f16", "fdot_f32", "fdot_f16_indexed",
                                         "fdot_f32_indexed"};
    check_status(st, allowed, na, NAMES[what]);
    if (st != MMA_OK) {
        for (size_t i = 0; i < acc_len; ++i) {
            FZ_CHECK((f16 ? a16[i] : a32[i]) == acc[i], "%s: accumulator %zu written on error %s", NAMES[what], i,
                     mma_status_name(st));
        }
    } else {
        /* every element without an active pair unchanged; a sample (and the first/last) recomputed */
        for (size_t e = 0; e < acc_n; ++e) {
            const uint64_t got = f16 ? a16[e] : a32[e];
            bool sample = e == 0 || e + 1u == acc_n || (fz_rng(&seed) % acc_n) < SAMPLES;
            uint8_t op1[4], op2[4];
            bool active = true;
            if (fmopa) {
                const size_t r = e / dim, c = e % dim;
                active = false;
                for (size_t i = 0; i < ways; ++i) {
                    const bool pr = pn[ways * r + i] != 0, pc = pm[ways * c + i] != 0;
                    active = active || (pr && pc);
                    op1[i] = pr ? zn[ways * r + i] : 0x00u;
                    op2[i] = pc ? zm[ways * c + i] : 0x00u;
                }
            } else {
                const size_t per = 16u / ways;
                const size_t s = indexed ? e - e % per + index : e;
                for (size_t i = 0; i < ways; ++i) {
                    op1[i] = zn[ways * e + i];
                    op2[i] = zm[ways * s + i];
                }
            }
            if (!active) {
                FZ_CHECK(got == acc[e], "%s: element %zu has no active pair but changed 0x%llx -> 0x%llx", NAMES[what],
                         e, (unsigned long long)acc[e], (unsigned long long)got);
                continue;
            }
            if (!sample) {
                continue;
            }
            const uint64_t want = ref_dot(fpmr, flags, f16, acc[e], op1, op2, ways);
            FZ_CHECK(got == want,
                     "%s VL %u fpmr 0x%llx flags %u element %zu: c 0x%llx, a %02x %02x %02x %02x, b %02x %02x %02x "
                     "%02x -> 0x%llx, expected 0x%llx",
                     NAMES[what], vl, (unsigned long long)fpmr, flags, e, (unsigned long long)acc[e], op1[0], op1[1],
                     ways > 2 ? op1[2] : 0, ways > 2 ? op1[3] : 0, op2[0], op2[1], ways > 2 ? op2[2] : 0,
                     ways > 2 ? op2[3] : 0, (unsigned long long)got, (unsigned long long)want);
        }
    }
    free(zn);
    free(zm);
    free(pn);
    free(pm);
    free(acc);
    free(a16);
    free(a32);
    return 0;
}
