// DutT<V>: the Dut of a Verilated model class V of mma_accel (included by the generated
// dut_<config>.cpp of each configuration, with its model's header).
#ifndef MMA_SIM_DUT_IMPL_H
#define MMA_SIM_DUT_IMPL_H

#include <verilated.h>
#include <verilated_fst_c.h>
#if VM_COVERAGE
#include <verilated_cov.h>
#endif

#include <memory>

#include "dut.h"

namespace sim {

template <class V>
class DutT final : public Dut {
public:
    DutT(AxiMem *m, const char *cfg) : Dut(m), cfg_(cfg) {
        ctx_.reset(new VerilatedContext);
        // Verilator finds a model's context through a thread-local pointer when it registers or
        // erases the model's scopes and on $stop: with several models alive (a run and its traced
        // re-run), point it at this one's before anything that may use it
        Verilated::threadContextp(ctx_.get());
        ctx_->traceEverOn(true);
        // an RTL assertion ($stop in mma_axi_check and the engines' invariant checks) fails the job
        // with its reproduction command instead of aborting the whole run
        ctx_->fatalOnError(false);
        top_.reset(new V(ctx_.get(), "top"));
        reset();
    }
    ~DutT() override {
        Verilated::threadContextp(ctx_.get());
        trace(nullptr);
        top_->final();
        top_.reset();   // its scopes leave this context while it still exists
    }
    void reset() override {
        V *t = top_.get();
        stop_cycle_ = 0;
        t->rst_ni = 0;
        t->clk_i = 0;
        drive_idle();
        t->eval();
        for (int i = 0; i < 4; i++) tick();
        t->rst_ni = 1;
        tick();
        busy_fell_at_ = 0;
        was_busy_ = t->busy_o;
    }
    void run(uint64_t n, bool irq_stop) override {
        for (uint64_t i = 0; i < n; i++) {
            if (irq_stop && top_->irq_o) return;
            tick();
        }
    }
    uint32_t read32(uint32_t offset, uint8_t *resp) override {
        V *t = top_.get();
        if (stop_cycle_) {
            no_answer(resp);
            return 0xDEADBEEF;
        }
        t->s_araddr_i = offset & 0xFFF;
        t->s_arvalid_i = 1;
        t->s_rready_i = 1;
        bool addr_done = false;
        uint32_t data = 0;
        for (unsigned guard = 0; guard < 10000; guard++) {
            const bool ar_fire = t->s_arvalid_i && t->s_arready_o;
            const bool r_fire = t->s_rvalid_o && t->s_rready_i;
            if (r_fire) {
                data = t->s_rdata_o;
                if (resp) *resp = t->s_rresp_o;
            }
            tick_pre();
            if (ar_fire) {
                addr_done = true;
                t->s_arvalid_i = 0;
            }
            if (r_fire) {
                t->s_rready_i = 0;
                tick_post();
                return data;
            }
            tick_post();
            (void)addr_done;
        }
        t->s_arvalid_i = 0;
        t->s_rready_i = 0;
        if (resp) *resp = 0xFF;   // no answer: the harness reports it
        return 0xDEADBEEF;
    }
    void write32(uint32_t offset, uint32_t value, uint8_t *resp, uint8_t strb) override {
        V *t = top_.get();
        if (stop_cycle_) {
            no_answer(resp);
            return;
        }
        t->s_awaddr_i = offset & 0xFFF;
        t->s_awvalid_i = 1;
        t->s_wdata_i = value;
        t->s_wstrb_i = strb & 0xFu;
        t->s_wvalid_i = 1;
        t->s_bready_i = 1;
        for (unsigned guard = 0; guard < 10000; guard++) {
            const bool aw_fire = t->s_awvalid_i && t->s_awready_o;
            const bool w_fire = t->s_wvalid_i && t->s_wready_o;
            const bool b_fire = t->s_bvalid_o && t->s_bready_i;
            const uint8_t bresp = t->s_bresp_o;
            tick_pre();
            if (aw_fire) t->s_awvalid_i = 0;
            if (w_fire) t->s_wvalid_i = 0;
            if (b_fire) {
                t->s_bready_i = 0;
                if (resp) *resp = bresp;
                tick_post();
                return;
            }
            tick_post();
        }
        t->s_awvalid_i = 0;
        t->s_wvalid_i = 0;
        t->s_bready_i = 0;
        if (resp) *resp = 0xFF;
    }
    void preset_counters(const uint64_t v[6]) override {
        auto *r = top_->rootp;
        r->mma_accel__DOT__u_ctrl__DOT__cycles_o = v[0];
        r->mma_accel__DOT__u_ctrl__DOT__busy_cycles_o = v[1];
        r->mma_accel__DOT__u_ctrl__DOT__macs_o = v[2];
        r->mma_accel__DOT__u_ctrl__DOT__rd_bytes_o = v[3];
        r->mma_accel__DOT__u_ctrl__DOT__wr_bytes_o = v[4];
        r->mma_accel__DOT__u_ctrl__DOT__stall_o = v[5];
    }
    bool irq() const override { return top_->irq_o; }
    bool busy() const override { return top_->busy_o; }
    uint64_t busy_fell_at() const override { return busy_fell_at_; }
    uint64_t cycles() const override { return cycles_; }
    uint64_t stopped_at() const override { return stop_cycle_; }
    bool trace(const char *path) override {
        if (fst_) {
            fst_->close();
            fst_.reset();
        }
        if (!path || !*path) return true;
        fst_.reset(new VerilatedFstC);
        top_->trace(fst_.get(), 99);
        fst_->open(path);
        return fst_->isOpen();
    }
    void trace_until(uint64_t cycle) override { fst_until_ = cycle; }
    bool dumping() const { return fst_ && (fst_until_ == 0 || cycles_ < fst_until_); }
    bool has_coverage() const override { return VM_COVERAGE != 0; }
    void write_coverage(const char *path) override {
#if VM_COVERAGE
        ctx_->coveragep()->write(path);
#else
        (void)path;
#endif
    }
    const char *config() const override { return cfg_; }

private:
    void drive_idle() {
        V *t = top_.get();
        t->s_awvalid_i = 0;
        t->s_wvalid_i = 0;
        t->s_bready_i = 0;
        t->s_arvalid_i = 0;
        t->s_rready_i = 0;
        apply(in_);
    }
    void sample(AxiOut &o) const {
        const V *t = top_.get();
        o.arvalid = t->m_arvalid_o;
        o.araddr = t->m_araddr_o;
        o.arlen = t->m_arlen_o;
        o.arsize = t->m_arsize_o;
        o.arburst = t->m_arburst_o;
        o.rready = t->m_rready_o;
        o.awvalid = t->m_awvalid_o;
        o.awaddr = t->m_awaddr_o;
        o.awlen = t->m_awlen_o;
        o.awsize = t->m_awsize_o;
        o.awburst = t->m_awburst_o;
        o.wvalid = t->m_wvalid_o;
        o.wlast = t->m_wlast_o;
        o.wstrb = t->m_wstrb_o;
        for (int i = 0; i < 8; i++) o.wdata[i] = t->m_wdata_o[i];
        o.bready = t->m_bready_o;
    }
    void apply(const AxiIn &in) {
        V *t = top_.get();
        t->m_arready_i = in.arready;
        t->m_rvalid_i = in.rvalid;
        t->m_rlast_i = in.rlast;
        t->m_rresp_i = in.rresp;
        for (int i = 0; i < 8; i++) t->m_rdata_i[i] = in.rdata[i];
        t->m_awready_i = in.awready;
        t->m_wready_i = in.wready;
        t->m_bvalid_i = in.bvalid;
        t->m_bresp_i = in.bresp;
    }
    // The rising edge (with the memory's view of the handshakes), then the falling one.
    void tick_pre() {
        if (stop_cycle_) return;
        Verilated::threadContextp(ctx_.get());
        sample(out_);
        top_->clk_i = 1;
        top_->eval();
        if (dumping()) fst_->dump(2 * cycles_ + 1);
        mem_->cycle(out_, in_);
        apply(in_);
    }
    void tick_post() {
        if (stop_cycle_) {   // the clock has stopped; time goes on, so the driver's timeout still ends the job
            ++cycles_;
            return;
        }
        top_->clk_i = 0;
        top_->eval();
        ++cycles_;
        if (was_busy_ && !top_->busy_o) busy_fell_at_ = cycles_;
        was_busy_ = top_->busy_o;
        if (dumping()) fst_->dump(2 * cycles_);
        if (ctx_->gotError()) {
            // $stop: the model stops here, as a simulator would, until the next reset(). Simulated on,
            // a violation that holds (a request never accepted) repeats its message every cycle until
            // the driver's timeout: 150 MB of output for one hung job of `default`.
            mem_->report("RTL assertion failed at cycle " + std::to_string(cycles_) +
                         " (the ASSERTION line above; the model stops there)");
            ctx_->gotError(false);
            ctx_->gotFinish(false);
            stop_cycle_ = cycles_;   // >= 1: counted before the check
        }
    }
    void tick() {
        tick_pre();
        tick_post();
    }
    // A register access to a stopped model: one cycle passes and the bus gives no answer.
    void no_answer(uint8_t *resp) {
        ++cycles_;
        if (resp) *resp = 0xFF;
    }

    const char *cfg_;
    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<V> top_;
    std::unique_ptr<VerilatedFstC> fst_;
    AxiOut out_;
    AxiIn in_;
    uint64_t cycles_ = 0;
    uint64_t fst_until_ = 0;
    bool was_busy_ = false;      // busy_o after the previous cycle
    uint64_t busy_fell_at_ = 0;  // busy_fell_at()
    uint64_t stop_cycle_ = 0;   // the cycle an RTL assertion ($stop) fired, 0 if none: no clock edges until reset()
};

}  // namespace sim

#endif
