// Random accelerator jobs: drawing, placement in memory, running through the driver, checking.
#include "jobs.h"

#include <chrono>
#include <cstdio>
#include <cstring>

#include "../common/tb_cov.h"
#include "job_checks.h"
#include "layout.h"
#include "storm.h"

namespace mmasim {

namespace {

uint32_t round_up(uint32_t v, uint32_t a) { return (v + a - 1) / a * a; }

const char *const FAULT_NAMES[] = {"none", "bad_mode", "shape", "align", "range", "bus_read", "bus_write",
                                   "decerr", "soft_reset", "busy_write", "reg_misuse", "k_grid", "reg_storm"};
static_assert(sizeof FAULT_NAMES / sizeof FAULT_NAMES[0] == (size_t)Fault::count, "one name per fault");

}  // namespace

const char *fault_name(Fault f) { return FAULT_NAMES[(size_t)f]; }

Fault fault_by_name(const std::string &name) {
    for (size_t f = 1; f < (size_t)Fault::count; f++)
        if (name == FAULT_NAMES[f]) return (Fault)f;
    return Fault::count;
}

unsigned Geometry::kpass(const mma_hw_mode &md) const {
    const unsigned wpr = kpass_bytes / BEAT;
    return ((md.korder ? 2 * wpr : wpr) / md.steps) * md.kc;
}

std::string Spec::describe(const mma_hw_config &cfg) const {
    char buf[400];
    std::snprintf(buf, sizeof buf, "mode %u (%s) %ux%ux%u%s%s%s%s%s%s%s%s specials %u/1000%s%s", mode, tb::mode_name(cfg.modes[mode]).c_str(), m, n, k,
                  opts.cancel ? " cancel" : "", opts.big ? " big" : "", opts.bad_code ? " bad_code" : "",
                  opts.neg_zero ? " neg_zero" : "", opts.c_inf ? " c_inf" : "", opts.tie ? " tie" : "", opts.zero_inf ? " zero_inf" : "", opts.bad_meta_permille ? " bad_meta" : "", opts.special_permille, fault != Fault::none ? " fault " : "",
                  fault != Fault::none ? fault_name(fault) : "");
    return buf;
}

Spec draw(const mma_hw_config &cfg, const Geometry &g, uint64_t seed, uint64_t index, const DrawOpts &d) {
    tb::rng r(seed, index);
    Spec s;
    s.seed = seed;
    s.index = index;
    s.mode = r.below(cfg.nmodes);
    if (d.mode >= 0) s.mode = (unsigned)d.mode;
    if (d.each_mode) s.mode = (unsigned)(index % cfg.nmodes);
    const mma_hw_mode &md = cfg.modes[s.mode];
    // M and N: one element, within a tile, within a block, past a block, several blocks
    auto dim = [&r](unsigned tile, unsigned blk) -> unsigned {
        switch (r.below(10)) {
        case 0: return 1;
        case 1: case 2: case 3: return 1 + r.below(2 * tile);
        case 4: case 5: case 6: return 1 + r.below(blk);
        case 7: return blk;
        case 8: return blk + 1 + r.below(blk);
        default: return 1 + r.below(2 * blk + blk / 2);
        }
    };
    s.m = dim(g.tm * g.p, g.mb);
    s.n = dim(g.tn, g.nb);
    // K: one chunk, up to one buffer pass, several passes (dense only); ragged where the mode allows
    const unsigned kp = g.kpass(md), single = (md.sparse || md.stype) ? 1u : 0u;
    const unsigned pass_chunks = kp / md.kc;
    unsigned chunks;
    switch (r.below(10)) {
    case 0: case 1: case 2: chunks = 1; break;
    case 3: case 4: case 5: case 6: chunks = 1 + r.below(pass_chunks); break;
    default: chunks = single ? pass_chunks : pass_chunks + 1 + r.below(2 * pass_chunks); break;
    }
    s.k = md.kc * chunks;
    if (r.chance(50)) {
        if (md.sparse) s.k -= 4 * r.below(md.kc / 4);
        else if (md.packed || md.stype) s.k -= 2 * r.below(md.kc / 2);
        else s.k -= r.below(md.kc);
    }
    if (s.k == 0) s.k = md.sparse ? 4 : 2;
    // keep a job within a few blocks of work
    const auto over_budget = [&s] { return (uint64_t)s.m * s.n * s.k > 3000000ull; };
    while (over_budget()) {
        if (s.m >= s.n) s.m = (s.m + 1) / 2;
        else s.n = (s.n + 1) / 2;
    }
    static const unsigned specials[] = {0, 2, 20, 200};
    s.opts.special_permille = specials[r.below(4)];
    s.opts.bad_meta_permille = md.sparse && r.chance(10) ? 1 + r.below(20) : 0;
    s.opts.cancel = r.chance(10);
    s.opts.big = r.chance(8);
    s.opts.bad_code = r.chance(3);
    s.timing = r.chance(40) ? sim::AxiTiming::ideal() : sim::AxiTiming::random(r.next());
    if (r.below(1000) < d.fault_permille) {
        s.fault = (Fault)(1 + r.below(kDrawnFaultKinds));   // k_grid comes from shape, below
        s.fault_arg = (unsigned)r.next();
    }
    // flavours added later draw from their own stream, so every earlier job of a seed stays the same
    tb::rng r2(seed ^ 0xBB67AE8584CAA73Bull, index);
    s.opts.neg_zero = r2.chance(5);
    s.opts.c_inf = r2.chance(3) ? r2.next() | 1 : 0;
    s.opts.tie = r2.chance(8) ? r2.next() | 1 : 0;
    s.opts.zero_inf = r2.chance(12) ? r2.next() | 1 : 0;
    // invalid metadata in 30 % more of the sparse jobs: the 10 % drawn above left the 160-job smoke run
    // of `default` without a single job that ends in MMA_ERR_METADATA
    if (md.sparse && !s.opts.bad_meta_permille && r2.chance(30)) s.opts.bad_meta_permille = 1 + r2.below(20);
    // s32 C near its limits in 30 % more of the integer jobs: at 8 % `big` the 160-job smoke run of
    // `default` had no .satfinite job whose sums could cross a limit (an encode that wraps there
    // instead of clamping passed it)
    if (md.integer && !s.opts.big && r2.chance(30)) s.opts.big = true;
    // M or N of exactly 2 or 3 whole blocks in 4 % more of the jobs each: the draw above makes one
    // only when its widest range lands on 2 blocks (1 job in ~25 * block), so `ada` and `fp8` left
    // N:blocks unhit in 1 000-job runs (seeds 6404, 6408). Jobs with a fault keep their shape: the
    // replayed findings below are fault jobs.
    const bool whole_m = r2.chance(4), whole_n = r2.chance(4);
    const unsigned blocks_m = 2 + r2.below(2), blocks_n = 2 + r2.below(2);
    if (s.fault == Fault::none && (whole_m || whole_n)) {
        if (whole_m) s.m = blocks_m * g.mb;
        if (whole_n) s.n = blocks_n * g.nb;
        // within the job budget, by K (a whole number of K chunks, at least one), then the other dimension
        while (over_budget() && s.k > md.kc) s.k = md.kc * ((s.k / md.kc + 1) / 2);
        while (over_budget() && !(whole_m && whole_n)) {
            if (whole_m) s.n = (s.n + 1) / 2;
            else s.m = (s.m + 1) / 2;
        }
        while (over_budget() && (s.m > g.mb || s.n > g.nb)) {
            if (s.m > g.mb && (s.m >= s.n || s.n <= g.nb)) s.m -= g.mb;   // both whole: a block less
            else s.n -= g.nb;
        }
    }
    // half the shape faults break the mode's K grid instead of M, N or K's range
    if (s.fault == Fault::shape && r2.chance(50)) s.fault = Fault::k_grid;
    // shape and k_grid thus get 1/20 of the faulted jobs each, the other kinds 1/10: at the default
    // 6 % faults a 1 000-job run saw 3 of each and left fault:shape unhit with seed 7002 in every
    // configuration. Another fault_permille/12 of the jobs without one carry one of the two (not
    // with --fault, which names the one kind to draw).
    const unsigned extra_fault = r2.below(12000);
    if (s.fault == Fault::none && d.fault == Fault::count && extra_fault < d.fault_permille) {
        s.fault = extra_fault % 2 ? Fault::shape : Fault::k_grid;
        s.fault_arg = (unsigned)r2.next();
    }
    if (s.fault != Fault::none && d.fault != Fault::count) s.fault = d.fault;
    // a sweep tries variant 0 of the fault in every mode, then variant 1, ...
    if (s.fault != Fault::none && d.each_mode) s.fault_arg = (unsigned)(index / cfg.nmodes);
    // another fault_permille/12 of the jobs without a fault get a register storm first (a stream of
    // its own, drawn last: the job itself stays as it was; not with --fault, which names the kind)
    tb::rng r3(seed ^ 0x3C6EF372FE94F82Bull, index);
    if (s.fault == Fault::none && d.fault == Fault::count && r3.below(12000) < d.fault_permille) {
        s.fault = Fault::reg_storm;
        s.fault_arg = (unsigned)r3.next();
    }
    return s;
}

// The codes D[i][c] is made of, for a mismatch report: C, the row of A (stored codes; sparse: with
// its metadata nibbles), the column of B, and the block scale codes of the row and the column.
static std::string element_operands(const tb::job &j, unsigned i, unsigned c) {
    std::string o;
    char h[32];
    auto list = [&](const char *name, auto get, unsigned count) {
        o += std::string("\n    ") + name + ":";
        for (unsigned x = 0; x < count; x++) {
            std::snprintf(h, sizeof h, " %llx", (unsigned long long)get(x));
            o += h;
        }
    };
    std::snprintf(h, sizeof h, "C 0x%llx", (unsigned long long)j.c[(size_t)i * j.n + c]);
    o += std::string("\n    operands of the element (hex codes): ") + h;
    const bool sparse = j.mode->sparse != 0;
    const unsigned ka = sparse ? j.k / 2 : j.k;
    list("A row", [&](unsigned x) { return j.a[(size_t)i * ka + x]; }, ka);
    if (sparse) list("metadata", [&](unsigned x) { return (uint64_t)j.meta[(size_t)i * (j.k / 4) + x]; }, j.k / 4);
    list("B column", [&](unsigned x) { return j.b[(size_t)x * j.n + c]; }, j.k);
    if (j.nblk) {
        list("scale_A", [&](unsigned x) { return j.sa[(size_t)i * j.nblk + x]; }, j.nblk);
        list("scale_B", [&](unsigned x) { return j.sb[(size_t)x * j.n + c]; }, j.nblk);
    }
    return o;
}

// The golden steps of D[i][c] (tb::golden_steps), for a mismatch report: what the DPU's align, sum
// and round stages should have held, step by step.
static std::string element_steps(const tb::job &j, unsigned i, unsigned c) {
    std::string t = tb::golden_steps(j, i, c, "      ");
    if (!t.empty() && t.back() == '\n') t.pop_back();
    return std::string("\n    golden steps of the element (stage functions, mma/stage.h; in the waveform: ") +
           tb::trace_registers(j) + "):\n" + t;
}

Outcome run(sim::Dut &dut, mma_accel &dev, const mma_hw_config &cfg, const Geometry &g, const Spec &s) {
    Outcome out;
    const mma_hw_mode &md = cfg.modes[s.mode];
    sim::AxiMem &mem = dut.mem();
    tb::rng dr(s.seed ^ 0x6A09E667F3BCC909ull, s.index);
    tb::job j;
    const auto t_job = std::chrono::steady_clock::now();
    tb::make_job(j, cfg, md, dr, s.m, s.n, s.k, s.opts);   // the operands and the golden model's D
    out.golden_secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_job).count();
    const unsigned eb = md.elem_bytes, m = s.m, n = s.n, k = s.k;
    const unsigned c_esz = esz(md.ctype), d_esz = esz(md.dtype);
    uint64_t storm_cycles = 0;
    if (s.fault == Fault::reg_storm) {
        const uint64_t ts = dut.cycles();
        StormChecks checks;
        const std::string e = storm(dut, dev, cfg, g, s, &out.storm_digest, &checks);
        // a bin a checked job: the summary counts them
        out.bins.insert(out.bins.end(), checks.jobs, "storm:job-checked");
        out.bins.insert(out.bins.end(), checks.d, "storm:job-d-checked");
        out.bins.insert(out.bins.end(), checks.refused, "storm:job-refused");
        out.bins.insert(out.bins.end(), checks.fenced, "storm:job-fenced");
        storm_cycles = out.cycles = dut.cycles() - ts;
        if (!e.empty()) {
            out.message = "register storm: " + e;
            out.bins.push_back(std::string("fault:") + fault_name(s.fault));
            return out;
        }
    }

    // ------------------------------------------------------------------ placement
    std::array<Region, 7> regions = operand_regions(md, m, n, k, j.nblk);
    Region &ra = regions[0], &rb = regions[1], &rc = regions[2], &rd = regions[3], &rm = regions[4], &rsa = regions[5],
           &rsb = regions[6];
    uint32_t cursor = mem.base() + BEAT * dr.below(4096);
    uint64_t beats = 0;
    for (Region *x : {&ra, &rb, &rc, &rd, &rm, &rsa, &rsb}) {
        if (!x->rows) continue;
        x->stride = round_up(x->row, BEAT) + (dr.chance(50) ? 0 : BEAT * dr.below(3));
        if (x->stride == 0) x->stride = BEAT;
        x->addr = cursor;
        cursor += x->span() + BEAT * dr.below(4);
        beats += (uint64_t)x->rows * round_up(x->row, BEAT) / BEAT;
        // garbage everywhere, the rows on top: the DMA must not use a byte past a row
        uint8_t *h = mem.host(x->addr, x->span());
        if (!h) {
            out.message = "harness: job does not fit the memory model";
            return out;
        }
        for (uint32_t i = 0; i < x->span(); i++) h[i] = (uint8_t)dr.next();
    }
    std::vector<uint8_t> row(4096 * 8);
    for (unsigned i = 0; i < m; i++) {
        put_codes(mem.host(ra.addr + i * ra.stride, ra.row), &j.a[(size_t)i * (md.sparse ? k / 2 : k)],
                  md.sparse ? k / 2 : k, 1, eb, md.packed);
        put_codes(mem.host(rc.addr + i * rc.stride, rc.row), &j.c[(size_t)i * n], n, 1, c_esz, false);
        if (md.sparse) put_meta(mem.host(rm.addr + i * rm.stride, rm.row), &j.meta[(size_t)i * (k / 4)], k / 4);
        if (md.stype) put_codes(mem.host(rsa.addr + i * rsa.stride, rsa.row), &j.sa[(size_t)i * j.nblk], j.nblk, 1, 1, false);
    }
    for (unsigned c = 0; c < n; c++) {
        put_codes(mem.host(rb.addr + c * rb.stride, rb.row), &j.b[c], k, n, eb, md.packed);
        if (md.stype) put_codes(mem.host(rsb.addr + c * rsb.stride, rsb.row), &j.sb[c], j.nblk, n, 1, false);
    }
    std::vector<uint8_t> d_before(rd.span());
    mem.read(rd.addr, d_before.data(), d_before.size());

    mma_accel_bus_job bj{};
    bj.mode = (uint8_t)s.mode;
    bj.ordered = j.ordered;
    bj.m = m;
    bj.n = n;
    bj.k = k;
    bj.a = ra.addr; bj.a_stride = ra.stride;
    bj.b = rb.addr; bj.b_stride = rb.stride;
    bj.c = rc.addr; bj.c_stride = rc.stride;
    bj.d = rd.addr; bj.d_stride = rd.stride;
    // operands the mode does not use get garbage: the accelerator must ignore them
    bj.meta = md.sparse ? rm.addr : (uint32_t)dr.next(); bj.meta_stride = md.sparse ? rm.stride : (uint32_t)dr.next();
    bj.sa = md.stype ? rsa.addr : (uint32_t)dr.next(); bj.sa_stride = md.stype ? rsa.stride : (uint32_t)dr.next();
    bj.sb = md.stype ? rsb.addr : (uint32_t)dr.next(); bj.sb_stride = md.stype ? rsb.stride : (uint32_t)dr.next();

    // ------------------------------------------------------------------ memory behaviour, expected outcome
    mem.set_timing(s.timing, s.seed * 31 + s.index);
    mem.clear_faults();
    if (s.stray_b) mem.inject_stray_b();
    mem.clear_windows();
    for (unsigned i = 0; i < m; i++) mem.add_window(rd.addr + i * rd.stride, rd.addr + i * rd.stride + rd.row);
    out.expected = j.ref;
    uint32_t want_info = 0, fault_lo = 0, fault_hi = 0;
    bool check_info = false, check_addr = false, want_write = false;
    uint8_t want_resp = 0;
    Region *ops[] = {&ra, &rb, &rc, &rd, &rm, &rsa, &rsb};
    uint32_t *op_addr[] = {&bj.a, &bj.b, &bj.c, &bj.d, &bj.meta, &bj.sa, &bj.sb};
    uint32_t *op_stride[] = {&bj.a_stride, &bj.b_stride, &bj.c_stride, &bj.d_stride, &bj.meta_stride, &bj.sa_stride,
                             &bj.sb_stride};
    const unsigned nops = md.stype ? 7 : md.sparse ? 5 : 4;
    auto pick_op = [&](unsigned arg) {   // a used operand
        unsigned o = arg % nops;
        if (!md.sparse && o == 4) o = 5;
        return o;
    };
    const unsigned fa = s.fault_arg;
    switch (s.fault) {
    case Fault::none: case Fault::soft_reset: case Fault::busy_write: case Fault::reg_misuse: case Fault::reg_storm: break;
    case Fault::bad_mode:
        bj.mode = (uint8_t)(cfg.nmodes + fa % (256 - cfg.nmodes));
        out.expected = MMA_ERR_FORMAT_PAIR;
        want_info = REG(JOB_MODE);
        check_info = true;
        break;
    case Fault::shape: {
        out.expected = MMA_ERR_SHAPE;
        check_info = true;
        switch (fa % 4) {
        case 0: bj.m = 0; want_info = REG(JOB_M); break;
        case 1: bj.n = fa % 2 ? 0 : 65536 + fa % 1000; want_info = REG(JOB_N); break;
        case 2: bj.k = 0; want_info = REG(JOB_K); break;
        default: bj.m = 65536 + (fa >> 8) % 100000; want_info = REG(JOB_M); break;
        }
        break;
    }
    case Fault::k_grid: {
        // each variant breaks one rule of the mode's K grid and no other (an off-grid K stays within
        // the pass, a K past the pass stays on the grid), so a check that misses one rule fails here;
        // only the last, past 16 bits, is past a sparse or scaled mode's pass as well
        out.expected = MMA_ERR_SHAPE;
        check_info = true;
        want_info = REG(JOB_K);
        const unsigned kp = g.kpass(md);
        unsigned variants[4], nv = 0;
        if (md.sparse) {
            const unsigned base = k < kp ? k : kp - 4;   // a multiple of 4, at most kp - 4
            variants[nv++] = base + 2;                   // a 2:4 group cut in half
            variants[nv++] = base + 1 + 2 * (fa / 4 % 2);  // odd: 1 or 3 mod 4
            variants[nv++] = kp + 4;                     // past the pass
        } else if (md.packed) {
            variants[nv++] = (k < kp ? k : kp - 2) + 1;  // odd, within the pass
            if (md.stype) variants[nv++] = kp + 2;
        } else if (md.stype) {
            variants[nv++] = kp + md.kc;
        }
        variants[nv++] = 65536 + (fa >> 8) % 1000;       // past 16 bits
        bj.k = variants[fa % nv];
        break;
    }
    case Fault::align: {
        const unsigned o = pick_op(fa);
        const uint32_t off = 4 * (1 + (fa >> 8) % 7);
        if ((fa >> 4) % 2) {
            *op_stride[o] += off;
            want_info = REG(A_ADDR) + 8 * o + 4;
        } else {
            *op_addr[o] += off;
            want_info = REG(A_ADDR) + 8 * o;
        }
        out.expected = MMA_ERR_ALIGN;
        check_info = true;
        break;
    }
    case Fault::range: {
        if ((fa % 2) && m > 1) {
            bj.d_stride = BEAT * ((rd.row - 1) / BEAT);   // shorter than a row of D: rows overlap
            out.expected = MMA_ERR_RANGE;
            want_info = REG(D_STRIDE);
            check_info = true;
        } else {
            const unsigned o = pick_op(fa >> 1);
            *op_addr[o] = 0xFFFFFFE0u;
            const uint64_t end = 0xFFFFFFE0ull + (uint64_t)(ops[o]->rows - 1) * *op_stride[o] + ops[o]->row - 1;
            if (end > 0xFFFFFFFFull) {
                out.expected = MMA_ERR_RANGE;
                want_info = REG(A_ADDR) + 8 * o;
                check_info = true;
            } else {
                out.expected = MMA_ERR_BUS;   // in range but no memory there
                want_resp = 3;
                want_write = o == 3;
                fault_lo = 0xFFFFFFE0u;
                fault_hi = 0xFFFFFFFFu;
                check_addr = true;
            }
        }
        break;
    }
    case Fault::bus_read: case Fault::bus_write: {
        const bool w = s.fault == Fault::bus_write;
        const unsigned o = w ? 3 : pick_op(fa) == 3 ? 2 : pick_op(fa);
        const Region &x = *ops[o];
        const uint32_t r = (fa >> 8) % x.rows, b = (fa >> 20) % ((x.row + BEAT - 1) / BEAT);
        fault_lo = *op_addr[o] + r * x.stride + b * BEAT;
        fault_hi = fault_lo + BEAT;
        mem.add_fault({fault_lo, fault_hi, 2});
        out.expected = MMA_ERR_BUS;
        want_resp = 2;
        want_write = w;
        check_addr = true;
        break;
    }
    case Fault::decerr: {
        const unsigned o = pick_op(fa) == 3 ? 1 : pick_op(fa);
        *op_addr[o] = mem.base() + mem.size() + BEAT * ((fa >> 8) % 4096);
        fault_lo = *op_addr[o];
        fault_hi = fault_lo + ops[o]->bytes() + BEAT;
        out.expected = MMA_ERR_BUS;
        want_resp = 3;
        check_addr = true;
        break;
    }
    default: break;
    }
    // the refusal the fault was built for is the one the register checks' oracle predicts (two
    // descriptions of the same contract that must agree; a job without one must pass its checks)
    {
        const Refusal want = is_refusal(out.expected) ? Refusal{out.expected, want_info} : Refusal{};
        const Refusal got = job_refusal(cfg, g, bj);
        if (got.cause != want.cause || got.reg != want.reg) {
            char e[200];
            std::snprintf(e, sizeof e, "harness: the fault expects %s (register 0x%03x), the register checks' oracle %s (0x%03x)",
                          mma_status_name(want.cause), want.reg, mma_status_name(got.cause), got.reg);
            out.message = e;
            return out;
        }
    }
    // jobs that fail before computing: give them a short timeout window all the same
    const uint64_t lanes = md.lanes ? md.lanes : 1;
    const uint64_t kpad = (k + md.kc - 1) / md.kc * md.kc;
    const uint64_t compute = (uint64_t)m * n * kpad / ((uint64_t)g.tm * g.tn * lanes) + 1;
    dev.timeout = 200000 + 40 * compute + 400 * beats;

    // ------------------------------------------------------------------ run
    mma_accel_counters c0, c1;
    mma_accel_counters_read(&dev, &c0);
    const uint64_t t0 = dut.cycles();
    uint8_t resp = 0;
    char msg[512];
    if (s.fault == Fault::reg_misuse) {
        dut.write32(REG(ID), 0x12345678, &resp);
        if (resp != 2) {
            std::snprintf(msg, sizeof msg, "write to read-only ID answered %u, expected SLVERR (2)", resp);
            out.message = msg;
        }
        dut.read32(0xFFC, &resp);
        if (out.message.empty() && resp != 3) {
            std::snprintf(msg, sizeof msg, "read of unmapped 0xFFC answered %u, expected DECERR (3)", resp);
            out.message = msg;
        }
        dut.write32(0x300 + 4 * (fa % 64), 0xFFFFFFFF, &resp);
        if (out.message.empty() && resp != 3) {
            std::snprintf(msg, sizeof msg, "write to unmapped 0x%03x answered %u, expected DECERR (3)", 0x300 + 4 * (fa % 64), resp);
            out.message = msg;
        }
        if (out.message.empty() && dut.read32(REG(ID)) != 0x4D4D4143u) out.message = "ID changed by a write";
    }
    // busy_write: the memory holds the job's first read long enough that the register writes below
    // all land while the job is busy (a job of a few cycles could end between the busy check and a
    // write, and the START would then legitimately run a job at A = 0x40: found by seed 1005)
    if (s.fault == Fault::busy_write) mem.hold_reads(64 + 200);
    // the interrupt enables of this job (a stream of their own: the other draws stay as they were);
    // the driver polls, so only the check before mma_accel_wait below looks at the line
    const uint32_t irq_en = (uint32_t)tb::rng(s.seed ^ 0x510E527FADE682D1ull, s.index).below(4);
    if (s.irq_check) dut.write32(REG(IRQ_EN), irq_en);
    mma_status st = mma_accel_submit_bus(&dev, &bj);
    mma_accel_error err{};
    // the clock runs until the accelerator is idle (or the driver's timeout), as a polling firmware waits
    auto run_until_idle = [&] {
        for (const uint64_t tw = dut.cycles(); mma_accel_busy(&dev) && dut.cycles() - tw < dev.timeout;) dut.run(16, false);
    };
    if (st == MMA_OK && s.fault == Fault::soft_reset) {
        dut.run(1 + (fa % (compute + 64)), false);
        st = mma_accel_reset(&dev);
        const uint32_t status = dut.read32(REG(STATUS)), cause = dut.read32(REG(ERR_CAUSE));
        if (st != MMA_OK) out.message = "soft reset: the accelerator did not go idle";
        else if (status != 0 || cause != 0) {
            std::snprintf(msg, sizeof msg, "soft reset: STATUS 0x%x ERR_CAUSE %u afterwards, expected 0 and 0", status, cause);
            out.message = msg;
        } else if (!mem.idle()) {
            out.message = "soft reset: bus transactions still open when the accelerator reports idle";
        }
        // the same job again must compute correctly
        if (out.message.empty()) st = mma_accel_submit_bus(&dev, &bj);
    }
    if (st == MMA_OK && s.fault == Fault::busy_write) {
        dut.run(1 + fa % 64, false);
        if (mma_accel_busy(&dev)) {
            dut.write32(REG(JOB_M), m + 5);
            dut.write32(REG(A_ADDR), 0x40u);
            dut.write32(REG(CTRL), 1u);   // a second start while busy
            dut.write32(REG(CTRL), MMA_ACCEL__CTRL__ACK_bm);   // an ack while busy: refused too, clears nothing
            const uint32_t status = dut.read32(REG(STATUS));
            if (!(status & MMA_ACCEL__STATUS__BUSY_WRITE_bm)) out.message = "writes while busy: STATUS.busy_write not set";
            if (dut.read32(REG(JOB_M)) != m) out.message = "JOB_M changed while busy";
        }
    }
    if (st == MMA_OK && out.expected != MMA_OK && out.message.empty()) {
        // a failed job's error not yet collected: the driver must refuse the next job
        run_until_idle();
        if (!mma_accel_busy(&dev) && (dut.read32(REG(STATUS)) & MMA_ACCEL__STATUS__ERROR_bm) &&
            mma_accel_submit_bus(&dev, &bj) != MMA_ERR_BUSY)
            out.message = "submit with an unacknowledged error: not refused with MMA_ERR_BUSY";
    }
    if (st == MMA_OK && out.message.empty() && s.fault != Fault::soft_reset && s.irq_check) {
        // the job's end as an interrupt would report it: IRQ_STATUS holds exactly one bit, error for a job
        // that failed (STATUS.error, also when it ran to the end: a bad code or metadata) and done for
        // one that succeeded; the line irq_o is high exactly when that bit is enabled in IRQ_EN
        run_until_idle();
        const uint32_t status = dut.read32(REG(STATUS)), ist = dut.read32(REG(IRQ_STATUS));
        const uint32_t want = (status & MMA_ACCEL__STATUS__ERROR_bm)  ? MMA_ACCEL__IRQ_STATUS__ERROR_bm
                              : (status & MMA_ACCEL__STATUS__DONE_bm) ? MMA_ACCEL__IRQ_STATUS__DONE_bm
                                                                      : 0u;
        if (status & MMA_ACCEL__STATUS__BUSY_bm) {
            // still busy at the timeout: mma_accel_wait below reports the hang
        } else if (ist != want) {
            std::snprintf(msg, sizeof msg, "IRQ_STATUS 0x%x after the job with STATUS 0x%x, expected 0x%x", ist, status, want);
            out.message = msg;
        } else if (dut.irq() != ((ist & irq_en) != 0)) {
            std::snprintf(msg, sizeof msg, "interrupt line %s with IRQ_STATUS 0x%x and IRQ_EN 0x%x", dut.irq() ? "high" : "low",
                          ist, irq_en);
            out.message = msg;
        }
    }
    if (st == MMA_OK) st = mma_accel_wait(&dev, &err);
    else err.cause = st;
    out.got = st;
    out.cycles = dut.cycles() - t0 + storm_cycles;
    mma_accel_counters_read(&dev, &c1);
    out.busy = c1.busy - c0.busy;
    out.macs = c1.macs - c0.macs;
    out.avail = out.busy * g.tm * g.tn * lanes;
    for (const std::string &v : mem.take_violations())
        if (out.message.empty()) out.message = v;
    if (!mem.idle() && out.message.empty()) out.message = "bus transactions still open after the job";

    // ------------------------------------------------------------------ check
    if (out.message.empty() && st != out.expected) {
        std::snprintf(msg, sizeof msg, "status %s, expected %s (info 0x%x, %s, resp %u)", mma_status_name(st),
                      mma_status_name(out.expected), err.info, err.write ? "write" : "read", err.resp);
        out.message = msg;
    }
    if (out.message.empty() && check_info && err.info != want_info) {
        std::snprintf(msg, sizeof msg, "%s: ERR_INFO 0x%x, expected register 0x%x", mma_status_name(st), err.info, want_info);
        out.message = msg;
    }
    // a read error names the failing beat; a write error the burst (BRESP answers a whole burst)
    const uint32_t lo_ok = want_write ? (fault_lo > 15 * BEAT ? fault_lo - 15 * BEAT : 0) : fault_lo;
    if (out.message.empty() && check_addr &&
        (err.info < lo_ok || err.info >= fault_hi || err.write != want_write || err.resp != want_resp)) {
        std::snprintf(msg, sizeof msg, "bus error at 0x%08x (%s, resp %u), expected in [0x%08x, 0x%08x) (%s, resp %u)", err.info,
                      err.write ? "write" : "read", err.resp, fault_lo, fault_hi, want_write ? "write" : "read", want_resp);
        out.message = msg;
    }
    if (st == MMA_OK && s.corrupt) mem.host(rd.addr, 1)[0] ^= 1;
    if (out.message.empty() && st == MMA_OK) {
        // every D element bit for bit; every byte around the rows of D untouched
        std::vector<uint8_t> d_after(rd.span());
        mem.read(rd.addr, d_after.data(), d_after.size());
        unsigned bad = 0;
        for (unsigned i = 0; i < m && out.message.empty(); i++) {
            for (unsigned c = 0; c < n; c++) {
                uint64_t got = 0;
                for (unsigned b = 0; b < d_esz; b++) got |= (uint64_t)d_after[i * rd.stride + c * d_esz + b] << (8 * b);
                const uint64_t want = j.d[(size_t)i * n + c] & (d_esz == 2 ? 0xFFFFull : 0xFFFFFFFFull);
                if (got != want && bad++ == 0) {
                    std::snprintf(msg, sizeof msg, "D[%u][%u]: golden 0x%0*llx, RTL 0x%0*llx", i, c, 2 * d_esz,
                                  (unsigned long long)want, 2 * d_esz, (unsigned long long)got);
                    out.message = msg;
                    out.operands = element_operands(j, i, c) + element_steps(j, i, c);
                }
            }
            for (unsigned b = rd.row; b < rd.stride && out.message.empty(); b++)
                if (d_after[i * rd.stride + b] != d_before[i * rd.stride + b]) {
                    std::snprintf(msg, sizeof msg, "byte %u after row %u of D changed", b - rd.row, i);
                    out.message = msg;
                }
        }
        if (bad > 1) out.message += " (" + std::to_string(bad) + " elements differ)";
        if (out.message.empty()) {
            out.useful_macs = (uint64_t)m * n * k;
            // result classes for the functional coverage
            for (size_t e = 0; e < j.d.size(); e++) {
                mma_value v;
                if (mma_decode((mma_format)md.dtype, j.d[e], &v) != MMA_OK) continue;
                if (v.cls == MMA_CLASS_NAN) out.bins.push_back("result:nan");
                else if (v.cls == MMA_CLASS_INF) out.bins.push_back("result:inf");
                else if (v.cls == MMA_CLASS_ZERO && v.sign) out.bins.push_back("result:-0");
                else if (v.cls == MMA_CLASS_ZERO) out.bins.push_back("result:+0");
            }
        }
    }
    out.pass = out.message.empty();

    // ------------------------------------------------------------------ functional coverage
    auto dim_bin = [](const char *d, unsigned v, unsigned tile, unsigned blk) {
        const char *c = v == 1 ? "1" : v < tile ? "within-tile" : v == blk ? "one-block" : v < blk ? "tiles" : v % blk ? "blocks-ragged" : "blocks";
        return std::string(d) + ":" + c;
    };
    out.bins.push_back("mode:" + tb::mode_name(md));
    out.bins.push_back(dim_bin("M", m, g.tm * g.p, g.mb));
    out.bins.push_back(dim_bin("N", n, g.tn, g.nb));
    const unsigned kp = g.kpass(md);
    out.bins.push_back(k <= md.g ? "K:one-step" : k <= md.kc ? "K:one-chunk" : k <= kp ? "K:one-pass" : "K:passes");
    if (k % md.kc) out.bins.push_back("K:ragged");
    if (md.sparse) out.bins.push_back(j.ordered ? "sparse:ordered" : "sparse:plain");
    if (md.stype) out.bins.push_back("block-scale");
    if (s.opts.special_permille) out.bins.push_back("values:specials");
    if (s.opts.cancel) out.bins.push_back("values:cancel");
    if (j.neg_zero) out.bins.push_back("values:neg-zero");
    if (s.opts.c_inf) out.bins.push_back("values:c-inf");
    if (j.tie) out.bins.push_back("values:tie");
    if (j.zero_inf) out.bins.push_back("values:zero-inf");
    if (s.opts.big) out.bins.push_back("values:big");
    if (j.ref == MMA_ERR_METADATA) out.bins.push_back("error:metadata");
    if (j.ref == MMA_ERR_CODE) out.bins.push_back("error:code");
    out.bins.push_back(s.timing.lat_max <= 1 && s.timing.ar_ready_pct == 100 ? "memory:ideal" : "memory:random");
    if (s.fault != Fault::none) out.bins.push_back(std::string("fault:") + fault_name(s.fault));
    return out;
}

}  // namespace mmasim
