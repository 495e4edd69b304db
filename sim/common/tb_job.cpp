// Jobs for the RTL harnesses: random operands of a mode, the golden model's result, step packing.
#include "tb_job.h"

#include <algorithm>
#include <cstring>

namespace tb {

// True if code is a valid code of fmt that is neither NaN nor Inf.
static bool finite_code(mma_format fmt, uint64_t code) {
    mma_value v;
    return mma_decode(fmt, code, &v) == MMA_OK && v.cls != MMA_CLASS_NAN && v.cls != MMA_CLASS_INF;
}

// A random code of fmt: any code (NaN/Inf included) at the special rate, else a finite one whose
// exponent stays within a band that keeps most sums finite.
static uint64_t random_code(mma_format fmt, rng &r, unsigned special_permille) {
    const mma_format_info *info = mma_format_get(fmt);
    for (;;) {
        uint64_t code = r.bits(info->storage_bits);
        if (fmt == MMA_FMT_TF32) code &= 0xFFFFE000u;
        if (info->kind != MMA_KIND_FLOAT) return code;
        if (r.below(1000) < special_permille) return code;
        if (info->exp_bits >= 8 && !r.chance(5)) {
            // 8-bit exponents: stay within 2^+-24 of 1 most of the time
            const unsigned sh = info->frac_bits + info->frac_shift;
            const uint64_t e = (uint64_t)(info->bias - 24 + (int)r.below(48));
            code = (code & ~((uint64_t)0xFF << sh)) | (e << sh);
        }
        if (finite_code(fmt, code)) return code;
    }
}

static uint64_t random_scale(mma_format stype, rng &r, unsigned special_permille) {
    if (r.below(1000) < special_permille) return r.bits(8);
    if (stype == MMA_FMT_UE8M0) return 127 - 12 + r.below(24);
    for (;;) {  // ue4m3: positive, not NaN, mostly near 1
        const uint64_t c = r.chance(80) ? (0x38 - 16 + r.below(32)) : r.bits(7);
        if (c != 0x7F) return c;
    }
}

// A finite code of fmt near its largest finite value (random sign where the format has one).
static uint64_t big_code(mma_format fmt, rng &r) {
    const mma_format_info *info = mma_format_get(fmt);
    for (;;) {
        const unsigned sh = info->frac_shift;
        const uint64_t e = (uint64_t)(info->emax + info->bias - (int)r.below(2));
        uint64_t code = (e << (info->frac_bits + sh)) | (r.bits(info->frac_bits) << sh);
        if (info->has_sign && r.chance(50)) code |= 1ull << (info->storage_bits - 1);
        if (finite_code(fmt, code)) return code;
    }
}

// The zero/Inf flavour (job_opts::zero_inf), from a stream of its own. A random code of a 16-bit or
// wider format is almost never a zero or an Inf (two codes of 65 536 each in f16), so without it
// Inf x 0 = NaN, Inf plus finite terms, the zero-product rules and signed zeros would meet the
// datapath's 16- and 32-bit formats only by chance. It sets one in `rate` of the elements of A, B and C
// (rate 8, 64 or 512, drawn per job) to +-0 or +-Inf (+-0 where the format has no Inf), and one in
// 4 x rate of the block scale codes to NaN (ue8m0, ue4m3) or zero (ue4m3).
static bool make_zero_inf(job &j, const mma_hw_mode &md, uint64_t seed) {
    static const unsigned rates[] = {8, 64, 512};
    rng r(seed, 0);
    const unsigned rate = rates[r.below(3)];
    bool any = false;
    auto put = [&](std::vector<uint64_t> &v, mma_format fmt) {
        const mma_format_info *fi = mma_format_get(fmt);
        if (fi->kind != MMA_KIND_FLOAT) return;
        any = true;
        for (auto &x : v) {
            if (r.below(rate)) continue;
            const unsigned sign = r.chance(50) ? 1u : 0u;
            const bool inf = fi->has_inf && r.chance(50);
            x = inf ? inf_code(fi, sign) : fcode(fi, sign, 0, 0);
        }
    };
    put(j.a, (mma_format)md.atype);
    put(j.b, (mma_format)md.btype);
    put(j.c, (mma_format)md.ctype);
    if (md.stype) {
        for (std::vector<uint64_t> *v : {&j.sa, &j.sb})
            for (auto &x : *v) {
                if (r.below(4 * rate)) continue;
                x = md.stype == MMA_FMT_UE8M0 ? 0xFF : r.chance(50) ? 0x7F : 0x00;
            }
    }
    return any;
}

// The tie flavour (job_opts::tie), from a stream of its own: up to four elements of D, in distinct rows
// and columns, each D[i0][c0] = C + P1 + P2 with C = +-2^ec x 1.f (random fraction), P1 = +-2^(ea + eb)
// exactly half a unit in the last place of D's format at C's binade, with C's sign, and P2 the product
// of the two smallest positive codes, of either sign. Every other element of row i0 of A is zero and
// column c0 of B holds no NaN or Inf, so no other product joins them. The exact sum lies just above or
// just below the tie: a datapath that keeps a sticky bit for P2 rounds it as the exact sum does, one
// that truncates it (the GPUs' block FMA) rounds the tie - mma_gemm says which. A datapath that drops
// the sticky bit is caught by one tie in four (C's last bit even and P2 positive), hence several a job.
static const unsigned tie_max = 4;

static void make_tie(job &j, const mma_hw_mode &md, uint64_t seed) {
    const mma_format_info *ai = mma_format_get((mma_format)md.atype), *bi = mma_format_get((mma_format)md.btype);
    const mma_format_info *ci = mma_format_get((mma_format)md.ctype), *di = mma_format_get((mma_format)md.dtype);
    rng r(seed, 0);
    const unsigned m = j.m, n = j.n, k = j.k;
    const unsigned ties = std::min<unsigned>(tie_max, std::min(m, n));
    unsigned rows[tie_max], cols[tie_max];
    const int pd = di->kind == MMA_KIND_FLOAT ? di->frac_bits : ci->frac_bits;
    // the products' binade ea + eb: each factor's binade drawn from its upper, non-negative half where
    // it has one, such that C's binade ea + eb + pd + 1 is a normal one of C's format. The higher P1
    // lies above the tiny P2, the more of P2 falls below any window a datapath keeps.
    const int top = ci->emax - pd - 1;                            // the highest ea + eb C allows
    int ea_lo = std::max<int>(ai->emin, std::min<int>(0, ai->emax));
    const int ea_hi = std::min<int>(ai->emax, top - bi->emin);
    if (ea_lo > ea_hi) ea_lo = ai->emin;
    if (ea_lo > ea_hi) return;                                   // no such C: leave the job as drawn
    for (unsigned q = 0; q < ties; q++) {
        unsigned i0, c0;                                         // a row and a column no earlier tie has
        bool used;
        do {
            i0 = r.below(m);
            used = std::find(rows, rows + q, i0) != rows + q;
        } while (used);
        do {
            c0 = r.below(n);
            used = std::find(cols, cols + q, c0) != cols + q;
        } while (used);
        rows[q] = i0;
        cols[q] = c0;
        const unsigned t1 = r.below(k - 1);                      // P1 at t1, P2 at t1 + 1
        const int ea = ea_lo + (int)r.below((unsigned)(ea_hi - ea_lo + 1));
        const int hi = std::min<int>(bi->emax, top - ea);
        const int lo = std::max<int>(std::max<int>(bi->emin, ci->emin - pd - 1 - ea), std::min<int>(0, hi));
        if (lo > hi) return;
        const int eb = lo + (int)r.below((unsigned)(hi - lo + 1));
        const int ec = ea + eb + pd + 1;
        const unsigned sc = ci->has_sign && r.chance(50) ? 1u : 0u;
        const unsigned sa = ai->has_sign && r.chance(50) ? 1u : 0u;
        const unsigned sb = sa ^ sc;                             // P1 has C's sign
        if (sb && !bi->has_sign) return;
        const unsigned s2 = ai->has_sign && r.chance(50) ? 1u : 0u;   // P2's sign (A's smallest code carries it)
        for (unsigned t = 0; t < k; t++) {                       // no other product: A's row zero, and no
            j.a[(size_t)i0 * k + t] = 0;                         // NaN or Inf in B's column (0 x Inf = NaN)
            uint64_t &bv = j.b[(size_t)t * n + c0];
            if (!finite_code((mma_format)md.btype, bv)) bv = 0;
        }
        j.a[(size_t)i0 * k + t1] = fcode(ai, sa, (uint64_t)(ea + ai->bias), 0);
        j.b[(size_t)t1 * n + c0] = fcode(bi, sb, (uint64_t)(eb + bi->bias), 0);
        j.a[(size_t)i0 * k + t1 + 1] = fcode(ai, s2, 0, 1);      // the smallest subnormals
        j.b[(size_t)(t1 + 1) * n + c0] = fcode(bi, 0, 0, 1);
        j.c[(size_t)i0 * n + c0] = fcode(ci, sc, (uint64_t)(ec + ci->bias), r.bits(ci->frac_bits));
        j.tie = true;
    }
}

void make_job(job &j, const mma_hw_config &cfg, const mma_hw_mode &md, rng &r, unsigned m, unsigned n, unsigned k,
              unsigned special_permille, unsigned bad_meta_permille) {
    job_opts o;
    o.special_permille = special_permille;
    o.bad_meta_permille = bad_meta_permille;
    make_job(j, cfg, md, r, m, n, k, o);
}

void shape_job(job &j, const mma_hw_config &cfg, const mma_hw_mode &md, unsigned m, unsigned n, unsigned k, bool ordered) {
    j.mode = &md;
    mma_accel_mode_model(&cfg, &md, &j.ins, &j.prof);
    j.m = m;
    j.n = n;
    j.k = k;
    j.ordered = ordered;
    if (md.sparse) j.ins.sparsity = (uint8_t)(ordered ? MMA_SPARSE_SP_ORDERED : MMA_SPARSE_SP);
    j.a.assign(md.sparse ? (size_t)m * k / 2 : (size_t)m * k, 0);
    j.meta.assign(md.sparse ? (size_t)m * k / 4 : 0, 0);
    j.b.assign((size_t)k * n, 0);
    j.c.assign((size_t)m * n, 0);
    j.d.assign((size_t)m * n, 0);
    j.neg_zero = false;
    j.tie = false;
    j.zero_inf = false;
    j.nblk = md.stype ? (k + md.block_k - 1) / md.block_k : 0;
    j.sa.assign((size_t)m * j.nblk, 0);
    j.sb.assign((size_t)j.nblk * n, 0);
}

void make_job(job &j, const mma_hw_config &cfg, const mma_hw_mode &md, rng &r, unsigned m, unsigned n, unsigned k,
              const job_opts &opts) {
    const unsigned special_permille = opts.special_permille, bad_meta_permille = opts.bad_meta_permille;
    shape_job(j, cfg, md, m, n, k, true);
    const mma_format at = (mma_format)md.atype, bt = (mma_format)md.btype, ct = (mma_format)md.ctype;
    if (md.sparse && r.chance(50)) {
        // plain mma.sp where the instruction has that variant (.kind::f8f6f4 has only ::ordered_metadata)
        mma_instr sp = j.ins;
        sp.sparsity = MMA_SPARSE_SP;
        j.ordered = mma_instr_validate(&sp, nullptr) != MMA_OK;
    }
    if (md.sparse) {
        for (unsigned i = 0; i < m; i++) {
            for (unsigned c = 0; c < k / 4; c++) {
                unsigned i0 = r.below(4), i1 = r.below(3);
                if (i1 >= i0) i1++;
                if (j.ordered && i0 > i1) std::swap(i0, i1);
                uint8_t nib = (uint8_t)(i0 | (i1 << 2));
                if (r.below(1000) < bad_meta_permille) nib = (uint8_t)(r.chance(50) ? 0x5 : (j.ordered ? 0x6 : 0xF));
                j.meta[(size_t)i * (k / 4) + c] = nib;
                j.a[(size_t)i * (k / 2) + 2 * c] = random_code(at, r, special_permille);
                j.a[(size_t)i * (k / 2) + 2 * c + 1] = random_code(at, r, special_permille);
            }
        }
    } else {
        for (auto &x : j.a) x = random_code(at, r, special_permille);
    }
    for (auto &x : j.b) x = random_code(bt, r, special_permille);
    for (auto &x : j.c) x = random_code(ct, r, special_permille);
    for (auto &x : j.sa) x = random_scale((mma_format)md.stype, r, special_permille);
    for (auto &x : j.sb) x = random_scale((mma_format)md.stype, r, special_permille);
    // flavours
    const mma_format_info *ai = mma_format_get(at), *bi = mma_format_get(bt), *ci = mma_format_get(ct);
    const bool floats = ai->kind == MMA_KIND_FLOAT && bi->kind == MMA_KIND_FLOAT;
    if (opts.big && floats) {
        if (!md.sparse)
            for (auto &x : j.a) if (r.chance(50)) x = big_code(at, r);
        for (auto &x : j.b) if (r.chance(50)) x = big_code(bt, r);
        if (ci->kind == MMA_KIND_FLOAT)
            for (auto &x : j.c) if (r.chance(30)) x = big_code(ct, r);
    }
    if (opts.big && !floats && ci->kind == MMA_KIND_SIGNED_INT && ci->storage_bits == 32) {
        // integer modes: C within 2^16 of the s32 limits, so that sums cross them (.satfinite clamps,
        // the plain form wraps); uniform random C almost never lies there
        for (auto &x : j.c)
            if (r.chance(30)) {
                const uint32_t off = r.below(1u << 16);
                x = r.chance(50) ? (uint64_t)(0x7FFFFFFFu - off) : (uint64_t)(0x80000000u + off);
            }
    }
    if (opts.cancel && floats && !md.sparse && !md.stype && k >= 2) {
        const unsigned h = k / 2;
        const uint64_t bsign = 1ull << (bi->storage_bits - 1);
        for (unsigned i = 0; i < m; i++) {
            for (unsigned t = h; t < 2 * h; t++) j.a[(size_t)i * k + t] = j.a[(size_t)i * k + t - h];
            if (k % 2) j.a[(size_t)i * k + k - 1] = 0;
        }
        if (bi->has_sign)
            for (unsigned t = h; t < 2 * h; t++)
                for (unsigned jj = 0; jj < n; jj++) j.b[(size_t)t * n + jj] = j.b[(size_t)(t - h) * n + jj] ^ bsign;
    }
    if (opts.c_inf && ci->kind == MMA_KIND_FLOAT && ci->has_inf && m && n) {
        // an Inf C: the only way to an Inf D where the products cannot overflow (e4m3 into f32)
        rng ri(opts.c_inf, 0);
        const unsigned sign = ri.chance(50) ? 1u : 0u;  // drawn first, then the element (C++17 order of a = b)
        j.c[ri.below((unsigned)j.c.size())] = inf_code(ci, sign);
    }
    if (opts.zero_inf) j.zero_inf = make_zero_inf(j, md, opts.zero_inf);
    if (opts.neg_zero && floats && !md.sparse && ai->has_sign && ci->kind == MMA_KIND_FLOAT && ci->has_sign && m && n &&
        k) {
        // D[i0][c0] = -0 + the sum of k products that are all -0 (A's zero takes the sign opposite to B's
        // element; a NaN or Inf in that column of B becomes +0): the signed-zero rule of the datapath
        const unsigned i0 = r.below(m), c0 = r.below(n);
        const uint64_t asign = 1ull << (ai->storage_bits - 1);
        const uint64_t bsign = bi->has_sign ? 1ull << (bi->storage_bits - 1) : 0;
        for (unsigned t = 0; t < k; t++) {
            uint64_t &bv = j.b[(size_t)t * n + c0];
            if (!finite_code(bt, bv)) bv = 0;
            j.a[(size_t)i0 * k + t] = (bv & bsign) ? 0 : asign;
        }
        j.c[(size_t)i0 * n + c0] = 1ull << (ci->storage_bits - 1);
        j.neg_zero = true;
    }
    if (opts.tie && floats && !md.sparse && !md.stype && !j.neg_zero && ci->kind == MMA_KIND_FLOAT && m && n && k >= 2)
        make_tie(j, md, opts.tie);
    if (opts.bad_code && ai->storage_bits < 8u * md.elem_bytes && !md.packed && !j.a.empty())
        j.a[r.below((unsigned)j.a.size())] |= 1ull << ai->storage_bits;
    if (md.sparse) j.ins.sparsity = (uint8_t)(j.ordered ? MMA_SPARSE_SP_ORDERED : MMA_SPARSE_SP);
    run_golden(j);
}

void run_golden(job &j) {
    const mma_hw_mode &md = *j.mode;
    const unsigned m = j.m, n = j.n, k = j.k;
    j.d.assign((size_t)m * n, 0);
    mma_gemm_desc g{};
    g.ins = &j.ins;
    g.prof = &j.prof;
    g.m = m;
    g.n = n;
    g.k = k;
    g.a = j.a.data();
    g.lda = md.sparse ? k / 2 : k;
    g.b = j.b.data();
    g.ldb = n;
    g.c = j.c.data();
    g.ldc = n;
    g.d = j.d.data();
    g.ldd = n;
    g.meta = md.sparse ? j.meta.data() : nullptr;
    g.ldm = k / 4;
    g.scale_a = md.stype ? j.sa.data() : nullptr;
    g.ldsa = j.nblk;
    g.scale_b = md.stype ? j.sb.data() : nullptr;
    g.ldsb = n;
    j.ref = mma_gemm(&g);
}

// dense position of element e of step t (natural order, or the chunk a pair_split word holds)
static unsigned step_base(const job &j, unsigned t) {
    const mma_hw_mode &md = *j.mode;
    if (md.korder) return (t / md.steps) * md.kc;
    return t * md.g;
}

static void put_elem(uint8_t *bytes, unsigned e, unsigned eb, bool packed, uint64_t code) {
    if (packed) {
        bytes[e / 2] = (uint8_t)(bytes[e / 2] | ((code & 0xF) << ((e % 2) * 4)));
        return;
    }
    for (unsigned b = 0; b < eb; b++) bytes[e * eb + b] = (uint8_t)(code >> (8 * b));
}

void step_a(const job &j, unsigned i, unsigned t, unsigned w_bytes, uint8_t *bytes) {
    const mma_hw_mode &md = *j.mode;
    std::memset(bytes, 0, w_bytes);
    if (md.sparse) {
        const unsigned s0 = t * md.g / 2;
        for (unsigned e = 0; e < md.g / 2; e++)
            if (s0 + e < j.k / 2) put_elem(bytes, e, md.elem_bytes, false, j.a[(size_t)i * (j.k / 2) + s0 + e]);
        return;
    }
    const unsigned base = step_base(j, t), cnt = md.korder ? md.kc : md.g;
    for (unsigned e = 0; e < cnt; e++)
        if (base + e < j.k) put_elem(bytes, e, md.elem_bytes, md.packed, j.a[(size_t)i * j.k + base + e]);
}

void step_b(const job &j, unsigned jj, unsigned t, unsigned nb_bytes, uint8_t *bytes) {
    const mma_hw_mode &md = *j.mode;
    std::memset(bytes, 0, nb_bytes);
    const unsigned base = step_base(j, t), cnt = md.korder ? md.kc : md.g;
    for (unsigned e = 0; e < cnt; e++)
        if (base + e < j.k) put_elem(bytes, e, md.elem_bytes, md.packed, j.b[(size_t)(base + e) * j.n + jj]);
}

uint64_t step_meta(const job &j, unsigned i, unsigned t) {
    const mma_hw_mode &md = *j.mode;
    if (!md.sparse) return 0;
    uint64_t w = 0;
    const unsigned c0 = t * md.g / 4;
    for (unsigned q = 0; q < md.g / 4; q++) {
        const unsigned c = c0 + q;
        const uint64_t nib = c < j.k / 4 ? j.meta[(size_t)i * (j.k / 4) + c] : 0x4;  // padding: positions 0, 1
        w |= nib << (4 * q);
    }
    return w;
}

static uint32_t step_scales(const job &j, const std::vector<uint64_t> &s, unsigned row_or_col, bool is_a, unsigned t) {
    const mma_hw_mode &md = *j.mode;
    if (!md.stype) return 0;
    const uint32_t unit = md.stype == MMA_FMT_UE8M0 ? 0x7F : 0x38;
    const unsigned b0 = t * md.g / md.block_k;
    uint32_t w = 0;
    for (unsigned q = 0; q < 4; q++) {
        const unsigned b = b0 + q;
        uint32_t code = unit;
        if (b < j.nblk) code = (uint32_t)(is_a ? s[(size_t)row_or_col * j.nblk + b] : s[(size_t)b * j.n + row_or_col]);
        w |= code << (8 * q);
    }
    return w;
}

uint32_t step_sa(const job &j, unsigned i, unsigned t) { return step_scales(j, j.sa, i, true, t); }
uint32_t step_sb(const job &j, unsigned jj, unsigned t) { return step_scales(j, j.sb, jj, false, t); }
bool step_chunk_first(const job &j, unsigned t) { return t % j.mode->steps == 0; }
bool step_chunk_last(const job &j, unsigned t) { return t % j.mode->steps == j.mode->steps - 1u; }
bool step_half(const job &j, unsigned t) { return j.mode->korder && (t % 2) == 1; }

std::string mode_name(const mma_hw_mode &md) {
    return std::string(md.instr) + (md.cmode == MMA_C_UNUSED ? " (C unused)" : "");
}

}  // namespace tb
