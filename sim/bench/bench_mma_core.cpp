// Simulation-speed benchmark of the compute core (not a test): the Verilated model of
// sim/core/tb_mma_core.v for one configuration runs full-size jobs back to back (M = MAXM, N = MAXN,
// K = every step word the buffers hold, one mode, random operands) and reports simulated clock
// cycles per second of the process's CPU time (one thread unless the model was built with
// --threads), so the number is comparable across Verilator versions and flags.
//
//   bench_mma_core [--cycles N] [--mode I] [--seed S] [--label TEXT] [--header]
//
// --mode: index in the configuration's mode table (default: the first dense FP8 mode with f32
// output, else mode 0). The line printed also carries a checksum of D after the first job: every
// build of the same configuration must print the same one (a miscompiled model shows up there).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>

#include "Vtb_mma_core.h"
#include "verilated.h"
#include "mma/hw/mma_configs.h"

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

uint64_t rng_state;
uint32_t rnd() {  // xorshift64*
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545F4914F6CDD1DULL) >> 32);
}

// one word into the load port: sel 0 A, 1 B, 2 metadata, 3 scale_A, 4 scale_B, 5 C
void load_random(unsigned sel, unsigned bank, unsigned addr, unsigned bytes) {
    for (unsigned i = 0; i < 16; i++) top->ld_data_i[i] = i * 4 < bytes ? rnd() : 0;
    top->ld_we_i = 1;
    top->ld_sel_i = sel;
    top->ld_bank_i = bank;
    top->ld_addr_i = addr;
    tick();
    top->ld_we_i = 0;
}

double cpu_seconds() {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

}  // namespace

int main(int argc, char **argv) {
    Verilated::commandArgs(argc, argv);
    uint64_t want_cycles = 200000, seed = 1;
    int mode_sel = -1;
    std::string label = "";
    bool header = false;
    for (int i = 1; i < argc; i++) {
        const std::string k = argv[i];
        if (k == "--header") {
            header = true;
            continue;
        }
        if (k.rfind("+verilator", 0) == 0) continue;
        if (i + 1 >= argc) {
            std::fprintf(stderr, "%s: option %s needs a value\n", argv[0], k.c_str());
            return 2;
        }
        const char *v = argv[++i];
        if (k == "--cycles") want_cycles = std::strtoull(v, nullptr, 0);
        else if (k == "--mode") mode_sel = std::atoi(v);
        else if (k == "--seed") seed = std::strtoull(v, nullptr, 0);
        else if (k == "--label") label = v;
        else {
            std::fprintf(stderr, "%s: unknown option %s\n", argv[0], k.c_str());
            return 2;
        }
    }
    rng_state = seed * 0x9E3779B97F4A7C15ULL + 1;
    top = new Vtb_mma_core;
    top->rst_ni = 0;
    tick();
    tick();
    top->rst_ni = 1;
    tick();
    if (top->cfg_id_o >= MMA_HW_CONFIG_COUNT) {
        std::fprintf(stderr, "bench_mma_core: model reports configuration %u, unknown\n", top->cfg_id_o);
        return 2;
    }
    const mma_hw_config &cfg = mma_hw_configs[top->cfg_id_o];
    const unsigned TM = top->tm_o, TN = top->tn_o, W = top->w_o, MAXM = top->maxm_o, MAXN = top->maxn_o,
                   WPR = top->wpr_o;
    if (mode_sel < 0) {
        mode_sel = 0;
        for (unsigned mi = 0; mi < cfg.nmodes; mi++) {
            const mma_hw_mode &md = cfg.modes[mi];
            if (md.elem_bytes == 1 && !md.integer && !md.sparse && !md.stype && !md.packed && md.dtype == 1) {
                mode_sel = (int)mi;
                break;
            }
        }
    }
    if ((unsigned)mode_sel >= cfg.nmodes) {
        std::fprintf(stderr, "bench_mma_core: mode %d out of range (%u modes)\n", mode_sel, cfg.nmodes);
        return 2;
    }
    const mma_hw_mode &md = cfg.modes[mode_sel];
    // every step word of every A row and B column the buffers hold; K = WPR words
    const unsigned steps = md.korder ? 2 * WPR : WPR;
    const unsigned nb = md.sparse ? 2 * W : W;
    for (unsigned i = 0; i < MAXM; i++)
        for (unsigned w = 0; w < WPR; w++) {
            load_random(0, i % TM, (i / TM) * WPR + w, W);
            if (md.sparse) {  // valid 2:4 metadata: positions (0, 1) in every chunk of 4
                for (unsigned q = 0; q < 16; q++) top->ld_data_i[q] = 0;
                for (unsigned c = 0; c < 2 * W / 4 && c < 16; c++) top->ld_data_i[c / 8] |= 0x4u << (4 * (c % 8));
                top->ld_we_i = 1, top->ld_sel_i = 2, top->ld_bank_i = i % TM, top->ld_addr_i = (i / TM) * WPR + w;
                tick();
                top->ld_we_i = 0;
            }
            if (md.stype) load_random(3, i % TM, (i / TM) * WPR + w, 4);
        }
    for (unsigned j = 0; j < MAXN; j++)
        for (unsigned w = 0; w < WPR; w++) {
            load_random(1, j % TN, (j / TN) * WPR + w, nb);
            if (md.stype) load_random(4, j % TN, (j / TN) * WPR + w, 4);
        }
    for (unsigned i = 0; i < MAXM; i++)
        for (unsigned j = 0; j < MAXN; j++) load_random(5, (i % TM) * TN + j % TN, (i / TM) * (MAXN / TN) + j / TN, 4);

    auto run_job = [&]() {
        top->mode_idx_i = mode_sel;
        top->ordered_i = 1;
        top->m_i = MAXM;
        top->n_i = MAXN;
        top->steps_i = steps;
        top->start_i = 1;
        tick();
        top->start_i = 0;
        uint64_t guard = 0;
        while (top->busy_o && guard++ < 100000000) tick();
        return (uint64_t)top->busy_cycles_o;
    };
    // first job: checksum of D (FNV-1a over the words in bank order)
    const uint64_t job_cycles = run_job();
    uint64_t sum = 0xcbf29ce484222325ULL;
    for (unsigned i = 0; i < MAXM; i++)
        for (unsigned j = 0; j < MAXN; j++) {
            top->rd_en_i = 1;
            top->rd_bank_i = (i % TM) * TN + j % TN;
            top->rd_addr_i = (i / TM) * (MAXN / TN) + j / TN;
            tick();
            top->rd_en_i = 0;
            top->eval();
            sum = (sum ^ top->rd_data_o) * 0x100000001b3ULL;
        }
    // timed: jobs back to back until want_cycles cycles
    const uint64_t c0 = cycles;
    const double cpu0 = cpu_seconds();
    const auto wall0 = std::chrono::steady_clock::now();
    uint64_t jobs = 0;
    while (cycles - c0 < want_cycles) {
        run_job();
        jobs++;
    }
    const double cpu = cpu_seconds() - cpu0;
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
    const uint64_t n = cycles - c0;
    const uint64_t macs_per_cycle = (uint64_t)TM * TN * md.lanes * (md.sparse ? 2 : 1);
    if (header)
        std::printf("| build | config | mode | cycles | cycles/s (CPU) | cycles/s (wall) | checksum |\n"
                    "|---|---|---|---|---|---|---|\n");
    std::printf("| %s | %s | %u: %s | %llu | %.0f | %.0f | %016llx |\n", label.empty() ? "-" : label.c_str(), cfg.name,
                (unsigned)mode_sel, md.instr, (unsigned long long)n, n / (cpu > 0 ? cpu : 1e-9),
                n / (wall > 0 ? wall : 1e-9), (unsigned long long)sum);
    std::fprintf(stderr,
                 "bench_mma_core: %s %u x %u DPUs of %u bytes, job %u x %u x %u steps = %llu cycles; %llu jobs; "
                 "%llu MACs/cycle when busy; %.3f s CPU, %.3f s wall\n",
                 cfg.name, TM, TN, W, MAXM, MAXN, steps, (unsigned long long)job_cycles, (unsigned long long)jobs,
                 (unsigned long long)macs_per_cycle, cpu, wall);
    top->final();
    delete top;
    return 0;
}
