// mmasoc: the Verilator harness of the SoC (hw/rtl/soc/mma_soc_top.v, slot empty) and of the SoC
// with the accelerator (hw/rtl/soc/mma_soc_sys.v, --accel).
//
//   mmasoc FIRMWARE.elf [--accel] [--cpu picorv32|vexriscv] [--trace[=FILE.fst]] [--max-cycles N]
//          [--fake-accel] [--expect-exit N] [--quiet]
//   mmasoc --dma-test [--seed N] [--bursts N] [FIRMWARE.elf ...]
//
// Loads the ELF into the RAM (backdoor), releases the CPU, streams the UART to stdout and stops at
// the exit device; prints cycles and simulation speed to stderr and exits with the firmware's exit
// code. --accel runs it on the second model, mma_soc_sys: the same SoC with mma_accel (default
// configuration) on the register window and the DMA port; --fake-accel and --dma-test drive those
// ports from C++ and so need the first model. --dma-test drives the RAM's DMA port (the
// accelerator's AXI4 master port) with random bursts from a C++ AXI4 master and checks every byte
// against a shadow copy; with an ELF the CPU runs the firmware meanwhile (the bursts stay inside a
// window the firmware does not use), else it is held in reset. --fake-accel answers the accelerator
// register window from a C++ AXI4-Lite register file (ID 0x4D4D4143 at offset 0, scratch registers
// elsewhere) instead of the SoC's "absent" path. --cpu vexriscv runs the SoC with its second CPU,
// VexRiscv (RV32IM: an ELF built with the C extension is refused; the build has the firmware for it
// in build/firmware-rv32im/): slot empty, a third model (Vmma_soc_vex) built when the
// pythondata-cpu-vexriscv package is installed; with --accel a fourth (Vmma_soc_vexsys), built only
// with -DMMA_SOC_VEX_ACCEL=ON.
// Exit codes: the firmware's (0..123), 2 usage or ELF error, 3 DMA test mismatch, 124 --max-cycles
// reached, 125 CPU trap. --expect-exit N: 0 if the firmware exited with N, else 1 (for ctest).
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "Vmma_soc_top.h"
#include "Vmma_soc_top___024root.h"
#include "Vmma_soc_top_mma_soc_ram.h"
#include "Vmma_soc_top_mma_soc_top.h"
#include "Vmma_soc_sys.h"
#include "Vmma_soc_sys___024root.h"
#include "Vmma_soc_sys_mma_soc_ram.h"
#include "Vmma_soc_sys_mma_soc_sys.h"
#include "Vmma_soc_sys_mma_soc_top.h"
#if MMASOC_HAVE_VEX
#include "Vmma_soc_vex.h"
#include "Vmma_soc_vex___024root.h"
#include "Vmma_soc_vex_mma_soc_ram.h"
#include "Vmma_soc_vex_mma_soc_top.h"
#endif
#if MMASOC_HAVE_VEX_ACCEL
#include "Vmma_soc_vexsys.h"
#include "Vmma_soc_vexsys___024root.h"
#include "Vmma_soc_vexsys_mma_soc_ram.h"
#include "Vmma_soc_vexsys_mma_soc_sys.h"
// mma_soc_top with a parameter other than its default is a class of its own, named by Verilator
#if __has_include("Vmma_soc_vexsys_mma_soc_top__C1.h")
#include "Vmma_soc_vexsys_mma_soc_top__C1.h"
#else
#include "Vmma_soc_vexsys_mma_soc_top.h"
#endif
#endif
#include "../common/tb_util.h"
#include "elf_load.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

namespace {

constexpr uint32_t RAM_BASE = 0x80000000u;
constexpr uint32_t RAM_BYTES = 256u * 1024u;   // mma_soc_top's RAM_BYTES default
constexpr unsigned DMA_BYTES = 32;             // DMA_DATA_W / 8
constexpr unsigned DMA_WORDS = DMA_BYTES / 4;
constexpr uint32_t ACCEL_ID = 0x4D4D4143u;     // "MMAC"
constexpr uint32_t EF_RISCV_RVC = 0x1;          // ELF e_flags: the code uses the C extension
constexpr int EXIT_USAGE = 2, EXIT_DMA = 3, EXIT_TIMEOUT = 124, EXIT_TRAP = 125;

// The RAM array (rows of DMA_BYTES), reached through the model's public signal (marked public, the
// RAM module stays a C++ class of its own: top -> u_ram -> mem, or sys -> u_soc -> u_ram -> mem).
auto &soc_ram(Vmma_soc_top *t) { return t->rootp->mma_soc_top->u_ram->mem; }
auto &soc_ram(Vmma_soc_sys *t) { return t->rootp->mma_soc_sys->u_soc->u_ram->mem; }
// Which models have VexRiscv as their CPU: the slot-empty one (Vmma_soc_vex), and the one with the
// accelerator (Vmma_soc_vexsys) when it was built.
#if MMASOC_HAVE_VEX
auto &soc_ram(Vmma_soc_vex *t) { return t->rootp->mma_soc_top->u_ram->mem; }
template <class Top> constexpr bool is_vex_top = std::is_same<Top, Vmma_soc_vex>::value;
#else
template <class Top> constexpr bool is_vex_top = false;
#endif
#if MMASOC_HAVE_VEX_ACCEL
auto &soc_ram(Vmma_soc_vexsys *t) { return t->rootp->mma_soc_sys->u_soc->u_ram->mem; }
template <class Top> constexpr bool is_vex = is_vex_top<Top> || std::is_same<Top, Vmma_soc_vexsys>::value;
#else
template <class Top> constexpr bool is_vex = is_vex_top<Top>;
#endif

// Whether a model has the accelerator slot's ports at its top (the harness may drive them).
template <class Top> constexpr bool has_slot_ports = std::is_same<Top, Vmma_soc_top>::value || is_vex_top<Top>;

// Whether a model was Verilated with FST tracing: the slot-empty ones always, the one with the
// accelerator only with -DMMA_SOC_ACCEL_TRACE=ON (its trace code is a quarter of its build time),
// its VexRiscv twin never.
#ifndef MMASOC_ACCEL_TRACE
#define MMASOC_ACCEL_TRACE 0
#endif
template <class Top> constexpr bool model_traces = has_slot_ports<Top> || (MMASOC_ACCEL_TRACE && !is_vex<Top>);

template <class Top> struct Soc {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Top> top;
#if VM_TRACE
    std::unique_ptr<VerilatedFstC> fst;
#endif
    uint64_t cycle = 0;

    Soc() : ctx(new VerilatedContext), top(new Top(ctx.get(), "soc")) {}

    uint8_t ram_byte(uint32_t off) const {
        return uint8_t(soc_ram(top.get())[off / DMA_BYTES][(off % DMA_BYTES) / 4] >> (8 * (off % 4)));
    }
    void ram_write(uint32_t off, const uint8_t *p, size_t n) {
        for (size_t i = 0; i < n; ++i, ++off) {
            uint32_t &w = soc_ram(top.get())[off / DMA_BYTES][(off % DMA_BYTES) / 4];
            const unsigned sh = 8 * (off % 4);
            w = (w & ~(0xFFu << sh)) | (uint32_t(p[i]) << sh);
        }
    }
    // Settles the inputs set for this cycle (clock low): combinational outputs become valid.
    void settle() {
        top->clk_i = 0;
        top->eval();
#if VM_TRACE
        if (fst) fst->dump(ctx->time());
#endif
        ctx->timeInc(1);
    }
    // The rising edge that ends the cycle.
    void edge() {
        top->clk_i = 1;
        top->eval();
#if VM_TRACE
        if (fst) fst->dump(ctx->time());
#endif
        ctx->timeInc(1);
        ++cycle;
    }
};

// ------------------------------------------------------------------ accelerator stand-in
// An AXI4-Lite register file on the register window (--fake-accel): one transaction at a time,
// answered in the cycle after its handshakes.
struct FakeAccel {
    uint32_t regs[1024] = {};
    bool b_pending = false, r_pending = false;
    uint32_t r_data = 0;
    bool aw_seen = false, w_seen = false;
    uint32_t aw_addr = 0, w_data = 0, w_strb = 0;

    FakeAccel() { regs[0] = ACCEL_ID; }
    template <class T> void drive(T *t) const {
        t->m_axil_awready_i = !aw_seen && !b_pending;
        t->m_axil_wready_i = !w_seen && !b_pending;
        t->m_axil_bvalid_i = b_pending;
        t->m_axil_bresp_i = 0;
        t->m_axil_arready_i = !r_pending;
        t->m_axil_rvalid_i = r_pending;
        t->m_axil_rdata_i = r_data;
        t->m_axil_rresp_i = 0;
    }
    // Called after settle(): the handshakes of this cycle.
    template <class T> void sample(const T *t) {
        if (t->m_axil_awvalid_o && t->m_axil_awready_i) { aw_seen = true; aw_addr = t->m_axil_awaddr_o; }
        if (t->m_axil_wvalid_o && t->m_axil_wready_i) { w_seen = true; w_data = t->m_axil_wdata_o; w_strb = t->m_axil_wstrb_o; }
        if (t->m_axil_bvalid_i && t->m_axil_bready_o) b_pending = false;
        if (t->m_axil_rvalid_i && t->m_axil_rready_o) r_pending = false;
        if (t->m_axil_arvalid_o && t->m_axil_arready_i) { r_pending = true; r_data = regs[(t->m_axil_araddr_o & 0xFFF) / 4]; }
        if (aw_seen && w_seen) {
            const unsigned idx = (aw_addr & 0xFFF) / 4;
            if (idx != 0)
                for (unsigned b = 0; b < 4; ++b)
                    if (w_strb & (1u << b)) regs[idx] = (regs[idx] & ~(0xFFu << (8 * b))) | (w_data & (0xFFu << (8 * b)));
            aw_seen = w_seen = false;
            b_pending = true;
        }
    }
};

// ------------------------------------------------------------------ AXI4 master (DMA port test)
struct Burst {
    bool write;
    uint32_t addr;
    unsigned len;      // beats - 1
    unsigned size;     // log2 bytes per beat
    unsigned type;     // 0 FIXED, 1 INCR, 2 WRAP
    std::vector<std::vector<uint8_t>> data;   // per beat, DMA_BYTES bytes
    std::vector<uint32_t> strb;               // per beat
    bool expect_err;
};

uint32_t beat_addr(const Burst &b, unsigned i) {
    const uint32_t step = 1u << b.size;
    uint32_t a = b.addr;
    for (unsigned k = 0; k < i; ++k) {
        const uint32_t aligned = a & ~(step - 1);
        if (b.type == 0) {
        } else if (b.type == 2) {
            const uint32_t mask = ((b.len + 1) << b.size) - 1;
            a = (a & ~mask) | ((aligned + step) & mask);
        } else {
            a = aligned + step;
        }
    }
    return a;
}

// Bytes of the data bus a beat at address a of size 2^size carries (AXI4 A3.4.2 narrow transfers).
uint32_t beat_lanes(uint32_t a, unsigned size) {
    const uint32_t step = 1u << size;
    const uint32_t lo = a % DMA_BYTES, hi = (a & ~(step - 1)) % DMA_BYTES + step;
    uint32_t m = 0;
    for (uint32_t i = lo; i < hi; ++i) m |= 1u << i;
    return m;
}

struct DmaTester {
    std::mt19937_64 rng;
    std::vector<uint8_t> shadow;   // expected RAM contents
    uint32_t win_lo, win_hi;       // test window (offsets in RAM)
    unsigned errors = 0;
    uint64_t beats = 0;

    // channel state
    std::vector<Burst> wq, rq;     // queued bursts
    bool aw_busy = false, w_busy = false, ar_busy = false;
    Burst wcur, rcur;              // burst on the W channel / R channel
    unsigned wbeat = 0, rbeat = 0;
    bool wdone_addr = false;
    int b_outstanding = 0;
    bool r_active = false;
    std::vector<Burst> b_wait;     // bursts waiting for their B
    bool stall_valid = false, stall_ready = false;
    int backpressure;              // percent of cycles with a ready/valid gap

    DmaTester(uint64_t seed, uint32_t lo, uint32_t hi, int bp) : rng(seed), win_lo(lo), win_hi(hi), backpressure(bp) {}

    uint32_t rnd(uint32_t n) { return uint32_t(rng() % n); }

    Burst make(bool write, uint32_t lo, uint32_t hi) {
        Burst b;
        b.write = write;
        b.size = 2 + rnd(4);                      // 4..32 bytes
        const unsigned pick = rnd(10);
        b.type = pick == 0 ? 0 : pick == 1 ? 2 : 1;
        if (b.type == 2) b.len = (2u << rnd(4)) - 1;   // 2, 4, 8, 16 beats
        else b.len = rnd(8) == 0 ? rnd(256) : rnd(16);
        const uint32_t span = (b.len + 1) << b.size;
        b.expect_err = false;
        if (rnd(40) == 0) {
            // outside the RAM (just below its base): DECERR, nothing written
            b.addr = RAM_BASE - span - ((rnd(16) + 1) << b.size);
            b.type = 1;
            b.expect_err = true;
        } else {
            const uint32_t room = hi - lo > span + 64 ? hi - lo - span - 64 : 0;
            uint32_t off = lo + (room ? rnd(room) : 0);
            if (b.type == 2 || rnd(4) != 0) off &= ~((1u << b.size) - 1);   // mostly aligned starts
            b.addr = RAM_BASE + off;
        }
        for (unsigned i = 0; i <= b.len; ++i) {
            std::vector<uint8_t> d(DMA_BYTES);
            for (auto &x : d) x = uint8_t(rng());
            b.data.push_back(d);
            const uint32_t lanes = beat_lanes(beat_addr(b, i), b.size);
            uint32_t s = lanes;
            if (write && rnd(3) == 0) s &= uint32_t(rng());
            b.strb.push_back(s);
        }
        return b;
    }

    // Sets the master's outputs for this cycle.
    template <class T> void drive(T *t) {
        stall_valid = backpressure && int(rnd(100)) < backpressure;
        stall_ready = backpressure && int(rnd(100)) < backpressure;
        // AW
        t->s_axi_awvalid_i = 0;
        if (!aw_busy && !wq.empty()) {
            const Burst &b = wq.front();
            t->s_axi_awvalid_i = 1;
            t->s_axi_awid_i = 1;
            t->s_axi_awaddr_i = b.addr;
            t->s_axi_awlen_i = b.len;
            t->s_axi_awsize_i = b.size;
            t->s_axi_awburst_i = b.type;
        }
        // W (after its AW was sent)
        t->s_axi_wvalid_i = 0;
        if (w_busy && !stall_valid) {
            t->s_axi_wvalid_i = 1;
            for (unsigned w = 0; w < DMA_WORDS; ++w) {
                const uint8_t *p = &wcur.data[wbeat][w * 4];
                t->s_axi_wdata_i[w] = uint32_t(p[0]) | (uint32_t(p[1]) << 8) | (uint32_t(p[2]) << 16) | (uint32_t(p[3]) << 24);
            }
            t->s_axi_wstrb_i = wcur.strb[wbeat];
            t->s_axi_wlast_i = wbeat == wcur.len;
        }
        t->s_axi_bready_i = !stall_ready;
        // AR
        t->s_axi_arvalid_i = 0;
        if (!r_active && !rq.empty()) {
            const Burst &b = rq.front();
            t->s_axi_arvalid_i = 1;
            t->s_axi_arid_i = 2;
            t->s_axi_araddr_i = b.addr;
            t->s_axi_arlen_i = b.len;
            t->s_axi_arsize_i = b.size;
            t->s_axi_arburst_i = b.type;
        }
        t->s_axi_rready_i = r_active && !stall_ready;
    }

    void fail(const char *what, const Burst &b, unsigned beat, unsigned byte, unsigned got, unsigned want) {
        if (++errors <= 10)
            std::fprintf(stderr, "mmasoc: DMA test: %s: %s burst addr 0x%08x len %u size %u type %u beat %u byte %u: got 0x%02x expected 0x%02x\n",
                         what, b.write ? "write" : "read", b.addr, b.len, b.size, b.type, beat, byte, got, want);
    }

    // Handshakes of this cycle (after settle, before the edge).
    template <class T> void sample(const T *t) {
        if (t->s_axi_awvalid_i && t->s_axi_awready_o) {
            wcur = wq.front();
            wq.erase(wq.begin());
            aw_busy = true;   // one write burst in flight at a time (the slave takes one)
            w_busy = true;
            wbeat = 0;
        }
        if (t->s_axi_wvalid_i && t->s_axi_wready_o) {
            ++beats;
            if (!wcur.expect_err) {
                const uint32_t a = beat_addr(wcur, wbeat) - RAM_BASE;
                const uint32_t row = a & ~(DMA_BYTES - 1);
                for (unsigned i = 0; i < DMA_BYTES; ++i)
                    if (wcur.strb[wbeat] & (1u << i)) shadow[row + i] = wcur.data[wbeat][i];
            }
            if (wbeat == wcur.len) {
                w_busy = false;
                b_wait.push_back(wcur);
            } else {
                ++wbeat;
            }
        }
        if (t->s_axi_bvalid_o && t->s_axi_bready_i) {
            if (b_wait.empty()) {
                fail("B without a burst", wcur, 0, 0, 0, 0);
            } else {
                const Burst &b = b_wait.front();
                const unsigned want = b.expect_err ? 3 : 0;
                if (t->s_axi_bresp_o != want || t->s_axi_bid_o != 1) fail("BRESP/BID", b, 0, 0, t->s_axi_bresp_o, want);
                b_wait.erase(b_wait.begin());
            }
            aw_busy = false;
        }
        if (t->s_axi_arvalid_i && t->s_axi_arready_o) {
            rcur = rq.front();
            rq.erase(rq.begin());
            r_active = true;
            rbeat = 0;
        }
        if (t->s_axi_rvalid_o && t->s_axi_rready_i) {
            ++beats;
            const bool last = rbeat == rcur.len;
            if (bool(t->s_axi_rlast_o) != last) fail("RLAST", rcur, rbeat, 0, t->s_axi_rlast_o, last);
            if (t->s_axi_rid_o != 2) fail("RID", rcur, rbeat, 0, t->s_axi_rid_o, 2);
            const unsigned want_resp = rcur.expect_err ? 3 : 0;
            if (t->s_axi_rresp_o != want_resp) fail("RRESP", rcur, rbeat, 0, t->s_axi_rresp_o, want_resp);
            if (!rcur.expect_err) {
                const uint32_t a = beat_addr(rcur, rbeat) - RAM_BASE;
                const uint32_t row = a & ~(DMA_BYTES - 1);
                const uint32_t lanes = beat_lanes(a + RAM_BASE, rcur.size);
                for (unsigned i = 0; i < DMA_BYTES; ++i) {
                    if (!(lanes & (1u << i))) continue;
                    const unsigned got = (t->s_axi_rdata_o[i / 4] >> (8 * (i % 4))) & 0xFF;
                    if (got != shadow[row + i]) fail("read data", rcur, rbeat, i, got, shadow[row + i]);
                }
            }
            if (last) r_active = false;
            else ++rbeat;
        }
    }

    bool idle() const { return wq.empty() && rq.empty() && !aw_busy && !w_busy && !r_active && b_wait.empty(); }
};

template <class T> void idle_dma(T *t) {
    t->s_axi_awvalid_i = 0;
    t->s_axi_wvalid_i = 0;
    t->s_axi_bready_i = 1;
    t->s_axi_arvalid_i = 0;
    t->s_axi_rready_i = 1;
}

template <class T> void idle_accel(T *t) {
    t->m_axil_awready_i = 0;
    t->m_axil_wready_i = 0;
    t->m_axil_bvalid_i = 0;
    t->m_axil_arready_i = 0;
    t->m_axil_rvalid_i = 0;
}

int usage(const char *msg) {
    if (msg) std::fprintf(stderr, "mmasoc: %s\n", msg);
    std::fprintf(stderr,
                 "usage: mmasoc FIRMWARE.elf [--accel] [--cpu picorv32|vexriscv] [--trace[=FILE.fst]] [--max-cycles N]\n"
                 "              [--fake-accel] [--expect-exit N] [--quiet]\n"
                 "       mmasoc --dma-test [--seed N] [--bursts N] [--backpressure PCT] [FIRMWARE.elf]\n"
                 "Runs an RV32IMC (PicoRV32) or RV32IM (VexRiscv) ELF, linked for the QEMU virt memory map\n"
                 "(board/rv32/link.ld), on the SoC until it writes the exit device; UART output goes to stdout,\n"
                 "cycles to stderr.\n"
                 "--accel: on the SoC with the accelerator (mma_soc_sys, default configuration) instead of\n"
                 "the SoC with the slot empty.\n"
                 "--cpu vexriscv: the SoC with VexRiscv (RV32IM; firmware from build/firmware-rv32im/) instead\n"
                 "of PicoRV32 (RV32IMC); with --accel only in a build configured -DMMA_SOC_VEX_ACCEL=ON.\n"
                 "Exit status: the firmware's exit code; 2 usage/ELF error, 3 DMA test mismatch,\n"
                 "124 --max-cycles reached, 125 CPU trap; with --expect-exit N: 0 if it was N, else 1.\n");
    return EXIT_USAGE;
}

// What the command line asked for.
struct Options {
    std::string elf_path, trace_path;
    bool trace = false, fake_accel = false, quiet = false, dma_test = false, accel = false, vex = false;
    uint64_t max_cycles = 200000000ull, seed = 1, bursts = 400, backpressure = 20, expect = 0;
    bool have_expect = false;
};

// Runs the firmware (and the DMA test) on one model; returns the process exit status.
template <class Top> int run(const Options &o, const ElfImage &img) {
    Soc<Top> soc;
    Top *t = soc.top.get();
    if (o.trace) {
#if VM_TRACE
        if constexpr (model_traces<Top>) {
            soc.ctx->traceEverOn(true);
            soc.fst.reset(new VerilatedFstC);
            t->trace(soc.fst.get(), 99);
            soc.fst->open(o.trace_path.empty() ? "mmasoc.fst" : o.trace_path.c_str());
        } else {
            std::fprintf(stderr, "mmasoc: the model with the accelerator was built without tracing "
                                 "(configure with -DMMA_SOC_ACCEL_TRACE=ON)\n");
            return EXIT_USAGE;
        }
#else
        std::fprintf(stderr, "mmasoc: built without tracing\n");
        return EXIT_USAGE;
#endif
    }

    // reset: 4 cycles, CPU held while the image is loaded
    const bool run_cpu = !o.elf_path.empty();
    t->rst_ni = 0;
    t->cpu_hold_i = 1;
    if constexpr (has_slot_ports<Top>) {
        t->accel_present_i = o.fake_accel;
        t->accel_irq_i = 0;
        idle_dma(t);
        idle_accel(t);
    }
    for (int i = 0; i < 4; ++i) { soc.settle(); soc.edge(); }
    for (const auto &s : img.segments) soc.ram_write(s.addr - RAM_BASE, s.bytes.data(), s.bytes.size());
    t->rst_ni = 1;
    t->cpu_hold_i = run_cpu ? 0 : 1;

    FakeAccel accel;
    std::unique_ptr<DmaTester> dma;
    if (o.dma_test) {
        // the window: all of the RAM with the CPU held; with firmware running, up to 64 KiB from the
        // first 4 KiB page past the image (its segments, .bss included: board/rv32/link.ld puts the
        // image low) and below the top 64 KiB, where link.ld puts the stack (16-32 KiB and a guard)
        uint32_t lo = 0, hi = RAM_BYTES;
        if (run_cpu) {
            uint32_t end = 0;
            for (const auto &s : img.segments) end = std::max(end, uint32_t(s.addr - RAM_BASE + s.bytes.size()));
            lo = (end + 0xFFFu) & ~0xFFFu;
            hi = std::min(lo + 0x10000u, RAM_BYTES - 0x10000u);
            if (hi < lo + 0x4000u) {
                std::fprintf(stderr, "mmasoc: --dma-test: the firmware image ends at 0x%08x: no 16 KiB of RAM left "
                                     "for the DMA test between it and the stack's 64 KiB\n", RAM_BASE + end);
                return EXIT_USAGE;
            }
        }
        dma.reset(new DmaTester(o.seed, lo, hi, int(o.backpressure)));
        dma->shadow.resize(RAM_BYTES);
        for (uint32_t a = 0; a < RAM_BYTES; ++a) dma->shadow[a] = soc.ram_byte(a);
    }

    uint64_t made = 0, accel_clocked = 0;
    bool exited = false, dma_done = !o.dma_test;
    unsigned exit_code = 0, bad = 0;
    const auto t0 = std::chrono::steady_clock::now();
    const uint64_t start_cycle = soc.cycle;
    while (true) {
        if (soc.cycle - start_cycle >= o.max_cycles) {
            std::fflush(stdout);
            std::fprintf(stderr, "mmasoc: stopped after --max-cycles %" PRIu64 " cycles: the firmware did not write the exit device\n",
                         o.max_cycles);
            return EXIT_TIMEOUT;
        }
        if constexpr (has_slot_ports<Top>) {
            if (dma && !dma_done) {
                // keep a few bursts queued in each direction, reads and writes in disjoint halves of the window
                while (made < o.bursts && dma->wq.size() + dma->rq.size() < 2) {
                    if (made % 8 == 0 && made > 0 && !dma->idle()) break;   // a new phase starts idle
                    const uint32_t mid = (dma->win_lo + dma->win_hi) / 2;
                    const bool write = dma->rnd(2) == 0;
                    const bool low = (made / 8) % 2 == 0;   // swap halves every 8 bursts so reads see written data
                    const uint32_t lo = (write == low) ? dma->win_lo : mid, hi = (write == low) ? mid : dma->win_hi;
                    (write ? dma->wq : dma->rq).push_back(dma->make(write, lo, hi));
                    ++made;
                }
                dma->drive(t);
            }
            if (o.fake_accel) accel.drive(t);
        }
        soc.settle();
        if constexpr (has_slot_ports<Top>) {
            if (dma && !dma_done) {
                dma->sample(t);
                if (made >= o.bursts && dma->idle()) {
                    dma_done = true;
                    idle_dma(t);
                }
            }
            if (o.fake_accel) accel.sample(t);
        }
        soc.edge();
        if constexpr (!has_slot_ports<Top>) accel_clocked += t->accel_clk_en_o;

        if (t->uart_tx_valid_o) {
            const char c = char(t->uart_tx_data_o);
            std::fputc(c, stdout);
            if (c == '\n') std::fflush(stdout);
        }
        if (t->bad_access_o && ++bad <= 10)
            std::fprintf(stderr, "mmasoc: warning: access to unmapped address 0x%08x at cycle %" PRIu64 " (reads 0, writes dropped)\n",
                         t->bad_addr_o, soc.cycle);
        if (t->trap_o && run_cpu) {
            std::fflush(stdout);
            if constexpr (is_vex<Top>)
                std::fprintf(stderr, "mmasoc: the CPU trapped: VexRiscv fetched from unmapped address 0x%08x at cycle %" PRIu64
                                     " (a trap jumps to mtvec, which is 0: illegal instruction, misaligned access, ecall or ebreak)\n",
                             t->bad_addr_o, soc.cycle);
            else
                std::fprintf(stderr, "mmasoc: the CPU trapped (illegal instruction, misaligned access or ebreak) at cycle %" PRIu64 "\n",
                             soc.cycle);
            return EXIT_TRAP;
        }
        if (t->exit_valid_o && !exited) {
            exited = true;
            exit_code = t->exit_code_o;
        }
        if ((exited || !run_cpu) && dma_done) break;
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::fflush(stdout);
#if VM_TRACE
    if (soc.fst) soc.fst->close();
#endif
    const uint64_t cycles = soc.cycle - start_cycle;
    if (dma) {
        std::fprintf(stderr, "mmasoc: DMA test: %" PRIu64 " bursts, %" PRIu64 " beats, %u errors (seed %" PRIu64 ")\n", o.bursts,
                     dma->beats, dma->errors, o.seed);
        // the RAM as the CPU side sees it must equal the shadow too
        unsigned diff = 0;
        for (uint32_t a = dma->win_lo; a < dma->win_hi; ++a)
            if (soc.ram_byte(a) != dma->shadow[a] && ++diff <= 5)
                std::fprintf(stderr, "mmasoc: DMA test: RAM byte 0x%08x is 0x%02x, expected 0x%02x\n", RAM_BASE + a,
                             soc.ram_byte(a), dma->shadow[a]);
        if (dma->errors || diff) {
            std::fprintf(stderr, "mmasoc: DMA test FAILED\n");
            return EXIT_DMA;
        }
        std::fprintf(stderr, "mmasoc: DMA test passed\n");
    }
    if (!o.quiet || exit_code != 0) {
        std::fprintf(stderr, "mmasoc: %s%u after %" PRIu64 " cycles (%.2f s, %.2f M cycles/s)\n",
                     run_cpu ? "exit code " : "done, code ", exit_code, cycles, secs, secs > 0 ? cycles / secs / 1e6 : 0.0);
        if (!has_slot_ports<Top>)
            std::fprintf(stderr, "mmasoc: the accelerator's clock ran %" PRIu64 " of them (%.2f%%)\n", accel_clocked,
                         cycles ? 100.0 * accel_clocked / cycles : 0.0);
    }
    if (o.have_expect) {
        if (exit_code == o.expect) return 0;
        std::fprintf(stderr, "mmasoc: expected exit code %" PRIu64 "\n", o.expect);
        return 1;
    }
    if (exit_code > 123) {
        std::fprintf(stderr, "mmasoc: firmware exit code %u is above 123 (reported as 123)\n", exit_code);
        return 123;
    }
    return int(exit_code);
}

}  // namespace

int main(int argc, char **argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&](uint64_t *v) {
            if (i + 1 >= argc || !tb::parse_u64(argv[i + 1], *v)) return false;
            ++i;
            return true;
        };
        if (a == "--help" || a == "-h") { usage(nullptr); return 0; }
        else if (a == "--trace") o.trace = true;
        else if (a.rfind("--trace=", 0) == 0) { o.trace = true; o.trace_path = a.substr(8); }
        else if (a == "--max-cycles") { if (!value(&o.max_cycles) || o.max_cycles == 0) return usage("--max-cycles needs a positive number"); }
        else if (a == "--accel") o.accel = true;
        else if (a == "--cpu") {
            const std::string c = i + 1 < argc ? argv[++i] : "";
            if (c == "vexriscv") o.vex = true;
            else if (c != "picorv32") return usage("--cpu needs picorv32 or vexriscv");
        }
        else if (a == "--fake-accel") o.fake_accel = true;
        else if (a == "--expect-exit") { if (!value(&o.expect)) return usage("--expect-exit needs a number"); o.have_expect = true; }
        else if (a == "--quiet") o.quiet = true;
        else if (a == "--dma-test") o.dma_test = true;
        else if (a == "--seed") { if (!value(&o.seed)) return usage("--seed needs a number"); }
        else if (a == "--bursts") { if (!value(&o.bursts)) return usage("--bursts needs a number"); }
        else if (a == "--backpressure") { if (!value(&o.backpressure) || o.backpressure > 90) return usage("--backpressure needs 0..90"); }
        else if (!a.empty() && a[0] == '-') return usage(("unknown option " + a).c_str());
        else if (o.elf_path.empty()) o.elf_path = a;
        else return usage("more than one firmware file given");
    }
    if (o.elf_path.empty() && !o.dma_test) return usage("no firmware ELF given");
    if (o.accel && (o.fake_accel || o.dma_test))
        return usage("--accel puts the real accelerator on the ports --fake-accel and --dma-test drive: use one");
#if !MMASOC_HAVE_VEX_ACCEL
    if (o.vex && o.accel)
        return usage("--accel --cpu vexriscv: this mmasoc was built without that model (configure with -DMMA_SOC_VEX_ACCEL=ON)");
#endif
#if !MMASOC_HAVE_VEX
    if (o.vex) return usage("--cpu vexriscv: this mmasoc was built without pythondata-cpu-vexriscv (bash scripts/setup.sh)");
#endif

    ElfImage img;
    if (!o.elf_path.empty()) {
        std::vector<uint8_t> file;
        std::string err = read_file(o.elf_path, &file, 64ull << 20);
        if (err.empty()) err = elf_parse(file, RAM_BASE, RAM_BYTES, &img);
        if (!err.empty()) {
            std::fprintf(stderr, "mmasoc: %s: %s\n", o.elf_path.c_str(), err.c_str());
            return EXIT_USAGE;
        }
        if (img.entry != RAM_BASE) {
            std::fprintf(stderr, "mmasoc: %s: entry point 0x%08x is not the reset address 0x%08x (link with board/rv32/link.ld)\n",
                         o.elf_path.c_str(), img.entry, RAM_BASE);
            return EXIT_USAGE;
        }
        if (o.vex && (img.flags & EF_RISCV_RVC)) {
            std::fprintf(stderr, "mmasoc: %s: built with the C extension (e_flags 0x%x), which VexRiscv here does not have "
                                 "(RV32IM): use the rv32im build of the firmware (build/firmware-rv32im/)\n",
                         o.elf_path.c_str(), img.flags);
            return EXIT_USAGE;
        }
    }
#if MMASOC_HAVE_VEX_ACCEL
    if (o.vex && o.accel) return run<Vmma_soc_vexsys>(o, img);
#endif
#if MMASOC_HAVE_VEX
    if (o.vex) return run<Vmma_soc_vex>(o, img);
#endif
    return o.accel ? run<Vmma_soc_sys>(o, img) : run<Vmma_soc_top>(o, img);
}
