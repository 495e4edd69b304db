// Core harness: the compute core of one configuration (array + operand buffers + sequencer, model
// built per configuration) against mma_gemm. Each case loads a random job of one mode into the
// buffers (A rows and B columns as step words, metadata, scales, C), runs it and reads D back;
// every D must equal the golden model's bit for bit (or the job must report the invalid metadata
// the golden model refuses).
//
//   tb_mma_core_<cfg> [--mode I] [--seed S] [--start N] [--count C] [--specials PERMILLE] [--stats]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "Vtb_mma_core.h"
#include "verilated.h"

#include "../common/tb_job.h"

namespace {

Vtb_mma_core *top;
uint64_t cycles;

void tick() {
    top->clk_i = 0;
    top->eval();
    top->clk_i = 1;
    top->eval();
    cycles++;
}

void load(unsigned sel, unsigned bank, unsigned addr, const uint8_t *bytes, unsigned n) {
    tb::clear_words(top->ld_data_i, 16);
    for (unsigned i = 0; i < n; i++) top->ld_data_i[i / 4] |= (uint32_t)bytes[i] << (8 * (i % 4));
    top->ld_we_i = 1;
    top->ld_sel_i = sel;
    top->ld_bank_i = bank;
    top->ld_addr_i = addr;
    tick();
    top->ld_we_i = 0;
}

void load_word(unsigned sel, unsigned bank, unsigned addr, uint64_t v) {
    uint8_t b[8];
    for (unsigned i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
    load(sel, bank, addr, b, 8);
}

}  // namespace

int main(int argc, char **argv) {
    Verilated::commandArgs(argc, argv);
    int mode_sel = -1;
    uint64_t seed = 1, start = 0, count = 6;
    unsigned specials = 20;
    bool stats = false;
    for (int i = 1; i < argc; i++) {
        const std::string k = argv[i];
        if (k == "--stats") {
            stats = true;
            continue;
        }
        if (i + 1 >= argc) {
            std::fprintf(stderr, "%s: option %s needs a value\n", argv[0], k.c_str());
            return 2;
        }
        const uint64_t v = std::strtoull(argv[++i], nullptr, 0);
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
    top = new Vtb_mma_core;
    top->rst_ni = 0;
    tick();
    tick();
    top->rst_ni = 1;
    tick();
    if (top->cfg_id_o >= MMA_HW_CONFIG_COUNT) {
        std::fprintf(stderr, "tb_mma_core: model reports configuration %u, unknown\n", top->cfg_id_o);
        return 2;
    }
    const mma_hw_config &cfg = mma_hw_configs[top->cfg_id_o];
    const unsigned TM = top->tm_o, TN = top->tn_o, W = top->w_o, MAXM = top->maxm_o, MAXN = top->maxn_o,
                   WPR = top->wpr_o, P = 3;
    const std::string replay = std::string(argv[0]);
    std::string name = std::string("rtl_core_") + cfg.name;
    tb::report rep(name.c_str(), replay, seed);
    uint64_t outputs = 0, busy_total = 0, macs = 0;
    const auto t0 = std::chrono::steady_clock::now();
    const uint64_t c0 = cycles;
    for (unsigned mi = 0; mi < cfg.nmodes; mi++) {
        if (mode_sel >= 0 && (unsigned)mode_sel != mi) continue;
        const mma_hw_mode &md = cfg.modes[mi];
        rep.replay = replay + " --mode " + std::to_string(mi);
        for (uint64_t ci = start; ci < start + count; ci++) {
            tb::rng r(seed ^ ((uint64_t)mi << 32), ci);
            const unsigned m = 1 + r.below(MAXM), n = 1 + r.below(MAXN);
            // K: from one chunk to as many as the buffers hold, ragged where the mode allows
            const unsigned words_per_chunk = md.korder ? 1 : md.steps;
            const unsigned max_chunks = WPR / words_per_chunk;
            const unsigned chunks = 1 + r.below(max_chunks < 6 ? max_chunks : 6);
            unsigned k = md.kc * chunks;
            if (r.chance(50)) k -= md.sparse ? 4 * r.below(md.kc / 4) : (md.packed || md.stype ? 2 * r.below(md.kc / 2) : r.below(md.kc));
            if (k == 0) k = md.sparse ? 4 : 2;
            tb::job j;
            tb::make_job(j, cfg, md, r, m, n, k, specials, md.sparse ? 1 : 0);
            const unsigned steps = j.steps(), words = md.korder ? steps / 2 : steps;
            uint8_t buf[128];
            // A rows (and metadata, scale_A) into bank i % TM at (i / TM) * WPR + word
            for (unsigned i = 0; i < m; i++) {
                for (unsigned w = 0; w < words; w++) {
                    const unsigned t = md.korder ? 2 * w : w;
                    const unsigned addr = (i / TM) * WPR + w;
                    tb::step_a(j, i, t, W, buf);
                    load(0, i % TM, addr, buf, W);
                    if (md.sparse) load_word(2, i % TM, addr, tb::step_meta(j, i, t));
                    if (md.stype) load_word(3, i % TM, addr, tb::step_sa(j, i, t));
                }
            }
            // B columns (and scale_B) into bank jj % TN at (jj / TN) * WPR + word
            const unsigned nb = md.sparse ? 2 * W : W;
            for (unsigned jj = 0; jj < n; jj++) {
                for (unsigned w = 0; w < words; w++) {
                    const unsigned t = md.korder ? 2 * w : w;
                    const unsigned addr = (jj / TN) * WPR + w;
                    tb::step_b(j, jj, t, 2 * W, buf);
                    load(1, jj % TN, addr, buf, nb);
                    if (md.stype) load_word(4, jj % TN, addr, tb::step_sb(j, jj, t));
                }
            }
            // C into bank (i % TM) * TN + jj % TN
            for (unsigned i = 0; i < m; i++)
                for (unsigned jj = 0; jj < n; jj++)
                    load_word(5, (i % TM) * TN + jj % TN, (i / TM) * (MAXN / TN) + jj / TN, j.c[(size_t)i * n + jj]);
            top->mode_idx_i = mi;
            top->ordered_i = j.ordered;
            top->m_i = m;
            top->n_i = n;
            top->steps_i = steps;
            top->start_i = 1;
            tick();
            top->start_i = 0;
            uint64_t guard = 0;
            while (top->busy_o && guard++ < 10000000) tick();
            if (!rep.expect(!top->busy_o, ci, "%s: the job never finished", md.instr)) break;
            busy_total += top->busy_cycles_o;
            macs += (uint64_t)m * n * k;
            if (j.ref == MMA_ERR_METADATA) {
                rep.expect(top->err_meta_o, ci, "%s m=%u n=%u k=%u: invalid metadata not reported", md.instr, m, n, k);
                continue;
            }
            rep.expect(j.ref == MMA_OK && !top->err_meta_o && !top->err_code_o, ci,
                       "%s m=%u n=%u k=%u: golden %s, RTL errors meta %u code %u", md.instr, m, n, k,
                       mma_status_name(j.ref), top->err_meta_o, top->err_code_o);
            for (unsigned i = 0; i < m; i++) {
                for (unsigned jj = 0; jj < n; jj++) {
                    top->rd_en_i = 1;
                    top->rd_bank_i = (i % TM) * TN + jj % TN;
                    top->rd_addr_i = (i / TM) * (MAXN / TN) + jj / TN;
                    tick();
                    top->rd_en_i = 0;
                    top->eval();
                    outputs++;
                    const uint32_t want = (uint32_t)j.d[(size_t)i * n + jj];
                    rep.expect(top->rd_data_o == want, ci, "%s m=%u n=%u k=%u D[%u][%u]: golden 0x%08x, RTL 0x%08x",
                               md.instr, m, n, k, i, jj, want, top->rd_data_o);
                }
            }
        }
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%s: %llu outputs, %llu MACs in %llu busy cycles (%.1f MACs/cycle at %u x %u DPUs of %u bytes; "
                "ragged small jobs), %.0f simulated cycles/s\n",
                name.c_str(), (unsigned long long)outputs, (unsigned long long)macs, (unsigned long long)busy_total,
                busy_total ? (double)macs / (double)busy_total : 0.0, TM, TN, W,
                (double)(cycles - c0) / (secs > 0 ? secs : 1));
    (void)stats;
    (void)P;
    const int rc = rep.finish();
    top->final();
    delete top;
    return rc;
}
