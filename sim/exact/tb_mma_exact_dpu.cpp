// Exact FP8 DPU harness: one mma_exact_dot (mma_exact_dpu + mma_exact_final, G = 32; built twice:
// e4m3 and e5m2 operands with KB = 16, and e4m3 only with KB = 3, i.e. at most 8 steps an output)
// against the golden model: every output's D must equal mma_dot's under the `exact` preset (k = 32 x
// its steps, f32 C and D, the output's rounding mode) bit for bit, one rounding for the whole k.
//
//   tb_mma_exact_dpu [--seed S] [--start N] [--count C] [--pairs 0|1]
//
// Cases 0 .. P-1 (--pairs 1, the default) are one-step outputs with every pair of codes of every
// format pair the model takes, one pair in lane (case mod 32), the other lanes zeros of random
// signs, C a zero of random sign, the rounding mode (case mod 5): the product stage exhaustively,
// specials included. Cases from P on are random outputs of 1 to 4 steps (a few of up to 2^KB + 2
// steps, and a few whose first step does not say first: both must raise err_o), each step of six
// kinds (uniform codes, specials sprinkled, cancelling pairs, zeros, a narrow exponent band, one
// large product over tiny ones), each with a C of nine kinds (zeros, subnormal, any normal, Inf,
// NaN, the products' sum negated exactly, one unit off, a few binades off, or 20 to 40 binades
// above it, so that the sum's low bits leave the adder's window). Steps run back to back, one a
// clock. Case i comes from (seed, i) alone: a mismatch prints the command that replays just that
// case. The result classes reached are counted; a class never reached fails the run (the generator
// must be able to reach every outcome).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#if MMA_TB_E5M2
#include "Vmma_exact_dot_e5.h"
using Top = Vmma_exact_dot_e5;
#define TB_NAME "rtl_exact_dpu"
#else
#include "Vmma_exact_dot_e4.h"
using Top = Vmma_exact_dot_e4;
#define TB_NAME "rtl_exact_dpu_e4m3"
#endif
#include "verilated.h"

#include "../common/tb_util.h"
#include "mma/mmacore.h"

namespace {

constexpr unsigned G = 32;
constexpr unsigned LAT = 5;   // mma_exact_dot: d_o follows the last step by 5 clocks
constexpr unsigned KB = MMA_TB_KB;   // the model's KB: at most 2^KB steps an output
constexpr unsigned NFMT = MMA_TB_E5M2 ? 2 : 1;

Top *top;

void tick() {
    top->clk_i = 0;
    top->eval();
    top->clk_i = 1;
    top->eval();
}

struct step {
    unsigned fa = 0, fb = 0, mode = 0;   // format selects (0 e4m3, 1 e5m2), rounding mode
    std::vector<uint8_t> a, b;           // G x steps codes each
    uint32_t c = 0;
    bool no_first = false;               // the first step does not raise first_i (err_o expected)
    unsigned steps() const { return (unsigned)(a.size() / G); }
};

mma_format fmt_of(unsigned sel) { return sel ? MMA_FMT_E5M2 : MMA_FMT_E4M3; }

uint32_t golden(const step &s) {
    mma_profile prof;
    if (mma_preset_profile_ab(MMA_PRESET_EXACT, MMA_FAMILY_MMA, fmt_of(s.fa), fmt_of(s.fb), MMA_FMT_F32, &prof) !=
        MMA_OK) {
        std::fprintf(stderr, "exact preset refused the format pair\n");
        std::exit(2);
    }
    prof.round_mode = (uint8_t)s.mode;
    std::vector<uint64_t> a(s.a.begin(), s.a.end()), b(s.b.begin(), s.b.end());
    uint64_t d = 0;
    const mma_status st = mma_dot(&prof, fmt_of(s.fa), a.data(), 1, fmt_of(s.fb), b.data(), 1, a.size(), MMA_FMT_F32,
                                  s.c, MMA_FMT_F32, &d);
    if (st != MMA_OK) {
        std::fprintf(stderr, "mma_dot: %s\n", mma_status_name(st));
        std::exit(2);
    }
    return (uint32_t)d;
}

// A random code of format sel: exponent field in [lo, hi], any sign and fraction.
uint8_t code_in_band(tb::rng &r, unsigned sel, unsigned lo, unsigned hi) {
    const unsigned fb = sel ? 2 : 3, eb = sel ? 5 : 4;
    const unsigned e = lo + r.below(hi - lo + 1);
    return (uint8_t)((r.bits(1) << 7) | ((e & ((1u << eb) - 1)) << fb) | r.bits(fb));
}

uint8_t special_code(tb::rng &r, unsigned sel) {
    const uint8_t s = (uint8_t)(r.bits(1) << 7);
    if (sel == 0) return (uint8_t)(s | (r.chance(50) ? 0x7F : 0x00));              // e4m3: NaN or zero
    static const uint8_t e5[4] = {0x7C, 0x7D, 0x7E, 0x00};                         // Inf, sNaN, qNaN, zero
    return (uint8_t)(s | e5[r.below(4)]);
}

void fill_step(tb::rng &r, step &s, unsigned o);
void set_c(tb::rng &r, step &s);

// A random job: formats, mode, 1 to 4 steps (or around the 2^KB limit), C.
void random_step(tb::rng &r, step &s) {
    s.fa = NFMT > 1 ? (unsigned)r.bits(1) : 0;
    s.fb = NFMT > 1 ? (unsigned)r.bits(1) : 0;
    s.mode = r.below(5);
    unsigned n = 1 + r.below(4);
    if (r.chance(2)) n = 1 + r.below((1u << (KB < 3 ? KB : 3)) + 2);   // around the limit when KB is small
    s.no_first = r.chance(1);
    s.a.assign(G * n, 0);
    s.b.assign(G * n, 0);
    for (unsigned k = 0; k < n; k++) fill_step(r, s, k * G);

    set_c(r, s);
}

// One step's G pairs from position o of a job: one of six kinds.
void fill_step(tb::rng &r, step &s, unsigned o) {
    const unsigned kind = r.below(6);
    const unsigned ea = s.fa ? 31 : 15, eb = s.fb ? 31 : 15;
    const unsigned band_a = r.below(ea), band_b = r.below(eb);
    for (unsigned i = o; i < o + G; i++) {
        s.a[i] = (uint8_t)r.bits(8);
        s.b[i] = (uint8_t)r.bits(8);
        switch (kind) {
        case 1:   // specials sprinkled
            if (r.chance(4)) s.a[i] = special_code(r, s.fa);
            if (r.chance(4)) s.b[i] = special_code(r, s.fb);
            break;
        case 2:   // cancelling pairs: lane 2k+1 = -(lane 2k), a few lanes left over
            if ((i & 1) && !r.chance(6)) {
                s.a[i] = (uint8_t)(s.a[i - 1] ^ 0x80);
                s.b[i] = s.b[i - 1];
            }
            break;
        case 3:   // zeros
            if (r.chance(60)) s.a[i] = (uint8_t)(r.bits(1) << 7);
            if (r.chance(30)) s.b[i] = (uint8_t)(r.bits(1) << 7);
            break;
        case 4:   // a narrow exponent band (cancellation inside the tree's carries)
            s.a[i] = code_in_band(r, s.fa, band_a, band_a + 1 > ea - 1 ? ea - 1 : band_a + 1);
            s.b[i] = code_in_band(r, s.fb, band_b, band_b);
            break;
        case 5:   // one large product, the others tiny (the grid's whole width)
            if (i == o) {
                s.a[i] = code_in_band(r, s.fa, ea - 1, ea - 1);
                s.b[i] = code_in_band(r, s.fb, eb - 1, eb - 1);
            } else {
                s.a[i] = code_in_band(r, s.fa, 0, 1);
                s.b[i] = code_in_band(r, s.fb, 0, 1);
            }
            break;
        default:
            break;
        }
        // e4m3 all ones in the exponent and fraction is NaN: keep NaNs rare outside kind 1
        if (kind != 1) {
            if (s.fa == 0 && (s.a[i] & 0x7F) == 0x7F) s.a[i] ^= 1;
            if (s.fb == 0 && (s.b[i] & 0x7F) == 0x7F) s.b[i] ^= 1;
            if (s.fa == 1 && (s.a[i] & 0x7C) == 0x7C) s.a[i] ^= 0x04;
            if (s.fb == 1 && (s.b[i] & 0x7C) == 0x7C) s.b[i] ^= 0x04;
        }
    }
}

// C of one of nine kinds, some of them from the golden model's sum of the job's products.
void set_c(tb::rng &r, step &s) {
    s.c = 0;
    step z = s;
    z.c = 0;
    z.mode = MMA_RND_RZ;
    const unsigned ck = r.below(9);
    switch (ck) {
    case 0: s.c = (uint32_t)r.bits(1) << 31; break;                                  // +-0
    case 1: s.c = (uint32_t)(r.bits(1) << 31) | (uint32_t)(1 + r.bits(23) % 0x7FFFFF); break;  // subnormal
    case 2: s.c = (uint32_t)(r.bits(1) << 31) | ((1 + r.below(254)) << 23) | (uint32_t)r.bits(23); break;
    case 3: s.c = r.chance(50) ? 0x7F800000u : 0xFF800000u; break;                   // Inf
    case 4: s.c = 0x7F800000u | (uint32_t)(1 + r.bits(22)) | (uint32_t)(r.bits(2) << 22) | (uint32_t)(r.bits(1) << 31); break;
    default: {                                                                         // near -(sum)
        const uint32_t d0 = golden(z);
        if ((d0 & 0x7F800000u) == 0x7F800000u) {
            s.c = d0 ^ 0x80000000u;
            break;
        }
        s.c = d0 ^ 0x80000000u;                                                        // exact negation
        if (ck == 6 && (d0 & 0x7FFFFFFFu) != 0) s.c += r.chance(50) ? 1u : (uint32_t)-1;   // one unit off
        if (ck == 7) s.c = (s.c & 0x807FFFFFu) | ((uint32_t)((s.c >> 23 & 0xFF) + r.below(5) - 2) & 0xFF) << 23;
        if (ck == 8 && (d0 & 0x7F800000u) != 0) {   // 20 to 40 binades above the sum: its low bits leave the window
            const uint32_t e = (d0 >> 23 & 0xFF) + 20 + r.below(21);
            s.c = (uint32_t)(r.bits(1) << 31) | (e > 254 ? 254u : e) << 23 | (uint32_t)r.bits(23);
        }
        if ((s.c & 0x7F800000u) == 0x7F800000u) s.c &= 0xFF7FFFFFu;                    // stay finite
        break;
    }
    }
}

void pair_step(uint64_t seed, uint64_t i, step &s) {
    tb::rng r(seed, i);
    s.a.assign(G, 0);
    s.b.assign(G, 0);
    const unsigned combo = (unsigned)(i >> 16);
    s.fa = combo & 1;
    s.fb = combo >> 1;
    s.mode = (unsigned)(i % 5);
    for (unsigned l = 0; l < G; l++) {
        s.a[l] = (uint8_t)(r.bits(1) << 7);
        s.b[l] = (uint8_t)(r.bits(1) << 7);
    }
    const unsigned lane = (unsigned)(i % G);
    s.a[lane] = (uint8_t)(i >> 8);
    s.b[lane] = (uint8_t)i;
    s.c = (uint32_t)r.bits(1) << 31;
}

// Result classes reached, for the coverage check.
enum { R_NAN, R_INF, R_ZERO, R_SUB, R_NORMAL, R_NEG, R_CANCEL, R_MULTI, R_ERR, R_COUNT };
const char *const r_name[R_COUNT] = {"NaN", "Inf", "zero", "subnormal", "normal", "negative",
                                     "cancelled to below C/2^20", "several steps", "err_o"};

}  // namespace

int main(int argc, char **argv) {
    Verilated::commandArgs(argc, argv);
    uint64_t seed = 1, start = 0, count = 0;
    bool count_given = false;
    unsigned pairs = 1;
    for (int i = 1; i < argc; i++) {
        const std::string k = argv[i];
        if (i + 1 >= argc) {
            std::fprintf(stderr, "%s: option %s needs a value\n", argv[0], k.c_str());
            return 2;
        }
        char *end = nullptr;
        const uint64_t v = std::strtoull(argv[++i], &end, 0);
        if (end == argv[i] || *end != '\0') {
            std::fprintf(stderr, "%s: %s needs a number, not '%s'\n", argv[0], k.c_str(), argv[i]);
            return 2;
        }
        if (k == "--seed") seed = v;
        else if (k == "--start") start = v;
        else if (k == "--count") { count = v; count_given = true; }
        else if (k == "--pairs" && v <= 1) pairs = (unsigned)v;
        else {
            std::fprintf(stderr, "%s: unknown option %s\n", argv[0], k.c_str());
            return 2;
        }
    }
    const uint64_t np = pairs ? (uint64_t)NFMT * NFMT * 65536u : 0;
    if (!count_given) count = np + 300000 - start;
    top = new Top;
    top->rst_ni = 0;
    top->valid_i = 0;
    tick();
    tick();
    top->rst_ni = 1;

    tb::report rep(TB_NAME, std::string(argv[0]) + " --pairs " + std::to_string(pairs), seed);
    uint64_t hits[R_COUNT] = {};
    struct pending { uint64_t index; step s; uint32_t want; bool err; };
    std::deque<pending> q;
    auto check_output = [&]() {
        if (!top->valid_o) return;
        if (q.empty()) {
            rep.expect(false, 0, "an output without a job");
            return;
        }
        const pending p = q.front();
        q.pop_front();
        const uint32_t got = top->d_o;
        const uint32_t w = p.want;
        if (p.err || top->err_o) {
            rep.expect(p.err == (top->err_o != 0), p.index, "%u steps%s: err_o %u, expected %u", p.s.steps(),
                       p.s.no_first ? " (the first without first_i)" : "", (unsigned)top->err_o, (unsigned)p.err);
            return;
        }
        if (!rep.expect(got == w, p.index, "A %s B %s, %u steps, mode %u, C 0x%08x: D 0x%08x, golden 0x%08x",
                        p.s.fa ? "e5m2" : "e4m3", p.s.fb ? "e5m2" : "e4m3", p.s.steps(), p.s.mode, p.s.c, got, w))
            return;
        const uint32_t e = w >> 23 & 0xFF, f = w & 0x7FFFFF;
        hits[e == 0xFF ? (f ? R_NAN : R_INF) : e == 0 ? (f ? R_SUB : R_ZERO) : R_NORMAL]++;
        if ((w >> 31) && !(e == 0xFF && f)) hits[R_NEG]++;
        const uint32_t ce = p.s.c >> 23 & 0xFF;
        if (ce != 0 && ce != 0xFF && e != 0xFF && (w & 0x7FFFFFFF) != 0 && ce > e + 20) hits[R_CANCEL]++;
        if (p.s.steps() > 1) hits[R_MULTI]++;
    };
    for (uint64_t i = start; i < start + count; i++) {
        step s;
        if (i < np) {
            pair_step(seed, i, s);
        } else {
            tb::rng r(seed, i);
            random_step(r, s);
        }
        const unsigned n = s.steps();
        const bool err = s.no_first || n > (1u << KB);
        if (err) hits[R_ERR]++;
        q.push_back({i, s, err ? 0u : golden(s), err});
        for (unsigned k = 0; k < n; k++) {
            top->valid_i = 1;
            top->first_i = k == 0 && !s.no_first;
            top->last_i = k + 1 == n;
            top->fa_i = s.fa;
            top->fb_i = s.fb;
            top->mode_i = s.mode;
            top->c_i = s.c;
            for (unsigned l = 0; l < G; l++) {
                tb::set_field(top->a_i, 8 * l, 8, s.a[k * G + l]);
                tb::set_field(top->b_i, 8 * l, 8, s.b[k * G + l]);
            }
            tick();
            check_output();
        }
    }
    top->valid_i = 0;
    for (unsigned t = 0; t < LAT + 2; t++) {
        tick();
        check_output();
    }
    rep.expect(q.empty(), start + count, "%zu outputs never came", q.size());
    std::printf("%s: A and B in %s, at most 2^%u steps an output; result classes reached:", TB_NAME,
                NFMT > 1 ? "e4m3 and e5m2" : "e4m3", KB);
    for (unsigned k = 0; k < R_COUNT; k++) std::printf(" %s %llu%s", r_name[k], (unsigned long long)hits[k], k + 1 < R_COUNT ? "," : "\n");
    int rc = rep.finish();
    if (start <= np && start + count >= np + 100000) {   // a run with the random steps: every class
        for (unsigned k = 0; k < R_COUNT; k++)
            if (hits[k] == 0) {
                std::printf("UNHIT result class: %s\n", r_name[k]);
                rc = 1;
            }
    }
    delete top;
    return rc;
}
