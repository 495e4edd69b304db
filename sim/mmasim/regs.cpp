// mmasim regs: the register test of the accelerator's AXI4-Lite block against the register map.
//
//   mmasim regs [--config NAME]... [--coverage FILE]   (every linked configuration by default)
//
// The expectations come from include/mma/hw/mma_accel_reg_table.h, which hw/gen/gen_regs.py writes
// from the properties of hw/regs/mma_accel.rdl (not from the Verilog it generates). On a freshly
// reset model, with no job run:
//   reset      every register answers OKAY; the bits software stores or reads as constants hold
//              their reset value (hardware-driven bits are the hardware's); unreadable bits read 0
//   read-write each stored register takes all ones, all zeros, 0xA5A5A5A5, 0x5A5A5A5A and a walking
//              one, and reads back exactly its stored bits; each byte strobe alone writes its byte only
//   aliasing   a distinct value in every stored register, then all read back (no decode overlap)
//   read-only  a write answers SLVERR and changes no bit that is not hardware-driven
//   write-1    IRQ_STATUS (woclr) stays 0 when written ones; CTRL (pulses only) reads 0, a write of 0
//              answers OKAY and starts nothing
//   unmapped   every other word of the 4 KiB window answers DECERR to a read (data 0) and a write,
//              and the writes change no register
//   counters   the 64-bit performance counters, preset near 2^32 by the harness: each HI word its
//              own counter's, and CYCLES read LO then HI across the carry rising strictly
//   soft reset a job refused at its checks (JOB_M = 0) leaves STATUS.ERROR, ERR_CAUSE (shape) and
//              ERR_INFO (JOB_M) set; CTRL.SOFT_RESET with the accelerator idle clears them
// lock_busy (writes refused while a job runs) needs a running job: mmasim regress --fault busy_write;
// a soft reset during a job: mmasim regress --fault soft_reset.
// Every failure prints its register, the values and the command that repeats the test.
#include <cstdarg>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "../accel/dut.h"
#include "../common/tb_util.h"
#include "mma/hw/mma_accel_reg_table.h"
#include "mma/hw/mma_accel_regs.h"
#include "mma/status.h"
#include "session.h"

namespace mmasim {

namespace {

constexpr uint8_t OKAY = 0, SLVERR = 2, DECERR = 3;

struct RegTest {
    sim::Dut &dut;
    std::string cfg;
    unsigned passed = 0, failed = 0;

    void check(bool ok, const char *fmt, ...) __attribute__((format(printf, 3, 4))) {
        if (ok) {
            ++passed;
            return;
        }
        if (failed++ < 20) {
            char msg[256];
            va_list ap;
            va_start(ap, fmt);
            std::vsnprintf(msg, sizeof msg, fmt, ap);
            va_end(ap);
            std::printf("FAIL %s: %s\n      reproduce: build/bin/mmasim regs --config %s\n", cfg.c_str(), msg,
                        cfg.c_str());
        }
    }
    uint32_t read(const mma_accel_reg_info &r, const char *when) {
        uint8_t resp = 0xFF;
        const uint32_t v = dut.read32(r.offset, &resp);
        check(resp == OKAY, "%s @0x%03X: read (%s) answered %u, expected OKAY", r.name, r.offset, when, resp);
        check((v & ~r.read_mask) == 0, "%s @0x%03X: read (%s) 0x%08X has bits outside the readable 0x%08X", r.name,
              r.offset, when, v, r.read_mask);
        return v;
    }
    void write(const mma_accel_reg_info &r, uint32_t v, uint8_t want, const char *what, uint8_t strb = 0xF) {
        uint8_t resp = 0xFF;
        dut.write32(r.offset, v, &resp, strb);
        check(resp == want, "%s @0x%03X: write 0x%08X (%s, strobes 0x%X) answered %u, expected %u", r.name, r.offset, v,
              what, strb, resp, want);
    }
};

// The register of that name in the map, or nullptr.
const mma_accel_reg_info *find_reg(const mma_accel_reg_info *tab, const std::string &name) {
    for (unsigned i = 0; i < MMA_ACCEL_REG_COUNT; ++i)
        if (name == tab[i].name) return &tab[i];
    return nullptr;
}

// A 64-bit counter as software reads it: LO (which latches HI), then HI.
uint64_t read_pair(RegTest &t, const mma_accel_reg_info &lo, const mma_accel_reg_info &hi) {
    const uint32_t l = t.read(lo, "a counter's LO");
    return (uint64_t)t.read(hi, "a counter's HI") << 32 | l;
}

// Bits whose value software alone determines: stored, constant or write-1-to-clear (no job has run,
// so the hardware has set nothing).
uint32_t known_mask(const mma_accel_reg_info &r) { return r.read_mask & ~r.hw_mask; }

void test_reset(RegTest &t, const mma_accel_reg_info *tab) {
    for (unsigned i = 0; i < MMA_ACCEL_REG_COUNT; ++i) {
        const mma_accel_reg_info &r = tab[i];
        const uint32_t v = t.read(r, "after reset");
        const uint32_t k = known_mask(r);
        t.check((v & k) == (r.reset & k), "%s @0x%03X: reset value 0x%08X, expected 0x%08X in bits 0x%08X", r.name,
                r.offset, v & k, r.reset & k, k);
    }
}

void test_read_write(RegTest &t, const mma_accel_reg_info *tab) {
    for (unsigned i = 0; i < MMA_ACCEL_REG_COUNT; ++i) {
        const mma_accel_reg_info &r = tab[i];
        if (!r.store_mask) continue;
        std::vector<uint32_t> pats = {0xFFFFFFFFu, 0u, 0xA5A5A5A5u, 0x5A5A5A5Au};
        for (unsigned b = 0; b < 32; ++b)
            if (r.store_mask >> b & 1u) pats.push_back(1u << b);
        for (uint32_t p : pats) {
            t.write(r, p, OKAY, "pattern");
            const uint32_t v = t.read(r, "after a pattern");
            t.check((v & r.store_mask) == (p & r.store_mask), "%s @0x%03X: wrote 0x%08X, read back 0x%08X (stored bits 0x%08X)",
                    r.name, r.offset, p, v, r.store_mask);
        }
        for (unsigned byte = 0; byte < 4; ++byte) {
            t.write(r, 0u, OKAY, "clear");
            t.write(r, 0xFFFFFFFFu, OKAY, "one byte", (uint8_t)(1u << byte));
            const uint32_t v = t.read(r, "after one strobed byte");
            const uint32_t want = r.store_mask & (0xFFu << (8 * byte));
            t.check((v & r.store_mask) == want, "%s @0x%03X: ones with strobe 0x%X read back 0x%08X, expected 0x%08X",
                    r.name, r.offset, 1u << byte, v & r.store_mask, want);
        }
        t.write(r, r.reset, OKAY, "restore");
    }
}

// A value per stored register that differs from every other register's in its stored bits.
uint32_t alias_value(const mma_accel_reg_info &r) { return (0x9E3779B9u * (r.offset + 4u)) ^ (r.offset * 0x01010101u); }

void test_aliasing(RegTest &t, const mma_accel_reg_info *tab) {
    for (unsigned i = 0; i < MMA_ACCEL_REG_COUNT; ++i)
        if (tab[i].store_mask) t.write(tab[i], alias_value(tab[i]), OKAY, "distinct value");
    for (unsigned i = 0; i < MMA_ACCEL_REG_COUNT; ++i) {
        const mma_accel_reg_info &r = tab[i];
        if (!r.store_mask) continue;
        const uint32_t v = t.read(r, "after all distinct values");
        const uint32_t want = alias_value(r) & r.store_mask;
        t.check((v & r.store_mask) == want, "%s @0x%03X: read 0x%08X after every register got its own value, expected 0x%08X",
                r.name, r.offset, v & r.store_mask, want);
    }
    for (unsigned i = 0; i < MMA_ACCEL_REG_COUNT; ++i)
        if (tab[i].store_mask) t.write(tab[i], tab[i].reset, OKAY, "restore");
}

void test_read_only(RegTest &t, const mma_accel_reg_info *tab) {
    for (unsigned i = 0; i < MMA_ACCEL_REG_COUNT; ++i) {
        const mma_accel_reg_info &r = tab[i];
        if (r.store_mask || r.woclr_mask || r.pulse_mask) continue;
        const uint32_t before = t.read(r, "before a write");
        t.write(r, ~before, SLVERR, "read-only");
        const uint32_t after = t.read(r, "after a refused write");
        const uint32_t k = known_mask(r);
        t.check((after & k) == (before & k), "%s @0x%03X: a refused write changed 0x%08X to 0x%08X (bits 0x%08X)", r.name,
                r.offset, before & k, after & k, k);
    }
}

void test_write_one(RegTest &t, const mma_accel_reg_info *tab) {
    for (unsigned i = 0; i < MMA_ACCEL_REG_COUNT; ++i) {
        const mma_accel_reg_info &r = tab[i];
        if (r.woclr_mask) {
            t.write(r, 0xFFFFFFFFu, OKAY, "ones to write-1-to-clear");
            const uint32_t v = t.read(r, "after writing ones");
            t.check((v & r.woclr_mask) == 0, "%s @0x%03X: written ones set 0x%08X (software only clears)", r.name,
                    r.offset, v & r.woclr_mask);
        }
        if (r.pulse_mask && !r.store_mask) {
            t.write(r, 0u, OKAY, "zero to pulse bits");
            const uint32_t v = t.read(r, "pulse bits");
            t.check(v == 0, "%s @0x%03X: reads 0x%08X, expected 0 (write-only)", r.name, r.offset, v);
        }
    }
    // nothing started: every hardware-driven STATUS bit (busy, done, error, busy_write) still 0
    const mma_accel_reg_info *status = find_reg(tab, "STATUS");
    t.check(status != nullptr, "the map has no STATUS register");
    if (!status) return;
    const uint32_t v = t.read(*status, "after the writes of 0");
    t.check(v == 0, "STATUS @0x%03X: 0x%08X after writes of 0 and ones to IRQ_STATUS, expected 0", status->offset, v);
}

void test_unmapped(RegTest &t, const mma_accel_reg_info *tab) {
    std::vector<bool> mapped(1024, false);
    for (unsigned i = 0; i < MMA_ACCEL_REG_COUNT; ++i) mapped[tab[i].offset / 4] = true;
    unsigned holes = 0;
    for (uint32_t w = 0; w < 1024; ++w) {
        if (mapped[w]) continue;
        ++holes;
        uint8_t resp = 0xFF;
        const uint32_t v = t.dut.read32(4 * w, &resp);
        t.check(resp == DECERR && v == 0, "unmapped 0x%03X: read answered %u with 0x%08X, expected DECERR (3) with 0",
                4 * w, resp, v);
        t.dut.write32(4 * w, 0xFFFFFFFFu, &resp);
        t.check(resp == DECERR, "unmapped 0x%03X: write answered %u, expected DECERR (3)", 4 * w, resp);
    }
    t.check(holes + MMA_ACCEL_REG_COUNT == 1024, "the map has %u registers and %u holes in 1024 words", MMA_ACCEL_REG_COUNT,
            holes);
    for (unsigned i = 0; i < MMA_ACCEL_REG_COUNT; ++i) {
        const mma_accel_reg_info &r = tab[i];
        const uint32_t v = t.read(r, "after the unmapped writes");
        const uint32_t k = known_mask(r);
        t.check((v & k) == (r.reset & k), "%s @0x%03X: 0x%08X after writes to unmapped words, expected 0x%08X", r.name,
                r.offset, v & k, r.reset & k);
    }
}

// The 64-bit counters through their LO/HI pairs: the harness presets them (Dut::preset_counters),
// since 2^32 cycles are out of any simulation's reach. The idle counters must read exactly their
// preset values (each HI word wired to its own counter); CYCLES, preset 40 below 2^32, read LO then
// HI again and again across the carry, must rise strictly (reading LO latches HI: a HI read live
// after the carry would pair an old LO with a new HI and jump 2^32 ahead).
void test_counters(RegTest &t, const mma_accel_reg_info *tab) {
    static const char *const names[6] = {"CYCLES", "BUSY", "MACS", "RD_BYTES", "WR_BYTES", "STALL"};
    const mma_accel_reg_info *lo[6], *hi[6];
    uint64_t v[6];
    for (unsigned c = 0; c < 6; ++c) {
        lo[c] = find_reg(tab, std::string(names[c]) + "_LO");
        hi[c] = find_reg(tab, std::string(names[c]) + "_HI");
        t.check(lo[c] && hi[c], "the map has no %s_LO / %s_HI pair", names[c], names[c]);
        if (!lo[c] || !hi[c]) return;
        v[c] = ((uint64_t)(0x11u * (c + 1)) << 32) | (0xFFFFFFFFu - 40u + c);   // distinct HI words
    }
    v[0] = 0xFFFFFFFFull - 40u;   // CYCLES: 40 cycles below the carry
    t.dut.preset_counters(v);
    uint64_t last = v[0] - 1u;   // the first read may sample the preset value itself
    bool carried = false;
    for (unsigned r = 0; r < 40; ++r) {
        const uint64_t now = read_pair(t, *lo[0], *hi[0]);
        t.check(now > last && now - last < 64, "CYCLES read 0x%016llX after 0x%016llX (LO then HI near the carry)",
                (unsigned long long)now, (unsigned long long)last);
        carried = carried || now >> 32 == 1u;
        last = now;
    }
    t.check(carried, "CYCLES never carried into its HI word (last read 0x%016llX)", (unsigned long long)last);
    for (unsigned c = 1; c < 6; ++c) {
        const uint64_t got = read_pair(t, *lo[c], *hi[c]);
        t.check(got == v[c], "%s_LO/_HI read 0x%016llX, preset 0x%016llX", names[c], (unsigned long long)got,
                (unsigned long long)v[c]);
    }
}

// A soft reset while idle (what mma_accel_reset does after a failed job) clears the last job's
// outcome: STATUS's done and error, ERR_CAUSE, ERR_INFO. The job is one that the controller's checks
// refuse before any transfer (JOB_M = 0: MMA_ERR_SHAPE naming JOB_M), so no memory is needed.
void test_soft_reset_idle(RegTest &t, const mma_accel_reg_info *tab) {
    const mma_accel_reg_info *ctrl = find_reg(tab, "CTRL"), *status = find_reg(tab, "STATUS"),
                             *cause = find_reg(tab, "ERR_CAUSE"), *info = find_reg(tab, "ERR_INFO"),
                             *mode = find_reg(tab, "JOB_MODE"), *m = find_reg(tab, "JOB_M");
    t.check(ctrl && status && cause && info && mode && m, "the map lacks CTRL, STATUS, ERR_CAUSE, ERR_INFO, JOB_MODE or JOB_M");
    if (!(ctrl && status && cause && info && mode && m)) return;
    t.write(*mode, 0u, OKAY, "mode 0");
    t.write(*m, 0u, OKAY, "an empty shape");
    t.write(*ctrl, MMA_ACCEL__CTRL__START_bm, OKAY, "start");
    uint32_t s = MMA_ACCEL__STATUS__BUSY_bm;
    for (unsigned i = 0; i < 200 && (s & MMA_ACCEL__STATUS__BUSY_bm); ++i) s = t.read(*status, "after a start with JOB_M = 0");
    t.check(s == MMA_ACCEL__STATUS__ERROR_bm, "STATUS 0x%08X after a job with JOB_M = 0, expected 0x%08X (error, idle)", s,
            (unsigned)MMA_ACCEL__STATUS__ERROR_bm);
    uint32_t c = t.read(*cause, "after the refused job"), w = t.read(*info, "after the refused job");
    t.check(c == MMA_ERR_SHAPE && w == m->offset, "ERR_CAUSE %u, ERR_INFO 0x%03X after JOB_M = 0, expected %u (shape), 0x%03X",
            c, w, (unsigned)MMA_ERR_SHAPE, m->offset);
    t.write(*ctrl, MMA_ACCEL__CTRL__SOFT_RESET_bm, OKAY, "soft reset while idle");
    s = t.read(*status, "after a soft reset while idle");
    c = t.read(*cause, "after a soft reset while idle");
    w = t.read(*info, "after a soft reset while idle");
    t.check(s == 0 && c == 0 && w == 0, "STATUS 0x%08X, ERR_CAUSE %u, ERR_INFO 0x%08X after a soft reset while idle, expected 0",
            s, c, w);
}

}  // namespace

int cmd_regs(int argc, char **argv) {
    std::vector<std::string> configs;
    std::string coverage;
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--config" && i + 1 < argc) {
            configs.push_back(argv[++i]);
        } else if (a == "--coverage" && i + 1 < argc) {
            coverage = argv[++i];
        } else {
            std::fprintf(stderr, "mmasim regs: unknown option or missing value: %s\n"
                                 "usage: mmasim regs [--config NAME]... [--coverage FILE]\n", a.c_str());
            return 2;
        }
    }
    if (!coverage.empty() && configs.size() != 1) {
        std::fprintf(stderr, "mmasim regs: --coverage needs exactly one --config (a model writes its own points)\n");
        return 2;
    }
    std::string werr;
    if (!coverage.empty() && !tb::can_write(coverage, werr)) {
        std::fprintf(stderr, "mmasim regs: %s\n", werr.c_str());
        return 2;
    }
    if (configs.empty()) configs = sim::dut_configs();
    const mma_accel_reg_info *tab = mma_accel_reg_table();
    unsigned passed = 0, failed = 0;
    for (const std::string &c : configs) {
        sim::AxiMem mem(MEM_BASE, 1u << 16);
        std::unique_ptr<sim::Dut> d(sim::make_dut(c, &mem));
        if (!d) {
            std::fprintf(stderr, "mmasim regs: no configuration %s in this build\n", c.c_str());
            return 2;
        }
        if (!coverage.empty() && !d->has_coverage()) {
            std::fprintf(stderr, "mmasim regs: --coverage: this mmasim's models are built without coverage "
                                 "(scripts/coverage.sh builds them with it)\n");
            return 2;
        }
        d->reset();
        RegTest t{*d, c};
        test_reset(t, tab);
        test_read_write(t, tab);
        test_aliasing(t, tab);
        test_read_only(t, tab);
        test_write_one(t, tab);
        test_unmapped(t, tab);
        test_counters(t, tab);
        test_soft_reset_idle(t, tab);
        std::printf("regs %-10s %u registers, %u unmapped words: %u checks passed, %u failed (%llu cycles)\n", c.c_str(),
                    MMA_ACCEL_REG_COUNT, 1024 - MMA_ACCEL_REG_COUNT, t.passed, t.failed,
                    (unsigned long long)d->cycles());
        passed += t.passed;
        failed += t.failed;
        if (!coverage.empty()) d->write_coverage(coverage.c_str());
    }
    std::printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}

}  // namespace mmasim
