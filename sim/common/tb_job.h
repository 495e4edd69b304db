// Jobs for the RTL harnesses: random operands for one mode of a configuration (one row of the
// generated mode table), the golden model's result for them (mma_gemm with the instruction and
// preset that define the mode), and the packing of A, B, metadata and scales into the byte
// vectors a DPU step reads. Used by the DPU and the core harnesses, so both feed the RTL the same
// way the accelerator's memory layout does.
#ifndef MMA_TB_JOB_H
#define MMA_TB_JOB_H

#include <cstdint>
#include <string>
#include <vector>

extern "C" {
#include "mma/accel_model.h"
#include "mma/hw/mma_configs.h"
#include "mma/mmacore.h"
#include "mma/sparse.h"
}
#include "tb_util.h"

namespace tb {

// One GEMM job of a mode: D (m x n) = A (m x k) x B (k x n) + C, codes one per element.
struct job {
    const mma_hw_mode *mode = nullptr;
    mma_instr ins{};
    mma_profile prof{};
    unsigned m = 0, n = 0, k = 0;      // k: dense K (a multiple of the metadata chunk when sparse)
    std::vector<uint64_t> a;           // dense: m x k; sparse: the stored A, m x k/2
    std::vector<uint8_t> meta;         // sparse: m x k/4 nibbles
    std::vector<uint64_t> b;           // k x n (row-major, as mma_gemm takes it)
    std::vector<uint64_t> c, d;        // m x n
    std::vector<uint64_t> sa, sb;      // block scale: m x nblk, nblk x n
    unsigned nblk = 0;
    bool ordered = true;               // metadata variant
    mma_status ref = MMA_OK;           // the golden model's status
    bool neg_zero = false;             // the neg_zero flavour applied (job_opts::neg_zero)
    bool tie = false;                  // the tie flavour applied (job_opts::tie)
    bool zero_inf = false;             // the zero/Inf flavour applied (job_opts::zero_inf)
    unsigned kpad() const { return (k + mode->kc - 1) / mode->kc * mode->kc; }
    unsigned steps() const { return kpad() / mode->kc * mode->steps; }
};

// The code of a float format with the given sign, exponent field and fraction field.
inline uint64_t fcode(const mma_format_info *fi, unsigned sign, uint64_t efield, uint64_t frac) {
    uint64_t c = (efield << (fi->frac_bits + fi->frac_shift)) | (frac << fi->frac_shift);
    if (sign && fi->has_sign) c |= 1ull << (fi->storage_bits - 1);
    return c;
}

// The Inf code of a float format that has one, with the given sign (all-ones exponent, zero fraction).
inline uint64_t inf_code(const mma_format_info *fi, unsigned sign) {
    return fcode(fi, sign, (1ull << fi->exp_bits) - 1, 0);
}

// What a job's operands stress beyond random finite values.
struct job_opts {
    unsigned special_permille = 0;    // any code (NaN, Inf, subnormal) at this rate
    unsigned bad_meta_permille = 0;   // invalid metadata nibbles at this rate
    bool cancel = false;              // dense floats: the second half of K cancels the first exactly
    bool big = false;                 // floats near the largest finite value, s32 C near its limits: sums overflow
    bool bad_code = false;            // one element of A with a bit above its format's width
    bool neg_zero = false;            // dense floats: one element of D sums -0 products onto a C of -0
    uint64_t c_inf = 0;               // not 0: one element of C is +-Inf (where C's format has Inf), placed by
                                      // a stream of its own seeded with this value (the other draws stay)
    uint64_t tie = 0;                 // not 0: dense unscaled floats, up to four elements of D (distinct rows and
                                      // columns) are C plus half a unit in the last place of D's format plus a
                                      // tiny product: just above or below a rounding tie, told apart only by what
                                      // lies far below (own stream, as c_inf)
    uint64_t zero_inf = 0;            // not 0: a fraction of the float elements of A, B and C are +-0 or +-Inf
                                      // and of the block scales NaN or zero (own stream, as c_inf)
};

// Sets up a job of mode md and shape m x n x k with every operand code zero: its instruction and
// profile (mma_accel_mode_model), the metadata variant (ordered: ::ordered_metadata), the block count.
void shape_job(job &j, const mma_hw_config &cfg, const mma_hw_mode &md, unsigned m, unsigned n, unsigned k, bool ordered);
// Fills a job with random operands (special values and invalid metadata at the given per-mille
// rates) and computes the golden model's D (mma_gemm).
void make_job(job &j, const mma_hw_config &cfg, const mma_hw_mode &md, rng &r, unsigned m, unsigned n, unsigned k,
              unsigned special_permille, unsigned bad_meta_permille);
void make_job(job &j, const mma_hw_config &cfg, const mma_hw_mode &md, rng &r, unsigned m, unsigned n, unsigned k,
              const job_opts &opts);

// (Re)computes j.d and j.ref with the golden model (mma_gemm) from the job's operands: after a
// directed generator has edited the operands that make_job drew.
void run_golden(job &j);

// Bytes of one DPU step for output row i (A side) or column jj (B side), step t (0 .. steps-1).
void step_a(const job &j, unsigned i, unsigned t, unsigned w_bytes, uint8_t *bytes);
void step_b(const job &j, unsigned jj, unsigned t, unsigned nb_bytes, uint8_t *bytes);
uint64_t step_meta(const job &j, unsigned i, unsigned t);
uint32_t step_sa(const job &j, unsigned i, unsigned t);
uint32_t step_sb(const job &j, unsigned jj, unsigned t);
// Step flags: first step of a chunk, last step of a chunk, and the pair_split half.
bool step_chunk_first(const job &j, unsigned t);
bool step_chunk_last(const job &j, unsigned t);
bool step_half(const job &j, unsigned t);

// A mode for reports and coverage bins: its instruction, and "(C unused)" for a mode that leaves C out.
std::string mode_name(const mma_hw_mode &md);

}  // namespace tb

#endif
