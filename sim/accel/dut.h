// The Verilated accelerator (hw/rtl/accel/mma_accel.v) of one configuration, clocked by the host:
// its AXI4 master is served by an AxiMem, its AXI4-Lite slave driven by read32/write32, which
// advance the clock until the transaction completes. One Verilated model per configuration is
// linked into the harness; make_dut picks one by name.
#ifndef MMA_SIM_DUT_H
#define MMA_SIM_DUT_H

#include <cstdint>
#include <string>
#include <vector>

#include "axi_mem.h"

namespace sim {

class Dut {
public:
    virtual ~Dut() = default;
    // Holds reset for a few cycles, then releases it (and restarts a model an assertion stopped).
    virtual void reset() = 0;
    // Advances n clock cycles; stops early when the interrupt line is high if irq_stop.
    virtual void run(uint64_t n, bool irq_stop) = 0;
    // AXI4-Lite register accesses (the response code in *resp if not null: 0 OKAY, 2 SLVERR, 3 DECERR);
    // a write's byte strobes are strb (bit b: byte b of value).
    virtual uint32_t read32(uint32_t offset, uint8_t *resp = nullptr) = 0;
    virtual void write32(uint32_t offset, uint32_t value, uint8_t *resp = nullptr, uint8_t strb = 0xF) = 0;
    // Sets the six 64-bit performance counters (CYCLES, BUSY, MACS, RD_BYTES, WR_BYTES, STALL, in
    // that order) to v[0..5], which no register write can do: the register test's way to the high words.
    virtual void preset_counters(const uint64_t v[6]) = 0;
    virtual bool irq() const = 0;
    // The busy line (busy_o, what STATUS.BUSY shows) as of the last clock edge, read without a
    // register access, so the reading takes no cycle.
    virtual bool busy() const = 0;
    // The cycle at which the busy line last fell, 0 if it has not since reset().
    virtual uint64_t busy_fell_at() const = 0;
    virtual uint64_t cycles() const = 0;
    // The cycle at which an RTL assertion ($stop) stopped the model, 0 while it runs. A stopped model
    // gets no clock edges until reset(): run() and register accesses only let cycles() go on (so the
    // driver's timeout still ends the job), and register accesses get no answer.
    virtual uint64_t stopped_at() const = 0;
    // FST waveform of everything from now on (nullptr or "" closes it).
    virtual bool trace(const char *path) = 0;
    // Stops the waveform's dumps once cycles() reaches `cycle` (0: dumps to the end).
    virtual void trace_until(uint64_t cycle) = 0;
    // Whether the model is built with line and toggle coverage (scripts/coverage.sh's build).
    virtual bool has_coverage() const = 0;
    // Writes the model's line and toggle coverage to path (only in a model built with coverage).
    virtual void write_coverage(const char *path) = 0;
    virtual const char *config() const = 0;
    AxiMem &mem() { return *mem_; }

protected:
    explicit Dut(AxiMem *m) : mem_(m) {}
    AxiMem *mem_;
};

// The accelerator of configuration `name` over memory m (nullptr if no such model is linked).
Dut *make_dut(const std::string &name, AxiMem *m);
// Names of the linked configurations.
std::vector<std::string> dut_configs();

}  // namespace sim

#endif
