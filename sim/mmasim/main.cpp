// mmasim: the co-simulation of the accelerator against the golden model.
//
//   mmasim regress [--config NAME] [--seed S] [--jobs N] [--shard I/N] [--job I] [--mode M]
//                  [--each-mode ROUNDS] [--faults PERMILLE] [--fault NAME] [--trace] [--trace-cycles N] [--fst-dir DIR]
//                  [--json FILE] [--junit FILE] [--coverage FILE] [--quiet]
//   mmasim bench   [--config NAME] [--latency CYCLES]
//   mmasim merge   FILE... [--json FILE]
//   mmasim regs    [--config NAME]... [--coverage FILE]   (the register test: regs.cpp)
//   mmasim list
//
// regress draws random jobs from the seed (job i from (seed, i) alone), runs each through the
// driver on the Verilated accelerator with a randomly timed AXI memory, and checks every bit of
// every D against mma_gemm. The first failing job is run again with an FST waveform (its first
// --trace-cycles cycles, default 20 000, more than most jobs take: a hung job runs to the driver's
// timeout, and 100 000 cycles of `default` alone are 1.2 GB and 3.5 minutes; 0 for all), and every
// failure prints the one command that reproduces just that job. --each-mode R sweeps the mode table
// instead: R x (number of modes) jobs, job i in mode i mod nmodes, and a faulted job tries its
// fault's variant i / nmodes (`--faults 1000 --fault k_grid --each-mode 4`: every rule of every
// mode's K grid).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "../accel/dut.h"
#include "../accel/sim_port.h"
#include "../common/tb_util.h"
#include "mma/accel_model.h"
#include "jobs.h"
#include "report.h"
#include "session.h"

namespace mmasim {
int cmd_conform(int argc, char **argv, const char *default_dir);
int cmd_regs(int argc, char **argv);
}

namespace {

using namespace mmasim;

int usage(const char *msg) {
    if (msg) std::fprintf(stderr, "mmasim: %s\n", msg);
    std::fprintf(stderr,
                 "usage: mmasim regress [--config NAME] [--seed S] [--jobs N] [--shard I/N] [--job I] [--mode M]\n"
                 "                      [--each-mode ROUNDS] [--faults PERMILLE] [--fault NAME]\n"
                 "                      [--trace] [--trace-cycles N] [--fst-dir DIR] [--json FILE] [--junit FILE]\n"
                 "                      [--coverage FILE] [--corrupt] [--stray-b] [--quiet]\n"
                 "       mmasim bench   [--config NAME] [--latency CYCLES]\n"
                 "       mmasim merge   FILE... [--json FILE]\n"
                 "       mmasim conform [DIR] [--config NAME]... [--lines N] [--gpu NAME] [--set DIR] [--out f32|f16]\n"
                 "                      [--line L [--trace] [--fst-dir DIR]]\n"
                 "       mmasim regs    [--config NAME]... [--coverage FILE]\n"
                 "       mmasim list\n");
    return 2;
}

using tb::parse_u64;

// The cycles of a failing job that its automatic waveform holds (--trace-cycles).
constexpr uint64_t kTraceCyclesDefault = 20000;

// "I/N" with 0 <= I < N: a shard of a run (--shard, and the shard field of a summary).
bool parse_shard(const char *text, unsigned &i, unsigned &n) {
    char c = 0;
    return std::sscanf(text, "%u/%u%c", &i, &n, &c) == 2 && n > 0 && i < n;
}

// Stops d's waveform `cycles` cycles from now (0: never); the model cycle it stops at, 0 for never.
uint64_t limit_waveform(sim::Dut &d, uint64_t cycles) {
    if (!cycles) return 0;
    const uint64_t last = d.cycles() + cycles;
    d.trace_until(last);
    return last;
}

struct RegressOpts {
    std::string config = "default", fst_dir = ".", json, junit, coverage;
    uint64_t seed = 1, jobs = 200, shard_i = 0, shard_n = 1;
    int64_t job = -1;
    int mode = -1;
    unsigned faults = 60, each_mode = 0;
    uint64_t trace_cycles = kTraceCyclesDefault;
    Fault fault = Fault::count;
    bool trace = false, quiet = false, corrupt = false, stray_b = false;
};

std::string reproduce_line(const char *argv0, const RegressOpts &o, uint64_t job) {
    std::string s = std::string(argv0) + " regress --config " + o.config + " --seed " + std::to_string(o.seed) +
                    " --job " + std::to_string(job);
    if (o.faults != 60) s += " --faults " + std::to_string(o.faults);
    if (o.fault != Fault::count) s += std::string(" --fault ") + fault_name(o.fault);
    if (o.mode >= 0) s += " --mode " + std::to_string(o.mode);
    if (o.each_mode) s += " --each-mode " + std::to_string(o.each_mode);
    if (o.corrupt) s += " --corrupt";
    if (o.stray_b) s += " --stray-b";
    if (o.trace_cycles != kTraceCyclesDefault) s += " --trace-cycles " + std::to_string(o.trace_cycles);
    return s + " --trace";
}

std::vector<std::string> expected_bins(const mma_hw_config &cfg, const Geometry &g) {
    std::vector<std::string> b;
    bool sparse = false, scale = false, multi_step = false, exact = false;
    for (unsigned i = 0; i < cfg.nmodes; i++) {
        const mma_hw_mode &md = cfg.modes[i];
        b.push_back("mode:" + tb::mode_name(md));
        sparse = sparse || md.sparse;
        scale = scale || md.stype;
        multi_step = multi_step || md.g < md.kc;
        mma_instr ins;
        mma_profile prof;
        exact = exact || (!md.integer && mma_accel_mode_model(&cfg, &md, &ins, &prof) == MMA_OK &&
                          prof.algo == MMA_ACC_EXACT);   // an integer sum is exact too, but has no -0
    }
    // "within-tile" is 2 .. tile-1: a tile of 2 (the default's N) has no such size
    for (const char *d : {"M", "N"})
        for (const char *c : {"1", "within-tile", "tiles", "one-block", "blocks", "blocks-ragged"})
            if (std::string(c) != "within-tile" || (d[0] == 'M' ? g.tm * g.p : g.tn) > 2) b.push_back(std::string(d) + ":" + c);
    // "result:-0" only for float modes of the `exact` preset: a block-FMA datapath's exact-zero sum is +0 (NUMERICS
    // section 3, step 8; values:neg-zero jobs check that rule with -0 products onto a -0 C), the exact
    // sum keeps the sign of zeros that are all -0. "K:one-chunk" (more than a step, one chunk) needs
    // a mode whose chunk takes several steps.
    for (const char *c : {"K:one-step", "K:one-chunk", "K:one-pass", "K:passes", "K:ragged", "values:specials", "values:cancel",
                          "values:big", "values:neg-zero", "values:c-inf", "values:tie", "values:zero-inf", "memory:ideal", "memory:random", "result:nan", "result:inf", "result:+0",
                          "result:-0"})
        if ((std::string(c) != "K:one-chunk" || multi_step) && (std::string(c) != "result:-0" || exact)) b.push_back(c);
    if (sparse) {
        b.push_back("sparse:ordered");
        b.push_back("error:metadata");
    }
    if (scale) b.push_back("block-scale");
    for (unsigned f = 1; f < (unsigned)Fault::count; f++) b.push_back(std::string("fault:") + fault_name((Fault)f));
    return b;
}

int cmd_regress(int argc, char **argv) {
    RegressOpts o;
    for (int i = 2; i < argc; i++) {
        const std::string k = argv[i];
        auto val = [&](uint64_t &v) {
            if (i + 1 >= argc || !parse_u64(argv[i + 1], v)) return false;
            i++;
            return true;
        };
        uint64_t v = 0;
        if (k == "--trace") o.trace = true;
        else if (k == "--corrupt") o.corrupt = true;
        else if (k == "--stray-b") o.stray_b = true;
        else if (k == "--quiet") o.quiet = true;
        else if (k == "--config" && i + 1 < argc) o.config = argv[++i];
        else if (k == "--fst-dir" && i + 1 < argc) o.fst_dir = argv[++i];
        else if (k == "--json" && i + 1 < argc) o.json = argv[++i];
        else if (k == "--junit" && i + 1 < argc) o.junit = argv[++i];
        else if (k == "--coverage" && i + 1 < argc) o.coverage = argv[++i];
        else if (k == "--seed" && val(v)) o.seed = v;
        else if (k == "--jobs" && val(v)) {
            if (v == 0) return usage("--jobs takes a number of jobs >= 1");
            o.jobs = v;
        }
        else if (k == "--job" && val(v)) o.job = (int64_t)v;
        else if (k == "--mode" && val(v)) o.mode = (int)v;
        else if (k == "--faults" && val(v) && v <= 1000) o.faults = (unsigned)v;
        else if (k == "--each-mode" && val(v) && v >= 1 && v <= 1000) o.each_mode = (unsigned)v;
        else if (k == "--trace-cycles" && val(v)) o.trace_cycles = v;
        else if (k == "--fault" && i + 1 < argc) {
            o.fault = fault_by_name(argv[++i]);
            if (o.fault == Fault::count) {
                std::string names;
                for (unsigned f = 1; f < (unsigned)Fault::count; f++) names += std::string(f > 1 ? ", " : "") + fault_name((Fault)f);
                return usage(("--fault takes one of: " + names).c_str());
            }
        }
        else if (k == "--shard" && i + 1 < argc) {
            unsigned a = 0, b = 0;
            if (!parse_shard(argv[++i], a, b)) return usage("--shard takes I/N with 0 <= I < N");
            o.shard_i = a;
            o.shard_n = b;
        } else return usage(("bad or incomplete option " + k).c_str());
    }
    Session b;
    const std::string one_fst = o.fst_dir + "/mmasim-" + o.config + "-s" + std::to_string(o.seed) + "-j" +
                                std::to_string(o.job) + ".fst";
    if (!b.open(o.config, o.trace && o.job >= 0 ? one_fst.c_str() : nullptr)) {
        std::fprintf(stderr, "mmasim: %s\n", b.error.c_str());
        return 2;
    }
    // the reports' files: a run that cannot write them stops here, not after its jobs
    std::string werr;
    for (const std::string *f : {&o.json, &o.junit, &o.coverage})
        if (!f->empty() && !tb::can_write(*f, werr)) {
            std::fprintf(stderr, "mmasim: %s\n", werr.c_str());
            return 2;
        }
    if (!o.coverage.empty() && !b.dut->has_coverage()) {
        std::fprintf(stderr, "mmasim: --coverage: this mmasim's models are built without coverage "
                             "(scripts/coverage.sh builds them with it)\n");
        return 2;
    }
    if (o.mode >= 0 && (unsigned)o.mode >= b.cfg->nmodes) return usage("--mode is past the configuration's mode table");
    if (o.mode >= 0 && o.each_mode) return usage("--mode and --each-mode exclude each other");
    // the waveform's last cycle (0: all of them)
    const uint64_t trace_end = o.trace && o.job >= 0 ? limit_waveform(*b.dut, o.trace_cycles) : 0;
    if (o.each_mode) o.jobs = (uint64_t)o.each_mode * b.cfg->nmodes;
    DrawOpts dopt;
    dopt.fault_permille = o.faults;
    dopt.mode = o.mode;
    dopt.fault = o.fault;
    dopt.each_mode = o.each_mode != 0;
    Summary s;
    s.config = o.config;
    s.seed = o.seed;
    s.shard = std::to_string(o.shard_i) + "/" + std::to_string(o.shard_n);
    s.expected_bins = expected_bins(*b.cfg, b.geo);
    const bool tty = !o.quiet && isatty(fileno(stderr));
    const auto t0 = std::chrono::steady_clock::now();
    auto last = t0;
    uint64_t first = 0, end = o.jobs;
    if (o.job >= 0) first = (uint64_t)o.job, end = first + 1;
    bool traced = false;
    uint64_t todo = 0;
    for (uint64_t j = first; j < end; j++) todo += (o.job >= 0 || j % o.shard_n == o.shard_i);
    if (todo == 0) {   // a run that simulates nothing must not end in "0 passed, 0 failed"
        std::fprintf(stderr, "mmasim: shard %s of %llu jobs holds no job (use at most %llu shards)\n", s.shard.c_str(),
                     (unsigned long long)o.jobs, (unsigned long long)o.jobs);
        return 2;
    }
    std::printf("mmasim regress: config %s (%ux%u DPUs of %u bytes, %u modes), seed %llu, shard %s, %llu jobs\n",
                o.config.c_str(), b.dev.caps.tm, b.dev.caps.tn, b.dev.caps.w_bytes, b.dev.caps.nmodes,
                (unsigned long long)o.seed, s.shard.c_str(), (unsigned long long)todo);
    std::fflush(stdout);
    for (uint64_t j = first; j < end; j++) {
        if (o.job < 0 && j % o.shard_n != o.shard_i) continue;
        Spec spec = draw(*b.cfg, b.geo, o.seed, j, dopt);
        spec.corrupt = o.corrupt;
        spec.stray_b = o.stray_b;
        const std::string what = spec.describe(*b.cfg);
        if (o.job >= 0) {   // one job: say which before it runs (a replay test checks it is still the job it was)
            std::printf("job %llu: %s\n", (unsigned long long)j, what.c_str());
            std::fflush(stdout);
        }
        const auto j0 = std::chrono::steady_clock::now();
        Outcome r = run(*b.dut, b.dev, *b.cfg, b.geo, spec);
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - j0).count();
        s.jobs++;
        s.cycles += r.cycles;
        s.busy += r.busy;
        s.macs += r.macs;
        s.avail += r.avail;
        s.useful_macs += r.useful_macs;
        for (const std::string &bin : r.bins) s.coverage[bin]++;
        s.records.push_back({j, what, r.message, secs, r.cycles, r.storm_digest});
        if (r.pass) {
            s.passed++;
        } else {
            s.failed++;
            const std::string rep = reproduce_line(argv[0], o, j);
            s.failures.push_back({j, rep, what + ": " + r.message});
            if (tty) std::fprintf(stderr, "\r\033[K");
            std::printf("FAIL job %llu: %s: %s%s\n  reproduce: %s\n", (unsigned long long)j,
                        what.c_str(), r.message.c_str(), r.operands.c_str(), rep.c_str());
            // f: the file; cycles: the job's; last: the waveform's last model cycle (0: all); stop: the
            // model cycle an RTL assertion stopped the model at (0: none)
            auto waveform_line = [&](const std::string &f, uint64_t cycles, uint64_t last, uint64_t stop) {
                if (stop && (!last || stop <= last))
                    std::printf("  waveform: %s (to cycle %llu, where the RTL assertion stopped the model)\n", f.c_str(),
                                (unsigned long long)stop);
                else if (o.trace_cycles && cycles > o.trace_cycles)
                    std::printf("  waveform: %s (the job's first %llu cycles of %llu; --trace-cycles N for more)\n", f.c_str(),
                                (unsigned long long)o.trace_cycles, (unsigned long long)cycles);
                else std::printf("  waveform: %s\n", f.c_str());
            };
            if (o.trace && o.job >= 0) waveform_line(one_fst, r.cycles, trace_end, b.dut->stopped_at());
            // the first failure: the same job once more, alone, with a waveform
            if (!traced && o.job < 0) {
                traced = true;
                const std::string fst = o.fst_dir + "/mmasim-" + o.config + "-s" + std::to_string(o.seed) + "-j" +
                                        std::to_string(j) + ".fst";
                Session t;
                if (t.open(o.config, fst.c_str())) {
                    const uint64_t last = limit_waveform(*t.dut, o.trace_cycles);
                    const Outcome again = run(*t.dut, t.dev, *t.cfg, t.geo, spec);
                    t.dut->trace(nullptr);
                    waveform_line(fst, again.cycles, last, t.dut->stopped_at());
                }
            }
            std::fflush(stdout);
            // a failed job may leave the accelerator hung: reset it, or start a fresh one
            if (mma_accel_reset(&b.dev) != MMA_OK || b.port.bad_resp) {
                Session fresh;
                if (!fresh.open(o.config, nullptr)) {
                    std::fprintf(stderr, "mmasim: %s\n", fresh.error.c_str());
                    return 2;
                }
                b = std::move(fresh);
                b.port.dut = b.dut.get();
                sim::sim_port_init(b.port, b.dut.get());
                b.dev.port = &b.port.port;
            }
        }
        const auto now = std::chrono::steady_clock::now();
        if (!tty && !o.quiet && std::chrono::duration<double>(now - last).count() > 10.0) {
            // not a terminal (a log, a shard under scripts/regress.sh): a progress line every 10 s, so
            // that regress.sh's sum every 30 s is at most 10 s old (at 30 s it read 0 jobs done)
            last = now;
            const double el = std::chrono::duration<double>(now - t0).count();
            std::fprintf(stderr, "progress [%s] %llu/%llu jobs, %llu failed, %.1f jobs/s\n", o.config.c_str(),
                         (unsigned long long)s.jobs, (unsigned long long)todo, (unsigned long long)s.failed, s.jobs / el);
        }
        if (tty && std::chrono::duration<double>(now - last).count() > 0.5) {
            last = now;
            const double el = std::chrono::duration<double>(now - t0).count();
            std::fprintf(stderr, "\r\033[K[%s] %llu/%llu jobs, %llu failed, %.1f jobs/s, ETA %.0f s", o.config.c_str(),
                         (unsigned long long)s.jobs, (unsigned long long)todo, (unsigned long long)s.failed, s.jobs / el,
                         (todo - s.jobs) / (s.jobs / el));
        }
    }
    if (tty) std::fprintf(stderr, "\r\033[K");
    s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!o.coverage.empty()) b.dut->write_coverage(o.coverage.c_str());
    std::string err;
    bool written = true;
    if (!o.json.empty() && !write_json(s, o.json, err)) written = false, std::fprintf(stderr, "mmasim: %s\n", err.c_str());
    if (!o.junit.empty() && !write_junit(s, o.junit, err)) written = false, std::fprintf(stderr, "mmasim: %s\n", err.c_str());
    s.print(stdout);
    return s.failed ? 1 : written ? 0 : 2;
}

int cmd_merge(int argc, char **argv) {
    Summary total;
    std::string out;
    unsigned files = 0;
    std::set<uint64_t> seeds;
    // the shards of each split run: (config, seed) -> its shard count N and the file of each shard index
    struct Split {
        unsigned n = 0;
        std::map<unsigned, std::string> files;
    };
    std::map<std::pair<std::string, uint64_t>, Split> splits;
    for (int i = 2; i < argc; i++) {
        if (!std::strcmp(argv[i], "--json")) {
            if (i + 1 >= argc) return usage("--json needs a file");
            out = argv[++i];
            continue;
        }
        Summary s;
        std::string err;
        if (!read_json(argv[i], s, err)) {
            std::fprintf(stderr, "mmasim merge: %s\n", err.c_str());
            return 2;
        }
        // a shard of a run ("I/N"): the same shard twice, or shards of one seed split in different
        // ways, would count jobs twice
        unsigned si = 0, sn = 0;
        if (parse_shard(s.shard.c_str(), si, sn)) {
            Split &sp = splits[{s.config, s.seed}];
            if (sp.n && sp.n != sn) {
                std::fprintf(stderr, "mmasim merge: %s: shard %u/%u of config %s seed %llu, but %s is a shard of %u: "
                             "the two splits overlap\n", argv[i], si, sn, s.config.c_str(), (unsigned long long)s.seed,
                             sp.files.begin()->second.c_str(), sp.n);
                return 2;
            }
            sp.n = sn;
            if (sp.files.count(si)) {
                std::fprintf(stderr, "mmasim merge: %s: shard %u/%u of config %s seed %llu is %s as well\n", argv[i], si,
                             sn, s.config.c_str(), (unsigned long long)s.seed, sp.files[si].c_str());
                return 2;
            }
            sp.files[si] = argv[i];
        }
        if (files++ == 0) total.seed = s.seed;
        seeds.insert(s.seed);
        total.add(s);
    }
    if (!files) return usage("merge needs at least one shard summary");
    // every shard of each split run: a shard that crashed or was left out must not give a clean summary
    for (const auto &run : splits) {
        const Split &sp = run.second;
        if (sp.files.size() == sp.n) continue;
        std::string missing;
        for (unsigned k = 0; k < sp.n; k++)
            if (!sp.files.count(k)) missing += (missing.empty() ? "" : ", ") + std::to_string(k) + "/" + std::to_string(sp.n);
        std::fprintf(stderr, "mmasim merge: config %s seed %llu: no summary of shard %s: its jobs would be missing "
                     "from the merged run\n", run.first.first.c_str(), (unsigned long long)run.first.second, missing.c_str());
        return 2;
    }
    total.shard = std::to_string(files) + " shards";
    // summaries of several seeds (a long run in chunks): the header's seed is only the first one
    if (seeds.size() > 1) total.shard += " of " + std::to_string(seeds.size()) + " seeds (each failure names its own)";
    std::string err;
    const bool written = out.empty() || write_json(total, out, err);
    if (!written) std::fprintf(stderr, "mmasim merge: %s\n", err.c_str());
    total.print(stdout);
    return total.failed ? 1 : written ? 0 : 2;
}

// The first mode of fmt x fmt (a PTX type name) into f32 / s32, dense or 2:4, unscaled or with
// block scales (MX: kind::mxf8f6f4), or -1 (packed: two 4-bit elements a byte, scaled or not:
// .kind::mxf4 is the first packed e2m1 mode)
int mode_of(const mma_hw_config &cfg, const char *fmt, bool sparse, bool packed, bool scaled) {
    for (unsigned i = 0; i < cfg.nmodes; i++) {
        const mma_hw_mode &m = cfg.modes[i];
        const mma_format_info *a = mma_format_get((mma_format)m.atype);
        if (m.atype == m.btype && (bool)m.sparse == sparse && (bool)m.packed == packed && (packed || (bool)m.stype == scaled) && a &&
            !std::strcmp(a->name, fmt) &&
            (m.dtype == MMA_FMT_F32 || m.dtype == MMA_FMT_S32))
            return (int)i;
    }
    return -1;
}

int cmd_bench(int argc, char **argv) {
    std::string config = "default";
    uint64_t latency = 10;
    for (int i = 2; i < argc; i++) {
        const std::string k = argv[i];
        if (k == "--config" && i + 1 < argc) config = argv[++i];
        else if (k == "--latency" && i + 1 < argc && parse_u64(argv[i + 1], latency)) i++;
        else return usage(("bad or incomplete option " + k).c_str());
    }
    Session b;
    if (!b.open(config, nullptr)) {
        std::fprintf(stderr, "mmasim: %s\n", b.error.c_str());
        return 2;
    }
    struct Case { unsigned m, n, k; const char *fmt; bool sparse, packed, scaled; };
    const Case cases[] = {{128, 128, 128, "e4m3", false, false, false}, {64, 64, 64, "e4m3", false, false, false},
                          {256, 256, 256, "e4m3", false, false, false}, {128, 128, 128, "e4m3", false, false, true},
                          {128, 128, 128, "f16", false, false, false},  {128, 128, 128, "bf16", false, false, false},
                          {64, 64, 64, "tf32", false, false, false},    {128, 128, 128, "s8", false, false, false},
                          {128, 128, 128, "e2m1", false, false, false}, {128, 128, 128, "e2m1", false, true, false},
                          {128, 128, 128, "s4", false, true, false},    {128, 128, 128, "e4m3", true, false, false},
                          {128, 128, 128, "f16", true, false, false}};
    sim::AxiTiming t;
    t.lat_min = t.lat_max = (unsigned)latency;
    std::printf("mmasim bench: config %s, %ux%u DPUs of %u bytes, P = %u, memory latency %llu cycles, no stalls\n",
                config.c_str(), b.dev.caps.tm, b.dev.caps.tn, b.dev.caps.w_bytes, b.dev.caps.p, (unsigned long long)latency);
    std::printf("%-16s %-8s %-6s %10s %10s %8s %10s %8s %12s %12s %s\n", "shape", "format", "sparse", "cycles", "busy",
                "stall", "MACs/cyc", "util", "DMA rd B", "DMA wr B", "check");
    std::vector<std::string> utils;
    int rc = 0;
    uint64_t cycles = 0;
    double golden = 0;   // of the time: the operands and the golden model's D (the check, not the simulation)
    const auto t0 = std::chrono::steady_clock::now();
    for (const Case &c : cases) {
        const int mode = mode_of(*b.cfg, c.fmt, c.sparse, c.packed, c.scaled);
        if (mode < 0) continue;
        Spec s;
        s.seed = 0xBE7C4;
        s.index = (uint64_t)mode;
        s.mode = (unsigned)mode;
        s.m = c.m;
        s.n = c.n;
        s.k = c.k;
        s.timing = t;
        s.irq_check = false;
        mma_accel_counters c0, c1;
        mma_accel_counters_read(&b.dev, &c0);
        const Outcome r = run(*b.dut, b.dev, *b.cfg, b.geo, s);
        mma_accel_counters_read(&b.dev, &c1);
        cycles += r.cycles;
        golden += r.golden_secs;
        const double util = r.avail ? 100.0 * (double)r.macs / (double)r.avail : 0;
        char shape[32];
        std::snprintf(shape, sizeof shape, "%ux%ux%u", c.m, c.n, c.k);
        const std::string fmt = std::string(c.fmt) + (c.packed ? "/pk" : c.scaled ? "/mx" : "");   // packed two a byte; MX
        std::printf("%-16s %-8s %-6s %10llu %10llu %8llu %10.1f %7.1f%% %12llu %12llu %s\n", shape, fmt.c_str(),
                    c.sparse ? "2:4" : "-", (unsigned long long)r.cycles, (unsigned long long)r.busy,
                    (unsigned long long)(c1.stall - c0.stall),
                    r.busy ? (double)r.useful_macs / (double)r.busy : 0.0, util,
                    (unsigned long long)(c1.rd_bytes - c0.rd_bytes), (unsigned long long)(c1.wr_bytes - c0.wr_bytes),
                    r.pass ? "bit-exact" : r.message.c_str());
        char line[96];
        std::snprintf(line, sizeof line, "util %s %s%s: %.1f%%", shape, c.sparse ? "sparse " : "", fmt.c_str(), util);
        utils.push_back(line);
        if (!r.pass) rc = 1;
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (const std::string &u : utils) std::printf("%s\n", u.c_str());
    std::printf("simulated %llu cycles in %.1f s: %.0f cycles/s\n", (unsigned long long)cycles, secs,
                secs > 0 ? (double)cycles / secs : 0.0);
    // the same without the check's golden model: the Verilated accelerator, its bus model and the driver
    const double sim_secs = secs - golden;
    std::printf("of which the golden model's D %.1f s; the simulation alone %.1f s: %.0f cycles/s\n", golden, sim_secs,
                sim_secs > 0 ? (double)cycles / sim_secs : 0.0);
    return rc;
}

int cmd_list() {
    for (const std::string &c : sim::dut_configs()) {
        sim::AxiMem mem(MEM_BASE, 1u << 20);
        std::unique_ptr<sim::Dut> d(sim::make_dut(c, &mem));
        sim::SimPort port;
        sim::sim_port_init(port, d.get());
        mma_accel dev{};
        const mma_status st = mma_accel_probe(&dev, &port.port);
        if (st != MMA_OK) {
            std::printf("%-10s probe failed: %s\n", c.c_str(), mma_status_name(st));
            continue;
        }
        std::printf("%-10s preset %-14s %ux%u DPUs, %u bytes a step, P %u, block %ux%u, K pass %u bytes, %u modes\n",
                    c.c_str(), dev.cfg->preset, dev.caps.tm, dev.caps.tn, dev.caps.w_bytes, dev.caps.p, dev.caps.mb,
                    dev.caps.nb, dev.caps.kpass_bytes, dev.caps.nmodes);
    }
    return 0;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 2) return usage("no command");
    const std::string cmd = argv[1];
    if (cmd == "regress") return cmd_regress(argc, argv);
    if (cmd == "merge") return cmd_merge(argc, argv);
    if (cmd == "bench") return cmd_bench(argc, argv);
    if (cmd == "list") return argc == 2 ? cmd_list() : usage("list takes no arguments");
    if (cmd == "regs") return mmasim::cmd_regs(argc, argv);
    if (cmd == "conform") return mmasim::cmd_conform(argc, argv, MMA_VECTORS_DIR);
    if (cmd == "--help" || cmd == "-h" || cmd == "help") return usage(nullptr), 0;
    return usage(("unknown command " + cmd).c_str());
}
