// Stage harness: every datapath stage module (hw/rtl/stage) against the C function of the same name
// (include/mma/stage.h), bit for bit, through one Verilated model (tb_mma_stages.v).
//
//   tb_mma_stages STAGE [--seed S] [--start I] [--count N]
//   STAGE: decode round_decide sparse_select block_scale multiply group_sum bfma encode ieee_add
//          nibble_lane
//
// decode, round_decide, sparse_select, block_scale, the 8-bit-format pairs of multiply and
// nibble_lane (mma_lane with the 4-bit formats: decode + product of every pair of 4-bit codes of
// every pair of formats, against mma_decode and mma_multiply) are exhaustive (--start/--count pick a slice); the others draw case i from (seed, i), so a printed
// "reproduce:" line replays exactly the mismatching case. Exit status 0 if every check passed.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "Vtb_mma_stages.h"
#include "verilated.h"

extern "C" {
#include "mma/accumulate.h"
#include "mma/format.h"
#include "mma/stage.h"
#include "../../firmware/lib/format/format_int.h"  // mmai_e8m13_info, mmai_encode_info: the e8m13 step format
}
#include "../common/tb_util.h"
#include "../common/tb_module_cov.h"

namespace {

constexpr unsigned NT = 16, MW = 30, SW = 45;  // the parameters of tb_mma_stages.v
constexpr int F_MAX = 35;

struct opts {
    uint64_t seed = 1, start = 0, count = 0;  // count 0 (no --count): the stage's default
};

Vtb_mma_stages *top;
std::string g_replay;

// A stage's report over the run's slice of cases (--start / --count).
struct stage_report : tb::report {
    stage_report(const opts &o, const char *n, std::string r, uint64_t s) : tb::report(n, std::move(r), s) {
        start = o.start;
        count = o.count;
    }
};

uint32_t u12(int32_t v) { return (uint32_t)v & 0xFFFu; }
int32_t s12(uint32_t v) { return (int32_t)tb::sext(v, 12); }

// evaluates the combinational stages, then one clock of pipe_clk: the PIPE = 1 instances (the encoder
// and the round stage as a DPU has them) take the same inputs
void pipe_tick() {
    top->pipe_clk = 0;
    top->eval();
    top->pipe_clk = 1;
    top->eval();
}

// other inputs after the clock (the next case's in a DPU): a PIPE = 1 result must not change, so a
// signal that bypasses the register between the encoder's halves is seen
void pipe_scramble(tb::rng &r) {
    top->enc_fmt = (uint32_t)r.bits(5); top->enc_mode = (uint32_t)r.bits(3); top->enc_sat = (uint32_t)r.bits(1);
    top->enc_sign = (uint32_t)r.bits(1); top->enc_sig = r.bits(48); top->enc_exp = (uint32_t)r.bits(14);
    top->r_special = (uint32_t)r.bits(2); top->r_any = (uint32_t)r.bits(1); top->r_e = (uint32_t)r.bits(12);
    top->r_f = (uint32_t)r.bits(6); top->r_s = r.bits(SW); top->r_f16 = (uint32_t)r.bits(1);
    top->r_e8m13 = (uint32_t)r.bits(1); top->r_f32_round = (uint32_t)r.bits(3); top->r_f16_round = (uint32_t)r.bits(3);
    top->pipe_clk = 0;
    top->eval();
}

// ---------------------------------------------------------------------------------------------- decode
int run_decode(const opts &o) {
    stage_report rep(o, "rtl_decode", g_replay + " decode", o.seed);
    const mma_format fmts[] = {MMA_FMT_F32, MMA_FMT_TF32, MMA_FMT_F16,   MMA_FMT_BF16,  MMA_FMT_E5M2,
                               MMA_FMT_E4M3, MMA_FMT_E3M2, MMA_FMT_E2M3, MMA_FMT_E2M1, MMA_FMT_UE8M0,
                               MMA_FMT_UE4M3, MMA_FMT_S8,   MMA_FMT_U8,    MMA_FMT_S4,
                               MMA_FMT_U4};
    uint64_t idx = 0;
    for (mma_format f : fmts) {
        const mma_format_info *info = mma_format_get(f);
        const bool all = info->storage_bits <= 16;
        const uint64_t n = all ? (1ull << info->storage_bits) + 64 : 1000000;
        for (uint64_t i = 0; i < n; i++, idx++) {
            if (!rep.in_slice(idx)) continue;
            tb::rng r(o.seed, idx);
            uint64_t code;
            if (all) {
                code = i < (1ull << info->storage_bits) ? i : (i | (1ull << (info->storage_bits + r.below(
                                                                         32 - info->storage_bits))));
            } else {
                // random f32 patterns with every exponent region, plus NaN/Inf/zero/subnormal forms
                code = r.bits(32);
                switch (r.below(6)) {
                case 0: code &= 0x807FFFFFu; break;                 // zero / subnormal
                case 1: code |= 0x7F800000u; break;                 // Inf / NaN
                case 2: code &= 0x80000000u | (r.bits(4) << 23); break;
                default: break;
                }
                code &= 0xFFFFFFFFu;
            }
            mma_value v;
            const mma_status st = mma_decode(f, code, &v);
            top->dec_fmt = f;
            top->dec_code = (uint32_t)code;
            top->eval();
            const bool bad = st != MMA_OK;
            // the classifier alone (mma_special_set_fn, the DPU's sparse shadow): NaN or Inf
            const bool special = !bad && (v.cls == MMA_CLASS_NAN || v.cls == MMA_CLASS_INF);
            rep.expect(top->dec_special == special, idx, "%s 0x%llx: C NaN/Inf %u, RTL mma_special_set_fn %u",
                       info->name, (unsigned long long)code, special, top->dec_special);
            if (!rep.expect(top->dec_bad == bad, idx, "%s 0x%llx: status %s, RTL bad %u", info->name,
                            (unsigned long long)code, mma_status_name(st), top->dec_bad) || bad)
                continue;
            rep.expect(top->dec_cls == v.cls && top->dec_sign == v.sign && s12(top->dec_exp) == v.exp &&
                           top->dec_sig == v.sig,
                       idx, "%s 0x%llx: C (cls %u sign %u exp %d sig 0x%llx) RTL (cls %u sign %u exp %d sig 0x%x)",
                       info->name, (unsigned long long)code, v.cls, v.sign, v.exp, (unsigned long long)v.sig,
                       top->dec_cls, top->dec_sign, s12(top->dec_exp), top->dec_sig);
        }
    }
    return rep.finish();
}

// ---------------------------------------------------------------------------------------------- round_decide
int run_round_decide(const opts &o) {
    stage_report rep(o, "rtl_round_decide", g_replay + " round_decide", o.seed);
    for (unsigned i = 0; i < 8 * 16; i++) {
        const unsigned mode = i >> 4, sign = (i >> 3) & 1, lsb = (i >> 2) & 1, rnd = (i >> 1) & 1, st = i & 1;
        top->rd_mode = mode;
        top->rd_sign = sign;
        top->rd_lsb = lsb;
        top->rd_round = rnd;
        top->rd_sticky = st;
        top->eval();
        const unsigned c = mma_round_decide((mma_round)mode, sign, lsb, rnd, st);
        rep.expect(top->rd_inc == c, i, "mode %u sign %u lsb %u round %u sticky %u: C %u RTL %u", mode, sign, lsb,
                   rnd, st, c, top->rd_inc);
    }
    return rep.finish();
}

// ---------------------------------------------------------------------------------------------- sparse_select
int run_sparse_select(const opts &o) {
    stage_report rep(o, "rtl_sparse_select", g_replay + " sparse_select", o.seed);
    for (unsigned i = 0; i < 32; i++) {
        const unsigned meta = i & 15, ordered = i >> 4;
        mma_sparse_layout l = {MMA_SPAT_2_4, (uint8_t)(ordered ? MMA_SPARSE_SP_ORDERED : MMA_SPARSE_SP), 4, 2};
        mma_sparse_sel sel;
        const mma_status st = mma_sparse_select(&l, (uint8_t)meta, &sel);
        top->sel_meta = meta;
        top->sel_ordered = ordered;
        top->eval();
        const bool valid = st == MMA_OK;
        rep.expect(top->sel_valid == valid && (!valid || (top->sel_pos0 == sel.pos[0] && top->sel_pos1 == sel.pos[1])),
                   i, "meta 0x%x ordered %u: C valid %d pos %u,%u RTL valid %u pos %u,%u", meta, ordered, valid,
                   sel.pos[0], sel.pos[1], top->sel_valid, top->sel_pos0, top->sel_pos1);
    }
    return rep.finish();
}

// ---------------------------------------------------------------------------------------------- block_scale
int run_block_scale(const opts &o) {
    stage_report rep(o, "rtl_block_scale", g_replay + " block_scale", o.seed);
    const mma_format st[] = {MMA_FMT_UE8M0, MMA_FMT_UE4M3};
    uint64_t idx = 0;
    for (mma_format s : st) {
        for (unsigned a = 0; a < 256; a++) {
            for (unsigned b = 0; b < 256; b++, idx++) {
                mma_scale_factor f;
                mma_block_scale(s, a, b, &f);
                top->bs_stype = s;
                top->bs_sa = a;
                top->bs_sb = b;
                top->eval();
                rep.expect(top->bs_nan == f.nan && top->bs_zero == f.zero && top->bs_sig == f.sig &&
                               s12(top->bs_exp) == f.exp && s12(top->bs_e_shift) == f.e_shift && !top->bs_bad,
                           idx, "%s 0x%02x 0x%02x: C (nan %u zero %u sig %u exp %d e_shift %d) RTL (%u %u %u %d %d)",
                           mma_format_get(s)->name, a, b, f.nan, f.zero, f.sig, f.exp, f.e_shift, top->bs_nan,
                           top->bs_zero, top->bs_sig, s12(top->bs_exp), s12(top->bs_e_shift));
            }
        }
    }
    top->bs_stype = MMA_FMT_F16;
    top->eval();
    rep.expect(top->bs_bad, idx, "f16 is not a scale type: RTL bad %u", top->bs_bad);
    return rep.finish();
}

// ---------------------------------------------------------------------------------------------- multiply
void set_mul_operand(bool is_a, mma_format f, const mma_value &v) {
    if (is_a) {
        top->mul_fa = f; top->mul_a_cls = v.cls; top->mul_a_sign = v.sign; top->mul_a_exp = u12(v.exp);
        top->mul_a_sig = (uint32_t)v.sig;
    } else {
        top->mul_fb = f; top->mul_b_cls = v.cls; top->mul_b_sign = v.sign; top->mul_b_exp = u12(v.exp);
        top->mul_b_sig = (uint32_t)v.sig;
    }
}

bool same_product(const mma_product &p, uint64_t m, int32_t lsb, int32_t e, unsigned cls, unsigned sign) {
    if (cls != p.cls || sign != p.sign) return false;
    if (p.cls == MMA_CLASS_FINITE) return m == p.m && lsb == p.lsb && e == p.e;
    if (p.cls == MMA_CLASS_ZERO) return e == p.e;
    return true;
}

int run_multiply(const opts &o) {
    stage_report rep(o, "rtl_multiply", g_replay + " multiply", o.seed);
    const mma_format small[] = {MMA_FMT_E4M3, MMA_FMT_E5M2, MMA_FMT_E3M2, MMA_FMT_E2M3, MMA_FMT_E2M1};
    const mma_format wide[] = {MMA_FMT_F16, MMA_FMT_BF16, MMA_FMT_TF32};
    uint64_t idx = 0;
    auto one = [&](uint64_t i, mma_format fa, uint64_t ca, mma_format fb, uint64_t cb, bool scaled, mma_format stype,
                   uint64_t sa, uint64_t sb) {
        mma_value va, vb;
        mma_decode(fa, ca, &va);
        mma_decode(fb, cb, &vb);
        mma_scale_factor f = {0, 0, 1, 0, 0};
        if (scaled) mma_block_scale(stype, sa, sb, &f);
        mma_product p;
        const mma_status st = mma_multiply(fa, &va, fb, &vb, scaled ? &f : nullptr, &p);
        if (st != MMA_OK) return;
        set_mul_operand(true, fa, va);
        set_mul_operand(false, fb, vb);
        top->mul_scale_en = scaled;
        top->mul_s_nan = f.nan; top->mul_s_zero = f.zero; top->mul_s_sig = f.sig; top->mul_s_exp = u12(f.exp);
        top->mul_s_e_shift = u12(f.e_shift);
        top->eval();
        rep.expect(same_product(p, top->mul_m, s12(top->mul_lsb), s12(top->mul_e), top->mul_cls, top->mul_sign), i,
                   "%s 0x%llx x %s 0x%llx scale %d (0x%llx,0x%llx): C (cls %u sign %u e %d lsb %d m 0x%llx) RTL "
                   "(cls %u sign %u e %d lsb %d m 0x%llx)",
                   mma_format_get(fa)->name, (unsigned long long)ca, mma_format_get(fb)->name, (unsigned long long)cb,
                   scaled, (unsigned long long)sa, (unsigned long long)sb, p.cls, p.sign, p.e, p.lsb,
                   (unsigned long long)p.m, top->mul_cls, top->mul_sign, s12(top->mul_e), s12(top->mul_lsb),
                   (unsigned long long)top->mul_m);
    };
    // every pair of codes of every pair of 8/6/4-bit formats, unscaled
    for (mma_format fa : small) {
        for (mma_format fb : small) {
            const uint64_t na = 1ull << mma_format_get(fa)->storage_bits, nb = 1ull << mma_format_get(fb)->storage_bits;
            for (uint64_t a = 0; a < na; a++) {
                for (uint64_t b = 0; b < nb; b++, idx++) {
                    if (!rep.in_slice(idx)) continue;
                    one(idx, fa, a, fb, b, false, MMA_FMT_UE8M0, 0, 0);
                }
            }
        }
    }
    // random: 16-bit and tf32 pairs, and scaled products of the narrow formats
    for (uint64_t i = 0; i < 400000; i++, idx++) {
        if (!rep.in_slice(idx)) continue;
        tb::rng r(o.seed, idx);
        if (r.chance(50)) {
            const mma_format f = wide[r.below(3)];
            const unsigned bits = mma_format_get(f)->storage_bits;
            uint64_t a = r.bits(bits), b = r.bits(bits);
            if (f == MMA_FMT_TF32) { a &= 0xFFFFE000u; b &= 0xFFFFE000u; }
            one(idx, f, a, f, b, false, MMA_FMT_UE8M0, 0, 0);
        } else {
            const mma_format fa = small[r.below(5)], fb = small[r.below(5)];
            const mma_format st = r.chance(50) ? MMA_FMT_UE8M0 : MMA_FMT_UE4M3;
            one(idx, fa, r.bits(mma_format_get(fa)->storage_bits), fb, r.bits(mma_format_get(fb)->storage_bits), true,
                st, r.bits(8), r.bits(8));
        }
    }
    return rep.finish();
}

// ---------------------------------------------------------------------------------------------- nibble_lane
// mma_lane with the 4-bit formats (packed e2m1, s4, u4 in the DPU's lanes): its decode + product
// against the C stages. Float pairs (e2m1): mma_decode + mma_multiply, e included. Pairs with
// an integer (s4, u4; mma_multiply takes floats only): the exact product of the decoded values,
// sign the XOR of the operands' signs, ZERO when either is zero. A format outside the lane's set
// (e4m3, s8 here) must come back bad.
int run_nibble_lane(const opts &o) {
    stage_report rep(o, "rtl_nibble_lane", g_replay + " nibble_lane", o.seed);
    const mma_format fmts[] = {MMA_FMT_E2M1, MMA_FMT_S4, MMA_FMT_U4, MMA_FMT_E4M3, MMA_FMT_S8};
    const unsigned in_set = 3;  // the first three are the lane's formats
    uint64_t idx = 0;
    for (unsigned ia = 0; ia < 5; ia++) {
        for (unsigned ib = 0; ib < 5; ib++) {
            for (unsigned a = 0; a < 16; a++) {
                for (unsigned b = 0; b < 16; b++, idx++) {
                    if (!rep.in_slice(idx)) continue;
                    const mma_format fa = fmts[ia], fb = fmts[ib];
                    top->lane_fa = fa; top->lane_fb = fb; top->lane_a = a; top->lane_b = b;
                    top->lane_clk = 0; top->eval();
                    top->lane_clk = 1; top->eval();
                    const char *na = mma_format_get(fa)->name, *nb = mma_format_get(fb)->name;
                    if (ia >= in_set || ib >= in_set) {
                        rep.expect(top->lane_bad == 1, idx, "%s 0x%x x %s 0x%x: a format outside the lane's set, RTL bad %u",
                                   na, a, nb, b, top->lane_bad);
                        continue;
                    }
                    mma_value va, vb;
                    if (mma_decode(fa, a, &va) != MMA_OK || mma_decode(fb, b, &vb) != MMA_OK) {
                        rep.expect(false, idx, "%s 0x%x x %s 0x%x: C decode refused a 4-bit code", na, a, nb, b);
                        continue;
                    }
                    const bool floats = mma_format_get(fa)->kind == MMA_KIND_FLOAT && mma_format_get(fb)->kind == MMA_KIND_FLOAT;
                    bool ok;
                    unsigned ccls, csign;
                    uint64_t cm = 0;
                    int32_t clsb = 0;
                    if (floats) {
                        mma_product p;
                        ok = mma_multiply(fa, &va, fb, &vb, nullptr, &p) == MMA_OK &&
                             same_product(p, top->lane_m, s12(top->lane_lsb), s12(top->lane_e), top->lane_cls, top->lane_sign);
                        ccls = p.cls; csign = p.sign; cm = p.m; clsb = p.lsb;
                    } else {
                        const bool zero = va.cls == MMA_CLASS_ZERO || vb.cls == MMA_CLASS_ZERO;
                        ccls = zero ? MMA_CLASS_ZERO : MMA_CLASS_FINITE;
                        csign = va.sign ^ vb.sign;
                        if (!zero) { cm = va.sig * vb.sig; clsb = va.exp + vb.exp; }
                        ok = top->lane_cls == ccls && top->lane_sign == csign &&
                             (zero || (top->lane_m == cm && s12(top->lane_lsb) == clsb));
                    }
                    rep.expect(ok && top->lane_bad == 0 && top->lane_act == 1, idx,
                               "%s 0x%x x %s 0x%x: C (cls %u sign %u lsb %d m %llu) RTL (bad %u cls %u sign %u e %d lsb %d m %u)",
                               na, a, nb, b, ccls, csign, clsb, (unsigned long long)cm, top->lane_bad, top->lane_cls,
                               top->lane_sign, s12(top->lane_e), s12(top->lane_lsb), top->lane_m);
                }
            }
        }
    }
    return rep.finish();
}

// ---------------------------------------------------------------------------------------------- group_sum
// Value equality of two (m, lsb) pairs.
bool same_value(uint64_t m1, int32_t l1, uint64_t m2, int32_t l2) {
    if (m1 == 0 || m2 == 0) return m1 == m2;
    while ((m1 & 1) == 0) { m1 >>= 1; l1++; }
    while ((m2 & 1) == 0) { m2 >>= 1; l2++; }
    return m1 == m2 && l1 == l2;
}

int run_group_sum(const opts &o) {
    stage_report rep(o, "rtl_group_sum", g_replay + " group_sum", o.seed);
    const uint64_t n = o.count ? o.count : 300000;
    mma_profile prof;
    mma_preset_profile(MMA_PRESET_EXACT, MMA_FAMILY_MMA, MMA_FMT_F32, MMA_FMT_F32, &prof);
    for (uint64_t i = o.start; i < o.start + n; i++) {
        tb::rng r(o.seed, i);
        mma_product prods[16];
        const unsigned zeros = r.below(4);  // bias towards sparse and cancelling groups
        for (unsigned t = 0; t < 16; t++) {
            mma_value va, vb;
            uint64_t ca = r.bits(4), cb = r.bits(4);
            if (zeros && r.below(4) < zeros) ca &= 8u;
            mma_decode(MMA_FMT_E2M1, ca, &va);
            mma_decode(MMA_FMT_E2M1, cb, &vb);
            mma_multiply(MMA_FMT_E2M1, &va, MMA_FMT_E2M1, &vb, nullptr, &prods[t]);
            tb::set_field(top->grp_cls, t * 2, 2, prods[t].cls);
            tb::set_field(top->grp_lsb, t * 12, 12, u12(prods[t].lsb));
            tb::set_field(top->grp_m, t * 4, 4, prods[t].m);
            top->grp_sign = (top->grp_sign & ~(1u << t)) | ((uint32_t)prods[t].sign << t);
        }
        mma_scale_factor f;
        const mma_format st = r.chance(50) ? MMA_FMT_UE8M0 : MMA_FMT_UE4M3;
        mma_block_scale(st, r.bits(8), r.bits(8), &f);
        top->grp_s_nan = f.nan; top->grp_s_zero = f.zero; top->grp_s_sig = f.sig; top->grp_s_exp = u12(f.exp);
        top->grp_s_e_shift = u12(f.e_shift);
        prof.group_align = (uint8_t)r.below(2);
        top->grp_align = prof.group_align;
        top->eval();
        mma_product g;
        const mma_status s = mma_group_sum(&prof, prods, 16, &f, &g);
        if (!rep.expect(s == MMA_OK && !top->grp_bad, i, "status %s RTL bad %u", mma_status_name(s), top->grp_bad))
            continue;
        const bool ok = g.cls == top->grp_cls_o && (g.sign == top->grp_sign_o || g.m == 0) &&
                        (g.cls != MMA_CLASS_FINITE ||
                         (g.e == s12(top->grp_e_o) && same_value(g.m, g.lsb, top->grp_m_o, s12(top->grp_lsb_o))));
        rep.expect(ok, i, "align %u: C (cls %u sign %u e %d m 0x%llx lsb %d) RTL (cls %u sign %u e %d m 0x%x lsb %d)",
                   prof.group_align, g.cls,
                   g.sign, g.e, (unsigned long long)g.m, g.lsb, top->grp_cls_o, top->grp_sign_o, s12(top->grp_e_o),
                   top->grp_m_o, s12(top->grp_lsb_o));
    }
    return rep.finish();
}

// ---------------------------------------------------------------------------------------------- bfma
// One random block-FMA step: terms from random products of a random format pair (specials sometimes),
// a random C of the step format, and random profile parameters; align, sum and round compared.
int run_bfma(const opts &o) {
    stage_report rep(o, "rtl_bfma", g_replay + " bfma", o.seed);
    const uint64_t n = o.count ? o.count : 300000;
    const mma_format fmts[] = {MMA_FMT_F16, MMA_FMT_BF16, MMA_FMT_TF32, MMA_FMT_E4M3, MMA_FMT_E5M2,
                               MMA_FMT_E3M2, MMA_FMT_E2M3, MMA_FMT_E2M1};
    const unsigned fs[] = {13, 23, 24, 25, 35};
    uint64_t step_checks[3] = {0, 0, 0};
    for (uint64_t i = o.start; i < o.start + n; i++) {
        tb::rng r(o.seed, i);
        mma_profile p;
        mma_preset_profile(MMA_PRESET_HOPPER, MMA_FAMILY_MMA, MMA_FMT_F16, MMA_FMT_F32, &p);
        const bool f16 = r.chance(30);
        const mma_format dt = f16 ? MMA_FMT_F16 : MMA_FMT_F32;
        p.frac_bits = (uint8_t)fs[r.below(5)];
        p.f32_sig_bits = (uint8_t)(r.chance(25) ? 14 : 24);
        p.f32_round = (uint8_t)r.below(5);
        p.f16_round = (uint8_t)r.below(5);
        p.min_e_f32 = (int16_t)(r.chance(20) ? MMA_MIN_E_NONE : -(int)(120 + r.below(20)));
        p.min_e_f16 = (int16_t)(r.chance(20) ? MMA_MIN_E_NONE : -(int)(14 + r.below(10)));
        p.zero_c_term = (uint8_t)r.chance(15);
        p.f16_c_pinned = (uint8_t)r.chance(15);
        p.zero_product_term = (uint8_t)r.chance(15);
        const mma_format fa = fmts[r.below(8)];
        const mma_format fb = (fa == MMA_FMT_F16 || fa == MMA_FMT_BF16 || fa == MMA_FMT_TF32) ? fa : fmts[3 + r.below(5)];
        const unsigned nterms = 1 + r.below(NT);
        const unsigned spec = r.below(40);  // 0: a NaN/Inf somewhere
        const int band = (int)r.below(4);   // exponent band of the operands: spread or close
        mma_product t[NT];
        tb::clear_words(top->st_e, 6);
        tb::clear_words(top->st_m, 15);
        tb::clear_words(top->st_lsb, 6);
        top->st_cls = 0;
        top->st_sign = 0;
        for (unsigned k = 0; k < NT; k++) {
            mma_value va, vb;
            uint64_t ca = 0, cb = 0;
            if (k < nterms) {
                const mma_format_info *ia = mma_format_get(fa), *ib = mma_format_get(fb);
                ca = r.bits(ia->storage_bits);
                cb = r.bits(ib->storage_bits);
                if (band && ia->exp_bits >= 5) {  // keep exponents near each other (cancellation, carries)
                    const unsigned sh = ia->frac_bits + ia->frac_shift;
                    const uint64_t e = (uint64_t)(ia->bias + (int)r.below(3 * band) - band);
                    ca = (ca & ~(((1ull << ia->exp_bits) - 1) << sh)) | (e << sh);
                }
                if (fa == MMA_FMT_TF32) ca &= 0xFFFFE000u;
                if (fb == MMA_FMT_TF32) cb &= 0xFFFFE000u;
                if (spec != 0 && ia->has_inf) {  // avoid specials unless this case wants them
                    mma_decode(fa, ca, &va);
                    if (va.cls >= MMA_CLASS_INF) ca ^= (uint64_t)1 << (ia->frac_bits + ia->frac_shift);
                }
                if (spec != 0 && ib->has_inf) {
                    mma_decode(fb, cb, &vb);
                    if (vb.cls >= MMA_CLASS_INF) cb ^= (uint64_t)1 << (ib->frac_bits + ib->frac_shift);
                }
            }
            mma_decode(fa, ca, &va);
            mma_decode(fb, cb, &vb);
            if (k >= nterms) va.cls = MMA_CLASS_ZERO, va.sig = 0, va.exp = 0;
            mma_multiply(fa, &va, fb, &vb, nullptr, &t[k]);
            tb::set_field(top->st_e, k * 12, 12, u12(t[k].e));
            tb::set_field(top->st_m, k * MW, MW, t[k].m);
            tb::set_field(top->st_lsb, k * 12, 12, u12(t[k].lsb));
            top->st_cls |= (uint32_t)t[k].cls << (2 * k);
            top->st_sign |= (uint32_t)t[k].sign << k;
        }
        // C: a random code of the step format, biased to finite values near the products
        const bool have_c = r.chance(85);
        uint64_t c = f16 ? r.bits(16) : r.bits(32);
        if (r.chance(10)) c &= f16 ? 0x8000u : 0x80000000u;  // a zero C (+0 or -0): zero_c_term's case
        if (spec != 0) {
            mma_value cv;
            mma_decode(dt, c, &cv);
            if (cv.cls >= MMA_CLASS_INF) c ^= f16 ? 0x4000u : 0x40000000u;
        }
        mma_value cv = {MMA_CLASS_ZERO, 0, 0, 0, 0, 0};
        mma_decode(dt, c, &cv);
        mma_bfma_frame fr;
        int64_t S = 0;
        uint64_t code = 0;
        const unsigned nused = r.chance(50) ? nterms : NT;  // the C call sees the padding zeros or not
        top->st_act = (uint32_t)((1ull << nused) - 1);       // the RTL form of C's term count
        mma_status st = mma_bfma_align(&p, dt, t, nused, have_c ? &cv : nullptr, &fr);
        if (st == MMA_OK) st = mma_bfma_sum(&p, &fr, t, nused, have_c ? &cv : nullptr, &S);
        if (st == MMA_OK) st = mma_bfma_round(&p, dt, &fr, S, &code);
        top->st_c_en = have_c;
        top->st_c_cls = cv.cls; top->st_c_sign = cv.sign; top->st_c_exp = u12(cv.exp); top->st_c_sig = (uint32_t)cv.sig;
        top->st_f16 = f16;
        const int min_e = f16 ? p.min_e_f16 : p.min_e_f32;
        top->st_min_e = u12(min_e == MMA_MIN_E_NONE ? 0 : min_e);
        top->st_min_e_none = min_e == MMA_MIN_E_NONE;
        top->st_zero_c_term = p.zero_c_term; top->st_f16_c_pinned = p.f16_c_pinned;
        top->st_zero_product_term = p.zero_product_term; top->st_f = p.frac_bits; top->st_e8m13 = p.f32_sig_bits == 14;
        top->st_f32_round = p.f32_round; top->st_f16_round = p.f16_round;
        top->eval();
        if (!rep.expect(st == MMA_OK, i, "C stage status %s", mma_status_name(st))) continue;
        const bool ok_align = top->al_special == fr.special && top->al_any == fr.any && top->al_c_term == fr.c_term &&
                              s12(top->al_e) == fr.E;
        step_checks[0]++;
        if (!rep.expect(ok_align, i, "align: C (special %u any %u c_term %u E %d) RTL (%u %u %u %d)", fr.special, fr.any,
                        fr.c_term, fr.E, top->al_special, top->al_any, top->al_c_term, s12(top->al_e)))
            continue;
        step_checks[1]++;
        if (!rep.expect(tb::sext(top->sum_s, SW) == S && !top->sum_ovf, i, "sum: C S %lld RTL S %lld ovf %u (F %u E %d)",
                        (long long)S, (long long)tb::sext(top->sum_s, SW), top->sum_ovf, p.frac_bits, fr.E))
            continue;
        step_checks[2]++;
        rep.expect(top->rnd_code == code, i, "round: S %lld E %d F %u %s e8m13 %u rnd %u/%u: C 0x%llx RTL 0x%x",
                   (long long)S, fr.E, p.frac_bits, f16 ? "f16" : "f32", p.f32_sig_bits == 14, p.f32_round,
                   p.f16_round, (unsigned long long)code, top->rnd_code);
    }
    std::printf("rtl_bfma: steps compared at align %llu, sum %llu, round %llu\n", (unsigned long long)step_checks[0],
                (unsigned long long)step_checks[1], (unsigned long long)step_checks[2]);
    // the round stage alone, over sums the products rarely reach (carries out, overflow, subnormals)
    for (uint64_t i = o.start; i < o.start + n / 2; i++) {
        tb::rng r(o.seed ^ 0x5EEDu, i);
        mma_profile p;
        mma_preset_profile(MMA_PRESET_HOPPER, MMA_FAMILY_MMA, MMA_FMT_F16, MMA_FMT_F32, &p);
        const bool f16 = r.chance(40);
        p.frac_bits = (uint8_t)fs[r.below(5)];
        p.f32_sig_bits = (uint8_t)(r.chance(30) ? 14 : 24);
        p.f32_round = (uint8_t)r.below(5);
        p.f16_round = (uint8_t)r.below(5);
        mma_bfma_frame fr = {(uint8_t)(r.chance(5) ? r.below(4) : 0), (uint8_t)!r.chance(3), 0, 0,
                             (int32_t)r.below(300) - 160};
        const unsigned bits = 1 + r.below(SW - 2);
        int64_t S = (int64_t)r.bits(bits);
        if (r.chance(30)) S |= (int64_t)((1ull << bits) - 1) >> r.below(bits);  // runs of ones: carries
        if (r.chance(50)) S = -S;
        uint64_t code = 0;
        mma_bfma_round(&p, f16 ? MMA_FMT_F16 : MMA_FMT_F32, &fr, S, &code);
        top->r_special = fr.special; top->r_any = fr.any; top->r_e = u12(fr.E); top->r_f = p.frac_bits;
        top->r_s = (uint64_t)S & ((1ull << SW) - 1); top->r_f16 = f16; top->r_e8m13 = p.f32_sig_bits == 14;
        top->r_f32_round = p.f32_round; top->r_f16_round = p.f16_round;
        pipe_tick();
        rep.expect(top->r_code == code, i + (1ull << 40), "round alone: S %lld E %d F %u %s e8m13 %u rnd %u/%u: C 0x%llx RTL 0x%x",
                   (long long)S, fr.E, p.frac_bits, f16 ? "f16" : "f32", p.f32_sig_bits == 14, p.f32_round,
                   p.f16_round, (unsigned long long)code, top->r_code);
        pipe_scramble(r);
        rep.expect(top->r_code_p == code, i + (1ull << 40), "round alone, PIPE 1: S %lld E %d F %u %s: C 0x%llx RTL 0x%x",
                   (long long)S, fr.E, p.frac_bits, f16 ? "f16" : "f32", (unsigned long long)code, top->r_code_p);
    }
    return rep.finish();
}

// ---------------------------------------------------------------------------------------------- encode
int run_encode(const opts &o) {
    stage_report rep(o, "rtl_encode", g_replay + " encode", o.seed);
    const uint64_t n = o.count ? o.count : 500000;
    const mma_format fmts[] = {MMA_FMT_F32, MMA_FMT_F16, MMA_FMT_BF16, MMA_FMT_S32, (mma_format)31};
    for (uint64_t i = o.start; i < o.start + n; i++) {
        tb::rng r(o.seed, i);
        const mma_format f = fmts[r.below(5)];
        const unsigned mode = r.below(5), sat = f == MMA_FMT_S32 ? r.below(2) : 0;
        const unsigned bits = r.below(49);
        uint64_t sig = r.bits(bits);
        if (r.chance(20)) sig |= ((1ull << bits) - 1) >> r.below(bits + 1);
        const int center = f == MMA_FMT_S32 ? 0 : (f == MMA_FMT_F16 ? -20 : (r.chance(50) ? -150 : 80));
        const int exp = center + (int)r.below(80) - 40;
        const mma_value v = {(uint8_t)(sig ? MMA_CLASS_FINITE : MMA_CLASS_ZERO), (uint8_t)r.below(2), 0, 0, exp, sig};
        uint64_t code = 0;
        mma_status st;
        if (f == (mma_format)31)
            st = mmai_encode_info(&mmai_e8m13_info, &v, (mma_round)mode, 0, &code, nullptr);
        else
            st = mma_encode(f, &v, (mma_round)mode, sat ? MMA_ENC_SATFINITE : 0u, &code);
        top->enc_fmt = f; top->enc_mode = mode; top->enc_sat = sat; top->enc_sign = v.sign; top->enc_sig = sig;
        top->enc_exp = (uint32_t)exp & 0x3FFFu;
        pipe_tick();
        if (!rep.expect(st == MMA_OK && !top->enc_bad, i, "status %s bad %u", mma_status_name(st), top->enc_bad)) continue;
        rep.expect(top->enc_code == code, i, "fmt %u mode %u sat %u sign %u sig 0x%llx exp %d: C 0x%llx RTL 0x%x", f,
                   mode, sat, v.sign, (unsigned long long)sig, exp, (unsigned long long)code, top->enc_code);

        // top_o: floor(log2 |value|) before rounding (exp for a zero), what the step rounding tests overflow on
        int lead = 0;
        for (int b = 0; b < 64; b++)
            if (sig >> b & 1u) lead = b;
        const uint32_t want_top = (uint32_t)(exp + lead) & 0x3FFFu;
        rep.expect(top->enc_top == want_top, i, "sig 0x%llx exp %d: top %d RTL 0x%x", (unsigned long long)sig, exp,
                   exp + lead, top->enc_top);
        pipe_scramble(r);
        rep.expect(top->enc_code_p == code && top->enc_top_p == want_top, i,
                   "PIPE 1: fmt %u mode %u sat %u sign %u sig 0x%llx exp %d: C 0x%llx top %d, RTL 0x%x top 0x%x", f, mode,
                   sat, v.sign, (unsigned long long)sig, exp, (unsigned long long)code, exp + lead, top->enc_code_p,
                   top->enc_top_p);
    }
    return rep.finish();
}

// ---------------------------------------------------------------------------------------------- ieee_add
int run_ieee_add(const opts &o) {
    stage_report rep(o, "rtl_ieee_add", g_replay + " ieee_add", o.seed);
    const uint64_t n = o.count ? o.count : 500000;
    for (uint64_t i = o.start; i < o.start + n; i++) {
        tb::rng r(o.seed, i);
        const bool f16 = r.chance(40);
        const unsigned mode = r.below(5);
        uint64_t a = f16 ? r.bits(16) : r.bits(32), b = f16 ? r.bits(16) : r.bits(32);
        const unsigned ebits = f16 ? 5 : 8, p = f16 ? 10 : 23;
        const uint64_t emask = ((1ull << ebits) - 1) << p;
        if (r.chance(60)) b = (b & ~emask) | (a & emask) ^ ((uint64_t)r.below(4) << p);  // close exponents
        if (r.chance(10)) b = a ^ ((uint64_t)1 << (ebits + p));                          // exact cancellation
        if (r.chance(10)) a &= ~emask;                                                   // subnormal / zero
        uint64_t code = 0;
        mma_ieee_add(f16 ? MMA_FMT_F16 : MMA_FMT_F32, a, b, (mma_round)mode, &code);
        top->add_fmt = f16 ? MMA_FMT_F16 : MMA_FMT_F32;
        top->add_mode = mode;
        top->add_a = (uint32_t)a;
        top->add_b = (uint32_t)b;
        top->eval();
        rep.expect(top->add_code == code, i, "%s mode %u: 0x%llx + 0x%llx: C 0x%llx RTL 0x%x", f16 ? "f16" : "f32", mode,
                   (unsigned long long)a, (unsigned long long)b, (unsigned long long)code, top->add_code);
    }
    return rep.finish();
}

}  // namespace

int main(int argc, char **argv) {
    Verilated::commandArgs(argc, argv);
    opts o;
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s STAGE [--seed S] [--start I] [--count N]\n", argv[0]);
        return 2;
    }
    const std::string stage = argv[1];
    for (int i = 2; i < argc; i += 2) {
        const std::string k = argv[i];
        uint64_t v = 0;
        if (k != "--seed" && k != "--start" && k != "--count") {
            std::fprintf(stderr, "%s: unknown option %s\n", argv[0], k.c_str());
            return 2;
        }
        if (i + 1 >= argc || !tb::parse_u64(argv[i + 1], v) || (k == "--count" && v == 0)) {
            std::fprintf(stderr, "%s: %s takes a number%s\n", argv[0], k.c_str(), k == "--count" ? " >= 1" : "");
            return 2;
        }
        if (k == "--seed") o.seed = v;
        else if (k == "--start") o.start = v;
        else o.count = v;
    }
    g_replay = argv[0];
    top = new Vtb_mma_stages;
    int rc;
    if (stage == "decode") rc = run_decode(o);
    else if (stage == "round_decide") rc = run_round_decide(o);
    else if (stage == "sparse_select") rc = run_sparse_select(o);
    else if (stage == "block_scale") rc = run_block_scale(o);
    else if (stage == "multiply") rc = run_multiply(o);
    else if (stage == "group_sum") rc = run_group_sum(o);
    else if (stage == "bfma") rc = run_bfma(o);
    else if (stage == "encode") rc = run_encode(o);
    else if (stage == "ieee_add") rc = run_ieee_add(o);
    else if (stage == "nibble_lane") rc = run_nibble_lane(o);
    else {
        std::fprintf(stderr, "%s: unknown stage '%s'\n", argv[0], stage.c_str());
        rc = 2;
    }
    top->final();
    tb::write_module_coverage("tb_mma_stages");
    delete top;
    return rc;
}
