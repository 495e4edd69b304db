// GENERATED from hw/regs/mma_accel.rdl by hw/gen/gen_regs.py; do not edit
// Register block of the accelerator: AXI4-Lite slave (32-bit data, 12-bit byte address).
// Field ports: <reg>_<field>_o for software-written fields, <reg>_<field>_i for
// hardware-written ones, <reg>_<field>_set_i for fields the hardware sets and software clears.
// lock_i: a job runs, registers with lock_busy refuse writes; busy_write_o pulses for each refusal.
module mma_accel_regs (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire [11:0] s_awaddr_i,
    input  wire        s_awvalid_i,
    output reg         s_awready_o,
    input  wire [31:0] s_wdata_i,
    input  wire [3:0]  s_wstrb_i,
    input  wire        s_wvalid_i,
    output reg         s_wready_o,
    output reg  [1:0]  s_bresp_o,
    output reg         s_bvalid_o,
    input  wire        s_bready_i,
    input  wire [11:0] s_araddr_i,
    input  wire        s_arvalid_i,
    output reg         s_arready_o,
    output reg  [31:0] s_rdata_o,
    output reg  [1:0]  s_rresp_o,
    output reg         s_rvalid_o,
    input  wire        s_rready_i,
    input  wire        lock_i,
    output reg         busy_write_o,
    input  wire [7:0]   caps0_tm_i,
    input  wire [7:0]   caps0_tn_i,
    input  wire [7:0]   caps0_w_bytes_i,
    input  wire [7:0]   caps0_p_i,
    input  wire [7:0]   caps1_cfg_id_i,
    input  wire [7:0]   caps1_nmodes_i,
    input  wire [7:0]   caps1_bus_bytes_i,
    input  wire [7:0]   caps1_features_i,
    input  wire [15:0]  caps2_mb_i,
    input  wire [15:0]  caps2_nb_i,
    input  wire [15:0]  caps3_kpass_bytes_i,
    output reg  [7:0]   mode_sel_index_o,
    input  wire [31:0]  mode_desc0_value_i,
    input  wire [31:0]  mode_desc1_value_i,
    input  wire [31:0]  mode_desc2_value_i,
    input  wire [31:0]  mode_desc3_value_i,
    output reg          ctrl_start_o,
    output reg          ctrl_soft_reset_o,
    output reg          ctrl_ack_o,
    input  wire         status_busy_i,
    input  wire         status_done_i,
    input  wire         status_error_i,
    input  wire         status_busy_write_i,
    input  wire [7:0]   err_cause_cause_i,
    input  wire [31:0]  err_info_value_i,
    input  wire         err_info2_write_i,
    input  wire [1:0]   err_info2_resp_i,
    output reg          irq_en_done_o,
    output reg          irq_en_error_o,
    input  wire         irq_status_done_set_i,
    output reg          irq_status_done_o,
    input  wire         irq_status_error_set_i,
    output reg          irq_status_error_o,
    output reg  [7:0]   job_mode_mode_o,
    output reg          job_mode_ordered_o,
    output reg  [31:0]  job_m_value_o,
    output reg  [31:0]  job_n_value_o,
    output reg  [31:0]  job_k_value_o,
    output reg  [31:0]  a_addr_value_o,
    output reg  [31:0]  a_stride_value_o,
    output reg  [31:0]  b_addr_value_o,
    output reg  [31:0]  b_stride_value_o,
    output reg  [31:0]  c_addr_value_o,
    output reg  [31:0]  c_stride_value_o,
    output reg  [31:0]  d_addr_value_o,
    output reg  [31:0]  d_stride_value_o,
    output reg  [31:0]  meta_addr_value_o,
    output reg  [31:0]  meta_stride_value_o,
    output reg  [31:0]  sa_addr_value_o,
    output reg  [31:0]  sa_stride_value_o,
    output reg  [31:0]  sb_addr_value_o,
    output reg  [31:0]  sb_stride_value_o,
    input  wire [31:0]  cycles_lo_value_i,
    input  wire [31:0]  cycles_hi_value_i,
    input  wire [31:0]  busy_lo_value_i,
    input  wire [31:0]  busy_hi_value_i,
    input  wire [31:0]  macs_lo_value_i,
    input  wire [31:0]  macs_hi_value_i,
    input  wire [31:0]  rd_bytes_lo_value_i,
    input  wire [31:0]  rd_bytes_hi_value_i,
    input  wire [31:0]  wr_bytes_lo_value_i,
    input  wire [31:0]  wr_bytes_hi_value_i,
    input  wire [31:0]  stall_lo_value_i,
    input  wire [31:0]  stall_hi_value_i,
    input  wire [31:0]  jobs_value_i
);
    // ---- write: AW and W are taken together, B follows
    wire wr = s_awvalid_i && s_wvalid_i && !s_bvalid_o;
    wire [11:0] wa = s_awaddr_i;
    function [31:0] merge;  // the old value with the strobed bytes of the new one
        input [31:0] old;
        input [31:0] nw;
        input [3:0] strb;
        integer b;
        begin
            merge = old;
            for (b = 0; b < 4; b = b + 1) if (strb[b]) merge[b*8 +: 8] = nw[b*8 +: 8];
        end
    endfunction
    reg [31:0] mode_sel_q;
    reg [31:0] irq_en_q;
    reg [31:0] irq_status_q;
    reg [31:0] job_mode_q;
    reg [31:0] job_m_q;
    reg [31:0] job_n_q;
    reg [31:0] job_k_q;
    reg [31:0] a_addr_q;
    reg [31:0] a_stride_q;
    reg [31:0] b_addr_q;
    reg [31:0] b_stride_q;
    reg [31:0] c_addr_q;
    reg [31:0] c_stride_q;
    reg [31:0] d_addr_q;
    reg [31:0] d_stride_q;
    reg [31:0] meta_addr_q;
    reg [31:0] meta_stride_q;
    reg [31:0] sa_addr_q;
    reg [31:0] sa_stride_q;
    reg [31:0] sb_addr_q;
    reg [31:0] sb_stride_q;
    reg [1:0] wresp;
    reg refused;
    always @* begin
        wresp = 2'b11;   // DECERR: no register at the address
        refused = 1'b0;
        case (wa[11:2])
            10'd0: wresp = 2'b10;   // SLVERR: read-only
            10'd1: wresp = 2'b10;   // SLVERR: read-only
            10'd4: wresp = 2'b10;   // SLVERR: read-only
            10'd5: wresp = 2'b10;   // SLVERR: read-only
            10'd6: wresp = 2'b10;   // SLVERR: read-only
            10'd7: wresp = 2'b10;   // SLVERR: read-only
            10'd8: begin wresp = 2'b00; refused = 1'b0; end
            10'd9: wresp = 2'b10;   // SLVERR: read-only
            10'd10: wresp = 2'b10;   // SLVERR: read-only
            10'd11: wresp = 2'b10;   // SLVERR: read-only
            10'd12: wresp = 2'b10;   // SLVERR: read-only
            10'd16: begin wresp = 2'b00; refused = 1'b0; end
            10'd17: wresp = 2'b10;   // SLVERR: read-only
            10'd18: wresp = 2'b10;   // SLVERR: read-only
            10'd19: wresp = 2'b10;   // SLVERR: read-only
            10'd20: wresp = 2'b10;   // SLVERR: read-only
            10'd21: begin wresp = 2'b00; refused = 1'b0; end
            10'd22: begin wresp = 2'b00; refused = 1'b0; end
            10'd32: begin wresp = 2'b00; refused = lock_i; end
            10'd33: begin wresp = 2'b00; refused = lock_i; end
            10'd34: begin wresp = 2'b00; refused = lock_i; end
            10'd35: begin wresp = 2'b00; refused = lock_i; end
            10'd36: begin wresp = 2'b00; refused = lock_i; end
            10'd37: begin wresp = 2'b00; refused = lock_i; end
            10'd38: begin wresp = 2'b00; refused = lock_i; end
            10'd39: begin wresp = 2'b00; refused = lock_i; end
            10'd40: begin wresp = 2'b00; refused = lock_i; end
            10'd41: begin wresp = 2'b00; refused = lock_i; end
            10'd42: begin wresp = 2'b00; refused = lock_i; end
            10'd43: begin wresp = 2'b00; refused = lock_i; end
            10'd44: begin wresp = 2'b00; refused = lock_i; end
            10'd45: begin wresp = 2'b00; refused = lock_i; end
            10'd46: begin wresp = 2'b00; refused = lock_i; end
            10'd47: begin wresp = 2'b00; refused = lock_i; end
            10'd48: begin wresp = 2'b00; refused = lock_i; end
            10'd49: begin wresp = 2'b00; refused = lock_i; end
            10'd64: wresp = 2'b10;   // SLVERR: read-only
            10'd65: wresp = 2'b10;   // SLVERR: read-only
            10'd66: wresp = 2'b10;   // SLVERR: read-only
            10'd67: wresp = 2'b10;   // SLVERR: read-only
            10'd68: wresp = 2'b10;   // SLVERR: read-only
            10'd69: wresp = 2'b10;   // SLVERR: read-only
            10'd70: wresp = 2'b10;   // SLVERR: read-only
            10'd71: wresp = 2'b10;   // SLVERR: read-only
            10'd72: wresp = 2'b10;   // SLVERR: read-only
            10'd73: wresp = 2'b10;   // SLVERR: read-only
            10'd74: wresp = 2'b10;   // SLVERR: read-only
            10'd75: wresp = 2'b10;   // SLVERR: read-only
            10'd76: wresp = 2'b10;   // SLVERR: read-only
            default: ;
        endcase
    end
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            s_awready_o <= 1'b0; s_wready_o <= 1'b0; s_bvalid_o <= 1'b0; s_bresp_o <= 2'b00;
            busy_write_o <= 1'b0;
            mode_sel_q <= 32'h00000000;
            ctrl_start_o <= 1'b0;
            ctrl_soft_reset_o <= 1'b0;
            ctrl_ack_o <= 1'b0;
            irq_en_q <= 32'h00000000;
            irq_status_q <= 32'h00000000;
            job_mode_q <= 32'h00000000;
            job_m_q <= 32'h00000000;
            job_n_q <= 32'h00000000;
            job_k_q <= 32'h00000000;
            a_addr_q <= 32'h00000000;
            a_stride_q <= 32'h00000000;
            b_addr_q <= 32'h00000000;
            b_stride_q <= 32'h00000000;
            c_addr_q <= 32'h00000000;
            c_stride_q <= 32'h00000000;
            d_addr_q <= 32'h00000000;
            d_stride_q <= 32'h00000000;
            meta_addr_q <= 32'h00000000;
            meta_stride_q <= 32'h00000000;
            sa_addr_q <= 32'h00000000;
            sa_stride_q <= 32'h00000000;
            sb_addr_q <= 32'h00000000;
            sb_stride_q <= 32'h00000000;
        end else begin
            s_awready_o <= wr;
            s_wready_o <= wr;
            busy_write_o <= wr && refused;
            if (wr) begin
                s_bvalid_o <= 1'b1;
                s_bresp_o <= wresp;
            end else if (s_bvalid_o && s_bready_i) begin
                s_bvalid_o <= 1'b0;
            end
            if (wr && wa[11:2] == 10'd8 && !refused) mode_sel_q <= merge(mode_sel_q, s_wdata_i, s_wstrb_i);
            ctrl_start_o <= wr && wa[11:2] == 10'd16 && s_wstrb_i[0] && s_wdata_i[0];
            ctrl_soft_reset_o <= wr && wa[11:2] == 10'd16 && s_wstrb_i[0] && s_wdata_i[1];
            ctrl_ack_o <= wr && wa[11:2] == 10'd16 && s_wstrb_i[0] && s_wdata_i[2];
            if (wr && wa[11:2] == 10'd21 && !refused) irq_en_q <= merge(irq_en_q, s_wdata_i, s_wstrb_i);
            irq_status_q <= (irq_status_q | {{31{1'b0}}, irq_status_done_set_i} | ({{30{1'b0}}, irq_status_error_set_i, 1'd0})) & ~((wr && wa[11:2] == 10'd22) ? (s_wdata_i & {{8{s_wstrb_i[3]}}, {8{s_wstrb_i[2]}}, {8{s_wstrb_i[1]}}, {8{s_wstrb_i[0]}}}) : 32'd0);
            if (wr && wa[11:2] == 10'd32 && !refused) job_mode_q <= merge(job_mode_q, s_wdata_i, s_wstrb_i);
            if (wr && wa[11:2] == 10'd33 && !refused) job_m_q <= merge(job_m_q, s_wdata_i, s_wstrb_i);
            if (wr && wa[11:2] == 10'd34 && !refused) job_n_q <= merge(job_n_q, s_wdata_i, s_wstrb_i);
            if (wr && wa[11:2] == 10'd35 && !refused) job_k_q <= merge(job_k_q, s_wdata_i, s_wstrb_i);
            if (wr && wa[11:2] == 10'd36 && !refused) a_addr_q <= merge(a_addr_q, s_wdata_i, s_wstrb_i);
            if (wr && wa[11:2] == 10'd37 && !refused) a_stride_q <= merge(a_stride_q, s_wdata_i, s_wstrb_i);
            if (wr && wa[11:2] == 10'd38 && !refused) b_addr_q <= merge(b_addr_q, s_wdata_i, s_wstrb_i);
            if (wr && wa[11:2] == 10'd39 && !refused) b_stride_q <= merge(b_stride_q, s_wdata_i, s_wstrb_i);
            if (wr && wa[11:2] == 10'd40 && !refused) c_addr_q <= merge(c_addr_q, s_wdata_i, s_wstrb_i);
            if (wr && wa[11:2] == 10'd41 && !refused) c_stride_q <= merge(c_stride_q, s_wdata_i, s_wstrb_i);
            if (wr && wa[11:2] == 10'd42 && !refused) d_addr_q <= merge(d_addr_q, s_wdata_i, s_wstrb_i);
            if (wr && wa[11:2] == 10'd43 && !refused) d_stride_q <= merge(d_stride_q, s_wdata_i, s_wstrb_i);
            if (wr && wa[11:2] == 10'd44 && !refused) meta_addr_q <= merge(meta_addr_q, s_wdata_i, s_wstrb_i);
            if (wr && wa[11:2] == 10'd45 && !refused) meta_stride_q <= merge(meta_stride_q, s_wdata_i, s_wstrb_i);
            if (wr && wa[11:2] == 10'd46 && !refused) sa_addr_q <= merge(sa_addr_q, s_wdata_i, s_wstrb_i);
            if (wr && wa[11:2] == 10'd47 && !refused) sa_stride_q <= merge(sa_stride_q, s_wdata_i, s_wstrb_i);
            if (wr && wa[11:2] == 10'd48 && !refused) sb_addr_q <= merge(sb_addr_q, s_wdata_i, s_wstrb_i);
            if (wr && wa[11:2] == 10'd49 && !refused) sb_stride_q <= merge(sb_stride_q, s_wdata_i, s_wstrb_i);
        end
    end
    always @* begin
        mode_sel_index_o = mode_sel_q[7:0];
        irq_en_done_o = irq_en_q[0:0];
        irq_en_error_o = irq_en_q[1:1];
        irq_status_done_o = irq_status_q[0:0];
        irq_status_error_o = irq_status_q[1:1];
        job_mode_mode_o = job_mode_q[7:0];
        job_mode_ordered_o = job_mode_q[8:8];
        job_m_value_o = job_m_q[31:0];
        job_n_value_o = job_n_q[31:0];
        job_k_value_o = job_k_q[31:0];
        a_addr_value_o = a_addr_q[31:0];
        a_stride_value_o = a_stride_q[31:0];
        b_addr_value_o = b_addr_q[31:0];
        b_stride_value_o = b_stride_q[31:0];
        c_addr_value_o = c_addr_q[31:0];
        c_stride_value_o = c_stride_q[31:0];
        d_addr_value_o = d_addr_q[31:0];
        d_stride_value_o = d_stride_q[31:0];
        meta_addr_value_o = meta_addr_q[31:0];
        meta_stride_value_o = meta_stride_q[31:0];
        sa_addr_value_o = sa_addr_q[31:0];
        sa_stride_value_o = sa_stride_q[31:0];
        sb_addr_value_o = sb_addr_q[31:0];
        sb_stride_value_o = sb_stride_q[31:0];
    end
    // ---- read: one AR at a time, R the next cycle
    reg [31:0] busy_hi_shadow;   // BUSY_HI as it was when BUSY_LO was read
    reg [31:0] cycles_hi_shadow;   // CYCLES_HI as it was when CYCLES_LO was read
    reg [31:0] macs_hi_shadow;   // MACS_HI as it was when MACS_LO was read
    reg [31:0] rd_bytes_hi_shadow;   // RD_BYTES_HI as it was when RD_BYTES_LO was read
    reg [31:0] stall_hi_shadow;   // STALL_HI as it was when STALL_LO was read
    reg [31:0] wr_bytes_hi_shadow;   // WR_BYTES_HI as it was when WR_BYTES_LO was read
    reg [31:0] rval;
    reg [1:0] rresp;
    always @* begin
        rval = 32'd0;
        rresp = 2'b11;
        case (s_araddr_i[11:2])
            10'd0: begin rresp = 2'b00; rval[31:0] = 32'h4d4d4143; end
            10'd1: begin rresp = 2'b00; rval[31:0] = 32'h100; end
            10'd4: begin rresp = 2'b00; rval[7:0] = caps0_tm_i; rval[15:8] = caps0_tn_i; rval[23:16] = caps0_w_bytes_i; rval[31:24] = caps0_p_i; end
            10'd5: begin rresp = 2'b00; rval[7:0] = caps1_cfg_id_i; rval[15:8] = caps1_nmodes_i; rval[23:16] = caps1_bus_bytes_i; rval[31:24] = caps1_features_i; end
            10'd6: begin rresp = 2'b00; rval[15:0] = caps2_mb_i; rval[31:16] = caps2_nb_i; end
            10'd7: begin rresp = 2'b00; rval[15:0] = caps3_kpass_bytes_i; end
            10'd8: begin rresp = 2'b00; rval[7:0] = mode_sel_q[7:0]; end
            10'd9: begin rresp = 2'b00; rval[31:0] = mode_desc0_value_i; end
            10'd10: begin rresp = 2'b00; rval[31:0] = mode_desc1_value_i; end
            10'd11: begin rresp = 2'b00; rval[31:0] = mode_desc2_value_i; end
            10'd12: begin rresp = 2'b00; rval[31:0] = mode_desc3_value_i; end
            10'd16: begin rresp = 2'b00;  end
            10'd17: begin rresp = 2'b00; rval[0:0] = status_busy_i; rval[1:1] = status_done_i; rval[2:2] = status_error_i; rval[3:3] = status_busy_write_i; end
            10'd18: begin rresp = 2'b00; rval[7:0] = err_cause_cause_i; end
            10'd19: begin rresp = 2'b00; rval[31:0] = err_info_value_i; end
            10'd20: begin rresp = 2'b00; rval[0:0] = err_info2_write_i; rval[2:1] = err_info2_resp_i; end
            10'd21: begin rresp = 2'b00; rval[0:0] = irq_en_q[0:0]; rval[1:1] = irq_en_q[1:1]; end
            10'd22: begin rresp = 2'b00; rval[0:0] = irq_status_q[0:0]; rval[1:1] = irq_status_q[1:1]; end
            10'd32: begin rresp = 2'b00; rval[7:0] = job_mode_q[7:0]; rval[8:8] = job_mode_q[8:8]; end
            10'd33: begin rresp = 2'b00; rval[31:0] = job_m_q[31:0]; end
            10'd34: begin rresp = 2'b00; rval[31:0] = job_n_q[31:0]; end
            10'd35: begin rresp = 2'b00; rval[31:0] = job_k_q[31:0]; end
            10'd36: begin rresp = 2'b00; rval[31:0] = a_addr_q[31:0]; end
            10'd37: begin rresp = 2'b00; rval[31:0] = a_stride_q[31:0]; end
            10'd38: begin rresp = 2'b00; rval[31:0] = b_addr_q[31:0]; end
            10'd39: begin rresp = 2'b00; rval[31:0] = b_stride_q[31:0]; end
            10'd40: begin rresp = 2'b00; rval[31:0] = c_addr_q[31:0]; end
            10'd41: begin rresp = 2'b00; rval[31:0] = c_stride_q[31:0]; end
            10'd42: begin rresp = 2'b00; rval[31:0] = d_addr_q[31:0]; end
            10'd43: begin rresp = 2'b00; rval[31:0] = d_stride_q[31:0]; end
            10'd44: begin rresp = 2'b00; rval[31:0] = meta_addr_q[31:0]; end
            10'd45: begin rresp = 2'b00; rval[31:0] = meta_stride_q[31:0]; end
            10'd46: begin rresp = 2'b00; rval[31:0] = sa_addr_q[31:0]; end
            10'd47: begin rresp = 2'b00; rval[31:0] = sa_stride_q[31:0]; end
            10'd48: begin rresp = 2'b00; rval[31:0] = sb_addr_q[31:0]; end
            10'd49: begin rresp = 2'b00; rval[31:0] = sb_stride_q[31:0]; end
            10'd64: begin rresp = 2'b00; rval[31:0] = cycles_lo_value_i; end
            10'd65: begin rresp = 2'b00; rval[31:0] = cycles_hi_shadow; end
            10'd66: begin rresp = 2'b00; rval[31:0] = busy_lo_value_i; end
            10'd67: begin rresp = 2'b00; rval[31:0] = busy_hi_shadow; end
            10'd68: begin rresp = 2'b00; rval[31:0] = macs_lo_value_i; end
            10'd69: begin rresp = 2'b00; rval[31:0] = macs_hi_shadow; end
            10'd70: begin rresp = 2'b00; rval[31:0] = rd_bytes_lo_value_i; end
            10'd71: begin rresp = 2'b00; rval[31:0] = rd_bytes_hi_shadow; end
            10'd72: begin rresp = 2'b00; rval[31:0] = wr_bytes_lo_value_i; end
            10'd73: begin rresp = 2'b00; rval[31:0] = wr_bytes_hi_shadow; end
            10'd74: begin rresp = 2'b00; rval[31:0] = stall_lo_value_i; end
            10'd75: begin rresp = 2'b00; rval[31:0] = stall_hi_shadow; end
            10'd76: begin rresp = 2'b00; rval[31:0] = jobs_value_i; end
            default: ;
        endcase
    end
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            s_arready_o <= 1'b0; s_rvalid_o <= 1'b0; s_rdata_o <= 32'd0; s_rresp_o <= 2'b00;
        end else begin
            s_arready_o <= s_arvalid_i && !s_rvalid_o && !s_arready_o;
            if (s_arvalid_i && !s_rvalid_o && !s_arready_o) begin
                s_rvalid_o <= 1'b1;
                s_rdata_o <= rval;
                s_rresp_o <= rresp;
            end else if (s_rvalid_o && s_rready_i) begin
                s_rvalid_o <= 1'b0;
            end
        end
    end
    always @(posedge clk_i) if (s_arvalid_i && !s_rvalid_o && !s_arready_o && s_araddr_i[11:2] == 10'd66) busy_hi_shadow <= busy_hi_value_i;
    always @(posedge clk_i) if (s_arvalid_i && !s_rvalid_o && !s_arready_o && s_araddr_i[11:2] == 10'd64) cycles_hi_shadow <= cycles_hi_value_i;
    always @(posedge clk_i) if (s_arvalid_i && !s_rvalid_o && !s_arready_o && s_araddr_i[11:2] == 10'd68) macs_hi_shadow <= macs_hi_value_i;
    always @(posedge clk_i) if (s_arvalid_i && !s_rvalid_o && !s_arready_o && s_araddr_i[11:2] == 10'd70) rd_bytes_hi_shadow <= rd_bytes_hi_value_i;
    always @(posedge clk_i) if (s_arvalid_i && !s_rvalid_o && !s_arready_o && s_araddr_i[11:2] == 10'd74) stall_hi_shadow <= stall_hi_value_i;
    always @(posedge clk_i) if (s_arvalid_i && !s_rvalid_o && !s_arready_o && s_araddr_i[11:2] == 10'd72) wr_bytes_hi_shadow <= wr_bytes_hi_value_i;
endmodule
