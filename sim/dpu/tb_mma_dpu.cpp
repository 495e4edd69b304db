// DPU harness: one mma_dpu (configuration chosen at build time, MMA_CFG) against the golden model.
// Each case is a job of 4 outputs (one per accumulator slot, interleaved as the array runs them):
// four rows of A against one column of B with their C, K random (ragged, one chunk to several),
// for one mode of the configuration; D must equal mma_gemm's bit for bit, and invalid metadata
// must be flagged (the golden model refuses the job).
//
//   tb_mma_dpu [--mode I] [--seed S] [--start N] [--count C] [--specials PERMILLE] [--flavour F]
//              [--closure T] [--min-hits H] [--require-coverage]
// Every mode is run unless --mode names one, then (without --mode) two more cases of every mode in
// reverse order on the same DPU; a mismatch prints the command that replays it.
//
// Functional coverage (sim/common/tb_cov.h, sim/README.md): every output checked bit for bit is
// replayed through the golden model's stage functions and counted in the bins of its mode (special
// class, alignment distance, rounding outcome); the table is printed at the end. --flavour F runs
// directed jobs of flavour F (tb::flavour) instead of plain random ones. --closure T: after the
// random jobs, per mode, up to T candidate jobs of every directed flavour; a candidate is run on the
// RTL (and checked) if it reaches a bin the mode has not hit yet (the first 2 of each flavour
// always). --min-hits H: a bin counts as hit from H hits on (default 1). --require-coverage: exit 1
// and list the UNHIT bins if an applicable bin has fewer hits, or a bin declared not applicable was
// hit (NA-HIT: its stated reason is wrong).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "Vtb_mma_dpu.h"
#include "verilated.h"

#include "../common/tb_cov.h"
#include "../common/tb_job.h"
#include "../common/tb_module_cov.h"

namespace {

Vtb_mma_dpu *top;
uint64_t cycles;
constexpr unsigned NS = 4;  // accumulator slots: the DPU's P (sim/dpu/tb_mma_dpu.v; checked at start)

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
    if (top->valid_o && top->slot_o < NS) {
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
    uint64_t seed = 1, start = 0, count = 40, closure = 0, min_hits = 1;
    unsigned specials = 20, flav = tb::FL_RANDOM;
    bool require = false;
    for (int i = 1; i < argc; i++) {
        const std::string k = argv[i];
        if (k == "--require-coverage") {
            require = true;
            continue;
        }
        if (i + 1 >= argc) {
            std::fprintf(stderr, "%s: option %s needs a value\n", argv[0], k.c_str());
            return 2;
        }
        uint64_t v = 0;
        if (!tb::parse_u64(argv[++i], v)) {
            std::fprintf(stderr, "%s: %s takes a number (got '%s')\n", argv[0], k.c_str(), argv[i]);
            return 2;
        }
        if (k == "--mode") mode_sel = (int)v;
        else if (k == "--seed") seed = v;
        else if (k == "--start") start = v;
        else if (k == "--count") count = v;
        else if (k == "--specials") specials = (unsigned)v;
        else if (k == "--flavour" && v < tb::FL_COUNT) flav = (unsigned)v;
        else if (k == "--closure") closure = v;
        else if (k == "--min-hits" && v > 0) min_hits = v;
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
    if (top->slots_o != NS) {
        std::fprintf(stderr, "tb_mma_dpu: the model's DPU has %u accumulator slots, the harness counts %u\n",
                     (unsigned)top->slots_o, NS);
        return 2;
    }
    const std::string replay = std::string(argv[0]);
    tb::report rep("rtl_dpu", replay, seed);
    tb::coverage cov;
    cov.init(*cfg);
    cov.min_hits = min_hits;
    for (unsigned mi = 0; mi < cfg->nmodes; mi++) cov.in_scope[mi] = mode_sel < 0 || (unsigned)mode_sel == mi;
    const unsigned nb = 2 * w;  // the test top's B port is 2W bytes wide (the DPU reads W or 2W of it)
    uint64_t outputs = 0, directed_jobs = 0, candidates = 0;
    bool order_pass = false;

    // One case: job ci of flavour f for mode mi. filter: run it only if it reaches a bin not hit yet.
    auto run_case = [&](unsigned mi, unsigned f, uint64_t ci, bool filter) {
        const mma_hw_mode &md = cfg->modes[mi];
        tb::rng r(seed ^ ((uint64_t)mi << 32) ^ ((uint64_t)f << 48), ci);
        const unsigned k = tb::pick_k(md, r, f);
        tb::job j;
        tb::make_directed_job(j, *cfg, md, r, NS, 1, k, f, specials);
        tb::out_cov oc[NS];
        if (j.ref == MMA_OK)
            for (unsigned p = 0; p < NS; p++) tb::coverage::classify(j, p, 0, &oc[p]);
        if (filter) {
            candidates++;
            if (j.ref != MMA_OK) return;
            bool useful = false;
            for (unsigned p = 0; p < NS; p++) useful = useful || (oc[p].ok && cov.hits_new(mi, oc[p]));
            if (!useful) return;
        }
        if (f != tb::FL_RANDOM) directed_jobs++;
        // a case of the mode-order pass depends on the modes before it: the whole run replays it
        rep.whole_run = order_pass;
        rep.replay = order_pass ? replay + " --start " + std::to_string(start) + " --count " + std::to_string(count) +
                                      (flav ? " --flavour " + std::to_string(flav) : "") +
                                      " --specials " + std::to_string(specials)
                                : replay + " --mode " + std::to_string(mi) + (f ? " --flavour " + std::to_string(f) : "");
        top->mode_idx_i = mi;
        top->ordered_i = j.ordered;
        top->valid_i = 0;
        tick();  // the mode register takes the new mode
        result res[NS];
        uint8_t abuf[64], bbuf[128];
        // a packed step (2W 4-bit elements) enters in two beats, half_i 0 and 1, the same words each
        const unsigned beats = md.packed ? 2 : 1;
        for (unsigned beat = 0; beat < j.steps() * beats; beat++) {
            const unsigned t = beat / beats;
            for (unsigned p = 0; p < NS; p++) {
                top->valid_i = 1;
                top->slot_i = p;
                top->first_i = t == 0;
                top->chunk_first_i = tb::step_chunk_first(j, t);
                top->chunk_last_i = tb::step_chunk_last(j, t);
                top->last_i = t == j.steps() - 1;
                top->half_i = md.packed ? (beat % 2) : tb::step_half(j, t);
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
        for (unsigned p = 0; p < NS; p++) {
            outputs++;
            if (!rep.expect(res[p].seen, ci, "%s k=%u: output %u never came", md.instr, k, p)) continue;
            if (j.ref == MMA_ERR_METADATA) continue;  // checked below, per job
            const bool pass =
                rep.expect(j.ref == MMA_OK && !res[p].err_meta && !res[p].err_code && res[p].d == (uint32_t)j.d[p], ci,
                           "%s k=%u out %u: golden %s 0x%llx, RTL 0x%08x (err meta %u code %u)", md.instr, k, p,
                           mma_status_name(j.ref), (unsigned long long)j.d[p], res[p].d, res[p].err_meta,
                           res[p].err_code);
            if (!pass && j.ref == MMA_OK)  // what the DPU's stages should have held, step by step
                std::printf("  golden steps of out %u (stage functions; %s):\n%s", p, tb::trace_registers(j),
                            tb::golden_steps(j, p, 0, "    ").c_str());
            // coverage counts checked outputs only, and only if the stages reproduce the golden D
            if (pass && rep.expect(oc[p].ok, ci, "%s k=%u out %u: coverage model: %s", md.instr, k, p,
                                   oc[p].err.c_str()))
                cov.add(mi, oc[p]);
        }
        if (j.ref == MMA_ERR_METADATA) {
            bool flagged = false;
            for (unsigned p = 0; p < NS; p++) flagged = flagged || res[p].err_meta;
            rep.expect(flagged, ci, "%s k=%u: invalid metadata not flagged", md.instr, k);
        }
    };

    for (unsigned mi = 0; mi < cfg->nmodes; mi++) {
        if (!cov.in_scope[mi]) continue;
        for (uint64_t ci = start; ci < start + count; ci++) run_case(mi, flav, ci, false);
    }
    // mode order: the same DPU (no reset) takes two cases of every mode in reverse order, so each
    // mode follows another than in the pass above (state a mode leaves behind, such as a packed
    // step's hold register, must not reach the next mode's steps)
    if (mode_sel < 0) {
        order_pass = true;
        for (unsigned mi = cfg->nmodes; mi-- > 0;)
            for (uint64_t ci = start + count; ci < start + count + 2; ci++) run_case(mi, flav, ci, false);
        order_pass = false;
    }
    // coverage closure: directed candidates, run where they reach a bin still at 0
    for (unsigned mi = 0; closure && mi < cfg->nmodes; mi++) {
        if (!cov.in_scope[mi]) continue;
        for (uint64_t ci = 0; ci < closure; ci++) {
            if (ci >= 2 && cov.mode_complete(mi)) break;
            for (unsigned f = 1; f < tb::FL_COUNT; f++) run_case(mi, f, ci, ci >= 2);
        }
    }
    std::printf("rtl_dpu (%s): %llu outputs, %llu cycles", cfg->name, (unsigned long long)outputs,
                (unsigned long long)cycles);
    if (closure)
        std::printf(", closure: %llu directed jobs run of %llu candidates", (unsigned long long)directed_jobs,
                    (unsigned long long)candidates);
    std::printf("\n");
    int rc = rep.finish();
    const unsigned unhit = cov.print(stdout, require);
    if (require && unhit) {
        std::printf("rtl_dpu: %u coverage bins not hit or hit although declared not applicable (--require-coverage)\n",
                    unhit);
        rc = 1;
    }
    top->final();
    tb::write_module_coverage("tb_mma_dpu");
    delete top;
    return rc;
}
