// The checks the accelerator makes of a started job's registers before any memory access, written
// from the register map's contract (hw/regs/mma_accel.rdl, the ERR_CAUSE table of
// hw/rtl/accel/mma_ctrl.v's header): the harness's oracle for which jobs the hardware must refuse,
// with which cause, naming which register.
#ifndef MMA_SIM_JOB_CHECKS_H
#define MMA_SIM_JOB_CHECKS_H

#include <array>
#include <cstdint>

#include "jobs.h"
#include "layout.h"

namespace mmasim {

// A job's refusal: cause MMA_OK (the job passes its checks and runs), or MMA_ERR_FORMAT_PAIR,
// MMA_ERR_SHAPE, MMA_ERR_ALIGN, MMA_ERR_RANGE with reg, the offset of the register ERR_INFO names.
struct Refusal {
    mma_status cause = MMA_OK;
    uint32_t reg = 0;
};

// Whether st is one of the causes of a refusal at the register checks (FORMAT_PAIR, SHAPE, ALIGN, RANGE).
inline bool is_refusal(mma_status st) {
    return st == MMA_ERR_FORMAT_PAIR || st == MMA_ERR_SHAPE || st == MMA_ERR_ALIGN || st == MMA_ERR_RANGE;
}

// The operands of bus job bj of mode md (operand_regions) with the addresses and strides its
// registers give them.
std::array<Region, 7> bus_job_regions(const mma_hw_mode &md, const mma_accel_bus_job &bj);

// The refusal of job bj by an accelerator of configuration cfg and geometry g: the first rule it
// breaks, in the order JOB_MODE (a row of the mode table), JOB_M, JOB_N (1..65535), JOB_K (1..65535;
// sparse a multiple of 4, packed even, sparse or block-scaled within one buffer pass), then per
// operand the mode uses (A, B^T, C, D, metadata, scale_A, scale_B^T) its address and its stride on
// the bus beat, its last byte below 4 GiB (else its address) and, for D of more than one row, a
// stride not shorter than a row (else D_STRIDE).
Refusal job_refusal(const mma_hw_config &cfg, const Geometry &g, const mma_accel_bus_job &bj);

}  // namespace mmasim

#endif
