// Functional coverage of the DPU datapath (issue 9), collected on the C side from the stimulus and
// the golden model's stage functions (include/mma/stage.h), for the outputs a harness has checked
// bit for bit against the RTL. Bins, per mode of the configuration (= format pair x output format):
//
//   special class of the output   normal, zero in, subnormal in, NaN in, Inf in, Inf-Inf -> NaN,
//                                 0 x Inf -> NaN, overflow -> Inf, exact cancellation -> +0,
//                                 subnormal ("tiny") result
//   alignment distance            max over a block-FMA step of E - e (e: exponent of a product /
//                                 group term taking part), bucketed 0, 1..8, 9..F-1, >= F; one hit
//                                 per step of the output
//   rounding outcome              of the output's final step: exact, down (truncated), up
//                                 (incremented), carry into the next binade, overflow to Inf
//
// A bin that the mode's formats and numerics cannot reach is "not applicable" with its reason
// (coverage::na_*); it is printed as "-" and not counted. The directed generators (make_directed_job)
// bias the stimulus towards the bins random operands rarely reach.
#ifndef MMA_TB_COV_H
#define MMA_TB_COV_H

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "mma/stage.h"
#include "tb_job.h"

namespace tb {

enum cov_special { SP_NORMAL, SP_ZERO, SP_SUBNORMAL, SP_NAN, SP_INF, SP_INF_INF, SP_ZERO_INF, SP_OVERFLOW, SP_CANCEL,
                   SP_TINY, SP_COUNT };
enum cov_align { AL_0, AL_1_8, AL_9_F, AL_GE_F, AL_COUNT };
enum cov_round { RO_EXACT, RO_DOWN, RO_UP, RO_CARRY, RO_OVERFLOW, RO_COUNT };
enum cov_dim { DIM_SPECIAL, DIM_ALIGN, DIM_ROUND };

// What one output of a job hits, from the shadow run of the stages.
struct out_cov {
    bool ok = false;            // the stages reproduced mma_gemm's D (else err says why)
    std::string err;
    int special = -1;           // cov_special
    int round = -1;             // cov_round of the final step, -1: special or zero result
    unsigned align[AL_COUNT] = {0, 0, 0, 0};  // steps per bucket
};

// One step of an output as the stage functions compute it (coverage::classify with a trace): the
// golden values a mismatch report prints next to the DPU's align / sum / round registers.
struct step_trace {
    enum kind_t { BFMA, SEPARATE_C, INTEGER, EXACT } kind = BFMA;   // EXACT: a chunk of the `exact` preset
    unsigned k0 = 0, p0 = 0, terms = 0;  // chunk start, step start within it, terms (products or groups)
    bool c_in = false;                   // the accumulator (C or the previous step's D) takes part
    uint64_t c = 0;                      // its code (dtype), or the chunk's C for SEPARATE_C
    mma_bfma_frame frame{};              // align's outcome (BFMA)
    int64_t S = 0;                       // the exact sum of the aligned terms (BFMA; INTEGER: the chunk's sum;
                                         // EXACT: the products' sum in units of 2^lsb)
    int lsb = 0;                         // EXACT: the weight of S's unit (mma_dpu_exact's grid)
    bool special = false;                // EXACT: a NaN or Inf product decides the chunk (S unused)
    uint64_t code = 0;                   // the step's rounded result (dtype)
};

// The trace as report lines, each starting with indent (a trace of more than 32 steps: its first and last 16).
std::string format_trace(const std::vector<step_trace> &tr, const mma_hw_mode &md, const char *indent);
// The golden steps of output (row, col) of j for a mismatch report: classify's trace as format_trace
// lines, or one line saying why the stages could not replay it.
std::string golden_steps(const job &j, unsigned row, unsigned col, const char *indent);
// Which DPU registers the golden steps of j's mode are to be read against in a waveform.
const char *trace_registers(const job &j);

struct coverage {
    struct mode_bins {
        uint64_t cases = 0;
        uint64_t sp[SP_COUNT] = {};
        uint64_t al[AL_COUNT] = {};
        uint64_t ro[RO_COUNT] = {};
    };
    const mma_hw_config *cfg = nullptr;
    std::vector<mode_bins> bins;
    std::vector<bool> in_scope;  // modes this run covers (--mode)
    uint64_t min_hits = 1;       // hits a bin needs to count as hit (--min-hits)

    void init(const mma_hw_config &c);
    // Replays output (row, col) of j through the stage functions and says which bins it hits.
    // With trace, also records every step of it (step_trace).
    static void classify(const job &j, unsigned row, unsigned col, out_cov *o,
                         std::vector<step_trace> *trace = nullptr);
    // Why bin b of dimension dim cannot be hit in mode md, or nullptr if it can.
    static const char *na_reason(const mma_hw_mode &md, cov_dim dim, int b);
    bool hits_new(unsigned mode, const out_cov &o) const;  // an applicable bin still below min_hits
    void add(unsigned mode, const out_cov &o);
    bool mode_complete(unsigned mode) const;
    // Prints the table and "coverage: N/M bins hit"; returns the number of applicable bins below
    // min_hits (listed as UNHIT lines when list_unhit) plus the bins marked not applicable that were
    // hit all the same (always listed, as NA-HIT: the reason given for them is wrong).
    unsigned print(FILE *f, bool list_unhit) const;
};

// Stimulus flavours: 0 is the harness's plain random job; the others are directed.
enum flavour { FL_RANDOM, FL_SPECIALS, FL_CANCEL, FL_BIG, FL_UNIFORM, FL_WIDE, FL_CARRY, FL_SHORT, FL_NORMAL, FL_TINY,
               FL_COUNT };
const char *flavour_name(unsigned f);
// K of a case of flavour f (ragged for random jobs; whole steps where the flavour needs them).
unsigned pick_k(const mma_hw_mode &md, rng &r, unsigned f);
// A job of flavour f: make_job's random operands, then the flavour's edits, then the golden model.
void make_directed_job(job &j, const mma_hw_config &cfg, const mma_hw_mode &md, rng &r, unsigned m, unsigned n,
                       unsigned k, unsigned f, unsigned special_permille);

}  // namespace tb

#endif
