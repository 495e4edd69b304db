// DMA write engine: executes store commands - one row of D from the on-chip C/D buffer into system
// memory - over an AXI4 master write channel with INCR bursts (at most 16 beats, never across a
// 4 KiB boundary, up to 8 bursts open). The last beat's strobes cover only the row's bytes, so
// nothing outside D changes. Words come from the buffer's read port (one cycle latency, a read
// every cycle; the compute core may refuse a cycle, rd_ack_i low, and the read is issued again)
// through a small queue, so a row streams at one beat a cycle; the next command is taken in the
// cycle the current one's last word lands.
// done_o pulses when a command's last write response has arrived. A bus error (BRESP SLVERR or
// DECERR) is reported with the failing burst's address. clear_i (soft reset) or an error stops the
// work, but every burst already announced on AW still gets its W beats (with no byte strobes, so
// memory is not touched) and its response: idle_o rises only when no AXI transaction is open.
module mma_dma_wr (
    input  wire          clk_i,
    input  wire          rst_ni,
    input  wire          clear_i,
    input  wire          cmd_valid_i,
    output wire          cmd_ready_o,
    input  wire [31:0]   cmd_addr_i,     // bus address of the row (a multiple of 32)
    input  wire [15:0]   cmd_beats_i,    // beats (>= 1)
    input  wire [5:0]    cmd_last_i,     // valid bytes of the last beat (1 .. 32)
    input  wire [7:0]    cmd_bank_i,     // C/D bank
    input  wire [15:0]   cmd_raddr_i,    // first buffer word
    input  wire [7:0]    cmd_tag_i,
    output reg           done_o,
    output reg  [7:0]    done_tag_o,
    output reg           err_o,
    output reg  [31:0]   err_addr_o,
    output reg  [1:0]    err_resp_o,
    output wire          idle_o,
    output reg  [31:0]   wr_bytes_o,
    // buffer read port (mma_core rd_*)
    output wire          rd_en_o,
    output wire [7:0]    rd_bank_o,
    output wire [15:0]   rd_addr_o,
    input  wire [255:0]  rd_data_i,
    input  wire          rd_ack_i,
    // AXI4 write channels
    output reg  [31:0]   m_awaddr_o,
    output reg  [7:0]    m_awlen_o,
    output wire [2:0]    m_awsize_o,
    output wire [1:0]    m_awburst_o,
    output reg           m_awvalid_o,
    input  wire          m_awready_i,
    output wire [255:0]  m_wdata_o,
    output wire [31:0]   m_wstrb_o,
    output wire          m_wlast_o,
    output wire          m_wvalid_o,
    input  wire          m_wready_i,
    input  wire [1:0]    m_bresp_i,
    input  wire          m_bvalid_i,
    output wire          m_bready_o
);
    assign m_awsize_o = 3'd5;
    assign m_awburst_o = 2'b01;

    reg        stop;              // soft reset or a bus error: announce nothing more, write nothing more
    // ------------------------------------------------------------------ the command being executed
    reg        c_act;
    reg [31:0] c_addr;            // next burst's address
    reg [15:0] c_left;            // beats not yet announced on AW
    reg [15:0] c_rleft;           // words not yet read from the buffer
    reg [15:0] c_raddr;
    reg [5:0]  c_last;
    reg [7:0]  c_bank, c_tag;
    wire [15:0] to_4k = (16'd4096 - {4'd0, c_addr[11:0]}) >> 5;
    wire [15:0] blen0 = c_left < 16'd16 ? c_left : 16'd16;
    wire [15:0] blen = blen0 < to_4k ? blen0 : to_4k;

    // announced bursts: {address, last of its command, tag, beats}
    reg [47:0] bq [0:7];          // [47:16] address, [15] ends its command, [14:8] tag, [7:0] beats
    reg [3:0]  bq_wp, bw_rp, bb_rp;   // written; W complete; B received
    wire [3:0] open_b = bq_wp - bb_rp;
    wire aw_go = c_act && !stop && !clear_i && c_left != 16'd0 && open_b < 4'd8 && (!m_awvalid_o || m_awready_i);

    // ------------------------------------------------------------------ buffer reads into the W queue
    reg [287:0] wq [0:3];         // {byte strobes, data}
    reg [2:0] wq_n;
    reg [1:0] wq_w, wq_r;
    reg       rd_pend, rd_last;
    // a read every cycle, at most one in flight: the read issued last cycle lands now (rd_ack_i) or
    // was refused, and then the same word is read again
    wire rd_lands = rd_pend && rd_ack_i && !stop;
    wire [15:0] r_next = c_raddr + (rd_lands ? 16'd1 : 16'd0);     // the word to read now
    wire [15:0] r_left = c_rleft - (rd_lands ? 16'd1 : 16'd0);     // words neither landed nor landing
    wire can_read = c_act && !stop && !clear_i && r_left != 16'd0 && ({1'b0, wq_n} + (rd_lands ? 4'd1 : 4'd0)) < 4'd3;
    assign rd_en_o = can_read;
    assign rd_bank_o = c_bank;
    assign rd_addr_o = r_next;
    // the command is complete once announced and its last word has landed: the next one may come in
    wire c_done = c_act && c_left == 16'd0 && r_left == 16'd0;
    assign cmd_ready_o = (!c_act || c_done) && !stop && !clear_i;
    function [31:0] strb_of;
        input [5:0] n;
        begin
            strb_of = n >= 6'd32 ? 32'hFFFF_FFFF : ((32'd1 << n) - 32'd1);
        end
    endfunction

    // ------------------------------------------------------------------ W channel
    reg [7:0] wbeat;
    wire [47:0] wb_cur = bq[bw_rp[2:0]];
    wire w_burst = bw_rp != bq_wp;            // an announced burst still needs W beats
    wire w_data = wq_n != 3'd0;
    assign m_wvalid_o = w_burst && (stop || w_data);
    // after a stop the rest of an announced burst goes out with no byte strobes; a beat already
    // offered keeps its payload until WREADY (AXI: no change of W while WVALID waits)
    reg         w_hold_v;
    reg [287:0] w_hold;
    wire [287:0] w_now = w_hold_v ? w_hold : stop ? 288'd0 : wq[wq_r];
    assign m_wdata_o = w_now[255:0];
    assign m_wstrb_o = w_now[287:256];
    assign m_wlast_o = wbeat == wb_cur[7:0] - 8'd1;
    wire w_go = m_wvalid_o && m_wready_i;
    assign m_bready_o = 1'b1;

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            c_act <= 1'b0; c_left <= 16'd0; c_rleft <= 16'd0; c_raddr <= 16'd0;
            m_awvalid_o <= 1'b0; bq_wp <= 4'd0; bw_rp <= 4'd0; bb_rp <= 4'd0;
            wq_n <= 3'd0; wq_w <= 2'd0; wq_r <= 2'd0; rd_pend <= 1'b0; rd_last <= 1'b0; wbeat <= 8'd0;
            w_hold_v <= 1'b0; w_hold <= 288'd0;
            stop <= 1'b0; done_o <= 1'b0; err_o <= 1'b0; wr_bytes_o <= 32'd0;
        end else begin
            done_o <= 1'b0;
            err_o <= 1'b0;
            if (m_awvalid_o && m_awready_i) m_awvalid_o <= 1'b0;
            // commands and AW
            if (aw_go) begin
                m_awvalid_o <= 1'b1;
                m_awaddr_o <= c_addr;
                m_awlen_o <= blen[7:0] - 8'd1;
                bq[bq_wp[2:0]] <= {c_addr, blen == c_left, c_tag[6:0], blen[7:0]};
                bq_wp <= bq_wp + 4'd1;
                c_addr <= c_addr + {11'd0, blen, 5'd0};
                c_left <= c_left - blen;
            end
            // buffer reads: a read lands the cycle after it was issued, if the core served it
            rd_pend <= can_read;
            if (can_read) rd_last <= r_left == 16'd1;
            if (rd_lands) begin
                wq[wq_w] <= {rd_last ? strb_of(c_last) : 32'hFFFF_FFFF, rd_data_i};
                wq_w <= wq_w + 2'd1;
                c_raddr <= r_next;
                c_rleft <= r_left;
            end
            if (c_done) c_act <= 1'b0;
            // a new command (aw_go and c_done exclude each other: the command's registers are its own)
            if (clear_i) begin
                c_act <= 1'b0;
                stop <= 1'b1;
            end else if (cmd_valid_i && cmd_ready_o) begin
                c_act <= 1'b1;
                c_addr <= cmd_addr_i; c_left <= cmd_beats_i; c_rleft <= cmd_beats_i; c_raddr <= cmd_raddr_i;
                c_last <= cmd_last_i; c_bank <= cmd_bank_i; c_tag <= cmd_tag_i;
            end
            if (stop && c_act) c_act <= 1'b0;
            wq_n <= wq_n + (rd_lands ? 3'd1 : 3'd0) - ((w_go && !stop) ? 3'd1 : 3'd0);
            // W beats
            w_hold_v <= m_wvalid_o && !m_wready_i;
            w_hold <= w_now;
            if (w_go) begin
                if (!stop) wq_r <= wq_r + 2'd1;
                wr_bytes_o <= wr_bytes_o + (stop ? 32'd0 : 32'd32);
                if (m_wlast_o) begin
                    wbeat <= 8'd0;
                    bw_rp <= bw_rp + 4'd1;
                end else begin
                    wbeat <= wbeat + 8'd1;
                end
            end
            // B responses
            if (m_bvalid_i && open_b != 4'd0) begin
                bb_rp <= bb_rp + 4'd1;
                if (m_bresp_i[1] && !stop) begin
                    err_o <= 1'b1;
                    err_addr_o <= bq[bb_rp[2:0]][47:16];
                    err_resp_o <= m_bresp_i;
                    stop <= 1'b1;
                end else if (bq[bb_rp[2:0]][15] && !stop) begin
                    done_o <= 1'b1;
                    done_tag_o <= {1'b0, bq[bb_rp[2:0]][14:8]};
                end
            end
            // after a stop: once every open burst is finished, the engine takes commands again
            if (stop && !clear_i && open_b == 4'd0 && !m_awvalid_o) begin
                stop <= 1'b0;
                wq_n <= 3'd0; wq_w <= 2'd0; wq_r <= 2'd0; wbeat <= 8'd0;
            end
        end
    end
`ifndef SYNTHESIS
    // invariants, simulation only (a failure prints ASSERTION and stops; see mma_axi_check)
    always @(posedge clk_i) if (rst_ni) begin
        if (wq_n > 3'd4 || (rd_lands && wq_n == 3'd4 && !(w_go && !stop))) begin
            $display("%m: ASSERTION W queue overflow (%0d words)", wq_n); $stop;
        end
        if (open_b > 4'd8) begin $display("%m: ASSERTION %0d bursts open, more than 8", open_b); $stop; end
        if (m_wvalid_o && !w_burst) begin $display("%m: ASSERTION a W beat without an announced burst"); $stop; end
    end
`endif
    assign idle_o = !c_act && open_b == 4'd0 && !m_awvalid_o;
endmodule
