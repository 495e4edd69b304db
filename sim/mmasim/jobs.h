// Random accelerator jobs for the co-simulation regression: a job is drawn from (seed, index) alone
// (so any one job replays by itself), placed in the AXI memory model with random strides and
// garbage around its rows, run through the driver, and checked bit for bit against mma_gemm.
#ifndef MMA_SIM_JOBS_H
#define MMA_SIM_JOBS_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "../accel/dut.h"
#include "../common/tb_job.h"

extern "C" {
#include "mma/driver.h"
}

namespace mmasim {

// Bad input a job may carry instead of (or on top of) its computation.
enum class Fault {
    none,
    bad_mode,    // JOB_MODE past the mode table                  -> FORMAT_PAIR
    shape,       // M, N or K zero, M or N too large              -> SHAPE
    align,       // an address or stride off the 32-byte grid     -> ALIGN
    range,       // an operand past 4 GiB, or overlapping D rows  -> RANGE
    bus_read,    // SLVERR inside an operand                      -> BUS (read)
    bus_write,   // SLVERR inside D                               -> BUS (write)
    decerr,      // an operand outside memory                     -> BUS, DECERR
    soft_reset,  // CTRL.soft_reset while the job runs            -> aborted, idle, clean status
    busy_write,  // job registers written while it runs           -> refused (STATUS.busy_write), D intact
    reg_misuse,  // read-only and unmapped register writes        -> SLVERR / DECERR, nothing changes
    k_grid,      // K off the mode's grid: sparse not a multiple of 4, packed odd, sparse or
                 // block-scaled past one buffer pass, any mode past 16 bits -> SHAPE
    reg_storm,   // random register traffic before the job (jobs it starts included, each checked
                 // against mma_gemm while no command follows it), then the driver's reset or wait
                 // and ack (sim/mmasim/storm.h)                   -> idle and clean, the job exact
    count
};
// The kinds a random faulted job draws from: bad_mode .. reg_misuse, the ten there were before
// k_grid. Fixed, so that every faulted job of a seed keeps its kind (the replay tests of
// sim/CMakeLists.txt are such jobs); k_grid is drawn within shape, reg_storm from a stream of its
// own over the jobs without a fault.
constexpr unsigned kDrawnFaultKinds = (unsigned)Fault::reg_misuse;
const char *fault_name(Fault f);
// The fault of that name, or Fault::count.
Fault fault_by_name(const std::string &name);

struct Spec {
    uint64_t seed = 0, index = 0;
    unsigned mode = 0;
    unsigned m = 0, n = 0, k = 0;
    bool ordered = true;
    tb::job_opts opts;
    Fault fault = Fault::none;
    unsigned fault_arg = 0;       // which operand / register / variant
    sim::AxiTiming timing;
    bool corrupt = false;         // harness self-test: flip a bit of D after the job, before the check (of a storm's
                                  // job: its D, or a byte of memory under one refused at its checks)
    bool stray_b = false;         // harness self-test: the memory sends a write response nobody asked for
    bool irq_check = true;        // IRQ_EN drawn and the interrupt line checked at the job's end (bench: off,
                                  // its cycles are the job's alone)
    std::string describe(const mma_hw_config &cfg) const;
};

// The geometry the accelerator reports (driver caps).
struct Geometry {
    unsigned tm, tn, p, mb, nb, kpass_bytes, nmodes;
    unsigned kpass(const mma_hw_mode &md) const;   // dense K one buffer pass holds
};

// How a run draws its jobs besides the seed.
struct DrawOpts {
    unsigned fault_permille = 60;   // jobs that carry a fault, per 1000
    int mode = -1;                  // every job in this mode (-1: drawn)
    Fault fault = Fault::count;     // every faulted job carries this fault (count: drawn)
    bool each_mode = false;         // job i in mode i mod nmodes, its fault variant i / nmodes
};

// Draws job `index` of a run with `seed`.
Spec draw(const mma_hw_config &cfg, const Geometry &g, uint64_t seed, uint64_t index, const DrawOpts &d);

// The outcome of one job.
struct Outcome {
    bool pass = false;
    std::string message;           // the first mismatch, or what went wrong
    std::string operands;          // a D mismatch: the codes the first differing element is made of
    uint64_t cycles = 0;           // simulated cycles of the job (submit to acknowledge; a register storm's before it included)
    uint64_t busy = 0, macs = 0;   // performance counter deltas
    uint64_t avail = 0;            // MAC slots available in the busy cycles (TM x TN x lanes)
    uint64_t useful_macs = 0;      // M x N x K of a job that computed
    uint64_t storm_digest = 0;     // a register storm's hash of what it saw (Fault::reg_storm), for replay checks
    double golden_secs = 0;        // host time spent drawing the operands and computing D with the golden model
    mma_status expected = MMA_OK, got = MMA_OK;
    std::vector<std::string> bins; // functional coverage bins the job hit
};

// Runs one job on the accelerator behind dev (dut is its simulation) and checks it.
Outcome run(sim::Dut &dut, mma_accel &dev, const mma_hw_config &cfg, const Geometry &g, const Spec &s);

}  // namespace mmasim

#endif
