// mmasim conform: the accelerator against real GPU outputs (../shared/vectors/gpu). The configuration
// that reproduces a GPU (its hw/config json names one; else one with the GPU's preset, as default
// for sm_120) runs that GPU's data sets: each test line d = c + sum a_k b_k of one GPU instruction
// becomes a diagonal element of a GEMM job in the mode of that instruction, or of a mode with the
// same types, k and profile (find_mode) (64 tests a job: test t is row t of A, row t of B^T and
// C[t][t]), and D[t][t] must equal the GPU's bits. An oracle independent of the golden model.
#include <dirent.h>
#include <strings.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "session.h"
#include "../common/tb_cov.h"

extern "C" {
#include "mma/format.h"
#include "mma/profile.h"
}

namespace mmasim {

uint32_t round32(uint32_t v);

namespace {

struct DataFile {
    std::string path;
    size_t lines = 0, k = 0;
    std::vector<uint32_t> v;
};

// a_/b_ files: K hex fp32 patterns a line; c_/d_ files: one 32-character binary string a line.
bool load(DataFile &f, bool binary, std::string &err) {
    std::ifstream in(f.path);
    if (!in) {
        err = "cannot read " + f.path;
        return false;
    }
    std::string line;
    while (std::getline(in, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        std::istringstream ls(line);
        std::string tok;
        size_t n = 0;
        while (ls >> tok) {
            char *end = nullptr;
            const unsigned long v = std::strtoul(tok.c_str(), &end, binary ? 2 : 16);
            if (*end != 0 || (binary && tok.size() != 32) || v > 0xFFFFFFFFul) {
                err = f.path + ":" + std::to_string(f.lines + 1) + ": bad value '" + tok + "'";
                return false;
            }
            f.v.push_back((uint32_t)v);
            n++;
        }
        if (f.lines == 0) f.k = n;
        if (n != f.k || (binary && n != 1)) {
            err = f.path + ":" + std::to_string(f.lines + 1) + ": " + std::to_string(n) + " values, expected " +
                  std::to_string(f.k);
            return false;
        }
        f.lines++;
    }
    if (f.lines == 0) {
        err = f.path + ": empty";
        return false;
    }
    return true;
}

bool exists(const std::string &p) { return (bool)std::ifstream(p); }

struct DataSet { const char *dir; mma_format fmt; };
const DataSet SETS[] = {{"fp16", MMA_FMT_F16}, {"bf16", MMA_FMT_BF16}, {"tf32", MMA_FMT_TF32},
                        {"E4M3", MMA_FMT_E4M3}, {"E5M2", MMA_FMT_E5M2}};

constexpr unsigned T = 64;   // tests per job

// What to run: every line of every set and output, or a selection (the reproduction of a mismatch).
struct Select {
    size_t max_lines = 0;        // --lines N: the first N lines of each set
    size_t line = 0;             // --line L: only line L (1-based)
    std::string set, out;        // --set DIR, --out f32|f16
    std::string repro;           // the command up to the GPU's selection, for "reproduce:" lines
};

// The mode of cfg that runs the data's instruction (text, parsed as ins, profile prof under the
// GPU's preset with its C usage: mma_gpu_data_model), or -1. The mode of that instruction, else a
// mode with the same types whose k and profile are ins's and prof: a chunk of a job in that mode is
// that one instruction (mma_gemm), so both compute the same bits (sm_120's wmma f16 runs in
// default's mma.sync m16n8k16 mode, for example).
int find_mode(const mma_hw_config &cfg, const char *text, const mma_instr &ins, const mma_profile &prof) {
    const bool c_unused = prof.c_mode == MMA_C_UNUSED;
    for (unsigned i = 0; i < cfg.nmodes; i++)
        if (!std::strcmp(cfg.modes[i].instr, text) && (cfg.modes[i].cmode == MMA_C_UNUSED) == c_unused) return (int)i;
    mma_instr mi;
    mma_profile mp;
    for (unsigned i = 0; i < cfg.nmodes; i++) {
        const mma_hw_mode &md = cfg.modes[i];
        if (md.atype == ins.atype && md.btype == ins.btype && md.ctype == ins.ctype && md.dtype == ins.dtype &&
            !md.sparse && !md.stype && md.kc == ins.k && mma_accel_mode_model(&cfg, &md, &mi, &mp) == MMA_OK &&
            mma_profile_same(&mp, &prof))
            return (int)i;
    }
    return -1;
}

// Line t of a data set as a 1 x 1 x K job of mode md (the golden model's D computed): for a mismatch
// report, which says whether the golden model agrees with the GPU (an RTL fault) or not (a preset
// fault), and lists the golden steps.
tb::job line_job(const mma_hw_config &cfg, const mma_hw_mode &md, mma_format fmt, mma_format out, const DataFile &a,
                 const DataFile &b, const DataFile &c, size_t t) {
    tb::job j;
    j.mode = &md;
    j.m = j.n = 1;
    j.k = (unsigned)a.k;
    j.a.assign(j.k, 0);
    j.b.assign(j.k, 0);
    for (unsigned e = 0; e < j.k; e++) {
        mma_convert(MMA_FMT_F32, a.v[t * a.k + e], fmt, MMA_RND_RZ, 0, &j.a[e]);
        mma_convert(MMA_FMT_F32, b.v[t * b.k + e], fmt, MMA_RND_RZ, 0, &j.b[e]);
    }
    uint64_t cc = c.v[t];
    if (out == MMA_FMT_F16) mma_convert(MMA_FMT_F32, cc, MMA_FMT_F16, MMA_RND_RNE, 0, &cc);
    j.c.assign(1, cc);
    j.d.assign(1, 0);
    j.ref = mma_accel_mode_model(&cfg, &md, &j.ins, &j.prof);
    if (j.ref == MMA_OK) tb::run_golden(j);
    return j;
}

// The subdirectories of path, sorted (none if it cannot be read).
std::vector<std::string> subdirs(const std::string &path) {
    std::vector<std::string> out;
    if (DIR *d = opendir(path.c_str())) {
        while (const dirent *e = readdir(d)) {
            struct stat st;
            if (e->d_name[0] != '.' && stat((path + "/" + e->d_name).c_str(), &st) == 0 && S_ISDIR(st.st_mode))
                out.push_back(e->d_name);
        }
        closedir(d);
    }
    std::sort(out.begin(), out.end());
    return out;
}

bool same_name(const std::string &x, const std::string &y) { return strcasecmp(x.c_str(), y.c_str()) == 0; }

// Runs one (data set, output) pair of directory dir/g/sub (g: the GPU's directory, sub: the data
// set's, named as on disk, as are their files); adds to pass / fail and sets ran when the set has
// that output's d file; false on a harness error.
bool run_set(Session &s, const mma_gpu *gpu, const std::string &dir, const std::string &g, const std::string &sub,
             const DataSet &ds, mma_format out, const Select &sel, size_t &pass, size_t &fail, bool &ran) {
    const std::string base = dir + "/" + g + "/" + sub + "/";
    DataFile a, b, c, d;
    a.path = base + "a_" + g + "_" + sub + ".txt";
    b.path = base + "b_" + g + "_" + sub + ".txt";
    c.path = base + "c_" + g + "_fp32.txt";
    d.path = base + "d_" + g + (out == MMA_FMT_F16 ? "_fp16.txt" : "_fp32.txt");
    if (!exists(d.path)) return true;
    ran = true;
    std::string err;
    if (!load(a, false, err) || !load(b, false, err) || !load(c, true, err) || !load(d, true, err)) {
        std::printf("conform: %s\n", err.c_str());
        return false;
    }
    if (b.lines != a.lines || c.lines != a.lines || d.lines != a.lines || b.k != a.k) {
        std::printf("conform: %s: the a, b, c and d files disagree on lines or K\n", base.c_str());
        return false;
    }
    char text[160];
    mma_instr ins;
    mma_profile prof;
    const std::string name = sub + (out == MMA_FMT_F16 ? " -> f16" : " -> f32");
    const mma_status st = mma_gpu_data_model(gpu, (mma_preset)gpu->preset, ds.fmt, out, text, sizeof text, &ins, &prof);
    if (st != MMA_OK) {
        if (!text[0])
            std::printf("conform %s %s: FAILED: %s has no tensor-core instruction for these data\n", g.c_str(),
                        name.c_str(), gpu->name);
        else
            std::printf("conform %s %s: FAILED: %s: %s\n", g.c_str(), name.c_str(), text, mma_status_message(st));
        fail += d.lines;
        return true;
    }
    const bool c_unused = prof.c_mode == MMA_C_UNUSED;
    const int mode = find_mode(*s.cfg, text, ins, prof);
    if (mode < 0) {   // the data of a wgmma run as D = A*B needs a mode with C unused (hw/config "c_unused")
        std::printf("conform %s %s: FAILED: the configuration has no mode for %s%s\n", s.cfg->name, name.c_str(), text,
                    c_unused ? " with C unused (D = A*B, as the data ran it)" : "");
        fail += d.lines;
        return true;
    }
    const mma_hw_mode &md = s.cfg->modes[mode];
    const unsigned K = (unsigned)a.k, eb = md.elem_bytes, esz = out == MMA_FMT_F16 ? 2 : 4;
    size_t first = 0, lines = sel.max_lines && sel.max_lines < a.lines ? sel.max_lines : a.lines;
    if (sel.line) {
        if (sel.line > a.lines) {
            std::printf("conform: %s: --line %zu, but the set has %zu lines\n", base.c_str(), sel.line, a.lines);
            return false;
        }
        first = sel.line - 1;
        lines = sel.line;
    }
    const uint32_t row = round32(K * eb), crow = round32(T * esz);
    size_t np = 0, nf = 0, shown = 0;
    sim::AxiMem &mem = s.dut->mem();
    mem.set_timing(sim::AxiTiming::ideal(), 1);
    mem.clear_faults();
    mem.clear_windows();
    for (size_t t0 = first; t0 < lines; t0 += T) {
        const unsigned nt = (unsigned)std::min<size_t>(T, lines - t0);
        const uint32_t A = MEM_BASE, B = A + T * row, C = B + T * row, D = C + T * crow;
        mem.fill(A, 0, D + T * crow - A);
        for (unsigned t = 0; t < nt; t++) {
            for (unsigned e = 0; e < K; e++) {
                for (int op = 0; op < 2; op++) {
                    const uint32_t bits = (op ? b : a).v[(t0 + t) * K + e];
                    uint64_t code = 0, back = 0;
                    if (mma_convert(MMA_FMT_F32, bits, ds.fmt, MMA_RND_RZ, 0, &code) != MMA_OK ||
                        mma_convert(ds.fmt, code, MMA_FMT_F32, MMA_RND_RNE, 0, &back) != MMA_OK || back != bits) {
                        std::printf("conform: %s line %zu: 0x%08x is not exact in %s\n", (op ? b : a).path.c_str(),
                                    t0 + t + 1, bits, ds.dir);
                        return false;
                    }
                    uint8_t bytes[4];
                    for (unsigned q = 0; q < eb; q++) bytes[q] = (uint8_t)(code >> (8 * q));
                    mem.write((op ? B : A) + t * row + e * eb, bytes, eb);
                }
            }
            uint64_t cc = c.v[t0 + t];
            if (out == MMA_FMT_F16) mma_convert(MMA_FMT_F32, cc, MMA_FMT_F16, MMA_RND_RNE, 0, &cc);
            if (c_unused) cc = 0;
            mem.write(C + t * crow + t * esz, &cc, esz);
        }
        mma_accel_bus_job j{};
        j.mode = (uint8_t)mode;
        j.ordered = true;
        j.m = j.n = nt;
        j.k = K;
        j.a = A; j.a_stride = row;
        j.b = B; j.b_stride = row;
        j.c = C; j.c_stride = crow;
        j.d = D; j.d_stride = crow;
        s.dev.timeout = 10000000;
        mma_accel_error e{};
        mma_status st = mma_accel_submit_bus(&s.dev, &j);
        if (st == MMA_OK) st = mma_accel_wait(&s.dev, &e);
        if (st != MMA_OK) {
            std::printf("conform %s %s: job of lines %zu..%zu failed: %s (info 0x%x)\n", s.cfg->name, name.c_str(), t0 + 1,
                        t0 + nt, mma_status_name(st), e.info);
            nf += nt;
            continue;
        }
        for (unsigned t = 0; t < nt; t++) {
            uint64_t got = 0, wide = 0;
            mem.read(D + t * crow + t * esz, &got, esz);
            wide = got;
            if (out == MMA_FMT_F16) mma_convert(MMA_FMT_F16, got, MMA_FMT_F32, MMA_RND_RNE, 0, &wide);
            if ((uint32_t)wide == d.v[t0 + t]) {
                np++;
            } else {
                nf++;
                if (shown++ < 5) {
                    const tb::job lj = line_job(*s.cfg, md, ds.fmt, out, a, b, c, t0 + t);
                    uint64_t gw = lj.d[0];
                    if (out == MMA_FMT_F16) mma_convert(MMA_FMT_F16, lj.d[0], MMA_FMT_F32, MMA_RND_RNE, 0, &gw);
                    std::printf("  %s line %zu: GPU 0x%08x, RTL 0x%08x, golden model 0x%08x (%s)\n", d.path.c_str(),
                                t0 + t + 1, d.v[t0 + t], (uint32_t)wide, (uint32_t)gw,
                                lj.ref != MMA_OK          ? mma_status_name(lj.ref)
                                : (uint32_t)gw == d.v[t0 + t] ? "agrees with the GPU: the RTL differs"
                                : (uint32_t)gw == (uint32_t)wide ? "agrees with the RTL: the preset differs from the GPU"
                                                                 : "differs from both");
                    if (shown == 1 && lj.ref == MMA_OK)
                        std::printf("    golden steps (stage functions; %s):\n%s", tb::trace_registers(lj),
                                    tb::golden_steps(lj, 0, 0, "      ").c_str());
                }
                if (shown == 1 && !sel.line)
                    std::printf("  reproduce: %s --set %s --out %s --line %zu --trace\n", sel.repro.c_str(), sub.c_str(),
                                out == MMA_FMT_F16 ? "f16" : "f32", t0 + t + 1);
            }
        }
    }
    std::printf("conform %s %s (%s, K = %u): %zu passed, %zu failed\n", s.cfg->name, name.c_str(), tb::mode_name(md).c_str(), K,
                np, nf);
    pass += np;
    fail += nf;
    return true;
}

}  // namespace

uint32_t round32(uint32_t v) { return (v + 31) / 32 * 32; }

// The configuration of `configs` (all linked ones when empty) whose preset is the GPU's, or null: the
// one made for a GPU of that preset first, else any (sm_120: default, whose preset is rtx_blackwell).
static const mma_hw_config *config_of_gpu(const mma_gpu *gpu, const std::vector<std::string> &configs) {
    const char *preset = mma_preset_name((mma_preset)gpu->preset);
    for (int pass = 0; pass < 2 && preset; pass++) {
        for (size_t i = 0; i < MMA_HW_CONFIG_COUNT; i++) {
            const mma_hw_config &c = mma_hw_configs[i];
            if ((pass == 0 && !c.gpu) || std::strcmp(c.preset, preset) != 0) continue;
            bool linked = false;
            for (const std::string &n : configs.empty() ? sim::dut_configs() : configs) linked |= n == c.name;
            if (linked) return &c;
        }
    }
    return nullptr;
}

// A positive decimal count, or 0 for anything else.
static size_t count_arg(const char *s) {
    char *end = nullptr;
    const unsigned long long v = std::strtoull(s, &end, 10);
    return (*s >= '1' && *s <= '9' && *end == 0 && v <= 1000000000ull) ? (size_t)v : 0;
}

int cmd_conform(int argc, char **argv, const char *default_dir) {
    std::vector<std::string> configs;
    std::string dir = default_dir, only_gpu, fst_dir = ".";
    Select sel;
    bool trace = false, bad = false;
    for (int i = 2; i < argc && !bad; i++) {
        const std::string k = argv[i];
        const bool v = i + 1 < argc;
        if (k == "--config" && v) configs.push_back(argv[++i]);
        else if (k == "--vectors" && v) dir = argv[++i];
        else if (k == "--lines" && v) bad = (sel.max_lines = count_arg(argv[++i])) == 0;
        else if (k == "--line" && v) bad = (sel.line = count_arg(argv[++i])) == 0;
        else if (k == "--gpu" && v) only_gpu = argv[++i];
        else if (k == "--set" && v) sel.set = argv[++i];
        else if (k == "--out" && v) bad = (sel.out = argv[++i]) != "f32" && sel.out != "f16";
        else if (k == "--trace") trace = true;
        else if (k == "--fst-dir" && v) fst_dir = argv[++i];
        else if (!k.empty() && k[0] != '-') dir = k;
        else bad = true;
    }
    bool known_set = sel.set.empty();
    for (const DataSet &ds : SETS) known_set |= same_name(sel.set, ds.dir);
    if (bad || (trace && !sel.line) || !known_set) {
        std::fprintf(stderr,
                     "usage: mmasim conform [DIR] [--config NAME]... [--lines N] [--gpu NAME] [--set DIR] [--out f32|f16]\n"
                     "                      [--line L [--trace] [--fst-dir DIR]]\n"
                     "  DIR: <GPU>/<format>/ data sets as in ../shared/vectors/gpu (default %s)\n"
                     "  --gpu, --set (fp16 bf16 tf32 E4M3 E5M2), --out, --line: only that GPU directory, data set,\n"
                     "  output and line (1-based); a mismatch prints the command that runs its line alone;\n"
                     "  --trace (with --line): an FST waveform of that line's job in --fst-dir (default .)\n",
                     default_dir);
        return 2;
    }
    for (const std::string &c : configs) {
        bool linked = false;
        for (const std::string &n : sim::dut_configs()) linked |= n == c;
        if (!linked) {
            std::fprintf(stderr, "mmasim conform: no accelerator model of configuration '%s' is linked (mmasim list)\n",
                         c.c_str());
            return 2;
        }
    }
    // every <GPU> directory of DIR: the configuration whose preset is that GPU's runs its data sets
    if (DIR *d = opendir(dir.c_str())) {
        closedir(d);
    } else {
        std::fprintf(stderr, "mmasim conform: cannot read directory %s\n", dir.c_str());
        return 2;
    }
    std::vector<std::string> gpus = subdirs(dir);
    if (!only_gpu.empty()) {
        if (std::find(gpus.begin(), gpus.end(), only_gpu) == gpus.end()) {
            std::fprintf(stderr, "mmasim conform: no directory %s/%s\n", dir.c_str(), only_gpu.c_str());
            return 2;
        }
        gpus.assign(1, only_gpu);
    }
    size_t pass = 0, fail = 0, sets = 0;
    for (const std::string &g : gpus) {
        const mma_gpu *gpu = nullptr;
        if (mma_gpu_from_name(g.c_str(), g.size(), &gpu) != MMA_OK || !gpu) {
            std::string known;
            for (size_t i = 0; const mma_gpu *k = mma_gpu_get(i); ++i) known += std::string(i ? " " : "") + k->name;
            std::printf("conform %s: FAILED: not a GPU the golden model knows (known: %s)\n", g.c_str(), known.c_str());
            fail++;
            continue;
        }
        const mma_hw_config *cfg = config_of_gpu(gpu, configs);
        if (!cfg) {
            if (configs.empty())
                std::printf("conform %s: FAILED: no accelerator configuration reproduces preset %s\n", g.c_str(),
                            mma_preset_name((mma_preset)gpu->preset));
            else
                std::printf("conform %s: skipped (not a GPU of --config)\n", g.c_str());
            fail += configs.empty();
            continue;
        }
        const std::string fst = fst_dir + "/mmasim-conform-" + g + (sel.set.empty() ? "" : "-" + sel.set) +
                                (sel.out.empty() ? "" : "-" + sel.out) + "-l" + std::to_string(sel.line) + ".fst";
        Session s;
        if (!s.open(cfg->name, trace ? fst.c_str() : nullptr)) {
            std::fprintf(stderr, "mmasim conform: %s\n", s.error.c_str());
            return 2;
        }
        sel.repro = std::string(argv[0]) + " conform " + dir + " --config " + cfg->name + " --gpu " + g;
        // every subdirectory is a data set (fp16 bf16 tf32 E4M3 E5M2, any case) with at least one d file
        for (const std::string &sub : subdirs(dir + "/" + g)) {
            if (!sel.set.empty() && !same_name(sel.set, sub)) continue;
            const DataSet *ds = nullptr;
            for (const DataSet &x : SETS)
                if (same_name(sub, x.dir)) ds = &x;
            if (!ds) {
                std::printf("conform %s/%s: FAILED: not a data set of a known input format (fp16 bf16 tf32 E4M3 E5M2)\n",
                            g.c_str(), sub.c_str());
                fail++;
                continue;
            }
            bool ran = false;
            for (mma_format out : {MMA_FMT_F32, MMA_FMT_F16}) {
                if (!sel.out.empty() && sel.out != (out == MMA_FMT_F16 ? "f16" : "f32")) continue;
                const size_t before = pass + fail;
                if (!run_set(s, gpu, dir, g, sub, *ds, out, sel, pass, fail, ran)) return 2;
                sets += pass + fail != before;
            }
            if (!ran && sel.out.empty()) {
                std::printf("conform %s/%s: FAILED: no d_%s_fp32.txt or d_%s_fp16.txt\n", g.c_str(), sub.c_str(), g.c_str(),
                            g.c_str());
                fail++;
            }
        }
        if (trace) {
            s.dut->trace(nullptr);
            std::printf("  waveform: %s\n", fst.c_str());
        }
    }
    std::printf("conform: %zu data sets, %zu passed, %zu failed\n", sets, pass, fail);
    return fail || !sets ? 1 : 0;
}

}  // namespace mmasim
