// Micro accelerator harness: mma_micro (hw/rtl/micro) driven through its AXI4-Lite registers, as
// the firmware drives it, against the golden model: every D must equal mma_dot's under the `exact`
// preset (e4m3 x e4m3 -> f32, k = the products written, f32 C) bit for bit.
//
//   tb_mma_micro [--seed S] [--start N] [--count C] [--pairs 0|1]
//
// Cases 0 .. 65535 (--pairs 1, the default): every pair of e4m3 codes as a one-product dot product
// (the product stage exhaustively, NaN included) with a C of random kind. Then random dot products
// of 1 to 2048 products (the most the model takes: 2^KMAX_LOG2) of six kinds (uniform codes,
// specials sprinkled, cancelling pairs, zeros of random signs, a narrow exponent band, one large
// product over tiny ones), each C of nine kinds (zeros, subnormal, any normal, Inf, NaN, the sum
// negated, one unit off it, a few binades off, far above or below), written in one of three ways:
// as pairs (AB) with an odd last product through AB1; as fours (A4 then B4) with the last one to
// three through AB and AB1; or each step one of the three at random. Every 8th random case also
// misuses the registers first (a write without all byte strobes, a write to a read-only or unmapped
// offset, products past the limit through AB1 or B4, a B4 without its A4, a read of an unmapped or
// write-only offset): the write must be refused (SLVERR), STATUS.err must name it, D must read the
// canonical NaN, and the next dot product must be right again. The last 2 000 cases
// go through the driver (mma_micro_probe, then mma_micro_dot or, every other case, mma_micro_dot_words
// with random bytes past the last code, of mma/micro.h) on a port whose read32 and write32 are these
// AXI4-Lite transactions, and a k past the limit must come back MMA_ERR_SHAPE
// without a register written. Case i comes from
// (seed, i) alone: a mismatch prints the command that replays just that case. The result classes
// reached are counted; a class never reached fails the run.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "Vmma_micro.h"
#include "verilated.h"

#include "../common/tb_util.h"
#include "mma/hw/mma_micro_regs.h"
#include "mma/micro.h"
#include "mma/mmacore.h"

namespace {

constexpr unsigned KMAX = 1u << MMA_TB_KMAX_LOG2;
constexpr uint64_t PAIRS = 65536;
#define REG(name) ((uint32_t)offsetof(mma_micro_t, name))

Vmma_micro *top;
uint64_t cycles = 0;

void tick() {
    top->clk_i = 0;
    top->eval();
    top->clk_i = 1;
    top->eval();
    cycles++;
}

// one AXI4-Lite write; false if the slave never answers (a hang)
bool axi_write(uint32_t addr, uint32_t data, unsigned strb, unsigned &resp) {
    top->s_axil_awaddr_i = addr;
    top->s_axil_awvalid_i = 1;
    top->s_axil_wdata_i = data;
    top->s_axil_wstrb_i = strb;
    top->s_axil_wvalid_i = 1;
    top->s_axil_bready_i = 1;
    bool aw = false, w = false;
    for (unsigned t = 0; t < 10000; t++) {
        const bool awr = top->s_axil_awready_o, wr = top->s_axil_wready_o, bv = top->s_axil_bvalid_o;
        const unsigned br = top->s_axil_bresp_o;
        tick();
        if (awr) { aw = true; top->s_axil_awvalid_i = 0; }
        if (wr) { w = true; top->s_axil_wvalid_i = 0; }
        if (bv && aw && w) {
            resp = br;
            top->s_axil_bready_i = 0;
            return true;
        }
    }
    return false;
}

bool axi_read(uint32_t addr, uint32_t &data, unsigned &resp) {
    top->s_axil_araddr_i = addr;
    top->s_axil_arvalid_i = 1;
    top->s_axil_rready_i = 1;
    bool ar = false;
    for (unsigned t = 0; t < 10000; t++) {
        const bool arr = top->s_axil_arready_o, rv = top->s_axil_rvalid_o;
        const uint32_t rd = top->s_axil_rdata_o;
        const unsigned rr = top->s_axil_rresp_o;
        tick();
        if (arr) { ar = true; top->s_axil_arvalid_i = 0; }
        if (rv && ar) {
            data = rd;
            resp = rr;
            top->s_axil_rready_i = 0;
            return true;
        }
    }
    return false;
}

// the driver's port: its accesses are the harness's AXI4-Lite transactions (a hang is a failed case)
bool port_hung = false;
uint32_t port_read32(void *, uint32_t off) {
    uint32_t v = 0;
    unsigned resp = 0;
    if (!axi_read(off, v, resp)) port_hung = true;
    return v;
}
void port_write32(void *, uint32_t off, uint32_t v) {
    unsigned resp = 0;
    if (!axi_write(off, v, 0xF, resp)) port_hung = true;
}
void port_wait(void *, uint32_t) {}
void port_barrier(void *) {}
uint64_t port_now(void *) { return cycles; }
bool port_bus_addr(void *, const void *, uint32_t *) { return false; }
const mma_port drv_port = {nullptr, port_read32, port_write32, port_wait, port_barrier, port_now, port_bus_addr};

uint32_t golden(const std::vector<uint64_t> &a, const std::vector<uint64_t> &b, uint32_t c) {
    mma_profile prof;
    if (mma_preset_profile(MMA_PRESET_EXACT, MMA_FAMILY_MMA, MMA_FMT_E4M3, MMA_FMT_F32, &prof) != MMA_OK) {
        std::fprintf(stderr, "exact preset refused e4m3 -> f32\n");
        std::exit(2);
    }
    uint64_t d = 0;
    const mma_status st = mma_dot(&prof, MMA_FMT_E4M3, a.data(), 1, MMA_FMT_E4M3, b.data(), 1, a.size(), MMA_FMT_F32,
                                  c, MMA_FMT_F32, &d);
    if (st != MMA_OK) {
        std::fprintf(stderr, "mma_dot: %s\n", mma_status_name(st));
        std::exit(2);
    }
    return (uint32_t)d;
}

double e4m3_value(uint8_t x) {   // finite codes only (the sum's kinds use it)
    const int e = (x >> 3) & 15, f = x & 7;
    const double m = e ? (8 + f) / 8.0 : f / 8.0;
    const double v = std::ldexp(m, (e ? e : 1) - 7);
    return (x & 0x80) ? -v : v;
}
bool e4m3_nan(uint8_t x) { return (x & 0x7F) == 0x7F; }

uint32_t f32_bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}
float f32_of(uint32_t u) {
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

uint8_t code_in_band(tb::rng &r, unsigned lo, unsigned hi) {   // exponent field in [lo, hi], not NaN
    for (;;) {
        const uint8_t x = (uint8_t)((r.bits(1) << 7) | ((lo + r.below(hi - lo + 1)) << 3) | r.bits(3));
        if (!e4m3_nan(x)) return x;
    }
}

// a C of kind k for the finite exact sum s (a double: e4m3 products of any k the model takes are exact in it)
uint32_t make_c(tb::rng &r, unsigned k, double s) {
    switch (k) {
    case 0: return r.chance(50) ? 0x80000000u : 0u;
    case 1: return (uint32_t)(r.bits(1) << 31) | (uint32_t)(1 + r.bits(23) % 0x7FFFFF);         // subnormal
    case 2: return (uint32_t)(r.bits(1) << 31) | (uint32_t)((1 + r.below(254)) << 23) | (uint32_t)r.bits(23);
    case 3: return r.chance(50) ? 0xFF800000u : 0x7F800000u;
    case 4: return 0x7F800000u | (uint32_t)(r.bits(1) << 31) | (uint32_t)(1 + r.bits(22));       // a NaN
    case 5: return f32_bits((float)-s);                                                          // cancels
    case 6: { const uint32_t u = f32_bits((float)-s); return r.chance(50) ? u + 1 : u - 1; }     // one unit off
    case 7: return f32_bits((float)std::ldexp(-s, (int)r.below(7) - 3));                        // binades off
    default: {                                                                                   // far away
        const double m = s != 0 ? s : 1.0;
        return f32_bits((float)std::ldexp(r.chance(50) ? m : -m, (r.chance(50) ? 1 : -1) * (int)(5 + r.below(60))));
    }
    }
}

enum { FEED_PAIRS, FEED_FOURS, FEED_MIXED, FEED_KINDS };   // how a dot product's products are written
struct dot {
    std::vector<uint64_t> a, b;
    uint32_t c = 0;
    unsigned feed = FEED_PAIRS;
    uint64_t feed_seed = 0;                                 // FEED_MIXED's choices
};

void random_dot(tb::rng &r, dot &d) {
    const unsigned kind = r.below(6);
    unsigned k = 1 + r.below(64);
    if (r.chance(10)) k = 65 + r.below(KMAX - 64);
    if (r.chance(2)) k = KMAX;
    d.a.resize(k);
    d.b.resize(k);
    const unsigned lo = r.below(16), hi = lo + r.below(16 - lo);
    for (unsigned i = 0; i < k; i++) {
        uint8_t x = (uint8_t)r.bits(8), y = (uint8_t)r.bits(8);
        switch (kind) {
        case 0: break;                                                                    // uniform
        case 1: if (!r.chance(3)) { while (e4m3_nan(x)) x = (uint8_t)r.bits(8); while (e4m3_nan(y)) y = (uint8_t)r.bits(8); } break;
        case 2:                                                                           // cancelling pairs
            x = code_in_band(r, 0, 15);
            y = code_in_band(r, 0, 15);
            if (i % 2 == 1) { x = (uint8_t)(d.a[i - 1] ^ 0x80); y = (uint8_t)d.b[i - 1]; }
            break;
        case 3: if (r.chance(70)) x = (uint8_t)(r.bits(1) << 7); if (e4m3_nan(y)) y = 0; break;   // zeros
        case 4: x = code_in_band(r, lo, hi); y = code_in_band(r, lo, hi); break;            // a narrow band
        default:                                                                          // one large over tiny
            if (i == 0) { x = code_in_band(r, 13, 15); y = code_in_band(r, 13, 15); }
            else { x = code_in_band(r, 0, 2); y = code_in_band(r, 0, 2); }
        }
        d.a[i] = x;
        d.b[i] = y;
    }
    double s = 0;
    for (unsigned i = 0; i < k; i++)
        if (!e4m3_nan((uint8_t)d.a[i]) && !e4m3_nan((uint8_t)d.b[i])) s += e4m3_value((uint8_t)d.a[i]) * e4m3_value((uint8_t)d.b[i]);
    d.c = make_c(r, r.below(9), s);
    d.feed = r.below(FEED_KINDS);
    d.feed_seed = r.next();
}

// result classes the run must reach
enum { R_NAN, R_PINF, R_NINF, R_PZERO, R_NZERO, R_C, R_SUB_C, R_CANCEL, R_C_FAR, R_S_FAR, R_NORMAL, R_MISUSE_STRB,
       R_MISUSE_ADDR, R_MISUSE_K, R_MISUSE_ORDER, R_MISUSE_READ, R_COUNT };
const char *const r_name[R_COUNT] = {"NaN", "+Inf", "-Inf", "+0", "-0", "C itself (S = 0)", "C the larger, opposite sign",
                                     "cancellation (|D| < |S| / 4)", "C far above S", "S far above C", "other normal",
                                     "misuse: byte strobes", "misuse: read-only offset", "misuse: past the limit",
                                     "misuse: B4 without A4", "misuse: unmapped or write-only read"};
uint64_t r_hits[R_COUNT];

unsigned classify(const dot &d, uint32_t res) {
    if ((res & 0x7F800000u) == 0x7F800000u) return (res & 0x7FFFFFu) ? R_NAN : (res >> 31) ? R_NINF : R_PINF;
    if ((res & 0x7FFFFFFFu) == 0) return (res >> 31) ? R_NZERO : R_PZERO;
    double s = 0;
    for (size_t i = 0; i < d.a.size(); i++) s += e4m3_value((uint8_t)d.a[i]) * e4m3_value((uint8_t)d.b[i]);
    const double c = f32_of(d.c), v = f32_of(res);
    if (s == 0) return R_C;
    if (c != 0 && std::fabs(c) > std::ldexp(std::fabs(s), 60)) return R_C_FAR;
    if (c != 0 && std::fabs(s) > std::ldexp(std::fabs(c), 60)) return R_S_FAR;
    if (std::fabs(v) < std::fabs(s) / 4) return R_CANCEL;
    if (c != 0 && std::fabs(c) > std::fabs(s) && (c < 0) != (s < 0)) return R_SUB_C;
    return R_NORMAL;
}

struct harness {
    tb::report rep;
    explicit harness(uint64_t seed, const std::string &replay) : rep("rtl_micro", replay, seed) {}

    // writes one dot product's C and products; false after a protocol failure (reported)
    bool feed(uint64_t idx, const dot &d) {
        unsigned resp = 0;
        if (!rep.expect(axi_write(REG(C), d.c, 0xF, resp) && resp == 0, idx, "C write refused or hung (resp %u)", resp))
            return false;
        tb::rng choice(d.feed_seed, 0);
        const size_t k = d.a.size();
        for (size_t i = 0; i < k;) {
            const size_t left = k - i;
            unsigned n = d.feed == FEED_PAIRS ? 2 : d.feed == FEED_FOURS ? 4 : 1 + choice.below(4);
            n = n >= 4 && left >= 4 ? 4 : n >= 2 && left >= 2 ? 2 : 1;
            if (n == 4) {
                uint32_t wa = 0, wb = 0;
                for (unsigned j = 0; j < 4; j++) {
                    wa |= (uint32_t)d.a[i + j] << 8 * j;
                    wb |= (uint32_t)d.b[i + j] << 8 * j;
                }
                if (!rep.expect(axi_write(REG(A4), wa, 0xF, resp) && resp == 0, idx, "A4 write at product %zu refused or hung", i) ||
                    !rep.expect(axi_write(REG(B4), wb, 0xF, resp) && resp == 0, idx, "B4 write at product %zu refused or hung", i))
                    return false;
            } else if (n == 2) {
                const uint32_t w = (uint32_t)d.a[i] | (uint32_t)d.b[i] << 8 | (uint32_t)d.a[i + 1] << 16 | (uint32_t)d.b[i + 1] << 24;
                if (!rep.expect(axi_write(REG(AB), w, 0xF, resp) && resp == 0, idx, "AB write at product %zu refused or hung", i))
                    return false;
            } else {
                const uint32_t w = (uint32_t)d.a[i] | (uint32_t)d.b[i] << 8 | 0xA5A50000u;   // bytes 2, 3 ignored
                if (!rep.expect(axi_write(REG(AB1), w, 0xF, resp) && resp == 0, idx, "AB1 write at product %zu refused or hung", i))
                    return false;
            }
            i += n;
        }
        return true;
    }

    // checks D and STATUS for a dot product just fed
    void check(uint64_t idx, const dot &d) {
        uint32_t res = 0, status = 0;
        unsigned resp = 0;
        if (!rep.expect(axi_read(REG(D), res, resp) && resp == 0, idx, "D read hung or SLVERR")) return;
        const uint32_t want = golden(d.a, d.b, d.c);
        if (!rep.expect(res == want, idx, "D 0x%08x, golden 0x%08x (k %zu, C 0x%08x, a0 0x%02x b0 0x%02x)", res, want,
                        d.a.size(), d.c, (unsigned)d.a[0], (unsigned)d.b[0]))
            return;
        r_hits[classify(d, res)]++;
        if (!rep.expect(axi_read(REG(STATUS), status, resp), idx, "STATUS read hung")) return;
        const unsigned err = (status & MMA_MICRO__STATUS__ERR_bm) >> MMA_MICRO__STATUS__ERR_bp;
        const unsigned count = (status & MMA_MICRO__STATUS__COUNT_bm) >> MMA_MICRO__STATUS__COUNT_bp;
        rep.expect(err == 0 && count == d.a.size() && !(status & MMA_MICRO__STATUS__BUSY_bm), idx,
                   "STATUS 0x%08x: err %u, count %u (want 0, %zu), busy %u", status, err, count, d.a.size(),
                   (unsigned)(status & 1));
    }

    // one dot product through the driver, then (every 16th case) a k past the limit, refused unwritten
    void driver_case(uint64_t idx, const dot &d, const mma_micro_info &info) {
        std::vector<uint8_t> a(d.a.begin(), d.a.end()), b(d.b.begin(), d.b.end());
        uint32_t res = 0;
        port_hung = false;
        const bool words = idx % 2;                   // mma_micro_dot_words: the codes four to a word, the pad random
        mma_status st;
        if (words) {
            std::vector<uint32_t> wa((a.size() + 3) / 4), wb(wa.size());
            tb::rng pad(d.feed_seed, 1);
            for (size_t w = 0; w < wa.size(); w++) {
                wa[w] = (uint32_t)pad.bits(32);
                wb[w] = (uint32_t)pad.bits(32);
            }
            for (size_t i = 0; i < a.size(); i++) {
                const unsigned sh = 8 * (i % 4);
                wa[i / 4] = (wa[i / 4] & ~(0xFFu << sh)) | (uint32_t)a[i] << sh;
                wb[i / 4] = (wb[i / 4] & ~(0xFFu << sh)) | (uint32_t)b[i] << sh;
            }
            st = mma_micro_dot_words(&drv_port, &info, wa.data(), wb.data(), a.size(), d.c, &res);
        } else {
            st = mma_micro_dot(&drv_port, &info, a.data(), b.data(), a.size(), d.c, &res);
        }
        const uint32_t want = golden(d.a, d.b, d.c);
        if (!rep.expect(st == MMA_OK && !port_hung && res == want, idx, "driver (%s): %s, D 0x%08x, golden 0x%08x (k %zu)",
                        words ? "words" : "bytes", mma_status_name(st), res, want, a.size()))
            return;
        r_hits[classify(d, res)]++;
        if (idx % 16 == 0) {
            std::vector<uint8_t> big(info.kmax + 1, 0x38);
            const uint64_t before = cycles;
            const mma_status s2 = mma_micro_dot(&drv_port, &info, big.data(), big.data(), big.size(), 0, &res);
            rep.expect(s2 == MMA_ERR_SHAPE && cycles == before && res == want, idx,
                       "driver: k %zu past the limit gave %s after %llu bus clocks", big.size(), mma_status_name(s2),
                       (unsigned long long)(cycles - before));
        }
    }

    // a misuse of kind m before a normal dot product: refused, named in STATUS.err, D reads NaN
    void misuse(uint64_t idx, tb::rng &r, unsigned m) {
        unsigned resp = 0, want_err = 0;
        uint32_t v = 0;
        if (!rep.expect(axi_write(REG(C), 0x3F800000u, 0xF, resp) && resp == 0, idx, "C write refused")) return;
        if (!rep.expect(axi_write(REG(AB), 0x38383838u, 0xF, resp) && resp == 0, idx, "AB write refused")) return;
        if (m == 0) {                                   // without all byte strobes
            const unsigned strb = 1 + r.below(14);
            const uint32_t offs[] = {REG(AB), REG(AB1), REG(C), REG(A4), REG(B4)};
            const uint32_t off = offs[r.below(5)];
            rep.expect(axi_write(off, 0x38383838u, strb, resp) && resp == 2, idx, "partial write (strb %x) not SLVERR", strb);
            want_err = MMA_MICRO__STATUS__ERR__STRB;
            r_hits[R_MISUSE_STRB]++;
        } else if (m == 1) {                            // read-only or unmapped
            const uint32_t offs[] = {REG(ID), REG(VERSION), REG(CAPS), REG(D), REG(STATUS), 0x0C, 0x2C, 0xFFC};
            const uint32_t off = offs[r.below(8)];
            rep.expect(axi_write(off, 0x12345678u, 0xF, resp) && resp == 2, idx, "write to 0x%03x not SLVERR", off);
            want_err = MMA_MICRO__STATUS__ERR__ADDR;
            r_hits[R_MISUSE_ADDR]++;
        } else if (m == 2) {                            // products past the limit: AB1 at the limit, B4 within 3 of it
            const unsigned full = KMAX - 2 * r.below(2);
            for (unsigned i = 2; i < full; i += 2)
                if (!rep.expect(axi_write(REG(AB), 0x38383838u, 0xF, resp) && resp == 0, idx, "AB write %u refused", i / 2))
                    return;
            if (full == KMAX && r.chance(50)) {
                rep.expect(axi_write(REG(AB1), 0x3838u, 0xF, resp) && resp == 2, idx, "product %u not refused", KMAX + 1);
            } else {
                rep.expect(axi_write(REG(A4), 0x38383838u, 0xF, resp) && resp == 0, idx, "A4 at %u products refused", full);
                rep.expect(axi_write(REG(B4), 0x38383838u, 0xF, resp) && resp == 2, idx, "B4 at %u products not refused", full);
            }
            want_err = MMA_MICRO__STATUS__ERR__K;
            r_hits[R_MISUSE_K]++;
        } else if (m == 3) {                            // B4 without its A4: after C and AB, after a B4, after A4 then AB
            const unsigned how = r.below(3);
            if (how >= 1 && !rep.expect(axi_write(REG(A4), 0x38383838u, 0xF, resp) && resp == 0, idx, "A4 refused")) return;
            if (how == 1 && !rep.expect(axi_write(REG(B4), 0x38383838u, 0xF, resp) && resp == 0, idx, "B4 after A4 refused")) return;
            if (how == 2 && !rep.expect(axi_write(REG(AB), 0x38383838u, 0xF, resp) && resp == 0, idx, "AB refused")) return;
            rep.expect(axi_write(REG(B4), 0x38383838u, 0xF, resp) && resp == 2, idx, "B4 without A4 (way %u) not refused", how);
            want_err = MMA_MICRO__STATUS__ERR__ORDER;
            r_hits[R_MISUSE_ORDER]++;
        } else {                                        // unmapped or write-only read: SLVERR, nothing changes
            const uint32_t offs[] = {0x0C, 0x2C, 0xFFC, REG(AB), REG(AB1), REG(A4), REG(B4)};
            const uint32_t off = offs[r.below(7)];
            rep.expect(axi_read(off, v, resp) && resp == 2 && v == 0, idx, "read of 0x%03x: resp %u data 0x%08x", off, resp, v);
            rep.expect(axi_read(REG(D), v, resp) && v == 0x40400000u, idx, "D after an unmapped read 0x%08x, want 3.0", v);
            r_hits[R_MISUSE_READ]++;
            return;
        }
        uint32_t status = 0;
        rep.expect(axi_read(REG(STATUS), status, resp) &&
                       ((status & MMA_MICRO__STATUS__ERR_bm) >> MMA_MICRO__STATUS__ERR_bp) == want_err,
                   idx, "STATUS 0x%08x after misuse %u: err not %u", status, m, want_err);
        rep.expect(axi_read(REG(D), v, resp) && v == 0x7FFFFFFFu, idx, "D 0x%08x after misuse %u, want the NaN", v, m);
    }
};

}  // namespace

int main(int argc, char **argv) {
    Verilated::commandArgs(argc, argv);
    uint64_t seed = 1, start = 0, count = 0, pairs = 1, randoms = 20000, drivers = 2000;
    for (int i = 1; i < argc; i++) {
        const std::string a = argv[i];
        uint64_t *dst = a == "--seed" ? &seed : a == "--start" ? &start : a == "--count" ? &count
                      : a == "--pairs" ? &pairs : a == "--random" ? &randoms : nullptr;
        if (!dst || i + 1 >= argc || !tb::parse_u64(argv[i + 1], *dst)) {
            std::fprintf(stderr, "usage: %s [--seed S] [--start N] [--count C] [--pairs 0|1] [--random R]\n", argv[0]);
            return 2;
        }
        i++;
    }
    top = new Vmma_micro;
    top->rst_ni = 0;
    for (int i = 0; i < 4; i++) tick();
    top->rst_ni = 1;
    tick();
    harness h(seed, std::string(argv[0]) + (pairs ? "" : " --pairs 0"));
    h.rep.start = start;
    h.rep.count = count;
    {   // the identification and capabilities
        uint32_t v = 0;
        unsigned resp = 0;
        h.rep.expect(axi_read(REG(ID), v, resp) && v == MMA_MICRO__ID__VALUE_reset, start, "ID 0x%08x", v);
        h.rep.expect(axi_read(REG(CAPS), v, resp) && (v & 0xFF) == MMA_FMT_E4M3 && ((v >> 8) & 0xFF) == MMA_FMT_F32 &&
                         ((v >> 16) & 0xFF) == MMA_TB_KMAX_LOG2, start, "CAPS 0x%08x", v);
    }
    mma_micro_info info{};
    {
        const mma_status st = mma_micro_probe(&drv_port, &info);
        h.rep.expect(st == MMA_OK && info.kmax == KMAX && info.ab_fmt == MMA_FMT_E4M3 && info.cd_fmt == MMA_FMT_F32, start,
                     "mma_micro_probe: %s, kmax %u", mma_status_name(st), (unsigned)info.kmax);
    }
    const uint64_t first_random = pairs ? PAIRS : 0, first_driver = first_random + randoms, total = first_driver + drivers;
    const uint64_t end = count ? start + count : total;
    for (uint64_t idx = start; idx < end && idx < total; idx++) {
        tb::rng r(seed, idx);
        dot d;
        if (idx < first_random) {
            d.a = {idx & 0xFF};
            d.b = {idx >> 8};
            d.c = make_c(r, r.below(9), 0.0);
        } else if (idx >= first_driver) {
            random_dot(r, d);
            h.driver_case(idx, d, info);
            if (h.rep.fails > 20) break;
            continue;
        } else {
            if (idx % 8 == 7) h.misuse(idx, r, r.below(5));
            random_dot(r, d);
        }
        if (h.feed(idx, d)) h.check(idx, d);
        if (h.rep.fails > 20) break;
    }
    std::printf("rtl_micro: %llu simulated cycles; result classes:", (unsigned long long)cycles);
    bool all = true;
    for (unsigned c = 0; c < R_COUNT; c++) {
        std::printf("%s %s %llu", c ? "," : "", r_name[c], (unsigned long long)r_hits[c]);
        if (!r_hits[c]) all = false;
    }
    std::printf("\n");
    int rc = h.rep.finish();
    if (!count && !all) {
        std::printf("rtl_micro: a result class was never reached (the generator must reach every outcome)\n");
        rc = rc ? rc : 1;
    }
    delete top;
    return rc;
}
