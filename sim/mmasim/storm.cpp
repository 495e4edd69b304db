// The register storm: its start, its rounds, the check of the jobs it starts (storm.h).
#include "storm.h"

#include <cstdio>
#include <cstring>
#include <vector>

#include "job_checks.h"
#include "layout.h"

namespace mmasim {

namespace {

// A storm starts from a state its seed and index alone determine, so that the reproduction command
// (--job I, a fresh model) replays it exactly: the model is reset, memory is zeroed where anything
// wrote it, and the first STORM_SPAN + STORM_REACH bytes get a pattern of the job's own stream.
// The storm's addresses lie in the first STORM_SPAN; its jobs' rows reach at most 40 strides of
// 24 beats (30 KiB) beyond.
constexpr uint32_t STORM_SPAN = 1u << 20, STORM_REACH = 64u << 10;
void storm_start(sim::Dut &dut, const Spec &s) {
    sim::AxiMem &mem = dut.mem();
    dut.reset();
    mem.zero_written();
    uint8_t *h = mem.host(mem.base(), STORM_SPAN + STORM_REACH);
    tb::rng f(s.seed ^ 0xA54FF53A5F1D36F1ull ^ s.fault_arg, s.index);
    for (uint32_t i = 0; i < STORM_SPAN + STORM_REACH; i += 8) {
        const uint64_t v = f.next();
        std::memcpy(h + i, &v, 8);
    }
}

// The last job a storm started on an idle accelerator: its registers and the storm's memory as it
// was then. disturbed: a later round wrote a command to CTRL (a start, an acknowledge or a soft
// reset may end it or hide its outcome); live is false once it is checked, or a job started that is not all one
// round's.
struct StormJob {
    bool live = false, disturbed = false;
    unsigned round = 0;
    uint64_t started = 0;          // the cycle of its start
    mma_accel_bus_job bj{};
    Refusal refusal;               // job_refusal of bj: what its registers' checks must do with it
    std::vector<uint8_t> before;   // the first STORM_SPAN + STORM_REACH bytes of memory at its start
};

// "the job it started in round R (its mode, shape and D)", the head of a failure's message.
std::string job_name(const mma_hw_config &cfg, const StormJob &sj) {
    const mma_accel_bus_job &bj = sj.bj;
    char msg[200];
    std::snprintf(msg, sizeof msg, "the job it started in round %u (mode %u %s, M %u N %u K %u, D at 0x%08x stride %u)",
                  sj.round, bj.mode, bj.mode < cfg.nmodes ? tb::mode_name(cfg.modes[bj.mode]).c_str() : "past the mode table",
                  bj.m, bj.n, bj.k, bj.d, bj.d_stride);
    return msg;
}

// job_name and " ended with <st>" (MMA_ERR_TIMEOUT: " is still running").
std::string describe(const mma_hw_config &cfg, const StormJob &sj, mma_status st) {
    return job_name(cfg, sj) + (st == MMA_ERR_TIMEOUT ? " is still running" : std::string(" ended with ") + mma_status_name(st));
}

// The first byte of the storm's memory (span bytes at base) that differs between before and now, as
// "wrote 0x... (0x.., was 0x..)"; "" when none. skip: bytes that may differ (NULL: none).
std::string first_write(const uint8_t *before, const uint8_t *now, uint32_t base, const std::vector<bool> *skip) {
    for (uint32_t x = 0; x < STORM_SPAN + STORM_REACH; x++)
        if (!(skip && (*skip)[x]) && now[x] != before[x]) {
            char msg[120];
            std::snprintf(msg, sizeof msg, "wrote 0x%08x (0x%02x, was 0x%02x)", base + x, now[x], before[x]);
            return msg;
        }
    return "";
}

// The first byte of the storm's memory (as now) that the storm's job sj changed but may not write:
// any byte when its registers' checks refuse it, else any byte outside D's rows. Between its start
// on an idle accelerator and the next CTRL command or start, nothing else writes memory, so this
// holds at every moment of that time, whatever the job's outcome (bus errors and data errors
// included). "" when none, else "wrote 0x... (..) although its registers' checks refuse it" or
// "... outside D's rows".
std::string fence_breach(const mma_hw_config &cfg, const StormJob &sj, const uint8_t *now, uint32_t base) {
    if (sj.refusal.cause != MMA_OK) {
        const std::string w = first_write(sj.before.data(), now, base, nullptr);
        return w.empty() ? w : w + " although its registers' checks refuse it";
    }
    const Region d = bus_job_regions(cfg.modes[sj.bj.mode], sj.bj)[3];
    std::vector<bool> in_d(STORM_SPAN + STORM_REACH, false);
    for (uint32_t i = 0; i < d.rows; i++)
        for (uint32_t b = 0; b < d.row; b++) {
            const uint64_t x = (uint64_t)d.addr + (uint64_t)i * d.stride + b - base;
            if (x < in_d.size()) in_d[x] = true;
        }
    const std::string w = first_write(sj.before.data(), now, base, &in_d);
    return w.empty() ? w : w + " outside D's rows";
}

// Checks a storm's job that ended with status st (MMA_OK, or the data errors MMA_ERR_METADATA and
// MMA_ERR_CODE, which the golden model must report alike) against the golden model on the memory
// it started from; now: the same bytes after it ended. An MMA_OK job must have written mma_gemm's
// D (what it wrote elsewhere is fence_breach's). "" when it holds; *checked is 2 when D was
// compared, 1 when the status only, and 0 (with "") when the job cannot be checked: D overlaps an
// operand or its own rows, an operand lies outside the span, or the job asks for plain metadata of
// an instruction that has only ::ordered_metadata.
std::string check_storm_job(const mma_hw_config &cfg, const StormJob &sj, mma_status st, const uint8_t *now,
                            uint32_t base, unsigned *checked) {
    *checked = 0;
    const mma_accel_bus_job &bj = sj.bj;
    const mma_hw_mode &md = cfg.modes[bj.mode];
    const unsigned m = bj.m, n = bj.n, k = bj.k, eb = md.elem_bytes, c_esz = esz(md.ctype), d_esz = esz(md.dtype);
    tb::job j;
    tb::shape_job(j, cfg, md, m, n, k, bj.ordered || !md.sparse);
    if (md.sparse && mma_instr_validate(&j.ins, nullptr) != MMA_OK) return "";
    const std::array<Region, 7> rg = bus_job_regions(md, bj);   // the operands where the job's registers put them
    const Region &d = rg[3];
    auto inside = [&](const Region &o) { return o.addr >= base && o.end() <= (uint64_t)base + STORM_SPAN + STORM_REACH; };
    if (!inside(d) || (m > 1 && d.stride < d.row)) return "";
    for (unsigned o = 0; o < 7; o++)
        if (o != 3 && rg[o].rows && (!inside(rg[o]) || (rg[o].addr < d.end() && d.addr < rg[o].end()))) return "";
    const unsigned ka = md.sparse ? k / 2 : k;
    auto at = [&](uint32_t a) { return sj.before.data() + (a - base); };
    for (unsigned i = 0; i < m; i++) {
        get_codes(at(bj.a + i * bj.a_stride), &j.a[(size_t)i * ka], ka, 1, eb, md.packed);
        get_codes(at(bj.c + i * bj.c_stride), &j.c[(size_t)i * n], n, 1, c_esz, false);
        if (md.sparse) get_meta(at(bj.meta + i * bj.meta_stride), &j.meta[(size_t)i * (k / 4)], k / 4);
        if (md.stype) get_codes(at(bj.sa + i * bj.sa_stride), &j.sa[(size_t)i * j.nblk], j.nblk, 1, 1, false);
    }
    for (unsigned c = 0; c < n; c++) {
        get_codes(at(bj.b + c * bj.b_stride), &j.b[c], k, n, eb, md.packed);
        if (md.stype) get_codes(at(bj.sb + c * bj.sb_stride), &j.sb[c], j.nblk, n, 1, false);
    }
    tb::run_golden(j);
    *checked = st == MMA_OK ? 2 : 1;
    char msg[320];
    const int head = std::snprintf(msg, sizeof msg, "%s", describe(cfg, sj, st).c_str());
    const size_t rest = sizeof msg - (size_t)head;
    if (j.ref != st) {
        std::snprintf(msg + head, rest, ", the golden model's status is %s", mma_status_name(j.ref));
        return msg;
    }
    if (st != MMA_OK) return "";
    for (unsigned i = 0; i < m; i++)
        for (unsigned c = 0; c < n; c++) {
            uint64_t got = 0;
            get_codes(now + (bj.d - base) + i * bj.d_stride + c * d_esz, &got, 1, 1, d_esz, false);
            const uint64_t want = j.d[(size_t)i * n + c] & (d_esz == 2 ? 0xFFFFull : 0xFFFFFFFFull);
            if (got != want) {
                std::snprintf(msg + head, rest, ": D[%u][%u] golden 0x%0*llx, RTL 0x%0*llx", i, c, 2 * d_esz,
                              (unsigned long long)want, 2 * d_esz, (unsigned long long)got);
                return msg;
            }
        }
    return "";
}

// Checks a storm's job against the register checks' oracle (job_checks.h, sj.refusal): a job it
// refuses must end with that cause and ERR_INFO naming that register (that it wrote no byte is
// fence_breach's); a job it passes must not end with a refusal, nor with a bus error while every
// operand lies in memory (base..mem_end: the memory model). "" when that holds.
std::string check_storm_refusal(const mma_hw_config &cfg, const StormJob &sj, mma_status st, uint32_t info, uint32_t base,
                                uint64_t mem_end) {
    const Refusal &want = sj.refusal;
    char msg[160];
    if (want.cause != MMA_OK) {
        if (st != want.cause || info != want.reg) {
            char got[40] = "";
            if (st != MMA_OK) std::snprintf(got, sizeof got, " (ERR_INFO 0x%03x)", info);
            std::snprintf(msg, sizeof msg, "%s; its registers' checks refuse it with %s, ERR_INFO 0x%03x", got,
                          mma_status_name(want.cause), want.reg);
            return describe(cfg, sj, st) + msg;
        }
        return "";
    }
    if (is_refusal(st)) {
        std::snprintf(msg, sizeof msg, " (ERR_INFO 0x%03x), a refusal, but its registers pass every check", info);
        return describe(cfg, sj, st) + msg;
    }
    if (st == MMA_ERR_BUS) {
        bool outside = false;
        for (const Region &x : bus_job_regions(cfg.modes[sj.bj.mode], sj.bj))
            outside = outside || (x.rows && (x.addr < base || x.end() > mem_end));
        if (!outside) {
            std::snprintf(msg, sizeof msg, " (ERR_INFO 0x%08x), but every operand lies in memory", info);
            return describe(cfg, sj, st) + msg;
        }
    }
    return "";
}

}  // namespace

std::string storm(sim::Dut &dut, mma_accel &dev, const mma_hw_config &cfg, const Geometry &geo, const Spec &s, uint64_t *digest,
                  StormChecks *checks) {
    sim::AxiMem &mem = dut.mem();
    storm_start(dut, s);
    mem.set_timing(s.timing, s.seed * 37 + s.index);
    mem.clear_faults();
    mem.clear_windows();   // a started job may write anywhere in memory
    tb::rng r(s.seed ^ 0x9B05688C2B3E6C1Full ^ s.fault_arg, s.index);
    tb::rng pr(s.seed ^ 0x1F83D9ABFB41BD6Bull ^ s.fault_arg, s.index);   // the job rounds' broken rules
    const unsigned rounds = 8 + r.below(128);
    const uint32_t words = STORM_SPAN / BEAT;
    char msg[160];
    uint64_t h = 0xCBF29CE484222325ull;   // FNV-1a over 64-bit words
    auto fold = [&h](uint64_t v) { h = (h ^ v) * 0x100000001B3ull; };
    const uint64_t t0 = dut.cycles();
    auto access = [&](uint32_t off, uint32_t v, bool read, uint8_t strb) {
        uint8_t resp = 0;
        if (read) fold(dut.read32(off, &resp));
        else dut.write32(off, v, &resp, strb);
        fold(resp);
        if (resp == 1) std::snprintf(msg, sizeof msg, "0x%03x answered EXOKAY (1), not OKAY, SLVERR or DECERR", off);
        return resp != 1;
    };
    auto in_mem = [&] { return mem.base() + BEAT * r.below(words); };
    StormJob sj;
    // the status STATUS shows for a job that has ended (its ERR_CAUSE and ERR_INFO read into *info if
    // it failed); MMA_ERR_TIMEOUT while busy or when it shows neither DONE nor ERROR
    auto ended = [&](uint32_t status, uint32_t *info) {
        *info = 0;
        if ((status & MMA_ACCEL__STATUS__BUSY_bm) || !(status & (MMA_ACCEL__STATUS__DONE_bm | MMA_ACCEL__STATUS__ERROR_bm)))
            return MMA_ERR_TIMEOUT;
        if (!(status & MMA_ACCEL__STATUS__ERROR_bm)) return MMA_OK;
        const uint32_t cause = dut.read32(REG(ERR_CAUSE));
        *info = dut.read32(REG(ERR_INFO));
        fold(cause);
        fold(*info);
        return (mma_status)cause;
    };
    // "" unless STATUS shows the storm's job sj over (idle) but neither DONE nor ERROR: nothing has
    // acknowledged it, so one of them must stand
    auto unmarked = [&](uint32_t status) {
        if (status & (MMA_ACCEL__STATUS__BUSY_bm | MMA_ACCEL__STATUS__DONE_bm | MMA_ACCEL__STATUS__ERROR_bm)) return std::string();
        char m[120];
        std::snprintf(m, sizeof m, "the job it started in round %u is over with STATUS 0x%x: neither DONE nor ERROR", sj.round, status);
        return std::string(m);
    };
    // "" unless the storm's job sj, which its registers' checks refuse, has run CHECKS_DONE cycles or
    // more: they take a cycle a rule (at most 18), so it must have ended long before. Read from the
    // busy line, which takes no cycle: still busy now, or busy until a cycle that late (until the
    // next CTRL command or start, nothing but the job makes the accelerator busy).
    auto overdue = [&]() {
        constexpr uint64_t CHECKS_DONE = 64;
        const Refusal &want = sj.refusal;
        const uint64_t now = dut.cycles(), fell = dut.busy_fell_at();
        if (want.cause == MMA_OK) return std::string();
        char m[200];
        std::snprintf(m, sizeof m, "; its registers' checks refuse it with %s, ERR_INFO 0x%03x", mma_status_name(want.cause), want.reg);
        if (dut.busy() && now - sj.started >= CHECKS_DONE)
            return describe(cfg, sj, MMA_ERR_TIMEOUT) + " " + std::to_string(now - sj.started) + " cycles after its start" + m;
        if (!dut.busy() && fell >= sj.started + CHECKS_DONE)
            return job_name(cfg, sj) + " ran until " + std::to_string(fell - sj.started) + " cycles after its start" + m;
        return std::string();
    };
    // "" unless the storm's job sj has written a byte it may not (fence_breach) by now; the head of
    // the message is the job's name, `when` its tail. --corrupt with final (the job's last check:
    // at its end or at the command that ends its check): the harness's self-test, the byte after
    // D's last row changed first (for a job the registers' checks pass)
    auto fence = [&](const std::string &head, const std::string &when, bool final) {
        uint8_t *now = mem.host(mem.base(), STORM_SPAN + STORM_REACH);
        if (s.corrupt && final && sj.refusal.cause == MMA_OK) {
            const uint64_t x = bus_job_regions(cfg.modes[sj.bj.mode], sj.bj)[3].end() - mem.base();
            if (x < STORM_SPAN + STORM_REACH) now[x] ^= 0x40;
        }
        const std::string w = fence_breach(cfg, sj, now, mem.base());
        return w.empty() ? w : head + w + when;
    };
    // checks the storm's job sj, which ended with status st (ERR_INFO info; MMA_ERR_TIMEOUT: not
    // over when STATUS was read, and the reset ends it), on memory as it is now: its registers'
    // checks first, then what it computed, then what it wrote outside D (how long a refused job ran
    // is overdue's, checked before)
    auto judge = [&](mma_status st, uint32_t info) {
        sj.live = false;
        std::string e;
        if (st == MMA_ERR_TIMEOUT) {
            e = fence(describe(cfg, sj, st) + ", but it ", " when the end's reset stopped it", true);
            checks->fenced += e.empty();
            return e;
        }
        uint8_t *now = mem.host(mem.base(), STORM_SPAN + STORM_REACH);
        const bool refused = sj.refusal.cause != MMA_OK;
        // --corrupt: the harness's self-test, a byte of memory changed under a job that is refused
        if (s.corrupt && refused) now[sj.round] ^= 0x80;
        e = check_storm_refusal(cfg, sj, st, info, mem.base(), (uint64_t)mem.base() + mem.size());
        if (!e.empty()) return e;
        if (refused) {
            e = fence(describe(cfg, sj, st) + ", but it ", "", true);
            checks->refused += e.empty();
            checks->fenced += e.empty();
            return e;
        }
        if (st == MMA_OK || st == MMA_ERR_METADATA || st == MMA_ERR_CODE) {
            // --corrupt: one bit of the job's D flipped before the check
            if (s.corrupt && st == MMA_OK && sj.bj.d - mem.base() < STORM_SPAN) mem.host(sj.bj.d, 1)[0] ^= 1;
            unsigned what = 0;
            e = check_storm_job(cfg, sj, st, now, mem.base(), &what);
            checks->jobs += what != 0;
            checks->d += what == 2;
            if (!e.empty()) return e;
        }
        e = fence(describe(cfg, sj, st) + ", but it ", "", true);
        checks->fenced += e.empty();
        return e;
    };
    for (unsigned i = 0; i < rounds && !dut.stopped_at(); i++) {
        bool ok = true;
        // a refused job's time, at every round while the job is its own (so also just before a command)
        if (sj.live && !sj.disturbed) {
            const std::string e = overdue();
            if (!e.empty()) return e;
        }
        if (r.below(6) == 0) {
            // whether this start finds the accelerator idle (then nothing else starts a job before
            // it, and the memory does not change until it runs), and whether the round started a job
            uint8_t resp = 0;
            const uint32_t status = dut.read32(REG(STATUS), &resp), jobs = dut.read32(REG(JOBS));
            fold(status);
            fold(resp);
            fold(jobs);
            const bool idle = !(status & MMA_ACCEL__STATUS__BUSY_bm);
            if (!idle && sj.live && !sj.disturbed) {
                // the storm's previous job still runs (its time checked at the round's top)
                const std::string e = fence(job_name(cfg, sj) + ", still running in round " + std::to_string(i) + ", ", "", false);
                if (!e.empty()) return e;
            }
            if (idle && sj.live && !sj.disturbed) {
                // the storm's previous job has ended, and nothing has acknowledged it
                const std::string u = unmarked(status);
                if (!u.empty()) return u;
                uint32_t info = 0;
                const mma_status st = ended(status, &info);
                const std::string e = judge(st, info);
                if (!e.empty()) return e;
            }
            if (idle) {
                const uint8_t *now = mem.host(mem.base(), STORM_SPAN + STORM_REACH);
                sj.before.assign(now, now + STORM_SPAN + STORM_REACH);
            }
            uint32_t job[][2] = {
                {REG(JOB_MODE), r.below(cfg.nmodes) | (r.chance(50) ? MMA_ACCEL__JOB_MODE__ORDERED_bm : 0u)},
                {REG(JOB_M), 1 + r.below(40)}, {REG(JOB_N), 1 + r.below(40)}, {REG(JOB_K), 1 + r.below(300)},
                {REG(A_ADDR), in_mem()}, {REG(A_STRIDE), BEAT * (1 + r.below(24))},
                {REG(B_ADDR), in_mem()}, {REG(B_STRIDE), BEAT * (1 + r.below(24))},
                {REG(C_ADDR), in_mem()}, {REG(C_STRIDE), BEAT * (1 + r.below(8))},
                {REG(D_ADDR), in_mem()}, {REG(D_STRIDE), BEAT * (1 + r.below(8))},
                {REG(META_ADDR), in_mem()}, {REG(META_STRIDE), BEAT * (1 + r.below(4))},
                {REG(SA_ADDR), in_mem()}, {REG(SA_STRIDE), BEAT * (1 + r.below(4))},
                {REG(SB_ADDR), in_mem()}, {REG(SB_STRIDE), BEAT * (1 + r.below(4))},
                {REG(CTRL), MMA_ACCEL__CTRL__START_bm}};
            // one job round in four breaks one or two of the registers' rules (a stream of its own):
            // the first broken one in the checks' order must be the refusal's
            if (pr.below(4) == 0) {
                for (unsigned faults = 1 + pr.below(2); faults--;) {
                    const unsigned mode = job[0][1] & 0xFF;
                    const uint32_t kpass = geo.kpass(cfg.modes[mode < cfg.nmodes ? mode : 0]);
                    switch (pr.below(7)) {
                    case 0:
                        if (cfg.nmodes < 256) job[0][1] = (job[0][1] & ~0xFFu) | (cfg.nmodes + pr.below(256 - cfg.nmodes));
                        break;
                    case 1: case 2: job[1 + pr.below(2)][1] = pr.chance(50) ? 0u : 65536u + pr.below(1u << 20); break;
                    case 3: {
                        const uint32_t k = job[3][1];
                        const uint32_t ks[] = {0u, 65536u + pr.below(1000), k | 1u, k + 2, kpass + 4, kpass + 2 * pr.below(16)};
                        job[3][1] = ks[pr.below(6)];
                        break;
                    }
                    case 4: job[4 + 2 * pr.below(7)][1] += 4 * (1 + pr.below(7)); break;    // an address off the beat
                    case 5: job[5 + 2 * pr.below(7)][1] += 4 * (1 + pr.below(7)); break;    // a stride off the beat
                    default: job[4 + 2 * pr.below(7)][1] = 0xFFFFFFE0u - BEAT * pr.below(64); break;   // near 4 GiB
                    }
                }
            }
            for (const auto &w : job) ok = ok && access(w[0], w[1], false, 0xF);
            const uint32_t jobs_after = dut.read32(REG(JOBS));
            fold(jobs_after);
            if (ok && idle && jobs_after == jobs + 1) {
                mma_accel_bus_job &b = sj.bj;
                b.mode = (uint8_t)(job[0][1] & ~MMA_ACCEL__JOB_MODE__ORDERED_bm);
                b.ordered = (job[0][1] & MMA_ACCEL__JOB_MODE__ORDERED_bm) != 0;
                b.m = job[1][1]; b.n = job[2][1]; b.k = job[3][1];
                b.a = job[4][1]; b.a_stride = job[5][1]; b.b = job[6][1]; b.b_stride = job[7][1];
                b.c = job[8][1]; b.c_stride = job[9][1]; b.d = job[10][1]; b.d_stride = job[11][1];
                b.meta = job[12][1]; b.meta_stride = job[13][1];
                b.sa = job[14][1]; b.sa_stride = job[15][1]; b.sb = job[16][1]; b.sb_stride = job[17][1];
                sj.refusal = job_refusal(cfg, geo, b);
                sj.live = true;
                sj.disturbed = false;
                sj.round = i;
                sj.started = dut.cycles();
            } else if (jobs_after != jobs) {
                sj.live = false;   // a job started whose registers are not all this round's
            }
            // else: the accelerator was busy and refused the round's writes and its start
        } else {
            const uint32_t off = r.chance(70) ? REG(CTRL) + 4 * r.below((REG(SB_STRIDE) - REG(CTRL)) / 4 + 1)
                                              : 4 * r.below(1024);
            uint32_t v;
            switch (r.below(4)) {
            case 0: v = (uint32_t)r.next(); break;
            case 1: v = r.below(64); break;
            case 2: v = in_mem(); break;
            default: v = BEAT * r.below(8); break;
            }
            const bool read = r.chance(20);
            const uint8_t strb = r.chance(75) ? 0xF : (uint8_t)r.below(16);
            // a CTRL write with a command (start, soft reset, ack: bits of byte 0) may end the
            // storm's job or clear its outcome; one without (no byte 0, or none of the bits) is
            // ignored by the register map, and the job stays checked. Until the command, what the
            // job wrote is still its own.
            constexpr uint32_t commands = MMA_ACCEL__CTRL__START_bm | MMA_ACCEL__CTRL__SOFT_RESET_bm | MMA_ACCEL__CTRL__ACK_bm;
            const bool command = !read && off == REG(CTRL) && (strb & 1) && (v & commands);
            if (command && sj.live && !sj.disturbed) {
                const std::string e = fence(job_name(cfg, sj) + " ", " before the CTRL command of round " + std::to_string(i), true);
                if (!e.empty()) return e;
                checks->fenced++;
            }
            ok = access(off, v, read, strb);
            if (command) sj.disturbed = true;
        }
        if (!ok) return msg;
        if (r.chance(25)) dut.run(1 + r.below(600), false);
    }
    // the end: the driver's wait (until idle, then CTRL.ack: the status of the storm's job if one is
    // pending) or the driver's reset, each within the same timeout
    const uint64_t timeout = dev.timeout, limit = 400000;
    dev.timeout = limit;
    const bool by_ack = r.below(3) == 0;
    const bool pending = sj.live && !sj.disturbed;   // the storm's last job: its outcome is what the end sees
    mma_status job_status = MMA_ERR_TIMEOUT;         // its status, unknown so far
    uint32_t job_info = 0;                           // and its ERR_INFO
    bool hung = false;
    if (!dut.stopped_at() && by_ack) {
        mma_accel_error err{};
        job_status = mma_accel_wait(&dev, &err);
        job_info = err.info;
        hung = job_status == MMA_ERR_TIMEOUT;
        // the wait sent no command before the job ended (its CTRL.ack only after): the time it took
        if (pending) {
            const std::string e = overdue();
            if (!e.empty()) return e;
        }
    } else if (!dut.stopped_at()) {
        // before the reset, the outcome of a storm job that has ended (STATUS, ERR_CAUSE, ERR_INFO; no ack)
        if (pending) {
            const uint32_t status = dut.read32(REG(STATUS));
            fold(status);
            job_status = ended(status, &job_info);
            const std::string u = unmarked(status);
            if (!u.empty()) return u;
            const std::string e = overdue();
            if (!e.empty()) return e;
        }
        hung = mma_accel_reset(&dev) != MMA_OK;
    }
    dev.timeout = timeout;
    fold(dut.cycles() - t0);
    const uint8_t *span = mem.host(mem.base(), STORM_SPAN + STORM_REACH);
    for (uint32_t i = 0; i < STORM_SPAN + STORM_REACH; i += 8) {
        uint64_t w;
        std::memcpy(&w, span + i, 8);
        fold(w);
    }
    *digest = h;
    for (const std::string &v : mem.take_violations()) return "bus: " + v;
    if (dut.stopped_at()) return "the model stopped at an RTL assertion";
    const char *end = by_ack ? "the driver's wait and CTRL.ack" : "the driver's reset";
    if (hung) {
        std::snprintf(msg, sizeof msg, "still busy %llu cycles into %s", (unsigned long long)limit, end);
        return msg;
    }
    const uint32_t status = dut.read32(REG(STATUS)), cause = dut.read32(REG(ERR_CAUSE));
    if (status != 0 || cause != 0) {
        std::snprintf(msg, sizeof msg, "STATUS 0x%x ERR_CAUSE %u after %s, expected 0 and 0", status, cause, end);
        return msg;
    }
    if (!mem.idle()) return "bus transactions still open when the accelerator reports idle";
    return pending ? judge(job_status, job_info) : std::string();
}

}  // namespace mmasim
