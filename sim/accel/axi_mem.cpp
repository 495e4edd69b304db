// AXI4 memory slave model (see axi_mem.h).
#include "axi_mem.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstring>

namespace sim {

AxiTiming AxiTiming::random(uint64_t seed) {
    uint64_t x = seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
    auto next = [&x](unsigned n) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        return (unsigned)(x % n);
    };
    AxiTiming t;
    t.ar_ready_pct = 50 + next(51);
    t.aw_ready_pct = 50 + next(51);
    t.w_ready_pct = 50 + next(51);
    t.r_gap_pct = next(40);
    t.b_gap_pct = next(40);
    t.lat_min = 1 + next(20);
    t.lat_max = t.lat_min + next(40);
    t.b_lat = 1 + next(30);
    t.max_reads = 1 + next(16);
    return t;
}

std::string AxiTiming::describe() const {
    char buf[200];
    std::snprintf(buf, sizeof buf, "ready ar/aw/w %u/%u/%u%%, gaps r/b %u/%u%%, read latency %u..%u, b latency %u, %u reads",
                  ar_ready_pct, aw_ready_pct, w_ready_pct, r_gap_pct, b_gap_pct, lat_min, lat_max, b_lat, max_reads);
    return buf;
}

AxiMem::AxiMem(uint32_t base, uint32_t size)
    : base_(base), mem_(size, 0), written_(((size_t)size + (1u << PAGE_SHIFT) - 1) >> PAGE_SHIFT, 0) {}

void AxiMem::zero_written() {
    for (size_t p = 0; p < written_.size(); p++) {
        if (!written_[p]) continue;
        const size_t lo = p << PAGE_SHIFT;
        std::memset(&mem_[lo], 0, std::min(mem_.size() - lo, (size_t)1 << PAGE_SHIFT));
        written_[p] = 0;
    }
}

void AxiMem::set_timing(const AxiTiming &t, uint64_t seed) {
    t_ = t;
    if (t_.lat_min < 1) t_.lat_min = 1;
    if (t_.lat_max < t_.lat_min) t_.lat_max = t_.lat_min;
    if (t_.max_reads < 1) t_.max_reads = 1;
    rng_ = seed * 0x2545F4914F6CDD1Dull | 1;
}

unsigned AxiMem::rnd(unsigned n) {
    rng_ ^= rng_ << 13;
    rng_ ^= rng_ >> 7;
    rng_ ^= rng_ << 17;
    return (unsigned)((rng_ >> 11) % n);
}

void AxiMem::violation(const char *fmt, ...) {
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (violations_.size() < 20) violations_.push_back(std::string("AXI: ") + buf);
}

void AxiMem::report(const std::string &what) {
    if (violations_.size() < 20) violations_.push_back(what);
}

std::vector<std::string> AxiMem::take_violations() {
    std::vector<std::string> v;
    v.swap(violations_);
    return v;
}

uint8_t AxiMem::resp_of(uint32_t addr) const {
    for (const AxiFault &f : faults_)
        if (addr >= f.lo && addr < f.hi) return f.resp;
    if (addr < base_ || (uint64_t)addr + 32 > (uint64_t)base_ + mem_.size()) return 3;
    return 0;
}

uint8_t *AxiMem::host(uint32_t addr, size_t n) {
    if (addr < base_ || (uint64_t)addr - base_ + n > mem_.size()) return nullptr;
    mark(addr - base_, n);
    return &mem_[addr - base_];
}

bool AxiMem::write(uint32_t addr, const void *p, size_t n) {
    uint8_t *h = host(addr, n);
    if (!h) return false;
    if (n) std::memcpy(h, p, n);
    return true;
}

bool AxiMem::read(uint32_t addr, void *p, size_t n) const {
    if (addr < base_ || (uint64_t)addr - base_ + n > mem_.size()) return false;
    if (n) std::memcpy(p, &mem_[addr - base_], n);
    return true;
}

bool AxiMem::fill(uint32_t addr, uint8_t byte, size_t n) {
    uint8_t *h = host(addr, n);
    if (!h) return false;
    std::memset(h, byte, n);
    return true;
}

bool AxiMem::bus_of(const void *p, uint32_t *addr) const {
    const uint8_t *b = static_cast<const uint8_t *>(p);
    if (b < mem_.data() || b >= mem_.data() + mem_.size()) return false;
    *addr = base_ + (uint32_t)(b - mem_.data());
    return true;
}

bool AxiMem::in_one_window(uint32_t lo, uint32_t hi) {
    if (win_hit_ < windows_.size() && lo >= windows_[win_hit_].first && hi < windows_[win_hit_].second) return true;
    for (size_t k = 0; k < windows_.size(); ++k) {
        if (lo >= windows_[k].first && hi < windows_[k].second) {
            win_hit_ = k;
            return true;
        }
    }
    return false;
}

void AxiMem::check_addr(const char *ch, uint32_t addr, uint8_t len, uint8_t size, uint8_t burst) {
    if (size != 5) violation("%s size %u, the DMA uses 32-byte beats (5)", ch, size);
    if (burst != 1) violation("%s burst type %u, expected INCR (1)", ch, burst);
    if (len > 15) violation("%s len %u: more than 16 beats", ch, len);
    if (addr % 32 != 0) violation("%s address 0x%08x not aligned to the 32-byte beat", ch, addr);
    if ((addr & 0xFFF) + 32u * (len + 1u) > 0x1000) violation("%s burst at 0x%08x of %u beats crosses 4 KiB", ch, addr, len + 1);
}

void AxiMem::cycle(const AxiOut &o, AxiIn &in) {
    ++now_;
    // ---------------------------------------------------------------- stability of VALID and payloads
    if (ar_pending_ && (!o.arvalid || o.araddr != last_.araddr || o.arlen != last_.arlen))
        violation("ARVALID dropped or AR payload changed before ARREADY");
    if (aw_pending_ && (!o.awvalid || o.awaddr != last_.awaddr || o.awlen != last_.awlen))
        violation("AWVALID dropped or AW payload changed before AWREADY");
    if (w_pending_ && (!o.wvalid || o.wstrb != last_.wstrb || o.wlast != last_.wlast ||
                       std::memcmp(o.wdata, last_.wdata, sizeof o.wdata) != 0))
        violation("WVALID dropped or W payload changed before WREADY");
    const bool ar_fire = o.arvalid && in.arready, r_fire = in.rvalid && o.rready;
    const bool aw_fire = o.awvalid && in.awready, w_fire = o.wvalid && in.wready, b_fire = in.bvalid && o.bready;
    ar_pending_ = o.arvalid && !in.arready;
    aw_pending_ = o.awvalid && !in.awready;
    w_pending_ = o.wvalid && !in.wready;
    last_ = o;

    // ---------------------------------------------------------------- reads
    if (r_fire) {
        RBurst &b = rq_.front();
        ++read_beats;
        if (++b.beat > b.len) rq_.pop_front();
    }
    if (ar_fire) {
        check_addr("AR", o.araddr, o.arlen, o.arsize, o.arburst);
        const unsigned lat = t_.lat_min + rnd(t_.lat_max - t_.lat_min + 1);
        rq_.push_back({o.araddr, o.arlen, 0, now_ + lat});
        ++read_bursts;
    }
    if (!(in.rvalid && !r_fire)) {   // a beat presented and not taken stays as it is
        in.rvalid = false;
        if (!rq_.empty() && rq_.front().ready_at <= now_ && !chance(t_.r_gap_pct)) {
            const RBurst &b = rq_.front();
            const uint32_t a = b.addr + 32u * b.beat;
            in.rvalid = true;
            in.rlast = b.beat == b.len;
            in.rresp = resp_of(a);
            if (in.rresp == 0) std::memcpy(in.rdata, &mem_[a - base_], 32);
            else std::memset(in.rdata, 0xEE, 32);
        }
    }
    in.arready = rq_.size() < t_.max_reads && now_ >= reads_held_until_ && chance(t_.ar_ready_pct);

    // ---------------------------------------------------------------- writes
    if (aw_fire) {
        check_addr("AW", o.awaddr, o.awlen, o.awsize, o.awburst);
        awq_.push_back({o.awaddr, o.awlen, 0, 0});
        ++write_bursts;
    }
    if (w_fire) {
        if (awq_.empty()) {
            violation("W beat without an open AW burst");
        } else {
            WBurst &b = awq_.front();
            const uint32_t a = b.addr + 32u * b.beat;
            if (o.wlast != (b.beat == b.len)) violation("WLAST %u on beat %u of a %u-beat burst", o.wlast, b.beat, b.len + 1);
            const uint8_t r = resp_of(a);
            if (r != 0) {
                b.resp = r;
            } else {
                const uint8_t *src = reinterpret_cast<const uint8_t *>(o.wdata);
                // a beat whose strobed bytes lie in one window (a D row) is checked once, not byte by byte
                const bool checked = windows_.empty() || o.wstrb == 0 ||
                                     in_one_window(a + (uint32_t)__builtin_ctz(o.wstrb), a + 31u - (uint32_t)__builtin_clz(o.wstrb));
                for (unsigned i = 0; i < 32; i++) {
                    if (!((o.wstrb >> i) & 1u)) continue;
                    const uint32_t ba = a + i;
                    if (!checked && !in_one_window(ba, ba)) {
                        violation("write to 0x%08x outside every D row", ba);
                        continue;
                    }
                    mem_[ba - base_] = src[i];
                }
                mark(a - base_, 32);
            }
            ++write_beats;
            if (++b.beat > b.len) {
                bq_.push_back({now_ + t_.b_lat, b.resp});
                awq_.pop_front();
            }
        }
    }
    if (b_fire) {
        if (stray_b_out_) stray_b_out_ = false;
        else bq_.pop_front();
    }
    if (!(in.bvalid && !b_fire)) {
        in.bvalid = false;
        if (stray_b_ && bq_.empty() && awq_.empty()) {
            stray_b_ = false;
            stray_b_out_ = true;
            in.bvalid = true;
            in.bresp = 0;
        } else if (!bq_.empty() && bq_.front().ready_at <= now_ && !chance(t_.b_gap_pct)) {
            in.bvalid = true;
            in.bresp = bq_.front().resp;
        }
    }
    in.awready = awq_.size() < 8 && chance(t_.aw_ready_pct);
    // W beats are taken only for an announced burst
    in.wready = !awq_.empty() && chance(t_.w_ready_pct);
}

}  // namespace sim
