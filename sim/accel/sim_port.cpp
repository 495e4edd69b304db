// The driver's porting layer over a simulated accelerator (see sim_port.h).
#include "sim_port.h"

namespace sim {

namespace {
SimPort &self(void *ctx) { return *static_cast<SimPort *>(ctx); }
uint32_t read32(void *ctx, uint32_t offset) {
    uint8_t resp = 0;
    const uint32_t v = self(ctx).dut->read32(offset, &resp);
    if (resp != 0) self(ctx).bad_resp++;
    return v;
}
void write32(void *ctx, uint32_t offset, uint32_t value) {
    uint8_t resp = 0;
    self(ctx).dut->write32(offset, value, &resp);
    if (resp != 0) self(ctx).bad_resp++;
}
void wait(void *ctx, uint32_t ticks) { self(ctx).dut->run(ticks, true); }
void barrier(void *) {}
uint64_t now(void *ctx) { return self(ctx).dut->cycles(); }
bool bus_addr(void *ctx, const void *p, uint32_t *addr) { return self(ctx).dut->mem().bus_of(p, addr); }
}  // namespace

void sim_port_init(SimPort &p, Dut *dut) {
    p.dut = dut;
    p.bad_resp = 0;
    p.port = mma_port{&p, read32, write32, wait, barrier, now, bus_addr};
}

}  // namespace sim
