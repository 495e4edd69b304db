// A simulated accelerator of one configuration with its AXI memory and a probed driver: what every
// mmasim command opens first.
#ifndef MMA_SIM_SESSION_H
#define MMA_SIM_SESSION_H

#include <memory>
#include <string>

#include "../accel/dut.h"
#include "../accel/sim_port.h"
#include "jobs.h"

namespace mmasim {

constexpr uint32_t MEM_BASE = 0x10000000u;
constexpr uint32_t MEM_SIZE = 64u << 20;

// The simulated accelerator of one configuration with its memory and a probed driver.
struct Session {
    std::unique_ptr<sim::AxiMem> mem;
    std::unique_ptr<sim::Dut> dut;
    sim::SimPort port;
    mma_accel dev{};
    const mma_hw_config *cfg = nullptr;
    Geometry geo{};
    std::string error;

    bool open(const std::string &config, const char *fst) {
        mem.reset(new sim::AxiMem(MEM_BASE, MEM_SIZE));
        dut.reset(sim::make_dut(config, mem.get()));
        if (!dut) {
            error = "no accelerator model of configuration '" + config + "' is linked (mmasim list)";
            return false;
        }
        if (fst && !dut->trace(fst)) {
            error = std::string("cannot write the waveform ") + fst;
            return false;
        }
        sim::sim_port_init(port, dut.get());
        mma_status st = mma_accel_probe(&dev, &port.port);
        if (st != MMA_OK) {
            const mma_accel_caps &c = dev.caps;   // what the model reported (mma/driver.h: the probe's rules)
            error = std::string("probe: ") + mma_status_name(st) + " (read: register map " +
                    std::to_string(c.version >> 8) + "." + std::to_string(c.version & 0xFFu) + ", configuration " +
                    std::to_string(c.cfg_id) + ", " + std::to_string(c.tm) + "x" + std::to_string(c.tn) + " DPUs of " +
                    std::to_string(c.w_bytes) + " bytes, " + std::to_string(c.nmodes) + " modes)";
            return false;
        }
        unsigned bad = 0;
        st = mma_accel_check_modes(&dev, &bad);
        if (st != MMA_OK) {
            error = "the hardware's mode table differs from the golden model's at row " + std::to_string(bad);
            return false;
        }
        cfg = dev.cfg;
        // a model NAME@RxC (sim/CMakeLists.txt) is configuration NAME with an R x C array
        const std::string want = "@" + std::to_string(dev.caps.tm) + "x" + std::to_string(dev.caps.tn);
        const bool own_array = dev.caps.tm == cfg->tm && dev.caps.tn == cfg->tn;
        if (!(config == cfg->name + want || (own_array && config == cfg->name))) {
            error = "model '" + config + "' reports configuration '" + cfg->name + "' with " +
                    std::to_string(dev.caps.tm) + "x" + std::to_string(dev.caps.tn) + " DPUs";
            return false;
        }
        geo = Geometry{dev.caps.tm, dev.caps.tn, dev.caps.p, dev.caps.mb, dev.caps.nb, dev.caps.kpass_bytes, dev.caps.nmodes};
        return true;
    }
};

} // namespace mmasim

#endif
