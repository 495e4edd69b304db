// The register storm (Fault::reg_storm) of the co-simulation regression: random register traffic
// with the clock running before a job, the jobs it starts checked against the golden model, and
// the accelerator required idle and clean afterwards.
#ifndef MMA_SIM_STORM_H
#define MMA_SIM_STORM_H

#include <cstdint>
#include <string>

#include "jobs.h"

namespace mmasim {

// What a storm checked: its jobs compared with the golden model, those of them whose D was, the
// jobs refused as the register checks' oracle predicts (job_checks.h), and the jobs whose memory
// writes were checked (fenced: none outside D's rows, none at all when refused; at their end or at
// the CTRL command that ends their check).
struct StormChecks {
    unsigned jobs = 0, d = 0, refused = 0, fenced = 0;
};

// Fault::reg_storm: before the job, 8-135 rounds of register traffic with the clock running
// between them. A round is one access - any word of the 4 KiB window (most of them the control and
// job registers), any byte strobes, a value random, small (modes, shapes, control bits: starts,
// acks, soft resets), an aligned address in the first STORM_SPAN of memory or a small aligned stride - or, one round in
// six, a whole plausible job written and started (a mode of the table, M and N up to 40, K up to
// 300, aligned operands there, strides that may be short; one such round in four breaks one or two
// rules more: a mode past the table, M, N or K out of range or off the grid, an address or stride off
// the beat, an address near 4 GiB), so that jobs run, fail their checks and get written to,
// acknowledged or reset while busy. It ends with the driver's reset, or
// one storm in three with the driver's wait (until idle, then CTRL.ack). Afterwards the accelerator must be idle
// with STATUS and ERR_CAUSE clear and no bus transaction open, the AXI master must not have broken
// the protocol (the memory's checks, the RTL's assertions), and every access must have been
// answered OKAY, SLVERR or DECERR. A plausible job's round reads STATUS and JOBS first and JOBS
// after. A job started on an idle accelerator, as long as no CTRL command and no other start follow
// it, is checked with the status it ended with (what STATUS, ERR_CAUSE and ERR_INFO hold when the
// next plausible round finds the accelerator idle, or at the end what the driver's wait returns, or
// before the reset what they hold once it has ended): first against the register checks' oracle
// (job_refusal: a job it refuses must end with that cause and register; one it passes must not be
// refused), then against the golden model (check_storm_job), and in any outcome for what it wrote
// (fence_breach: no byte when refused, none outside D's rows else; also while it runs, at the next
// plausible round finding it busy, and before the CTRL command that ends its check); *checks counts
// them. A refused job must also not run 64 cycles: at every round until its check ends, and at the
// end, the busy line (read without an access, so without changing the storm's timing) must not
// show it busy 64 cycles after its start, nor falling that late.
// The storm runs before the job's operands are placed: what the jobs it started wrote is
// overwritten. "" when all held, else what did not. *digest: a hash of what the storm saw (every
// answer and read value, its cycles, the storm's memory at its end), the same in every run of the job.
std::string storm(sim::Dut &dut, mma_accel &dev, const mma_hw_config &cfg, const Geometry &g, const Spec &s, uint64_t *digest,
                  StormChecks *checks);

}  // namespace mmasim

#endif
