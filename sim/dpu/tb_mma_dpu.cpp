// DPU harness: one mma_dpu (configuration chosen at build time, MMA_CFG) against the golden model.
// Each case is a job of 3 outputs (one per accumulator slot, interleaved as the array runs them):
// three rows of A against one column of B with their C, K random (ragged, one chunk to several),
// for one mode of the configuration; D must equal mma_gemm's bit for bit, and invalid metadata
// must be flagged (the golden model refuses the job).
//
//   tb_mma_dpu [--mode I] [--seed S] [--start N] [--count C] [--specials PERMILLE]
// Every mode is run unless --mode names one; a mismatch prints the command that replays it.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "Vtb_mma_dpu.h"
#include "verilated.h"

#include "../common/tb_job.h"

namespace {

Vtb_mma_dpu *top;
uint64_t cycles;

void tick() {
    top->clk_i = 0;
    top->eval();
    top->clk_i = 1;
    top->eval();
    cycles++;
}

template <typename W> void set_bytes(W &w, unsigned words, const uint8_t *bytes, unsigned n) {
    tb::clear_words(w, words);
    for (unsigned i = 0; i < n; i++) w[i / 4] |= (uint32_t)bytes[i] << (8 * (i % 4));
}

struct result {
    bool seen = false;
    uint32_t d = 0;
    bool err_meta = false, err_code = false;
};

void collect(result *res) {
    if (top->valid_o && top->slot_o < 3) {
        result &r = res[top->slot_o];
        r.seen = true;
        r.d = top->d_o;
        r.err_meta = top->err_meta_o;
        r.err_code = top->err_code_o;
    }
}

}  // namespace

int main(int argc, char **argv) {
    Verilated::commandArgs(argc, argv);
    int mode_sel = -1;
    uint64_t seed = 1, start = 0, count = 40;
    unsigned specials = 20;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string k = argv[i];
        const uint64_t v = std::strtoull(argv[i + 1], nullptr, 0);
        if (k == "--mode") mode_sel = (int)v;
        else if (k == "--seed") seed = v;
        else if (k == "--start") start = v;
        else if (k == "--count") count = v;
        else if (k == "--specials") specials = (unsigned)v;
        else {
            std::fprintf(stderr, "%s: unknown option %s\n", argv[0], k.c_str());
            return 2;
        }
    }
    top = new Vtb_mma_dpu;
    top->rst_ni = 0;
    tick();
    tick();
    top->rst_ni = 1;
    const unsigned w = top->w_o;
    const mma_hw_config *cfg = nullptr;
    for (unsigned c = 0; c < MMA_HW_CONFIG_COUNT; c++)
        if (mma_hw_configs[c].w == w && mma_hw_configs[c].nmodes == top->nmodes_o &&
            std::strcmp(mma_hw_configs[c].name, MMA_TB_CONFIG) == 0)
            cfg = &mma_hw_configs[c];
    if (cfg == nullptr) {
        std::fprintf(stderr, "tb_mma_dpu: the model does not match configuration %s\n", MMA_TB_CONFIG);
        return 2;
    }
    const std::string replay = std::string(argv[0]);
    tb::report rep("rtl_dpu", replay, seed);
    const unsigned nb = 2 * w;  // the test top's B port is 2W bytes wide (the DPU reads W or 2W of it)
    uint64_t outputs = 0;
    for (unsigned mi = 0; mi < cfg->nmodes; mi++) {
        if (mode_sel >= 0 && (unsigned)mode_sel != mi) continue;
        const mma_hw_mode &md = cfg->modes[mi];
        rep.replay = replay + " --mode " + std::to_string(mi);
        for (uint64_t ci = start; ci < start + count; ci++) {
            tb::rng r(seed ^ ((uint64_t)mi << 32), ci);
            unsigned k;
            const unsigned chunks = 1 + r.below(4);
            if (md.sparse) k = md.kc * chunks - (r.chance(50) ? 4 * r.below(md.kc / 4) : 0);
            else if (md.packed || md.stype) k = md.kc * chunks - (r.chance(50) ? 2 * r.below(md.kc / 2) : 0);
            else k = md.kc * chunks - (r.chance(50) ? r.below(md.kc) : 0);
            if (k == 0) k = md.sparse ? 4 : 2;
            tb::job j;
            tb::make_job(j, *cfg, md, r, 3, 1, k, specials, md.sparse ? 3 : 0);
            top->mode_idx_i = mi;
            top->ordered_i = j.ordered;
            top->valid_i = 0;
            tick();  // the mode register takes the new mode
            result res[3];
            uint8_t abuf[64], bbuf[128];
            for (unsigned t = 0; t < j.steps(); t++) {
                for (unsigned p = 0; p < 3; p++) {
                    top->valid_i = 1;
                    top->slot_i = p;
                    top->first_i = t == 0;
                    top->chunk_first_i = tb::step_chunk_first(j, t);
                    top->chunk_last_i = tb::step_chunk_last(j, t);
                    top->last_i = t == j.steps() - 1;
                    top->half_i = tb::step_half(j, t);
                    top->c_i = (uint32_t)j.c[p];
                    tb::step_a(j, p, t, w, abuf);
                    tb::step_b(j, 0, t, 2 * w, bbuf);
                    set_bytes(top->a_i, 8, abuf, w);
                    set_bytes(top->b_i, 16, bbuf, nb);
                    top->meta_i = tb::step_meta(j, p, t);
                    top->sa_i = tb::step_sa(j, p, t);
                    top->sb_i = tb::step_sb(j, 0, t);
                    tick();
                    collect(res);
                }
            }
            top->valid_i = 0;
            for (unsigned c = 0; c < 12; c++) {
                tick();
                collect(res);
            }
            for (unsigned p = 0; p < 3; p++) {
                outputs++;
                if (!rep.expect(res[p].seen, ci, "%s k=%u: output %u never came", md.instr, k, p)) continue;
                if (j.ref == MMA_ERR_METADATA) continue;  // checked below, per job
                rep.expect(j.ref == MMA_OK && !res[p].err_meta && !res[p].err_code && res[p].d == (uint32_t)j.d[p], ci,
                           "%s k=%u out %u: golden %s 0x%llx, RTL 0x%08x (err meta %u code %u)", md.instr, k, p,
                           mma_status_name(j.ref), (unsigned long long)j.d[p], res[p].d, res[p].err_meta,
                           res[p].err_code);
            }
            if (j.ref == MMA_ERR_METADATA)
                rep.expect(res[0].err_meta || res[1].err_meta || res[2].err_meta, ci,
                           "%s k=%u: invalid metadata not flagged", md.instr, k);
        }
    }
    std::printf("rtl_dpu (%s): %llu outputs, %llu cycles\n", cfg->name, (unsigned long long)outputs,
                (unsigned long long)cycles);
    const int rc = rep.finish();
    top->final();
    delete top;
    return rc;
}
