// DMA read engine: executes load commands - one row of an operand in system memory into words of
// an on-chip buffer - over an AXI4 master read channel with INCR bursts (at most 16 beats, never
// across a 4 KiB boundary, up to OUTST bursts in flight). A row is cut into buffer words of
// cmd_wb bytes (4, 8, 16 or 32 bytes a word from one 32-byte beat; 64: two beats a word); bytes of
// the last beat past the row are zeroed, and cmd_zfill zero words follow the row (the zero padding
// of a GEMM's last K chunk). A command is taken in the cycle its predecessor's last burst is
// requested, and beats stream into the buffer at one a cycle, across burst boundaries too. A bus
// error (RRESP SLVERR/DECERR) is reported with the burst address; the engine then finishes the
// bursts in flight, writes nothing more and accepts no command until clear_i. clear_i (soft
// reset, or a job's end) drops queued commands, but bursts already on the bus are completed first:
// idle_o rises only when no AXI transaction is open.
module mma_dma_rd #(
    parameter OUTST = 8           // bursts in flight
) (
    input  wire          clk_i,
    input  wire          rst_ni,
    input  wire          clear_i,
    // one command
    input  wire          cmd_valid_i,
    output wire          cmd_ready_o,
    input  wire [31:0]   cmd_addr_i,     // bus address of the row (a multiple of 32)
    input  wire [15:0]   cmd_beats_i,    // beats of 32 bytes (>= 1)
    input  wire [5:0]    cmd_last_i,     // valid bytes of the last beat (1 .. 32)
    input  wire [15:0]   cmd_zfill_i,    // zero words written after the row
    input  wire [6:0]    cmd_wb_i,       // bytes a buffer word takes: 4, 8, 16, 32 or 64
    input  wire [2:0]    cmd_sel_i,      // destination buffer (mma_core ld_sel)
    input  wire [7:0]    cmd_bank_i,
    input  wire [15:0]   cmd_waddr_i,    // first buffer word
    input  wire [7:0]    cmd_tag_i,      // returned with done
    input  wire [7:0]    cmd_pad_i,      // the byte that pads the row: 0; metadata 0x44 (nibbles 0x4: positions 0, 1); scales 1.0
    input  wire          cmd_half_i,     // metadata: only the low nibble of the row's last byte belongs to it
    output reg           done_o,         // a command's last word is written
    output reg  [7:0]    done_tag_o,
    output reg           err_o,          // pulse: a bus error
    output reg  [31:0]   err_addr_o,
    output reg  [1:0]    err_resp_o,
    output wire          idle_o,
    output reg  [31:0]   rd_bytes_o,     // bytes received (counter)
    // buffer write port (mma_core ld_*)
    output reg           ld_we_o,
    output reg  [2:0]    ld_sel_o,
    output reg  [7:0]    ld_bank_o,
    output reg  [15:0]   ld_addr_o,
    output reg           ld_half_o,
    output reg  [255:0]  ld_data_o,
    output reg  [31:0]   ld_be_o,
    input  wire          ld_ready_i,
    // AXI4 read channels (ID 0, 32-byte beats)
    output reg  [31:0]   m_araddr_o,
    output reg  [7:0]    m_arlen_o,
    output wire [2:0]    m_arsize_o,
    output wire [1:0]    m_arburst_o,
    output reg           m_arvalid_o,
    input  wire          m_arready_i,
    input  wire [255:0]  m_rdata_i,
    input  wire [1:0]    m_rresp_i,
    input  wire          m_rlast_i,
    input  wire          m_rvalid_i,
    output wire          m_rready_o
);
    assign m_arsize_o = 3'd5;     // 32 bytes a beat
    assign m_arburst_o = 2'b01;   // INCR

    // ------------------------------------------------------------------ AR: cut the current command into bursts
    reg        c_act;             // a command is being issued
    reg [31:0] c_addr;
    reg [15:0] c_left;            // beats still to request
    reg [5:0]  c_last;
    reg [15:0] c_zfill, c_waddr;
    reg [6:0]  c_wb;
    reg [2:0]  c_sel;
    reg [7:0]  c_bank, c_tag;
    reg [7:0]  c_pad;
    reg        c_half;
    reg        failed;            // a bus error: issue nothing more until clear
    // burst records for the R side
    localparam RW = 9 + 16 + 32 + 8 + 6 + 16 + 16 + 7 + 3 + 8 + 8 + 1;
    reg [RW-1:0] rec [0:OUTST-1];
    reg [3:0] rec_wp, rec_rp;
    wire [3:0] rec_n = rec_wp - rec_rp;
    wire rec_full = rec_n == OUTST;
    // the next burst: up to 16 beats, not across a 4 KiB boundary
    wire [15:0] to_4k = (16'd4096 - {4'd0, c_addr[11:0]}) >> 5;
    wire [15:0] blen0 = c_left < 16'd16 ? c_left : 16'd16;
    wire [15:0] blen = blen0 < to_4k ? blen0 : to_4k;
    wire last_burst = blen == c_left;
    wire ar_go = c_act && !failed && !clear_i && !rec_full && (!m_arvalid_o || m_arready_i);
    // the next command comes in the cycle the current one's last burst is issued
    assign cmd_ready_o = (!c_act || (ar_go && last_burst)) && !failed && !clear_i;
    reg [15:0] c_beat0;           // beats of the current command given to earlier bursts
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            c_act <= 1'b0;
            m_arvalid_o <= 1'b0;
            rec_wp <= 4'd0;
            c_beat0 <= 16'd0;
        end else if (clear_i) begin
            c_act <= 1'b0;
            if (m_arvalid_o && m_arready_i) m_arvalid_o <= 1'b0;
        end else begin
            if (m_arvalid_o && m_arready_i) m_arvalid_o <= 1'b0;
            if (ar_go) begin
                m_arvalid_o <= 1'b1;
                m_araddr_o <= c_addr;
                m_arlen_o <= blen[7:0] - 8'd1;
                // {first beat in the command, addr, tag, last bytes, zfill (on the last burst), the command's
                //  first word, wb, sel, bank, beats, last burst}
                rec[rec_wp[2:0]] <= {c_pad, c_half, c_beat0, c_addr, c_tag, c_last, last_burst ? c_zfill : 16'd0, c_waddr, c_wb, c_sel,
                                     c_bank, blen[7:0], last_burst};
                rec_wp <= rec_wp + 4'd1;
                c_addr <= c_addr + {11'd0, blen, 5'd0};
                c_left <= c_left - blen;
                c_beat0 <= c_beat0 + blen;
                if (last_burst) c_act <= 1'b0;
            end
            // a new command (in the cycle of the previous one's last burst, its registers are free)
            if (cmd_valid_i && cmd_ready_o) begin
                c_act <= 1'b1;
                c_addr <= cmd_addr_i; c_left <= cmd_beats_i; c_last <= cmd_last_i; c_zfill <= cmd_zfill_i;
                c_wb <= cmd_wb_i; c_sel <= cmd_sel_i; c_bank <= cmd_bank_i; c_waddr <= cmd_waddr_i; c_tag <= cmd_tag_i;
                c_pad <= cmd_pad_i; c_half <= cmd_half_i;
                c_beat0 <= 16'd0;
            end
        end
    end

    // ------------------------------------------------------------------ R: beats into buffer words
    wire [RW-1:0] r = rec[rec_rp[2:0]];
    wire        r_lastb = r[0];
    wire [7:0]  r_beats = r[8:1];
    wire [7:0]  r_bank = r[16:9];
    wire [2:0]  r_sel = r[19:17];
    wire [6:0]  r_wb = r[26:20];
    wire [15:0] r_waddr = r[42:27];
    wire [15:0] r_zfill = r[58:43];
    wire [5:0]  r_lastbytes = r[64:59];
    wire [7:0]  r_tag = r[72:65];
    wire [31:0] r_addr = r[104:73];
    wire [15:0] r_beat0 = r[120:105];
    wire        r_half = r[121];
    wire [7:0]  pad = r[129:122];                 // the byte that pads a row
    wire [15:0] cbeat = r_beat0 + {8'd0, beat};   // the held beat's index in its command
    reg [7:0]   beat;             // the held beat's index in its burst
    reg [7:0]   inb;              // index in its burst of the next beat to arrive
    reg [3:0]   sub;              // word within the beat
    reg [15:0]  waddr, zleft;
    reg         zfilling;
    reg [255:0] bdata;
    reg         have_beat;        // a beat is held and being written word by word
    reg         hold_last;        // the held beat is the burst's last
    reg         drop;             // after a bus error or clear: take beats, write nothing
    wire [3:0]  words_per_beat = r_wb == 7'd4 ? 4'd8 : r_wb == 7'd8 ? 4'd4 : r_wb == 7'd16 ? 4'd2 : 4'd1;
    // log2 of words_per_beat: word counts and the word's place in the beat are shifts, not products
    // (they were multiplications by words_per_beat and by r_wb: MULT18X18D on ECP5, and a shifter of
    // the beat by any bit count)
    wire [1:0]  wpb_lg = r_wb == 7'd4 ? 2'd3 : r_wb == 7'd8 ? 2'd2 : r_wb == 7'd16 ? 2'd1 : 2'd0;
    // the word's first 32-bit unit in the beat: sub x r_wb / 4 (sub < words_per_beat, so it fits 3 bits)
    wire [2:0]  sub_u32 = sub[2:0] << (2'd3 - wpb_lg);
    // the buffer refused this cycle's write (C yields to D): it stays on the port, nothing advances
    wire        ld_hold = ld_we_o && !ld_ready_i;
    wire        wr_word = have_beat && !ld_hold && !clear_i;
    wire        beat_done = wr_word && (r_wb == 7'd64 || sub == words_per_beat - 4'd1);
    // a beat is taken when nothing is held, or back to back with the held beat's last word: within a
    // burst, or as the first beat of the next burst when the held burst retires then (no zero fill)
    wire        next_burst = have_beat && hold_last;          // a beat taken now belongs to the next burst
    wire        cross_ok = rec_n >= 4'd2 && !(r_lastb && r_zfill != 16'd0) && !drop;
    assign m_rready_o = rec_n != 4'd0 && !zfilling && (!have_beat || (beat_done && (!hold_last || cross_ok)));
    wire beat_in = m_rvalid_i && m_rready_o;
    // the record of the burst a beat taken now belongs to
    wire [3:0]    rec_in_p = rec_rp + (next_burst ? 4'd1 : 4'd0);
    wire [RW-1:0] ri = rec[rec_in_p[2:0]];
    wire        ri_lastb = ri[0];
    wire [7:0]  ri_beats = ri[8:1];
    wire [5:0]  ri_lastbytes = ri[64:59];
    wire [31:0] ri_addr = ri[104:73];
    wire        ri_half = ri[121];
    wire [7:0]  ri_pad = ri[129:122];
    // records retired this cycle: the held burst's end, a zero fill's end (or either at a clear), and
    // the end of a burst whose beats are dropped
    wire        ret_held = clear_i ? ((have_beat && hold_last) || zfilling)
                         : (beat_done && hold_last && !(r_lastb && r_zfill != 16'd0)) ||
                           (zfilling && !ld_hold && zleft == 16'd1);
    wire        ret_in = beat_in && (drop || m_rresp_i[1] || clear_i) && m_rlast_i;
    // a beat's bytes past the row's end are padding (and a metadata row's last half byte)
    function [255:0] mask_last;
        input [255:0] d;
        input [5:0] n;
        input [7:0] fill;
        input half;
        integer b;
        begin
            mask_last = d;
            for (b = 0; b < 32; b = b + 1) begin
                if (b >= n) mask_last[b*8 +: 8] = fill;
                if (half && b == n - 1) mask_last[b*8+4 +: 4] = 4'h4;
            end
        end
    endfunction
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            rec_rp <= 4'd0;
            beat <= 8'd0; inb <= 8'd0; sub <= 4'd0; have_beat <= 1'b0; zfilling <= 1'b0; drop <= 1'b0; failed <= 1'b0;
            ld_we_o <= 1'b0; done_o <= 1'b0; err_o <= 1'b0; rd_bytes_o <= 32'd0; waddr <= 16'd0; zleft <= 16'd0;
            hold_last <= 1'b0;
        end else begin
            done_o <= 1'b0;
            err_o <= 1'b0;
            if (!ld_hold || clear_i) ld_we_o <= 1'b0;
            if (clear_i) begin
                // soft reset or abort: bursts on the bus are finished, nothing more is written
                drop <= 1'b1;
                have_beat <= 1'b0;
                zfilling <= 1'b0;
                // a dropped burst end or zero fill still retires its record
            end else if (rec_n == 4'd0 && !have_beat && !zfilling && !c_act) begin
                drop <= 1'b0;
                failed <= 1'b0;
            end
            if (wr_word) begin
                // write the held beat: words_per_beat words, or one half of a two-beat word
                ld_we_o <= 1'b1;
                ld_sel_o <= r_sel;
                ld_bank_o <= r_bank;
                if (r_wb == 7'd64) begin
                    ld_addr_o <= r_waddr + (cbeat >> 1);
                    ld_half_o <= cbeat[0];
                    ld_data_o <= bdata;
                    ld_be_o <= 32'hFFFF_FFFF;
                end else begin
                    ld_addr_o <= r_waddr + (cbeat << wpb_lg) + {12'd0, sub};
                    ld_half_o <= 1'b0;
                    ld_data_o <= bdata >> {sub_u32, 5'd0};
                    ld_be_o <= r_wb == 7'd32 ? 32'hFFFF_FFFF : ((32'd1 << r_wb) - 32'd1);
                end
                if (beat_done) begin
                    have_beat <= 1'b0;
                    if (hold_last) begin
                        if (r_lastb) begin
                            if (r_zfill != 16'd0) begin
                                zfilling <= 1'b1;
                                zleft <= r_zfill;
                                // the first zero word follows the row's last word
                                waddr <= r_waddr + (r_wb == 7'd64 ? ((r_beat0 + {8'd0, r_beats}) >> 1)
                                         : (r_beat0 + {8'd0, r_beats}) << wpb_lg);
                            end else begin
                                done_o <= 1'b1;
                                done_tag_o <= r_tag;
                            end
                        end
                    end
                end else begin
                    sub <= sub + 4'd1;
                end
            end else if (zfilling && !ld_hold && !clear_i) begin
                ld_we_o <= 1'b1;
                ld_sel_o <= r_sel;
                ld_bank_o <= r_bank;
                ld_addr_o <= waddr;
                ld_half_o <= 1'b0;
                ld_data_o <= {32{pad}};
                ld_be_o <= 32'hFFFF_FFFF;
                waddr <= waddr + 16'd1;
                zleft <= zleft - 16'd1;
                if (zleft == 16'd1) begin
                    zfilling <= 1'b0;
                    done_o <= 1'b1;
                    done_tag_o <= r_tag;
                end
            end
            if (beat_in) begin
                rd_bytes_o <= rd_bytes_o + 32'd32;
                inb <= m_rlast_i ? 8'd0 : inb + 8'd1;
                if (m_rresp_i[1] && !drop) begin
                    err_o <= 1'b1;
                    err_addr_o <= ri_addr + {19'd0, inb, 5'd0};
                    err_resp_o <= m_rresp_i;
                    drop <= 1'b1;
                    failed <= 1'b1;
                end
                if (drop || m_rresp_i[1] || clear_i) begin
                    // nothing is written; the burst is only finished
                end else begin
                    bdata <= (ri_lastb && inb == ri_beats - 8'd1) ? mask_last(m_rdata_i, ri_lastbytes, ri_pad, ri_half) : m_rdata_i;
                    beat <= inb;
                    have_beat <= 1'b1;
                    hold_last <= m_rlast_i;
                    sub <= 4'd0;
                end
            end
            rec_rp <= rec_rp + {3'd0, ret_held} + {3'd0, ret_in};   // retired records
        end
    end
`ifndef SYNTHESIS
    // invariants, simulation only (a failure prints ASSERTION and stops; see mma_axi_check)
    always @(posedge clk_i) if (rst_ni) begin
        if (rec_n > OUTST) begin $display("%m: ASSERTION %0d burst records, more than OUTST", rec_n); $stop; end
        if (have_beat && zfilling) begin $display("%m: ASSERTION a beat held during a zero fill"); $stop; end
        if (beat_in && next_burst && rec_n < 4'd2) begin $display("%m: ASSERTION a next burst's beat without its record"); $stop; end
    end
`endif
    assign idle_o = !c_act && rec_n == 4'd0 && !have_beat && !zfilling && !m_arvalid_o;
endmodule
