/*
 * fuzz_mx_quantize: block quantisation mma_mx_quantize (OCP MX v1.0, ue8m0 scale) and
 * mma_nvfp4_quantize (ue4m3 scale, e2m1 elements) of mma/block_scale.h.
 *
 * Input: a control byte (bit 0: NVFP4 instead of MX; bit 1: an over-wide input code; bit 2: bad
 * arguments: NULL pointers, n = 0, formats the functions refuse), the source format (mostly f32,
 * else any float format or a non-float one), the element format (e4m3, e5m2, e3m2, e2m3, e2m1 or a
 * refused one), the block size n (1..64), a magnitude band, then per element a kind byte (raw bits,
 * +-0, subnormal, Inf, NaN, huge, tiny, or near the band so that the block's values are close to
 * amax) and its bits.
 *
 * Properties, against an exact re-derivation here (own decoder of the NUMERICS 1 formats, exact
 * dyadic comparisons, brute force over the element format's values; the library's decode, encode
 * and format table are not used):
 *   - statuses: a NULL array -> MMA_ERR_NULL, n = 0 -> MMA_ERR_BUFFER, a non-float source (or ue8m0
 *     / ue4m3) or an element format other than the five -> MMA_ERR_FORMAT, a code with bits beyond
 *     the source's storage width -> MMA_ERR_CODE; several at once: one of them;
 *   - MX: scale = 2^(floor(log2 amax) - emax_elem) (emax_elem 8, 15, 4, 2, 2, NUMERICS 2), exponent
 *     clamped to [-127, 127], 2^-127 for a block without a finite non-zero value; code 0xFF if the
 *     block holds a NaN or an Inf;
 *   - NVFP4: scale = amax / 6 rounded to nearest-even in ue4m3, saturated to 448; 1.0 for amax = 0;
 *     2^-9 if amax != 0 rounds to zero; code 0x7F with a NaN or Inf in the block;
 *   - every element code is a valid code of the element format (width; NaN only from a NaN, never
 *     an e5m2 Inf) and is exactly x / scale rounded to nearest, ties to the even code, saturated to
 *     +-max; a zero keeps the sign of x; Inf -> +-max; NaN -> 0x7F (e4m3, e5m2) or +max.
 */
#include <stdbool.h>
#include <string.h>

#include "mma/block_scale.h"

#include "fuzz_common.h"

/* ------------------------------------------------------------------ formats (NUMERICS 1) */

typedef struct ffmt {
    mma_format f;
    unsigned ebits, mbits, storage, shift; /* shift: position of the fraction LSB (tf32: 13) */
    int bias;
    bool has_inf;
    int nan; /* 0 none, 1 IEEE (exponent all ones, fraction != 0), 2 only S.1..1.1..1 */
    bool has_sign;
} ffmt;

static const ffmt FMTS[] = {
    {MMA_FMT_F64, 11, 52, 64, 0, 1023, true, 1, true},  {MMA_FMT_F32, 8, 23, 32, 0, 127, true, 1, true},
    {MMA_FMT_TF32, 8, 10, 32, 13, 127, true, 1, true},  {MMA_FMT_F16, 5, 10, 16, 0, 15, true, 1, true},
    {MMA_FMT_BF16, 8, 7, 16, 0, 127, true, 1, true},    {MMA_FMT_E5M2, 5, 2, 8, 0, 15, true, 1, true},
    {MMA_FMT_E4M3, 4, 3, 8, 0, 7, false, 2, true},      {MMA_FMT_E3M2, 3, 2, 6, 0, 3, false, 0, true},
    {MMA_FMT_E2M3, 2, 3, 6, 0, 1, false, 0, true},      {MMA_FMT_E2M1, 2, 1, 4, 0, 1, false, 0, true},
    {MMA_FMT_UE4M3, 4, 3, 8, 0, 7, false, 2, false},
};
#define NFMTS (sizeof FMTS / sizeof FMTS[0])

static const ffmt *ffmt_of(unsigned f)
{
    for (size_t i = 0; i < NFMTS; ++i) {
        if ((unsigned)FMTS[i].f == f) {
            return &FMTS[i];
        }
    }
    return NULL;
}

/* The source formats the functions accept (float, not a scale format). */
static bool src_ok(unsigned f)
{
    return f <= MMA_FMT_E2M1;
}

/* emax_elem of OCP MX v1.0, -1 for an element format the MX function refuses. */
static int emax_elem(unsigned f)
{
    switch (f) {
    case MMA_FMT_E4M3: return 8;
    case MMA_FMT_E5M2: return 15;
    case MMA_FMT_E3M2: return 4;
    case MMA_FMT_E2M3:
    case MMA_FMT_E2M1: return 2;
    default: return -1;
    }
}

enum { CZERO, CFIN, CINF, CNAN };

/* An exact value (-1)^sign * sig * 2^exp. */
typedef struct xval {
    int cls;
    unsigned sign;
    uint64_t sig;
    int exp;
} xval;

static xval decode(const ffmt *F, uint64_t code)
{
    xval v = {CZERO, 0, 0, 0};
    const uint64_t bits = code >> F->shift;
    const uint64_t frac = bits & fz_mask(F->mbits);
    const uint64_t efield = (bits >> F->mbits) & fz_mask(F->ebits);
    const uint64_t emask = fz_mask(F->ebits);
    v.sign = F->has_sign ? (unsigned)((bits >> (F->mbits + F->ebits)) & 1u) : 0u;
    if (F->nan == 1 && efield == emask && frac != 0) {
        v.cls = CNAN;
        return v;
    }
    if (F->nan == 2 && efield == emask && frac == fz_mask(F->mbits)) {
        v.cls = CNAN;
        return v;
    }
    if (F->has_inf && efield == emask) {
        v.cls = CINF;
        return v;
    }
    if (efield == 0) {
        if (frac == 0) {
            return v;
        }
        v.cls = CFIN;
        v.sig = frac;
        v.exp = 1 - F->bias - (int)F->mbits;
        return v;
    }
    v.cls = CFIN;
    v.sig = ((uint64_t)1 << F->mbits) | frac;
    v.exp = (int)efield - F->bias - (int)F->mbits;
    return v;
}

static int msb(uint64_t x)
{
    int r = -1;
    while (x != 0) {
        x >>= 1;
        ++r;
    }
    return r;
}

/* Compares a * 2^ea with c * 2^ec (a, c > 0): -1, 0, 1. */
static int cmp_pos(uint64_t a, int ea, uint64_t c, int ec)
{
    const int ta = ea + msb(a), tc = ec + msb(c);
    if (ta != tc) {
        return ta < tc ? -1 : 1;
    }
    if (ea > ec) {
        a <<= (unsigned)(ea - ec); /* same top bit: fits */
    } else {
        c <<= (unsigned)(ec - ea);
    }
    return a < c ? -1 : a > c ? 1 : 0;
}

/* ------------------------------------------------------------------ round to a small format */

typedef struct vtab {
    unsigned n;        /* finite non-negative codes 0..n-1, increasing values (code 0 = +0) */
    uint64_t sig[128];
    int exp[128];
    unsigned sign_bit; /* code bit of the sign (0 for unsigned) */
} vtab;

static void make_vtab(const ffmt *F, vtab *t)
{
    t->n = 0;
    t->sign_bit = F->has_sign ? 1u << (F->ebits + F->mbits) : 0u;
    for (unsigned c = 0; c < (1u << (F->ebits + F->mbits)); ++c) {
        const xval v = decode(F, c);
        if (v.cls == CZERO || v.cls == CFIN) {
            FZ_CHECK(t->n == c && t->n < 128u, "value table");
            t->sig[t->n] = v.sig;
            t->exp[t->n] = v.exp;
            ++t->n;
        }
    }
}

/* Rounds m * 2^e / (k * 2^ke) (m > 0, k > 0) to the nearest value, ties to even, saturated. */
static unsigned round_div(const vtab *t, uint64_t m, int e, uint64_t k, int ke)
{
    /* q >= max: saturate. Compare m 2^e with max * k 2^ke. */
    const unsigned top = t->n - 1u;
    if (cmp_pos(m, e, t->sig[top] * k, t->exp[top] + ke) >= 0) {
        return top;
    }
    /* find i with v_i <= q < v_{i+1} (v_0 = 0) */
    unsigned i = 0;
    while (i + 1u < t->n && cmp_pos(m, e, t->sig[i + 1u] * k, t->exp[i + 1u] + ke) >= 0) {
        ++i;
    }
    /* midpoint of v_i and v_{i+1}, times k: (v_i + v_{i+1}) / 2 */
    uint64_t s1 = t->sig[i], s2 = t->sig[i + 1u];
    int e1 = t->exp[i], e2 = t->exp[i + 1u];
    if (s1 == 0) {
        e1 = e2;
    }
    const int emin = e1 < e2 ? e1 : e2;
    const uint64_t mid = (s1 << (unsigned)(e1 - emin)) + (s2 << (unsigned)(e2 - emin));
    const int c = cmp_pos(m, e, mid * k, emin - 1 + ke);
    if (c < 0) {
        return i;
    }
    if (c > 0) {
        return i + 1u;
    }
    return (i & 1u) == 0 ? i : i + 1u;
}

/* ------------------------------------------------------------------ input generation */

static uint64_t make_code(const ffmt *F, fz_in *in, unsigned band)
{
    const uint8_t kind = fz_u8(in);
    const uint64_t r = fz_u64(in);
    const unsigned width = F->ebits + F->mbits + (F->has_sign ? 1u : 0u);
    const uint64_t emask = fz_mask(F->ebits);
    const uint64_t sign = F->has_sign ? (r >> 63) << (F->ebits + F->mbits) : 0u;
    uint64_t efield = 0, frac = r & fz_mask(F->mbits);
    switch (kind % 8u) {
    case 0: return (r & fz_mask(width)) << F->shift | (F->shift ? (r >> 40) & fz_mask(F->shift) : 0u);
    case 1: return sign << F->shift;
    case 2: efield = 0; break;
    case 3: /* Inf (or the largest codes) */
        efield = emask;
        frac = F->has_inf ? 0u : fz_mask(F->mbits) - (r & 1u);
        break;
    case 4: /* NaN (or the largest codes) */
        efield = emask;
        frac = F->nan == 1 ? (frac | 1u) : fz_mask(F->mbits);
        break;
    case 5: efield = emask - 1u - ((r >> 50) & 1u); break; /* huge */
    case 6: efield = 1u + ((r >> 50) & 1u); break;        /* tiny normal */
    default: {                                             /* near the band */
        const uint64_t e = (uint64_t)band % (emask + 1u);
        const uint64_t d = (r >> 52) % 3u;
        efield = e >= d ? e - d : 0u;
        break;
    }
    }
    if (efield > emask) {
        efield = emask;
    }
    return (sign | efield << F->mbits | frac) << F->shift;
}

/* ------------------------------------------------------------------ the checks */

static void check_status(mma_status st, const mma_status *allowed, size_t n)
{
    FZ_CHECK_STATUS(st);
    if (n == 0) {
        FZ_CHECK(st == MMA_OK, "status %s, expected MMA_OK", mma_status_name(st));
        return;
    }
    bool ok = false;
    for (size_t i = 0; i < n; ++i) {
        ok = ok || st == allowed[i];
    }
    FZ_CHECK(ok, "status %s, expected %s%s", mma_status_name(st), mma_status_name(allowed[0]),
             n > 1 ? " (or another of the errors that apply)" : "");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static vtab tabs[MMA_FMT_COUNT];
    static bool init = false;
    if (!init) {
        init = true;
        for (size_t i = 0; i < NFMTS; ++i) {
            if (FMTS[i].storage <= 8u) {
                make_vtab(&FMTS[i], &tabs[FMTS[i].f]);
            }
        }
    }
    fz_in in = {data, size};
    const uint8_t ctl = fz_u8(&in);
    const bool nvfp4 = (ctl & 1u) != 0, overwide = (ctl & 2u) != 0, bad_args = (ctl & 4u) != 0;
    const uint8_t sb = fz_u8(&in), eb = fz_u8(&in), nb = fz_u8(&in), band = fz_u8(&in);
    static const unsigned SRC[8] = {MMA_FMT_F32, MMA_FMT_F32, MMA_FMT_F32, MMA_FMT_F32,
                                    MMA_FMT_F16, MMA_FMT_BF16, MMA_FMT_F64, MMA_FMT_TF32};
    static const unsigned ELEM[5] = {MMA_FMT_E4M3, MMA_FMT_E5M2, MMA_FMT_E3M2, MMA_FMT_E2M3, MMA_FMT_E2M1};
    unsigned src = (sb & 0x80u) ? (unsigned)(sb & 0x7Fu) % (MMA_FMT_E2M1 + 1u) : SRC[sb % 8u];
    if ((sb & 0xC0u) == 0xC0u) {
        src = sb & 0x3Fu; /* anything, valid or not */
    }
    unsigned elem = ELEM[eb % 5u];
    if (bad_args && (eb & 0x80u)) {
        elem = eb & 0x3Fu;
    }
    size_t n = (size_t)(nb % 64u) + 1u;
    if (nvfp4 && (nb & 0x40u) == 0) {
        n = 16; /* the NVFP4 block */
    }
    if (!nvfp4 && (nb & 0xC0u) == 0) {
        n = 32; /* the OCP block */
    }
    const ffmt *F = ffmt_of(src);
    uint64_t *x = (uint64_t *)malloc(n * sizeof *x);
    uint64_t *out = (uint64_t *)malloc(n * sizeof *out);
    FZ_CHECK(x != NULL && out != NULL, "malloc");
    for (size_t i = 0; i < n; ++i) {
        x[i] = F != NULL && src_ok(src) ? make_code(F, &in, band) : fz_u64(&in) & 0xFFu;
    }
    bool wide = false;
    if (overwide && F != NULL && F->storage < 64u) {
        const size_t at = fz_u8(&in) % n;
        x[at] |= (uint64_t)1 << (F->storage + fz_u8(&in) % (64u - F->storage));
        wide = true;
    }
    /* bad arguments: bits 0-1 of the next byte NULL x / scale / out, bit 2 n = 0 */
    const uint8_t nulls = bad_args ? fz_u8(&in) : 0u;
    const bool null_x = (nulls & 3u) == 1u, null_scale = (nulls & 3u) == 2u, null_out = (nulls & 3u) == 3u;
    const bool zero_n = (nulls & 4u) != 0;

    mma_status allowed[5];
    size_t na = 0;
    if (null_x || null_scale || null_out) {
        allowed[na++] = MMA_ERR_NULL;
    }
    if (zero_n) {
        allowed[na++] = MMA_ERR_BUFFER;
    }
    if (!src_ok(src) || (!nvfp4 && emax_elem(elem) < 0)) {
        allowed[na++] = MMA_ERR_FORMAT;
    }
    if (wide && !zero_n) {
        allowed[na++] = MMA_ERR_CODE;
    }
    uint64_t scale = 0xDEADu;
    for (size_t i = 0; i < n; ++i) {
        out[i] = 0xDEADu;
    }
    const size_t call_n = zero_n ? 0u : n;
    const mma_status st =
        nvfp4 ? mma_nvfp4_quantize((mma_format)src, null_x ? NULL : x, call_n, null_scale ? NULL : &scale,
                                   null_out ? NULL : out)
              : mma_mx_quantize((mma_format)src, null_x ? NULL : x, call_n, (mma_format)elem,
                                null_scale ? NULL : &scale, null_out ? NULL : out);
    check_status(st, allowed, na);
    if (st != MMA_OK) {
        free(x);
        free(out);
        return 0;
    }

    /* amax over the finite values, and whether a NaN or Inf is present */
    bool special = false, any = false;
    uint64_t amax_sig = 0;
    int amax_exp = 0;
    for (size_t i = 0; i < n; ++i) {
        const xval v = decode(F, x[i]);
        special = special || v.cls == CNAN || v.cls == CINF;
        if (v.cls == CFIN && (!any || cmp_pos(v.sig, v.exp, amax_sig, amax_exp) > 0)) {
            any = true;
            amax_sig = v.sig;
            amax_exp = v.exp;
        }
    }
    const unsigned efmt = nvfp4 ? (unsigned)MMA_FMT_E2M1 : elem;
    const ffmt *E = ffmt_of(efmt);
    const vtab *et = &tabs[efmt];
    /* the scale as k * 2^ke, and its expected code */
    uint64_t k = 1;
    int ke = 0;
    uint64_t want_scale;
    if (!nvfp4) {
        int shared = any ? amax_exp + msb(amax_sig) - emax_elem(elem) : -127;
        shared = shared < -127 ? -127 : shared > 127 ? 127 : shared;
        ke = shared;
        want_scale = special ? 0xFFu : (uint64_t)(shared + 127);
    } else {
        const vtab *st4 = &tabs[MMA_FMT_UE4M3];
        unsigned idx = 0x38u; /* 1.0 */
        if (any) {
            idx = round_div(st4, amax_sig, amax_exp, 6u, 0); /* amax / 6 */
            if (idx == 0) {
                idx = 1u;
            }
        }
        k = st4->sig[idx];
        ke = st4->exp[idx];
        want_scale = special ? 0x7Fu : idx;
    }
    FZ_CHECK(scale == want_scale, "%s scale 0x%llx, expected 0x%llx (n %zu, src %u, elem %u)",
             nvfp4 ? "NVFP4" : "MX", (unsigned long long)scale, (unsigned long long)want_scale, n, src, efmt);

    const uint64_t max_code = et->n - 1u;
    for (size_t i = 0; i < n; ++i) {
        const xval v = decode(F, x[i]);
        uint64_t want;
        switch (v.cls) {
        case CNAN: want = E->nan != 0 ? 0x7Fu : max_code; break;
        case CINF: want = (v.sign ? (1u << (E->ebits + E->mbits)) : 0u) | max_code; break;
        case CZERO: want = v.sign ? (1u << (E->ebits + E->mbits)) : 0u; break;
        default: {
            const unsigned idx = round_div(et, v.sig, v.exp, k, ke);
            want = (v.sign ? (1u << (E->ebits + E->mbits)) : 0u) | idx;
            break;
        }
        }
        FZ_CHECK(out[i] < ((uint64_t)1 << E->storage), "element %zu: code 0x%llx wider than the format", i,
                 (unsigned long long)out[i]);
        const xval o = decode(E, out[i]);
        FZ_CHECK(o.cls != CINF && (o.cls != CNAN || v.cls == CNAN), "element %zu: 0x%llx (class %d) from class %d", i,
                 (unsigned long long)out[i], o.cls, v.cls);
        FZ_CHECK(out[i] == want, "element %zu: x 0x%llx -> 0x%llx, expected 0x%llx (%s, scale 0x%llx)", i,
                 (unsigned long long)x[i], (unsigned long long)out[i], (unsigned long long)want,
                 nvfp4 ? "NVFP4" : "MX", (unsigned long long)scale);
    }
    free(x);
    free(out);
    return 0;
}
