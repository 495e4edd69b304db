// Functional coverage of the DPU datapath: the shadow run of the golden model's stages that says
// which bins a checked output hits, the bins that cannot be hit (with why), the table, and the
// directed stimulus that reaches the rare bins.
#include "tb_cov.h"

#include <algorithm>
#include <cstdarg>
#include <cmath>
#include <cstring>

extern "C" {
#include "mma/stage.h"
}

namespace tb {

namespace {

const char *const sp_names[SP_COUNT] = {"normal", "zero", "subn", "nan",    "inf",
                                        "inf-inf", "0xinf", "ovf", "cancel", "tiny"};
const char *const al_names[AL_COUNT] = {"d=0", "1..8", "9..F-1", ">=F"};
const char *const ro_names[RO_COUNT] = {"exact", "down", "up", "carry", "ovf"};
const char *const dim_names[3] = {"special", "align", "round"};

const mma_format_info *fmt(unsigned f) { return mma_format_get((mma_format)f); }

// Scale exponents a pair of block scales can add to a product's term exponent (NUMERICS 6):
// ue8m0 2^-127 .. 2^127 each, ue4m3 2^-9 .. 448 (< 2^9) each.
int scale_emax(const mma_hw_mode &md) { return md.stype == MMA_FMT_UE8M0 ? 254 : md.stype == MMA_FMT_UE4M3 ? 16 : 0; }
int scale_emin(const mma_hw_mode &md) { return md.stype == MMA_FMT_UE8M0 ? -254 : md.stype == MMA_FMT_UE4M3 ? -18 : 0; }

int ceil_log2(unsigned x) {
    int l = 0;
    while ((1u << l) < x) l++;
    return l;
}

unsigned step_round(const mma_hw_mode &md) { return md.dtype == MMA_FMT_F16 ? md.f16_round : md.f32_round; }
int step_prec(const mma_hw_mode &md) { return md.dtype == MMA_FMT_F16 ? 11 : (md.e8m13 ? 14 : 24); }

// Can a step's result overflow? |products of one step| < 2^bound; adding them to the largest finite
// output must reach 2^(emax+1) (RZ: one ulp of it; RNE: half an ulp).
bool can_overflow(const mma_hw_mode &md) {
    const mma_format_info *ai = fmt(md.atype), *bi = fmt(md.btype), *di = fmt(md.dtype);
    const int bound = (ai->emax + 1) + (bi->emax + 1) + scale_emax(md) + ceil_log2(md.g);
    const int thr = step_round(md) == MMA_RND_RZ ? di->emax + 1 - step_prec(md) : di->emax - step_prec(md);
    return bound > thr;
}

// Largest E - e a step can see: E at most the largest product / group term exponent or the largest
// accumulator exponent; e at least the smallest (subnormal inputs are pinned at e_min).
int max_distance(const mma_hw_mode &md) {
    const mma_format_info *ai = fmt(md.atype), *bi = fmt(md.btype), *di = fmt(md.dtype);
    const bool grp = md.group != 0;  // group terms: floor(log2) of up to 16 summed products
    const int emax_p = ai->emax + bi->emax + scale_emax(md) + (grp ? 1 + ceil_log2(md.group) : 0);
    const int emin_p = ai->emin + bi->emin + scale_emin(md) - (grp ? 2 : 0);
    return std::max(emax_p, (int)di->emax) - emin_p;
}

bool subnormal(const mma_format_info *fi, const mma_value &v) {
    return v.cls == MMA_CLASS_FINITE && mma_msb64(v.sig) < (int)fi->frac_bits;
}

size_t k_index(uint8_t order, size_t pos, size_t k) {  // NUMERICS 3 step 9 (mmai_k_index)
    if (order != MMA_KORDER_PAIR_SPLIT || (k % 4u) != 0) return pos;
    const size_t half = k / 2u, j = pos < half ? pos : pos - half;
    return (j / 2u) * 4u + (j % 2u) + (pos < half ? 0u : 2u);
}

uint32_t scale_unit(const mma_hw_mode &md) { return md.stype == MMA_FMT_UE8M0 ? 0x7F : 0x38; }

int64_t int_value(unsigned f, uint64_t code) {
    const mma_format_info *fi = fmt(f);
    return fi->kind == MMA_KIND_SIGNED_INT ? sext(code, fi->storage_bits) : (int64_t)code;
}

}  // namespace

// ------------------------------------------------------------------ not applicable

const char *coverage::na_reason(const mma_hw_mode &md, cov_dim dim, int b) {
    const mma_format_info *ai = fmt(md.atype), *bi = fmt(md.btype);
    if (dim == DIM_SPECIAL) {
        if (md.integer)
            return (b == SP_NAN || b == SP_INF || b == SP_INF_INF || b == SP_ZERO_INF || b == SP_SUBNORMAL ||
                    b == SP_TINY)
                       ? "integer formats have no NaN, Inf or subnormal values"
                       : nullptr;
        if ((b == SP_INF_INF || b == SP_ZERO_INF) && !ai->has_inf && !bi->has_inf)
            return "neither A nor B has Inf: only C or an overflowed step is Inf, one per step, never multiplied";
        if (b == SP_OVERFLOW && !can_overflow(md))
            return "a step adds less than the last half-ulp of the largest finite output: cannot overflow";
        return nullptr;
    }
    if (dim == DIM_ALIGN) {
        if (md.integer) return "integer sums are exact: no alignment";
        const int lb[AL_COUNT] = {0, 1, 9, (int)md.f};
        if (max_distance(md) < lb[b]) return "the formats' exponent ranges keep E - e below this bucket";
        return nullptr;
    }
    if (md.integer)
        return (b == RO_DOWN || b == RO_UP || b == RO_CARRY) ? "integer sums are exact: wrap or saturate, no rounding"
                                                              : nullptr;
    if ((b == RO_UP || b == RO_CARRY) && step_round(md) == MMA_RND_RZ) return "f32 steps truncate (RZ): never incremented";
    if (b == RO_OVERFLOW && !can_overflow(md))
        return "a step adds less than the last half-ulp of the largest finite output: cannot overflow";
    return nullptr;
}

// ------------------------------------------------------------------ the shadow run

// The `exact` preset (mma_dpu_exact): per instruction chunk, the products' exact sum on the grid of
// the mode's formats and one rounding with C (mma_dot of the chunk, C the D of the chunk before).
static void classify_exact(const job &j, const std::vector<uint64_t> &arow, const std::vector<uint64_t> &bcol,
                           uint64_t c, uint64_t dref, out_cov *o, std::vector<step_trace> *trace) {
    const mma_hw_mode &md = *j.mode;
    const mma_format at = (mma_format)md.atype, bt = (mma_format)md.btype, dt = (mma_format)md.dtype;
    const mma_format_info *fa = fmt(at), *fb = fmt(bt);
    const int lsb = (fa->emin - (int)fa->frac_bits) + (fb->emin - (int)fb->frac_bits);  // the lowest product weight
    uint64_t acc = c;
    mma_format ct = (mma_format)md.ctype;
    for (unsigned k0 = 0; k0 < j.kpad(); k0 += md.kc) {
        step_trace t;
        t.kind = step_trace::EXACT;
        t.k0 = k0;
        t.terms = md.kc;
        t.c_in = true;
        t.c = acc;
        t.lsb = lsb;
        for (unsigned x = 0; x < md.kc; x++) {  // the product stage (mma_multiply), placed on the grid
            mma_value va, vb;
            mma_product p;
            if (mma_decode(at, arow[k0 + x], &va) != MMA_OK || mma_decode(bt, bcol[k0 + x], &vb) != MMA_OK ||
                mma_multiply(at, &va, bt, &vb, nullptr, &p) != MMA_OK) {
                o->err = "operand decode or product";
                return;
            }
            if (p.cls == MMA_CLASS_NAN || p.cls == MMA_CLASS_INF) {
                t.special = true;
                continue;
            }
            if (p.cls == MMA_CLASS_ZERO) continue;
            const int sh = p.lsb - lsb;
            if (sh < 0 || sh > 48) {  // e4m3 reaches 28; e5m2's products span 2^-32 .. 2^32 (a 64-bit grid)
                o->err = "a product outside the trace's 64-bit sum";
                return;
            }
            const int64_t m = (int64_t)p.m << sh;
            t.S += p.sign ? -m : m;
        }
        if (mma_dot(&j.prof, at, &arow[k0], 1, bt, &bcol[k0], 1, md.kc, ct, acc, dt, &t.code) != MMA_OK) {
            o->err = "mma_dot of a chunk";
            return;
        }
        acc = t.code;
        ct = dt;
        if (trace) trace->push_back(t);
    }
    o->ok = acc == dref;
    if (!o->ok) o->err = "the chunks' mma_dot differs from mma_gemm";
    o->special = SP_NORMAL;
    o->round = RO_EXACT;
}

void coverage::classify(const job &j, unsigned row, unsigned col, out_cov *o, std::vector<step_trace> *trace) {
    *o = out_cov();
    if (trace) trace->clear();
    const mma_hw_mode &md = *j.mode;
    const unsigned k = j.k, n = j.n, kc = md.kc, kpad = j.kpad();
    const uint64_t dref = j.d[(size_t)row * n + col];
    // inputs of this output: classes
    bool any_nan = false, any_inf = false, any_sub = false, any_zero = false;
    const size_t na = md.sparse ? k / 2 : k;
    auto look = [&](unsigned f, uint64_t code) {
        const mma_format_info *fi = fmt(f);
        if (fi->kind != MMA_KIND_FLOAT) {
            any_zero = any_zero || code == 0;
            return;
        }
        mma_value v;
        if (mma_decode((mma_format)f, code, &v) != MMA_OK) return;
        any_nan = any_nan || v.cls == MMA_CLASS_NAN;
        any_inf = any_inf || v.cls == MMA_CLASS_INF;
        any_zero = any_zero || v.cls == MMA_CLASS_ZERO;
        any_sub = any_sub || subnormal(fi, v);
    };
    for (size_t t = 0; t < na; t++) look(md.atype, j.a[(size_t)row * na + t]);
    for (size_t t = 0; t < k; t++) look(md.btype, j.b[t * n + col]);
    look(md.ctype, j.c[(size_t)row * n + col]);
    for (unsigned b = 0; md.stype && b < j.nblk; b++) {
        for (uint64_t s : {j.sa[(size_t)row * j.nblk + b], j.sb[(size_t)b * n + col]}) {
            mma_value v;
            if (mma_decode((mma_format)md.stype, s, &v) != MMA_OK) continue;
            any_nan = any_nan || v.cls == MMA_CLASS_NAN;
            any_zero = any_zero || v.cls == MMA_CLASS_ZERO;
        }
    }
    // dense row of A (sparse: the stored values at the positions their metadata selects)
    std::vector<uint64_t> arow(kpad, 0), bcol(kpad, 0);
    if (md.sparse) {
        mma_sparse_layout lay;
        if (mma_sparse_layout_of(&j.ins, &lay) != MMA_OK) {
            o->err = "no sparse layout";
            return;
        }
        for (unsigned q = 0; q < k / lay.chunk; q++) {
            mma_sparse_sel sel;
            if (mma_sparse_select(&lay, j.meta[(size_t)row * (k / 4) + q], &sel) != MMA_OK) {
                o->err = "invalid metadata";
                return;
            }
            for (unsigned s = 0; s < sel.kept; s++)
                arow[q * lay.chunk + sel.pos[s]] = j.a[(size_t)row * (k / 2) + q * lay.kept + s];
        }
    } else {
        for (unsigned t = 0; t < k; t++) arow[t] = j.a[(size_t)row * k + t];
    }
    for (unsigned t = 0; t < k; t++) bcol[t] = j.b[(size_t)t * n + col];
    const uint64_t c = j.c[(size_t)row * n + col];

    if (md.integer) {  // NUMERICS 4: exact sum per instruction, then wrap or saturate
        int64_t acc = sext(c, 32);
        bool ovf = false, anyprod = false;
        for (unsigned k0 = 0; k0 < kpad; k0 += kc) {
            int64_t s = acc;
            for (unsigned t = k0; t < k0 + kc; t++) {
                const int64_t p = int_value(md.atype, arow[t]) * int_value(md.btype, bcol[t]);
                anyprod = anyprod || p != 0;
                s += p;
            }
            const int64_t exact = s;
            if (s > INT32_MAX || s < INT32_MIN) {
                ovf = true;
                s = md.satfinite ? (s > 0 ? INT32_MAX : INT32_MIN) : sext((uint64_t)s, 32);
            }
            if (trace) {
                step_trace t;
                t.kind = step_trace::INTEGER;
                t.k0 = k0;
                t.terms = kc;
                t.c_in = true;
                t.c = (uint64_t)acc & 0xFFFFFFFFu;
                t.S = exact;
                t.code = (uint64_t)s & 0xFFFFFFFFu;
                trace->push_back(t);
            }
            acc = s;
        }
        o->ok = ((uint64_t)acc & 0xFFFFFFFFu) == dref;
        if (!o->ok) o->err = "integer sum differs from mma_gemm";
        o->special = ovf ? SP_OVERFLOW : (acc == 0 && anyprod) ? SP_CANCEL : any_zero ? SP_ZERO : SP_NORMAL;
        o->round = ovf ? RO_OVERFLOW : RO_EXACT;
        return;
    }

    if (j.prof.algo == MMA_ACC_EXACT) {
        classify_exact(j, arow, bcol, c, dref, o, trace);
        return;
    }

    // floating point: the chunks and steps of mma_gemm (gemm.c, row.c, accumulate.c) with the stages
    const mma_format at = (mma_format)md.atype, bt = (mma_format)md.btype, ct = (mma_format)md.ctype,
                     dt = (mma_format)md.dtype;
    const mma_profile &prof = j.prof;
    uint64_t cd = 0;
    if (prof.c_mode != MMA_C_UNUSED && mma_convert(ct, c, dt, MMA_RND_RNE, 0, &cd) != MMA_OK) {
        o->err = "C conversion";
        return;
    }
    if (ct == dt) cd = prof.c_mode != MMA_C_UNUSED ? c : 0;
    bool saw_zero_inf = false, last_nonzero_term = false;
    mma_bfma_frame last{};
    int64_t lastS = 0;
    uint64_t last_code = 0, acc = cd;
    const unsigned vec = md.stype ? kc / md.block_k : 0;
    unsigned at_k0 = 0, at_p0 = 0;  // where the next step starts (for the trace)
    for (unsigned k0 = 0; k0 < kpad; k0 += kc) {
        at_k0 = k0;
        at_p0 = 0;
        mma_profile cp = prof;
        if (k0 != 0 && cp.c_mode == MMA_C_UNUSED) cp.c_mode = MMA_C_JOINT;
        const uint64_t chunk_c = acc;
        bool have = cp.c_mode == MMA_C_JOINT;
        uint64_t a = have ? chunk_c : 0;
        mma_scale_factor f[4];
        for (unsigned s = 0; s < vec; s++) {
            const unsigned b = k0 / md.block_k + s;
            const uint64_t sa = b < j.nblk ? j.sa[(size_t)row * j.nblk + b] : scale_unit(md);
            const uint64_t sb = b < j.nblk ? j.sb[(size_t)b * n + col] : scale_unit(md);
            if (mma_block_scale((mma_format)md.stype, sa, sb, &f[s]) != MMA_OK) {
                o->err = "block scale";
                return;
            }
        }
        auto product = [&](unsigned t, const mma_scale_factor *sf, mma_product *p) -> bool {
            mma_value va, vb;
            if (mma_decode(at, arow[k0 + t], &va) != MMA_OK || mma_decode(bt, bcol[k0 + t], &vb) != MMA_OK ||
                mma_multiply(at, &va, bt, &vb, sf, p) != MMA_OK)
                return false;
            if (p->cls == MMA_CLASS_NAN && va.cls != MMA_CLASS_NAN && vb.cls != MMA_CLASS_NAN && !(sf && sf->nan))
                saw_zero_inf = true;
            return true;
        };
        // one block-FMA step: align (E, specials), sum, round; its alignment bucket
        auto step = [&](const mma_profile &sp, const mma_product *terms, size_t cnt) -> bool {
            mma_value cv;
            if (have && mma_decode(dt, a, &cv) != MMA_OK) return false;
            mma_bfma_frame fr;
            int64_t S = 0;
            uint64_t code = 0;
            if (mma_bfma_align(&sp, dt, terms, cnt, have ? &cv : nullptr, &fr) != MMA_OK ||
                mma_bfma_sum(&sp, &fr, terms, cnt, have ? &cv : nullptr, &S) != MMA_OK ||
                mma_bfma_round(&sp, dt, &fr, S, &code) != MMA_OK)
                return false;
            if (fr.special == MMA_BFMA_FINITE) {
                int maxd = -1;
                for (size_t i = 0; i < cnt; i++)
                    if (terms[i].cls == MMA_CLASS_FINITE || (terms[i].cls == MMA_CLASS_ZERO && sp.zero_product_term))
                        maxd = std::max(maxd, (int)(fr.E - terms[i].e));
                if (maxd >= 0)
                    o->align[maxd == 0 ? AL_0 : maxd <= 8 ? AL_1_8 : maxd < (int)sp.frac_bits ? AL_9_F : AL_GE_F]++;
            }
            // exact cancellation: S = 0 although some term keeps non-zero bits after alignment
            last_nonzero_term = false;
            for (size_t i = 0; S == 0 && fr.special == MMA_BFMA_FINITE && i <= cnt && !last_nonzero_term; i++) {
                int64_t t = 0;
                if (i < cnt) mma_bfma_sum(&sp, &fr, &terms[i], 1, nullptr, &t);
                else if (have) mma_bfma_sum(&sp, &fr, nullptr, 0, &cv, &t);
                last_nonzero_term = t != 0;
            }
            if (trace) {
                step_trace t;
                t.k0 = at_k0;
                t.p0 = at_p0;
                t.terms = (unsigned)cnt;
                t.c_in = have;
                t.c = have ? a : 0;
                t.frame = fr;
                t.S = S;
                t.code = code;
                trace->push_back(t);
            }
            last = fr;
            lastS = S;
            last_code = code;
            have = true;
            a = code;
            return true;
        };
        mma_product terms[MMA_PROFILE_GROUP_MAX];
        if (md.group) {  // .kind::mxf4*: group terms (group stage), all groups in one step
            const unsigned g = prof.group, ng = kc / g;
            mma_profile sp = cp;
            sp.group = (uint16_t)ng;
            sp.zero_product_term = 0;
            mma_product prods[MMA_PROFILE_GROUP_MAX];
            for (unsigned gi = 0; gi < ng; gi++) {
                for (unsigned u = 0; u < g; u++)
                    if (!product(gi * g + u, nullptr, &prods[u])) {
                        o->err = "product";
                        return;
                    }
                if (mma_group_sum(&cp, prods, g, &f[gi * g / md.block_k], &terms[gi]) != MMA_OK) {
                    o->err = "group sum";
                    return;
                }
            }
            if (!step(sp, terms, ng)) {
                o->err = "step";
                return;
            }
        } else {
            const unsigned G = cp.group;
            for (unsigned p0 = 0; p0 < kc; p0 += G) {
                const unsigned cnt = std::min(G, kc - p0);
                at_p0 = p0;
                for (unsigned i = 0; i < cnt; i++) {
                    const unsigned t = (unsigned)k_index(cp.k_order, p0 + i, kc);
                    if (!product(t, md.stype ? &f[t / md.block_k] : nullptr, &terms[i])) {
                        o->err = "product";
                        return;
                    }
                }
                if (!step(cp, terms, cnt)) {
                    o->err = "step";
                    return;
                }
            }
        }
        acc = a;
        if (cp.c_mode == MMA_C_SEPARATE && mma_ieee_add(dt, a, chunk_c, MMA_RND_RNE, &acc) != MMA_OK) {
            o->err = "separate C add";
            return;
        }
        if (trace && cp.c_mode == MMA_C_SEPARATE) {
            step_trace t;
            t.kind = step_trace::SEPARATE_C;
            t.k0 = k0;
            t.c_in = true;
            t.c = chunk_c;
            t.S = 0;
            t.code = acc;
            trace->push_back(t);
        }
    }
    o->ok = acc == dref;
    if (!o->ok) {
        o->err = "the stages give a different D than mma_gemm";
        return;
    }
    // special class of the output
    const mma_format_info *di = fmt(dt);
    mma_value dv;
    mma_decode(dt, dref, &dv);
    const bool cancel = last.special == MMA_BFMA_FINITE && last.any && lastS == 0 && last_nonzero_term;
    if (dv.cls == MMA_CLASS_NAN) o->special = any_nan ? SP_NAN : saw_zero_inf ? SP_ZERO_INF : SP_INF_INF;
    else if (dv.cls == MMA_CLASS_INF) o->special = any_inf ? SP_INF : SP_OVERFLOW;
    else if (cancel) o->special = SP_CANCEL;
    else if (subnormal(di, dv)) o->special = SP_TINY;
    else o->special = any_sub ? SP_SUBNORMAL : any_zero ? SP_ZERO : SP_NORMAL;
    // rounding outcome of the final step: S * 2^(E - F) against its rounded code
    if (last.special != MMA_BFMA_FINITE || !last.any || lastS == 0) return;
    mma_value rv;
    mma_decode(dt, last_code, &rv);
    if (rv.cls == MMA_CLASS_INF) {
        o->round = RO_OVERFLOW;
        return;
    }
    const uint64_t mag = lastS < 0 ? (uint64_t)0 - (uint64_t)lastS : (uint64_t)lastS;
    const int32_t lsb = last.E - (int32_t)md.f;
    const int32_t top = lsb + mma_msb64(mag);
    const int p = step_prec(md);
    const int32_t keep = std::max(top - (p - 1), (int32_t)di->emin - (p - 1));
    if (keep <= lsb) {
        o->round = RO_EXACT;
        return;
    }
    const unsigned sh = (unsigned)(keep - lsb);
    const uint64_t trunc = sh >= 64 ? 0 : mag >> sh, dropped = sh >= 64 ? mag : mag & ((1ull << sh) - 1);
    if (dropped == 0) {
        o->round = RO_EXACT;
        return;
    }
    uint64_t r = 0;  // the result's magnitude in units of 2^keep
    if (rv.cls == MMA_CLASS_FINITE) {
        const int d = rv.exp - keep;
        r = d >= 0 ? rv.sig << d : rv.sig >> -d;
    }
    if (r == trunc) o->round = RO_DOWN;
    else if (r == trunc + 1) o->round = (trunc != 0 && mma_msb64(r) > mma_msb64(trunc)) ? RO_CARRY : RO_UP;
    else {
        o->ok = false;
        o->err = "rounded result is neither the truncation nor its increment";
    }
}

// ------------------------------------------------------------------ bins

void coverage::init(const mma_hw_config &c) {
    cfg = &c;
    bins.assign(c.nmodes, mode_bins());
    in_scope.assign(c.nmodes, true);
}

bool coverage::hits_new(unsigned mode, const out_cov &o) const {
    const mma_hw_mode &md = cfg->modes[mode];
    const mode_bins &b = bins[mode];
    if (b.cases < min_hits) return true;
    if (o.special >= 0 && b.sp[o.special] < min_hits && !na_reason(md, DIM_SPECIAL, o.special)) return true;
    if (o.round >= 0 && b.ro[o.round] < min_hits && !na_reason(md, DIM_ROUND, o.round)) return true;
    for (int a = 0; a < AL_COUNT; a++)
        if (o.align[a] && b.al[a] < min_hits && !na_reason(md, DIM_ALIGN, a)) return true;
    return false;
}

void coverage::add(unsigned mode, const out_cov &o) {
    mode_bins &b = bins[mode];
    b.cases++;
    if (o.special >= 0) b.sp[o.special]++;
    if (o.round >= 0) b.ro[o.round]++;
    for (int a = 0; a < AL_COUNT; a++) b.al[a] += o.align[a];
}

bool coverage::mode_complete(unsigned mode) const {
    const mma_hw_mode &md = cfg->modes[mode];
    const mode_bins &b = bins[mode];
    if (b.cases < min_hits) return false;
    for (int i = 0; i < SP_COUNT; i++)
        if (b.sp[i] < min_hits && !na_reason(md, DIM_SPECIAL, i)) return false;
    for (int i = 0; i < AL_COUNT; i++)
        if (b.al[i] < min_hits && !na_reason(md, DIM_ALIGN, i)) return false;
    for (int i = 0; i < RO_COUNT; i++)
        if (b.ro[i] < min_hits && !na_reason(md, DIM_ROUND, i)) return false;
    return true;
}

namespace {
// printf into a std::string
std::string strf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
std::string strf(const char *fmt, ...) {
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}
}  // namespace

std::string format_trace(const std::vector<step_trace> &tr, const mma_hw_mode &md, const char *indent) {
    std::string o;
    const int hex = md.dtype == MMA_FMT_F16 ? 4 : 8;
    auto code = [&](uint64_t c) { return strf("0x%0*llx", hex, (unsigned long long)c); };
    const size_t most = 32, head = 16;  // a long K: its first 16 and last 16 steps
    for (size_t x = 0; x < tr.size(); x++) {
        if (tr.size() > most && x == head) {
            o += strf("%s... %zu steps left out ...\n", indent, tr.size() - most);
            x = tr.size() - (most - head);
        }
        const step_trace &t = tr[x];
        o += strf("%schunk K %u..%u", indent, t.k0, t.k0 + md.kc - 1);
        if (t.kind == step_trace::EXACT) {
            o += ": C " + code(t.c) + " + exact sum of " + std::to_string(t.terms) + " products";
            o += t.special ? " (a NaN or Inf product: the specials rule)"
                           : strf(" S = %lld (x 2^%d)", (long long)t.S, t.lsb);
            o += ", one rounding -> " + code(t.code);
        } else if (t.kind == step_trace::INTEGER) {
            o += strf(": C 0x%08llx + exact sum of %u products = %lld -> 0x%08llx", (unsigned long long)t.c, t.terms,
                      (long long)t.S, (unsigned long long)t.code);
        } else if (t.kind == step_trace::SEPARATE_C) {
            o += " end: steps + C " + code(t.c) + " (separate C, one IEEE RNE addition) -> " + code(t.code);
        } else {
            const unsigned per = t.terms ? t.terms : 1, steps = md.group ? 1 : md.kc / per;
            o += strf(", step %u of %u%s (%u %s, ", t.p0 / per + 1, steps,
                      md.korder == MMA_KORDER_PAIR_SPLIT ? " in pair_split order" : "", t.terms,
                      md.group ? "group terms" : "products");
            o += t.c_in ? "accumulator " + code(t.c) + "): " : std::string("no accumulator): ");
            if (t.frame.special == MMA_BFMA_NAN) o += "NaN by the specials rule";
            else if (t.frame.special != MMA_BFMA_FINITE) o += t.frame.special == MMA_BFMA_PINF ? "+Inf" : "-Inf";
            else if (!t.frame.any) o += "no term takes part";
            else o += strf("align E %d, sum S %lld (x 2^(E-%u)), round", (int)t.frame.E, (long long)t.S, (unsigned)md.f);
            o += " -> " + code(t.code);
        }
        o += "\n";
    }
    return o;
}

std::string golden_steps(const job &j, unsigned row, unsigned col, const char *indent) {
    out_cov oc;
    std::vector<step_trace> tr;
    coverage::classify(j, row, col, &oc, &tr);
    return oc.ok ? format_trace(tr, *j.mode, indent) : std::string(indent) + "not available: " + oc.err + "\n";
}

const char *trace_registers(const job &j) {
    return j.prof.algo == MMA_ACC_EXACT ? "S is mma_dpu_exact's s1_sum, the code its d_step"
                                        : "E and S are mma_dpu's l1_e and l1_s, the code its step result";
}

static std::string short_name(const mma_hw_mode &md) {
    std::string s = mode_name(md);
    const char *keys[] = {".row.col", "row.col"};
    for (const char *key : keys) {
        const size_t p = s.find(key);
        if (p != std::string::npos) {
            s = s.substr(p + std::strlen(key));
            break;
        }
    }
    if (!s.empty() && s[0] == '.') s = s.substr(1);
    for (const char *cut : {"kind::", "block_scale.scale_vec::"}) {
        size_t p;
        while ((p = s.find(cut)) != std::string::npos) s.erase(p, std::strlen(cut));
    }
    return (md.sparse ? "sp." : "") + s;
}

unsigned coverage::print(FILE *f, bool list_unhit) const {
    uint64_t hit = 0, total = 0, na = 0;
    std::vector<std::pair<std::string, unsigned>> reasons;  // reason, bins
    auto count_na = [&](const char *why) {
        na++;
        for (auto &r : reasons)
            if (r.first == why) {
                r.second++;
                return;
            }
        reasons.emplace_back(why, 1);
    };
    std::fprintf(f, "\nfunctional coverage (checked outputs; '-' = not applicable; align counts steps)\n");
    std::fprintf(f, "%-3s %-46s %6s |", "#", "mode (format pair x output)", "cases");
    for (int i = 0; i < SP_COUNT; i++) std::fprintf(f, " %6s", sp_names[i]);
    std::fprintf(f, " |");
    for (int i = 0; i < AL_COUNT; i++) std::fprintf(f, " %6s", al_names[i]);
    std::fprintf(f, " |");
    for (int i = 0; i < RO_COUNT; i++) std::fprintf(f, " %6s", ro_names[i]);
    std::fprintf(f, "\n");
    std::vector<std::string> unhit, na_hit;
    for (unsigned m = 0; m < bins.size(); m++) {
        if (!in_scope[m]) continue;
        const mma_hw_mode &md = cfg->modes[m];
        const mode_bins &b = bins[m];
        const std::string name = short_name(md);
        std::fprintf(f, "%-3u %-46s %6llu |", m, name.c_str(), (unsigned long long)b.cases);
        total++;
        if (b.cases >= min_hits) hit++;
        else unhit.push_back("mode " + std::to_string(m) + " " + name + ": checked outputs");
        auto cell = [&](cov_dim dim, int i, uint64_t v, const char *bn) {
            const std::string bin = "mode " + std::to_string(m) + " " + name + ": " + dim_names[dim] + "=" + bn;
            const char *why = na_reason(md, dim, i);
            if (why) {
                count_na(why);
                if (v) {  // hit although declared unreachable: the reason is wrong
                    na_hit.push_back(bin + " (" + std::to_string(v) + " hits) declared n/a: " + why);
                    std::fprintf(f, " %6s", ("!" + std::to_string(v)).c_str());
                } else {
                    std::fprintf(f, " %6s", "-");
                }
                return;
            }
            total++;
            if (v >= min_hits) hit++;
            else unhit.push_back(bin);
            std::fprintf(f, " %6llu", (unsigned long long)v);
        };
        for (int i = 0; i < SP_COUNT; i++) cell(DIM_SPECIAL, i, b.sp[i], sp_names[i]);
        std::fprintf(f, " |");
        for (int i = 0; i < AL_COUNT; i++) cell(DIM_ALIGN, i, b.al[i], al_names[i]);
        std::fprintf(f, " |");
        for (int i = 0; i < RO_COUNT; i++) cell(DIM_ROUND, i, b.ro[i], ro_names[i]);
        std::fprintf(f, "\n");
    }
    std::fprintf(f, "not applicable (%llu bins):\n", (unsigned long long)na);
    for (auto &r : reasons) std::fprintf(f, "  %4u x %s\n", r.second, r.first.c_str());
    if (list_unhit)
        for (auto &u : unhit) std::fprintf(f, "UNHIT %s\n", u.c_str());
    for (auto &u : na_hit) std::fprintf(f, "NA-HIT %s\n", u.c_str());
    std::fprintf(f, "coverage: %llu/%llu bins hit", (unsigned long long)hit, (unsigned long long)total);
    if (min_hits > 1) std::fprintf(f, " at least %llu times", (unsigned long long)min_hits);
    std::fprintf(f, " (%llu not applicable)\n", (unsigned long long)na);
    return (unsigned)(unhit.size() + na_hit.size());
}

// ------------------------------------------------------------------ directed stimulus

const char *flavour_name(unsigned f) {
    static const char *const n[FL_COUNT] = {"random", "specials", "cancel", "big",    "uniform",
                                            "wide",   "carry",    "short",  "normal", "tiny"};
    return f < FL_COUNT ? n[f] : "?";
}

unsigned pick_k(const mma_hw_mode &md, rng &r, unsigned f) {
    if (f == FL_CANCEL) return md.kc * (1 + r.below(2));  // whole steps: every pair cancels inside its step
    if (f == FL_CARRY) return md.kc;                      // one instruction: the last step decides
    if (f == FL_BIG && r.chance(50)) return md.kc;        // an overflow in the only instruction is its last step's
    unsigned k;
    const unsigned chunks = 1 + r.below(4);
    if (md.sparse) k = md.kc * chunks - (r.chance(50) ? 4 * r.below(md.kc / 4) : 0);
    else if (md.packed || md.stype) k = md.kc * chunks - (r.chance(50) ? 2 * r.below(md.kc / 2) : 0);
    else k = md.kc * chunks - (r.chance(50) ? r.below(md.kc) : 0);
    if (k == 0) k = md.sparse ? 4 : 2;
    return k;
}

namespace {

bool finite_nonzero(unsigned f, uint64_t code) {
    mma_value v;
    return mma_decode((mma_format)f, code, &v) == MMA_OK && v.cls == MMA_CLASS_FINITE;
}

// A normal code of a float format (random sign, exponent field in [lo, hi] clamped to the normals).
uint64_t normal_code(unsigned f, rng &r, int lo = -100000, int hi = 100000) {
    const mma_format_info *fi = fmt(f);
    const int emax_field = fi->emax + fi->bias;
    lo = std::max(lo, 1);
    hi = std::min(hi, emax_field);
    if (lo > hi) lo = hi;
    for (int tries = 0; tries < 64; tries++) {
        const uint64_t c = fcode(fi, (unsigned)r.bits(1), (uint64_t)(lo + (int)r.below((unsigned)(hi - lo + 1))),
                                 r.bits(fi->frac_bits));
        if (finite_nonzero(f, c)) return c;
    }
    return fcode(fi, 0, (uint64_t)lo, 0);
}

int efield_of(unsigned f, uint64_t code) {
    const mma_format_info *fi = fmt(f);
    return (int)((code >> (fi->frac_bits + fi->frac_shift)) & ((1ull << fi->exp_bits) - 1));
}

uint64_t sign_flip(unsigned f, uint64_t code) {
    const mma_format_info *fi = fmt(f);
    return fi->has_sign ? code ^ (1ull << (fi->storage_bits - 1)) : code;
}

uint64_t abs_code(unsigned f, uint64_t code) {
    const mma_format_info *fi = fmt(f);
    return fi->has_sign ? code & ~(1ull << (fi->storage_bits - 1)) : code;
}

void set_scales(job &j, uint64_t v) {
    for (auto &x : j.sa) x = v;
    for (auto &x : j.sb) x = v;
}

}  // namespace

void make_directed_job(job &j, const mma_hw_config &cfg, const mma_hw_mode &md, rng &r, unsigned m, unsigned n,
                       unsigned k, unsigned f, unsigned special_permille) {
    if (f == FL_RANDOM) {
        make_job(j, cfg, md, r, m, n, k, special_permille, md.sparse ? 3 : 0);
        return;
    }
    job_opts o;
    o.big = f == FL_BIG;
    make_job(j, cfg, md, r, m, n, k, o);
    const bool flt = !md.integer;
    const unsigned at = md.atype, bt = md.btype, ct = md.ctype;
    const mma_format_info *ai = fmt(at), *bi = fmt(bt), *ci = fmt(ct);
    auto for_elems = [&](auto fn) {  // every A, B and C code with its format
        for (auto &x : j.a) fn(at, x);
        for (auto &x : j.b) fn(bt, x);
        for (auto &x : j.c) fn(ct, x);
    };
    const size_t na = md.sparse ? k / 2 : k;
    switch (f) {
    case FL_SPECIALS:
        if (!flt) break;
        {  // A, B at 6 %, C at 15 %: +-Inf (3/8, where the format has it), NaN (1/8), else +-0
            auto special = [&](unsigned fm, uint64_t &x, unsigned pct) {
                const mma_format_info *fi = fmt(fm);
                if (!r.chance(pct)) return;
                const unsigned s = r.below(8), sg = (unsigned)r.bits(1);
                if (s < 3 && fi->has_inf) x = fcode(fi, sg, (1ull << fi->exp_bits) - 1, 0);
                else if (s == 6 && fi->canonical_nan) x = fi->canonical_nan;
                else x = fcode(fi, sg, 0, 0);
            };
            for (auto &x : j.a) special(at, x, 6);
            for (auto &x : j.b) special(bt, x, 6);
            for (auto &x : j.c) special(ct, x, 15);
        }
        for (auto *v : {&j.sa, &j.sb})
            for (auto &x : *v)
                if (r.chance(3)) x = md.stype == MMA_FMT_UE8M0 ? 0xFF : (r.chance(50) ? 0x7F : 0x00);
        break;
    case FL_CANCEL: {
        if (!flt) {  // C = -(A x B): the sum is exactly zero
            for (auto &x : j.c) x = 0;
            run_golden(j);
            if (j.ref != MMA_OK) return;
            for (size_t i = 0; i < j.c.size(); i++) j.c[i] = (uint64_t)(-(int64_t)sext(j.d[i], 32)) & 0xFFFFFFFFu;
            break;
        }
        // second half of every step = first half with B negated (same scales): the pairs cancel
        const unsigned G = md.g, h = G / 2;
        for (unsigned d = 0; d < k; d++) {
            if (d % G >= h) continue;
            for (unsigned jj = 0; jj < n; jj++) j.b[(size_t)(d + h) * n + jj] = sign_flip(bt, j.b[(size_t)d * n + jj]);
            if (md.stype) {
                const unsigned b0 = d / md.block_k, b1 = (d + h) / md.block_k;
                for (unsigned i = 0; i < m; i++) j.sa[(size_t)i * j.nblk + b1] = j.sa[(size_t)i * j.nblk + b0];
                for (unsigned jj = 0; jj < n; jj++) j.sb[(size_t)b1 * n + jj] = j.sb[(size_t)b0 * n + jj];
            }
            if (!md.sparse) {
                for (unsigned i = 0; i < m; i++) j.a[(size_t)i * k + d + h] = j.a[(size_t)i * k + d];
            } else if (d % 4 == 0) {  // 2:4 chunk d/4 -> chunk (d+h)/4: same metadata, same values
                for (unsigned i = 0; i < m; i++) {
                    j.meta[(size_t)i * (k / 4) + (d + h) / 4] = j.meta[(size_t)i * (k / 4) + d / 4];
                    for (unsigned s = 0; s < 2; s++)
                        j.a[(size_t)i * na + (d + h) / 2 + s] = j.a[(size_t)i * na + d / 2 + s];
                }
            }
        }
        for (auto &x : j.c) x = 0;
        break;
    }
    case FL_BIG:
        if (!flt) {  // C at the int32 bound the sum then crosses
            for (auto &x : j.c) x = 0;
            run_golden(j);
            if (j.ref != MMA_OK) return;
            for (size_t i = 0; i < j.c.size(); i++) {
                const int64_t s = sext(j.d[i], 32);
                j.c[i] = (uint64_t)(s >= 0 ? INT32_MAX - (int64_t)r.below(4) : INT32_MIN + (int64_t)r.below(4)) &
                         0xFFFFFFFFu;
            }
            break;
        }
        for (auto *v : {&j.sa, &j.sb})
            for (auto &x : *v)
                if (r.chance(70)) x = md.stype == MMA_FMT_UE8M0 ? 0xFE - r.below(8) : 0x7E - r.below(8);
        for (auto &x : j.c)  // the largest finite C: any same-signed sum of at least half its ulp overflows
            if (r.chance(50)) x = fcode(ci, (unsigned)r.bits(1), (uint64_t)(ci->emax + ci->bias), ci->max_frac);
        break;
    case FL_UNIFORM: {  // every product the same: E - e = 0
        if (!flt) break;
        const uint64_t xa = abs_code(at, normal_code(at, r)), xb = abs_code(bt, normal_code(bt, r));
        for (auto &x : j.a) x = xa;
        for (auto &x : j.b) x = xb;
        for (auto &x : j.c) x = 0;
        if (md.stype) set_scales(j, j.sa.empty() ? scale_unit(md) : j.sa[0]);
        break;
    }
    case FL_WIDE:  // largest and smallest exponents side by side: E - e >= F
        if (!flt) break;
        for_elems([&](unsigned fm, uint64_t &x) {
            const mma_format_info *fi = fmt(fm);
            const unsigned s = r.below(3);
            if (s == 0) x = normal_code(fm, r, fi->emax + fi->bias - 1, fi->emax + fi->bias);
            else if (s == 1) x = fcode(fi, (unsigned)r.bits(1), r.chance(50) ? 0 : 1, r.chance(50) ? 1 : 0);
            if (s != 2 && !finite_nonzero(fm, x)) x = normal_code(fm, r, 1, 1);
        });
        break;
    case FL_CARRY: {  // C = 1.11..1 x 2^e with the products about half an ulp of it: rounding carries
        if (!flt) break;
        if (md.stype) set_scales(j, scale_unit(md));
        // positive elements of moderate size (about 2^-4 .. 1): their sum stays far from overflow
        for (auto &x : j.a) x = abs_code(at, normal_code(at, r, ai->bias - 4, ai->bias - 1));
        for (auto &x : j.b) x = abs_code(bt, normal_code(bt, r, bi->bias - 4, bi->bias - 1));
        const unsigned G = md.g;
        for (unsigned i = 0; i < m; i++) {  // products only in the last step of the instruction
            for (unsigned d = 0; d + G < k; d++) {
                if (!md.sparse) j.a[(size_t)i * k + d] = 0;
                else if (d % 2 == 0) j.a[(size_t)i * na + d / 2] = j.a[(size_t)i * na + d / 2 + 1] = 0;
            }
        }
        for (unsigned i = 0; i < m; i++) {
            double sum = 0;
            for (unsigned d = 0; d < k; d++) {
                uint64_t acode = 0;
                if (!md.sparse) acode = j.a[(size_t)i * k + d];
                else {
                    mma_sparse_layout lay;
                    mma_sparse_sel sel;
                    if (mma_sparse_layout_of(&j.ins, &lay) != MMA_OK ||
                        mma_sparse_select(&lay, j.meta[(size_t)i * (k / 4) + d / 4], &sel) != MMA_OK)
                        continue;
                    for (unsigned s = 0; s < sel.kept; s++)
                        if (sel.pos[s] == d % 4) acode = j.a[(size_t)i * na + (d / 4) * 2 + s];
                }
                mma_value va, vb;
                if (mma_decode((mma_format)at, acode, &va) != MMA_OK || mma_decode((mma_format)bt, j.b[d * n], &vb) != MMA_OK)
                    continue;
                if (va.cls == MMA_CLASS_FINITE && vb.cls == MMA_CLASS_FINITE)
                    sum += std::ldexp((double)va.sig, va.exp) * std::ldexp((double)vb.sig, vb.exp);
            }
            if (sum <= 0) continue;
            const int es = (int)std::floor(std::log2(sum));
            const int p = md.dtype == MMA_FMT_F16 ? 11 : 24;
            const int ec = es + p + (r.chance(70) ? 0 : (int)r.below(3) - 1);
            const int64_t ef = std::min<int64_t>(std::max<int64_t>(ec + ci->bias, 1), ci->emax + ci->bias);
            j.c[(size_t)i * n] = fcode(ci, 0, (uint64_t)ef, (1ull << ci->frac_bits) - 1);
        }
        break;
    }
    case FL_SHORT: {  // one fraction bit, two exponents, C = 0: the sums fit the output (exact)
        if (!flt) break;
        const int ea = efield_of(at, normal_code(at, r)), eb = efield_of(bt, normal_code(bt, r));
        const uint64_t ma = ~((1ull << (ai->frac_bits - 1 + ai->frac_shift)) - 1);  // keep the top fraction bit
        const uint64_t mb = ~((1ull << (bi->frac_bits - 1 + bi->frac_shift)) - 1);
        for (auto &x : j.a) x = normal_code(at, r, ea, ea + 1) & ma;
        for (auto &x : j.b) x = normal_code(bt, r, eb, eb + 1) & mb;
        for (auto &x : j.c) x = 0;
        if (md.stype) set_scales(j, scale_unit(md));
        break;
    }
    case FL_NORMAL:
        if (!flt) {
            for (auto &x : j.a) if (x == 0) x = 1 + r.below((1u << ai->storage_bits) - 1);
            for (auto &x : j.b) if (x == 0) x = 1 + r.below((1u << bi->storage_bits) - 1);
            for (auto &x : j.c) if (x == 0) x = 1;
            break;
        }
        for_elems([&](unsigned fm, uint64_t &x) {
            mma_value v;
            if (mma_decode((mma_format)fm, x, &v) != MMA_OK || v.cls != MMA_CLASS_FINITE || subnormal(fmt(fm), v))
                x = normal_code(fm, r);
        });
        if (md.stype == MMA_FMT_UE4M3)
            for (auto *v : {&j.sa, &j.sb})
                for (auto &x : *v)
                    if ((x & 0x78) == 0) x |= 0x38;
        break;
    case FL_TINY:  // a subnormal C with zero products (passes through), or the smallest elements
        if (!flt) break;
        if (r.chance(50)) {
            for (auto &x : j.a) x = 0;
        } else {
            for (auto &x : j.a) x = fcode(ai, (unsigned)r.bits(1), r.below(2), r.bits(ai->frac_bits));
            for (auto &x : j.b) x = fcode(bi, (unsigned)r.bits(1), r.below(2), r.bits(bi->frac_bits));
            if (md.stype) set_scales(j, r.below(8));  // ue8m0 2^-127 .. 2^-120, ue4m3 0 and subnormals
        }
        for (auto &x : j.c) x = fcode(ci, (unsigned)r.bits(1), 0, 1 + r.bits(ci->frac_bits) % ci->max_frac);
        break;
    default:
        break;
    }
    run_golden(j);
}

}  // namespace tb
