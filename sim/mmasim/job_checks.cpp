// The job-register checks' oracle (job_checks.h).
#include "job_checks.h"

namespace mmasim {

std::array<Region, 7> bus_job_regions(const mma_hw_mode &md, const mma_accel_bus_job &bj) {
    const unsigned nblk = md.stype ? (bj.k + md.block_k - 1) / md.block_k : 0;
    std::array<Region, 7> rg = operand_regions(md, bj.m, bj.n, bj.k, nblk);
    const uint32_t addr[7] = {bj.a, bj.b, bj.c, bj.d, bj.meta, bj.sa, bj.sb};
    const uint32_t stride[7] = {bj.a_stride, bj.b_stride, bj.c_stride, bj.d_stride, bj.meta_stride, bj.sa_stride, bj.sb_stride};
    for (unsigned o = 0; o < 7; o++) {
        rg[o].addr = addr[o];
        rg[o].stride = stride[o];
    }
    return rg;
}

Refusal job_refusal(const mma_hw_config &cfg, const Geometry &g, const mma_accel_bus_job &bj) {
    auto refuse = [](mma_status cause, uint32_t reg) { return Refusal{cause, reg}; };
    if (bj.mode >= cfg.nmodes) return refuse(MMA_ERR_FORMAT_PAIR, REG(JOB_MODE));
    const mma_hw_mode &md = cfg.modes[bj.mode];
    constexpr uint32_t DIM_MAX = 65535;
    if (bj.m == 0 || bj.m > DIM_MAX) return refuse(MMA_ERR_SHAPE, REG(JOB_M));
    if (bj.n == 0 || bj.n > DIM_MAX) return refuse(MMA_ERR_SHAPE, REG(JOB_N));
    const uint32_t k = bj.k;
    if (k == 0 || k > DIM_MAX || (md.sparse && k % 4 != 0) || (md.packed && k % 2 != 0) ||
        ((md.sparse || md.stype) && k > g.kpass(md)))
        return refuse(MMA_ERR_SHAPE, REG(JOB_K));
    const std::array<Region, 7> rg = bus_job_regions(md, bj);
    for (unsigned o = 0; o < 7; o++) {
        const Region &x = rg[o];
        if (!x.rows) continue;   // an operand the mode does not use
        const uint32_t addr_reg = REG(A_ADDR) + 8 * o, stride_reg = addr_reg + 4;
        if (x.addr % BEAT) return refuse(MMA_ERR_ALIGN, addr_reg);
        if (x.stride % BEAT) return refuse(MMA_ERR_ALIGN, stride_reg);
        if (x.end() - 1 > 0xFFFFFFFFull) return refuse(MMA_ERR_RANGE, addr_reg);   // its last byte past 4 GiB
        if (o == 3 && bj.m > 1 && x.stride < x.row) return refuse(MMA_ERR_RANGE, stride_reg);
    }
    return Refusal{};
}

}  // namespace mmasim
