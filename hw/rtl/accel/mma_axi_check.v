// AXI protocol assertions of the accelerator's two bus ports, active in simulation only (the body
// is empty under SYNTHESIS): whatever bench drives the accelerator - mmasim's memory model, the
// SoC's RAM, the DPI testbench - a broken handshake stops the simulation at the cycle it happens.
//
// AXI4 master (DMA): AR, AW and W keep VALID and their payload until READY; bursts are INCR of
// 32-byte beats, at most 16 beats, inside one 4 KiB page; a W beat comes no earlier than the cycle
// its burst's AW is first presented (AXI lets data lead the address; this master never does, so
// the burst length is known) and WLAST marks exactly the burst's last beat; no R beat or B response
// arrives that was not asked for (a slave error, reported the same way).
// AXI4-Lite slave (registers): R and B keep VALID and their payload until READY.
//
// A failure prints "ASSERTION <rule>" with the module path and calls $stop: under Verilator with
// fatalOnError(false) the harness sees gotError() and reports the job with its reproduction
// command; otherwise the simulation ends there.
module mma_axi_check (
    input wire         clk_i,
    input wire         rst_ni,
    // AXI4 master
    input wire [31:0]  araddr, input wire [7:0] arlen, input wire [2:0] arsize, input wire [1:0] arburst,
    input wire         arvalid, input wire arready,
    input wire         rvalid, input wire rready, input wire rlast,
    input wire [31:0]  awaddr, input wire [7:0] awlen, input wire [2:0] awsize, input wire [1:0] awburst,
    input wire         awvalid, input wire awready,
    input wire [255:0] wdata, input wire [31:0] wstrb, input wire wlast, input wire wvalid, input wire wready,
    input wire         bvalid, input wire bready,
    // AXI4-Lite slave
    input wire [31:0]  s_rdata, input wire [1:0] s_rresp, input wire s_rvalid, input wire s_rready,
    input wire [1:0]   s_bresp, input wire s_bvalid, input wire s_bready
);
`ifndef SYNTHESIS
    // payloads of the previous cycle, and whether VALID waited for READY then
    reg         ar_wait, aw_wait, w_wait, sr_wait, sb_wait;
    reg [31:0]  ar_addr_q, aw_addr_q, s_rdata_q;
    reg [7:0]   ar_len_q, aw_len_q;
    reg [255:0] w_data_q;
    reg [31:0]  w_strb_q;
    reg         w_last_q;
    reg [1:0]   s_rresp_q, s_bresp_q;
    // AW bursts whose W beats are not all sent (lengths), and R/B still owed by the slave
    reg [7:0]   aw_len [0:15];
    reg [4:0]   aw_n;
    reg [3:0]   aw_rp, aw_wp;
    reg [7:0]   w_beat;
    reg [8:0]   r_owed_bursts, b_owed;
    wire ar_fire = arvalid && arready, w_fire = wvalid && wready;
    wire r_fire = rvalid && rready, b_fire = bvalid && bready;
    wire aw_new = awvalid && !aw_wait;   // an AW presented for the first time

    task fail;
        input [8*96-1:0] rule;
        begin
            $display("%m: ASSERTION %0s", rule);
            $stop;
        end
    endtask

    // a burst's page and shape
    function bad_burst;
        input [31:0] addr;
        input [7:0] len;
        input [2:0] size;
        input [1:0] burst;
        begin
            bad_burst = size != 3'd5 || burst != 2'b01 || len > 8'd15 || addr[4:0] != 5'd0 ||
                        ({20'd0, addr[11:0]} + ({24'd0, len} + 32'd1) * 32'd32 > 32'd4096);
        end
    endfunction

    always @(posedge clk_i) begin
        if (!rst_ni) begin
            ar_wait <= 1'b0; aw_wait <= 1'b0; w_wait <= 1'b0; sr_wait <= 1'b0; sb_wait <= 1'b0;
            aw_n <= 5'd0; aw_rp <= 4'd0; aw_wp <= 4'd0; w_beat <= 8'd0; r_owed_bursts <= 9'd0; b_owed <= 9'd0;
        end else begin
            // VALID held with a stable payload until READY
            if (ar_wait && (!arvalid || araddr != ar_addr_q || arlen != ar_len_q)) fail("AR: ARVALID dropped or payload changed");
            if (aw_wait && (!awvalid || awaddr != aw_addr_q || awlen != aw_len_q)) fail("AW: AWVALID dropped or payload changed");
            if (w_wait && (!wvalid || wdata != w_data_q || wstrb != w_strb_q || wlast != w_last_q))
                fail("W: WVALID dropped or payload changed");
            if (sr_wait && (!s_rvalid || s_rdata != s_rdata_q || s_rresp != s_rresp_q)) fail("S_R: RVALID dropped or payload changed");
            if (sb_wait && (!s_bvalid || s_bresp != s_bresp_q)) fail("S_B: BVALID dropped or payload changed");
            ar_wait <= arvalid && !arready; ar_addr_q <= araddr; ar_len_q <= arlen;
            aw_wait <= awvalid && !awready; aw_addr_q <= awaddr; aw_len_q <= awlen;
            w_wait <= wvalid && !wready; w_data_q <= wdata; w_strb_q <= wstrb; w_last_q <= wlast;
            sr_wait <= s_rvalid && !s_rready; s_rdata_q <= s_rdata; s_rresp_q <= s_rresp;
            sb_wait <= s_bvalid && !s_bready; s_bresp_q <= s_bresp;
            // burst shape
            if (arvalid && bad_burst(araddr, arlen, arsize, arburst)) fail("AR: not an aligned INCR burst of <= 16 32-byte beats in one 4 KiB page");
            if (awvalid && bad_burst(awaddr, awlen, awsize, awburst)) fail("AW: not an aligned INCR burst of <= 16 32-byte beats in one 4 KiB page");
            // W beats against their AW bursts (lengths taken when an AW is first presented)
            if (aw_new) begin
                aw_len[aw_wp] <= awlen;
                aw_wp <= aw_wp + 4'd1;
            end
            if (w_fire) begin
                if (aw_n == 5'd0 && !aw_new) fail("W: a beat before its AW was presented");
                else if (wlast != (w_beat == (aw_n == 5'd0 ? awlen : aw_len[aw_rp]))) fail("W: WLAST not on the burst's last beat");
                if (wlast) begin
                    w_beat <= 8'd0;
                    aw_rp <= aw_rp + 4'd1;
                end else begin
                    w_beat <= w_beat + 8'd1;
                end
            end
            aw_n <= aw_n + (aw_new ? 5'd1 : 5'd0) - ((w_fire && wlast) ? 5'd1 : 5'd0);
            if (aw_n == 5'd16 && aw_new) fail("AW: more than 16 bursts waiting for W beats (checker depth)");
            // responses the slave owes
            b_owed <= b_owed + ((w_fire && wlast) ? 9'd1 : 9'd0) - (b_fire ? 9'd1 : 9'd0);
            if (b_fire && b_owed == 9'd0 && !(w_fire && wlast)) fail("B: a response nobody asked for");
            r_owed_bursts <= r_owed_bursts + (ar_fire ? 9'd1 : 9'd0) - ((r_fire && rlast) ? 9'd1 : 9'd0);
            if (r_fire && r_owed_bursts == 9'd0) fail("R: a beat nobody asked for");
        end
    end
`endif
endmodule
