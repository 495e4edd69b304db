// Exact FP8 array harness: one mma_exact_array (TM x TN mma_exact_dpu sharing one mma_exact_final,
// G = 32) against the golden model: every output's D must equal mma_dot's under the `exact` preset
// (k = 32 x the output's steps, f32 C and D, the job's rounding mode) bit for bit: one rounding for
// the whole k. Built twice: a 2 x 2 array with e4m3 and e5m2 operands (KB = 16), and one DPU with
// e4m3 only (KB = 3, at most 8 steps an output, so that the limit is reached).
//
//   tb_mma_exact_array [--seed S] [--start N] [--count C] [--pairs 0|1]
//   tb_mma_exact_array --bench CYCLES [--seed S]
//
// --bench: no checking; 64 random jobs (every DPU busy every clock) fed for CYCLES clocks, then a
// table of the simulation's speed (Verilated cycles per second on this core).
// A case is a job: every DPU's output for the same steps, fed one step a clock, jobs back to back.
// Cases 0 .. P-1 (--pairs 1, the default) run every pair of codes of every format pair the model
// takes, in lane (case mod 32) of the first step of every row and column, the other lanes and the
// other steps (N = TM x TN steps in all, the least an array output takes) zeros of random signs, C
// a zero of random sign, the rounding mode (case mod 5): the product stage exhaustively, specials
// included. Cases from P on are random jobs of N to N + 3 steps; a few are shorter than N (the
// array must flag the next outputs and drop the ones it could not read), a few reach past 2^KB
// steps, a few do not raise first_i on their first step (both: err_o), a few have only zeros in A,
// a few are a tie broken by a product far below the final stage's window (half an ulp of C plus the
// smallest product: only the window's sticky bit sees it).
// A step is of six kinds (uniform codes, specials sprinkled, cancelling pairs, zeros, a narrow
// exponent band, one large product over tiny ones); each output's C of nine kinds (zeros,
// subnormal, any normal, Inf, NaN, the products' sum negated exactly, one unit off, a few binades
// off, or 5 to 40 binades above it, so that the sum's low bits leave the adder's window). Case i
// comes from (seed, i) alone: a mismatch prints the command that replays just that case (with
// --count 1 the job runs alone, so the outputs a shorter next job would drop all come). The result
// classes reached are counted; a class never reached fails the run (the generator must be able to
// reach every outcome).
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#if MMA_TB_E5M2
#include "Vmma_exact_array_e5.h"
using Top = Vmma_exact_array_e5;
#define TB_NAME "rtl_exact_array"
#else
#include "Vmma_exact_array_e4.h"
using Top = Vmma_exact_array_e4;
#define TB_NAME "rtl_exact_dpu_e4m3"
#endif
#include "verilated.h"

#include "../common/tb_module_cov.h"
#include "../common/tb_util.h"
#include "mma/mmacore.h"

namespace {

constexpr unsigned G = 32;
constexpr unsigned TM = MMA_TB_TM, TN = MMA_TB_TN, N = TM * TN;   // the model's array
constexpr unsigned KB = MMA_TB_KB;                                // at most 2^KB steps an output
constexpr unsigned NFMT = MMA_TB_E5M2 ? 2 : 1;

Top *top;

void tick() {
    top->clk_i = 0;
    top->eval();
    top->clk_i = 1;
    top->eval();
}

struct job {
    unsigned fa = 0, fb = 0, mode = 0;   // format selects (0 e4m3, 1 e5m2), rounding mode
    unsigned n = 1;                      // steps
    std::vector<uint8_t> a[TM], b[TN];   // G x n codes per row of A and column of B
    uint32_t c[N] = {};                  // C of DPU r * TN + c
    bool no_first = false;               // the first step does not raise first_i (err_o expected)
};

// one step of a job in the model's port layout: row r's G codes of A at bits 8 * (G * r + l), column
// c's of B likewise, DPU o's C at bits 32 * o
constexpr unsigned AW = TM * G / 4, BW = TN * G / 4;   // 32-bit words of a_i, b_i
struct step_ports {
    uint32_t a[AW], b[BW], c[N];
    bool first, last;
    unsigned fa, fb, mode;
};

step_ports pack_step(const job &j, unsigned k) {
    step_ports p{};
    for (unsigned row = 0; row < TM; row++)
        for (unsigned l = 0; l < G; l++) tb::set_field(p.a, 8 * (G * row + l), 8, j.a[row][k * G + l]);
    for (unsigned col = 0; col < TN; col++)
        for (unsigned l = 0; l < G; l++) tb::set_field(p.b, 8 * (G * col + l), 8, j.b[col][k * G + l]);
    for (unsigned o = 0; o < N; o++) p.c[o] = j.c[o];
    p.first = k == 0 && !j.no_first;
    p.last = k + 1 == j.n;
    p.fa = j.fa;
    p.fb = j.fb;
    p.mode = j.mode;
    return p;
}

// drives a packed step into the model's inputs, with valid_i raised
void apply_step(const step_ports &p) {
    top->valid_i = 1;
    top->first_i = p.first;
    top->last_i = p.last;
    top->fa_i = p.fa;
    top->fb_i = p.fb;
    top->mode_i = p.mode;
    for (unsigned w = 0; w < AW; w++) top->a_i[w] = p.a[w];
    for (unsigned w = 0; w < BW; w++) top->b_i[w] = p.b[w];
    for (unsigned o = 0; o < N; o++) tb::set_field(top->c_i, 32 * o, 32, p.c[o]);
}

mma_format fmt_of(unsigned sel) { return sel ? MMA_FMT_E5M2 : MMA_FMT_E4M3; }

uint32_t golden(const job &j, unsigned r, unsigned col, uint32_t c, unsigned mode) {
    mma_profile prof;
    if (mma_preset_profile_ab(MMA_PRESET_EXACT, MMA_FAMILY_MMA, fmt_of(j.fa), fmt_of(j.fb), MMA_FMT_F32, &prof) !=
        MMA_OK) {
        std::fprintf(stderr, "exact preset refused the format pair\n");
        std::exit(2);
    }
    prof.round_mode = (uint8_t)mode;
    std::vector<uint64_t> a(j.a[r].begin(), j.a[r].end()), b(j.b[col].begin(), j.b[col].end());
    uint64_t d = 0;
    const mma_status st = mma_dot(&prof, fmt_of(j.fa), a.data(), 1, fmt_of(j.fb), b.data(), 1, a.size(), MMA_FMT_F32,
                                  c, MMA_FMT_F32, &d);
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

// One step's G codes of one operand vector v (format sel) from position o: one of six kinds. The
// kind and its band come from the caller, so that A and B of a step agree on them.
void fill(tb::rng &r, std::vector<uint8_t> &v, unsigned o, unsigned sel, unsigned kind, unsigned band, bool is_a) {
    const unsigned emax = sel ? 31 : 15;
    for (unsigned i = o; i < o + G; i++) {
        uint8_t x = (uint8_t)r.bits(8);
        switch (kind) {
        case 1:   // specials sprinkled
            if (r.chance(4)) x = special_code(r, sel);
            break;
        case 2:   // cancelling pairs: lane 2k+1 = -(lane 2k) in A, the same B (a few lanes left over)
            if ((i & 1) && !r.chance(6)) x = is_a ? (uint8_t)(v[i - 1] ^ 0x80) : v[i - 1];
            break;
        case 3:   // zeros
            if (r.chance(is_a ? 60 : 30)) x = (uint8_t)(r.bits(1) << 7);
            break;
        case 4:   // a narrow exponent band (cancellation inside the tree's carries)
            x = code_in_band(r, sel, band, band + 1 > emax - 1 ? emax - 1 : band + 1);
            break;
        case 5:   // one large product, the others tiny (the grid's whole width)
            x = i == o ? code_in_band(r, sel, emax - 1, emax - 1) : code_in_band(r, sel, 0, 1);
            break;
        default:
            break;
        }
        if (kind != 1) {   // NaN / Inf codes only in kind 1
            if (sel == 0 && (x & 0x7F) == 0x7F) x ^= 1;
            if (sel == 1 && (x & 0x7C) == 0x7C) x ^= 0x04;
        }
        v[i] = x;
    }
}

// C of one of nine kinds, some from the golden model's sum of the output's products.
uint32_t pick_c(tb::rng &r, const job &j, unsigned row, unsigned col) {
    const unsigned ck = r.below(9);
    switch (ck) {
    case 0: return (uint32_t)r.bits(1) << 31;                                                  // +-0
    case 1: return (uint32_t)(r.bits(1) << 31) | (uint32_t)(1 + r.bits(23) % 0x7FFFFF);       // subnormal
    case 2: return (uint32_t)(r.bits(1) << 31) | ((1 + r.below(254)) << 23) | (uint32_t)r.bits(23);
    case 3: return r.chance(50) ? 0x7F800000u : 0xFF800000u;                                   // Inf
    case 4: return 0x7F800000u | (uint32_t)(1 + r.bits(22)) | (uint32_t)(r.bits(2) << 22) | (uint32_t)(r.bits(1) << 31);
    default: break;
    }
    const uint32_t d0 = golden(j, row, col, 0, MMA_RND_RZ);
    uint32_t c = d0 ^ 0x80000000u;                                                             // exact negation
    if ((d0 & 0x7F800000u) == 0x7F800000u) return c;
    if (ck == 6 && (d0 & 0x7FFFFFFFu) != 0) c += r.chance(50) ? 1u : (uint32_t)-1;             // one unit off
    if (ck == 7) c = (c & 0x807FFFFFu) | ((uint32_t)((c >> 23 & 0xFF) + r.below(5) - 2) & 0xFF) << 23;
    if (ck == 8 && (d0 & 0x7F800000u) != 0) {   // 5 to 40 binades above the sum: its low bits leave the window
        const uint32_t e = (d0 >> 23 & 0xFF) + 5 + r.below(36);
        c = (uint32_t)(r.bits(1) << 31) | (e > 254 ? 254u : e) << 23 | (uint32_t)r.bits(23);
    }
    if ((c & 0x7F800000u) == 0x7F800000u) c &= 0xFF7FFFFFu;                                  // stay finite
    return c;
}

void random_job(tb::rng &r, job &j) {
    j.fa = NFMT > 1 ? (unsigned)r.bits(1) : 0;
    j.fb = NFMT > 1 ? (unsigned)r.bits(1) : 0;
    j.mode = r.below(5);
    j.n = N + r.below(4);
    if (r.chance(2)) j.n = 1 + r.below(N);                                        // too short for the array
    if (r.chance(2)) j.n = 1 + r.below((1u << (KB < 3 ? KB : 3)) + 2);           // around 2^KB when KB is small
    if (N > 1 && j.n < N && j.n == 1 && r.chance(50)) j.n = N;                   // keep most jobs valid
    j.no_first = r.chance(1);
    for (auto &v : j.a) v.assign(G * j.n, 0);
    for (auto &v : j.b) v.assign(G * j.n, 0);
    for (unsigned k = 0; k < j.n; k++) {
        const unsigned kind = r.below(6), band_a = r.below(j.fa ? 31 : 15), band_b = r.below(j.fb ? 31 : 15);
        for (unsigned row = 0; row < TM; row++) fill(r, j.a[row], k * G, j.fa, kind, band_a, true);
        for (unsigned col = 0; col < TN; col++) fill(r, j.b[col], k * G, j.fb, kind, band_b, false);
    }
    if (r.chance(3)) {   // a tie broken by a far product: P1 = half an ulp of C, P2 far below the adder's window
        const unsigned eb_a = j.fa ? 5 : 4, fb_a = j.fa ? 2 : 3, eb_b = j.fb ? 5 : 4, fb_b = j.fb ? 2 : 3;
        const unsigned top_a = (1u << eb_a) - 2, top_b = (1u << eb_b) - 2;   // the largest finite binades
        const unsigned ea = top_a - r.below(3), eb = top_b - r.below(3);
        const int bias_a = j.fa ? 15 : 7, bias_b = j.fb ? 15 : 7;
        for (auto &v : j.a)
            for (auto &x : v) x = (uint8_t)(r.bits(1) << 7);
        for (auto &v : j.b)
            for (auto &x : v) x = (uint8_t)(r.bits(1) << 7);
        const unsigned l1 = r.below(G), l2 = (l1 + 1 + r.below(G - 1)) % G;
        const uint8_t sa = (uint8_t)(r.bits(1) << 7), sb = (uint8_t)(r.bits(1) << 7);
        for (unsigned row = 0; row < TM; row++) {
            j.a[row][l1] = (uint8_t)(sa | ea << fb_a);                        // 2^(ea - bias): a power of two
            j.a[row][l2] = (uint8_t)(r.bits(1) << 7 | 1);                     // the smallest subnormal
        }
        for (unsigned col = 0; col < TN; col++) {
            j.b[col][l1] = (uint8_t)(sb | eb << fb_b);
            j.b[col][l2] = 1;
        }
        const int e1 = (int)ea - bias_a + (int)eb - bias_b;                   // P1 = +-2^e1
        for (auto &c : j.c)                                                   // ulp(C) = 2^(e1 + 1)
            c = (uint32_t)(r.bits(1) << 31) | (uint32_t)(e1 + 24 + 127) << 23 | (uint32_t)r.bits(23);
        return;
    }
    if (r.chance(3)) {   // every product a zero of either sign: D is C (a subnormal C stays one), or the zero rule
        for (auto &v : j.a)
            for (auto &x : v) x = (uint8_t)(r.bits(1) << 7);
    }
    for (unsigned row = 0; row < TM; row++)
        for (unsigned col = 0; col < TN; col++) j.c[row * TN + col] = pick_c(r, j, row, col);
}

void pair_job(uint64_t seed, uint64_t i, job &j) {
    tb::rng r(seed, i);
    const unsigned combo = (unsigned)(i >> 16);
    j.fa = combo & 1;
    j.fb = combo >> 1;
    j.mode = (unsigned)(i % 5);
    j.n = N;
    const unsigned lane = (unsigned)(i % G);
    for (auto &v : j.a) {
        v.assign(G * j.n, 0);
        for (auto &x : v) x = (uint8_t)(r.bits(1) << 7);
        v[lane] = (uint8_t)(i >> 8);
    }
    for (auto &v : j.b) {
        v.assign(G * j.n, 0);
        for (auto &x : v) x = (uint8_t)(r.bits(1) << 7);
        v[lane] = (uint8_t)i;
    }
    for (auto &c : j.c) c = (uint32_t)r.bits(1) << 31;
}

// Result classes reached, for the coverage check.
enum { R_NAN, R_INF, R_ZERO, R_SUB, R_NORMAL, R_NEG, R_CANCEL, R_MULTI, R_ERR, R_LATE, R_COUNT };
const char *const r_name[R_COUNT] = {"NaN", "Inf", "zero", "subnormal", "normal", "negative",
                                     "cancelled to below C/2^20", "several steps", "err_o", "too short"};

struct expect_out {
    uint64_t index;        // the job
    unsigned idx;          // the DPU
    uint32_t d;
    bool err;
    uint32_t c;
    unsigned n, mode, fa, fb;
};

}  // namespace

int main(int argc, char **argv) {
    Verilated::commandArgs(argc, argv);
    uint64_t seed = 1, start = 0, count = 0, bench = 0;
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
        else if (k == "--bench" && v > 0) bench = v;
        else {
            std::fprintf(stderr, "%s: unknown option %s\n", argv[0], k.c_str());
            return 2;
        }
    }
    const uint64_t np = pairs ? (uint64_t)NFMT * NFMT * 65536u : 0;
    const uint64_t nrandom = N > 1 ? 60000 : 300000;
    if (!count_given) count = start < np + nrandom ? np + nrandom - start : 0;
    top = new Top;
    top->rst_ni = 0;
    top->valid_i = 0;
    tick();
    tick();
    top->rst_ni = 1;

    if (bench) {   // the array busy every clock with valid jobs; nothing checked
        std::vector<job> jobs(64);
        for (unsigned i = 0; i < jobs.size(); i++) {
            tb::rng r(seed, i);
            do random_job(r, jobs[i]); while (jobs[i].n < N || jobs[i].n > (1u << KB) || jobs[i].no_first);
        }
        std::vector<step_ports> steps;   // packed once: the loop below only copies words
        for (const job &j : jobs)
            for (unsigned k = 0; k < j.n; k++) steps.push_back(pack_step(j, k));
        uint64_t cyc = 0, outs = 0;
        const auto t0 = std::chrono::steady_clock::now();
        for (size_t si = 0; cyc < bench; cyc++, si = si + 1 == steps.size() ? 0 : si + 1) {
            apply_step(steps[si]);
            tick();
            outs += top->valid_o;
        }
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::printf("| model | DPUs | FP8 MACs/cycle | cycles | outputs | seconds | cycles/s |\n|---|---:|---:|---:|---:|---:|---:|\n");
        std::printf("| %s | %u x %u | %u | %llu | %llu | %.2f | %.0f |\n", TB_NAME, TM, TN, N * G,
                    (unsigned long long)cyc, (unsigned long long)outs, secs, (double)cyc / secs);
        delete top;
        return 0;
    }

    tb::report rep(TB_NAME, std::string(argv[0]) + " --pairs " + std::to_string(pairs), seed);
    uint64_t hits[R_COUNT] = {};
    std::deque<expect_out> q;
    auto check_output = [&]() {
        if (!top->valid_o) return;
        if (q.empty()) {
            rep.expect(false, 0, "an output (DPU %u) without a job", (unsigned)top->idx_o);
            return;
        }
        const expect_out e = q.front();
        q.pop_front();
        const uint32_t got = top->d_o;
        if (!rep.expect(top->idx_o == e.idx && (top->err_o != 0) == e.err && (e.err || got == e.d), e.index,
                        "DPU %u of %u: A %s B %s, %u steps, mode %u, C 0x%08x: DPU %u, D 0x%08x, err_o %u; "
                        "golden 0x%08x%s",
                        e.idx, N, e.fa ? "e5m2" : "e4m3", e.fb ? "e5m2" : "e4m3", e.n, e.mode, e.c,
                        (unsigned)top->idx_o, got, (unsigned)top->err_o, e.d, e.err ? ", err_o expected" : ""))
            return;
        if (e.err) return;
        const uint32_t w = e.d, ex = w >> 23 & 0xFF, f = w & 0x7FFFFF;
        hits[ex == 0xFF ? (f ? R_NAN : R_INF) : ex == 0 ? (f ? R_SUB : R_ZERO) : R_NORMAL]++;
        if ((w >> 31) && !(ex == 0xFF && f)) hits[R_NEG]++;
        const uint32_t ce = e.c >> 23 & 0xFF;
        if (ce != 0 && ce != 0xFF && ex != 0xFF && (w & 0x7FFFFFFF) != 0 && ce > ex + 20) hits[R_CANCEL]++;
        if (e.n > 1) hits[R_MULTI]++;
    };
    // a job's outputs are queued when the next job's length is known: a job shorter than N cuts the
    // reading of the one before (only its first n outputs come) and its own outputs leave with err_o
    bool have_prev = false;
    uint64_t prev_index = 0;
    job prev;
    bool prev_late = false;
    auto queue_outputs = [&](unsigned emitted) {
        const bool bad = prev.no_first || prev.n > (1u << KB);
        for (unsigned k = 0; k < emitted; k++) {
            const unsigned row = k / TN, col = k % TN;
            const bool err = bad || prev_late;
            q.push_back({prev_index, k, err ? 0u : golden(prev, row, col, prev.c[k], prev.mode), err, prev.c[k],
                         prev.n, prev.mode, prev.fa, prev.fb});
        }
    };
    for (uint64_t i = start; i < start + count; i++) {
        job j;
        if (i < np) {
            pair_job(seed, i, j);
        } else {
            tb::rng r(seed, i);
            random_job(r, j);
        }
        const bool late = have_prev && j.n < N;
        if (have_prev) queue_outputs(j.n < N ? j.n : N);
        if (j.no_first || j.n > (1u << KB)) hits[R_ERR]++;
        if (late) hits[R_LATE]++;
        for (unsigned k = 0; k < j.n; k++) {
            apply_step(pack_step(j, k));
            tick();
            check_output();
        }
        prev = j;
        prev_index = i;
        prev_late = late;
        have_prev = true;
    }
    if (have_prev) queue_outputs(N);
    top->valid_i = 0;
    for (unsigned t = 0; t < N + 8; t++) {
        tick();
        check_output();
    }
    rep.expect(q.empty(), start + count, "%zu outputs never came", q.size());
    std::printf("%s: %u x %u DPUs, A and B in %s, at most 2^%u steps an output; result classes reached:", TB_NAME,
                TM, TN, NFMT > 1 ? "e4m3 and e5m2" : "e4m3", KB);
    for (unsigned k = 0; k < R_COUNT; k++)
        std::printf(" %s %llu%s", r_name[k], (unsigned long long)hits[k], k + 1 < R_COUNT ? "," : "\n");
    int rc = rep.finish();
    if (start <= np && start + count >= np + nrandom) {   // a whole run: every class
        for (unsigned k = 0; k < R_COUNT; k++)
            if (hits[k] == 0 && !(k == R_LATE && N == 1)) {
                std::printf("UNHIT result class: %s\n", r_name[k]);
                rc = 1;
            }
    }
    top->final();
    tb::write_module_coverage(TB_NAME);
    delete top;
    return rc;
}
