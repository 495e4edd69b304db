// The driver's porting layer (mma/port.h) over a simulated accelerator: register accesses are
// AXI4-Lite transactions that advance the clock, a wait lets the clock run until the interrupt
// line rises or the ticks pass, time is simulated cycles, DMA-visible memory is the AxiMem.
#ifndef MMA_SIM_PORT_H
#define MMA_SIM_PORT_H

#include "dut.h"

extern "C" {
#include "mma/port.h"
}

namespace sim {

struct SimPort {
    Dut *dut = nullptr;
    unsigned bad_resp = 0;    // register accesses the slave did not answer OKAY
    mma_port port{};
};

// Fills p.port so that the driver talks to p.dut.
void sim_port_init(SimPort &p, Dut *dut);

}  // namespace sim

#endif
