// AXI4 memory slave for the accelerator's DMA master: byte-addressed memory at a bus base address,
// random latency, stalls and back-pressure on every channel (from a seed, so a run replays), fault
// regions that answer SLVERR/DECERR, and protocol checks on what the master does (burst rules,
// VALID held until READY with a stable payload, WLAST, writes only inside the allowed windows).
// One ID, responses in order. Used by the Verilated accelerator harness (sim/accel/dut.h).
#ifndef MMA_SIM_AXI_MEM_H
#define MMA_SIM_AXI_MEM_H

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace sim {

// What the master drives (sampled before a clock edge).
struct AxiOut {
    bool arvalid = false, rready = false, awvalid = false, wvalid = false, wlast = false, bready = false;
    uint32_t araddr = 0, awaddr = 0, wstrb = 0;
    uint8_t arlen = 0, arsize = 0, arburst = 0, awlen = 0, awsize = 0, awburst = 0;
    uint32_t wdata[8] = {};
};

// What the memory drives.
struct AxiIn {
    bool arready = false, rvalid = false, rlast = false, awready = false, wready = false, bvalid = false;
    uint8_t rresp = 0, bresp = 0;
    uint32_t rdata[8] = {};
};

// Timing of the memory: percentages are per cycle; latencies in cycles from the address handshake.
struct AxiTiming {
    unsigned ar_ready_pct = 100, aw_ready_pct = 100, w_ready_pct = 100;
    unsigned r_gap_pct = 0, b_gap_pct = 0;  // chance that a ready beat / response is held back a cycle
    unsigned lat_min = 1, lat_max = 1;      // read latency
    unsigned b_lat = 1;                     // write response latency after the last beat
    unsigned max_reads = 16;                // read bursts accepted and not yet answered
    static AxiTiming ideal() { return AxiTiming{}; }
    static AxiTiming random(uint64_t seed);   // a random profile: latencies up to ~60, stalls up to 50%
    std::string describe() const;
};

struct AxiFault {
    uint32_t lo = 0, hi = 0;  // [lo, hi)
    uint8_t resp = 2;         // 2 SLVERR, 3 DECERR
};

class AxiMem {
public:
    AxiMem(uint32_t base, uint32_t size);

    // One clock edge: o and in are the values both sides saw at the edge; in becomes the next inputs.
    void cycle(const AxiOut &o, AxiIn &in);

    // Backdoor access (no timing): false if [addr, addr + n) is not memory.
    bool write(uint32_t addr, const void *p, size_t n);
    bool read(uint32_t addr, void *p, size_t n) const;
    bool fill(uint32_t addr, uint8_t byte, size_t n);
    uint8_t *host(uint32_t addr, size_t n);   // host pointer to memory (counted as written), or nullptr
    // Zeroes every page written since construction or the last call (by the bus or the backdoor):
    // the memory of a fresh model again, at the cost of the pages touched.
    void zero_written();
    bool bus_of(const void *p, uint32_t *addr) const;

    uint32_t base() const { return base_; }
    uint32_t size() const { return (uint32_t)mem_.size(); }

    void set_timing(const AxiTiming &t, uint64_t seed);
    void clear_faults() { faults_.clear(); }
    void add_fault(const AxiFault &f) { faults_.push_back(f); }
    // Writes are allowed only inside these windows (none set: anywhere); a strobed byte outside is a violation.
    void clear_windows() { windows_.clear(); win_hit_ = 0; }
    void add_window(uint32_t lo, uint32_t hi) { windows_.push_back({lo, hi}); }

    bool idle() const { return rq_.empty() && awq_.empty() && bq_.empty(); }
    // Protocol violations seen since the last take (empty: none).
    std::vector<std::string> take_violations();
    // Adds a violation found elsewhere (the RTL's own assertions), reported with the bus's.
    void report(const std::string &what);
    // Harness self-test: once no write response is due, send one B response nobody asked for (a
    // slave's protocol error that only the RTL's AXI assertions notice).
    void inject_stray_b() { stray_b_ = true; }
    // Accepts no read address for the next n cycles (a slow first access), e.g. to keep a job busy.
    void hold_reads(uint64_t n) { reads_held_until_ = now_ + n; }
    // Statistics.
    uint64_t read_beats = 0, write_beats = 0, read_bursts = 0, write_bursts = 0;

private:
    struct RBurst { uint32_t addr; unsigned len, beat; uint64_t ready_at; };
    struct WBurst { uint32_t addr; unsigned len, beat; uint8_t resp; };
    struct BResp { uint64_t ready_at; uint8_t resp; };
    uint8_t resp_of(uint32_t addr) const;   // 0 OKAY, or the fault's / DECERR outside memory
    unsigned rnd(unsigned n);               // uniform in [0, n)
    bool chance(unsigned pct) { return pct >= 100 || (pct != 0 && rnd(100) < pct); }
    void violation(const char *fmt, ...);
    void check_addr(const char *ch, uint32_t addr, uint8_t len, uint8_t size, uint8_t burst);
    bool in_one_window(uint32_t lo, uint32_t hi);   // bytes [lo, hi] inside one window

    uint32_t base_;
    std::vector<uint8_t> mem_;
    static constexpr unsigned PAGE_SHIFT = 12;
    std::vector<uint8_t> written_;   // a flag per 4 KiB page: written since the last zero_written()
    void mark(uint32_t off, size_t n) {
        if (n) for (size_t p = off >> PAGE_SHIFT; p <= (off + n - 1) >> PAGE_SHIFT; p++) written_[p] = 1;
    }
    AxiTiming t_;
    uint64_t rng_ = 1, now_ = 0;
    std::vector<AxiFault> faults_;
    std::vector<std::pair<uint32_t, uint32_t>> windows_;
    size_t win_hit_ = 0;        // the window the last beat fell in (the next beat's first guess)
    std::deque<RBurst> rq_;
    std::deque<WBurst> awq_;    // bursts announced; the front one takes the W beats
    std::deque<BResp> bq_;
    unsigned w_open_ = 0;       // bursts of awq_ that still take data
    // what the master presented last cycle and whether it was taken (VALID/payload stability)
    AxiOut last_{};
    bool ar_pending_ = false, aw_pending_ = false, w_pending_ = false;
    std::vector<std::string> violations_;
    bool stray_b_ = false, stray_b_out_ = false;
    uint64_t reads_held_until_ = 0;
};

}  // namespace sim

#endif
