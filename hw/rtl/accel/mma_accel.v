// The accelerator: an IP block with an AXI4-Lite register slave (hw/regs/mma_accel.rdl), an AXI4
// master with bursts for its DMA and one interrupt line. A job is D = A x B + C of any size in one
// mode of the configuration (a row of its mode table), operands and result in system memory with
// strides: exactly mma_gemm of the golden model under the configuration's preset.
//
//   registers (mma_accel_regs) -> job controller (mma_ctrl) -> block scheduler (mma_sched)
//   block scheduler -> DMA read (mma_dma_rd) -> on-chip buffers -> compute core (mma_core) -> DMA write (mma_dma_wr)
//
// The configuration (array size, formats, numerics, mode table) comes from the generated
// hw/rtl/gen/mma_cfg_<name>.vh named by the macro MMA_CFG_VH (default: mma_cfg_default.vh).
`ifndef MMA_CFG_VH
`define MMA_CFG_VH "mma_cfg_default.vh"
`endif
module mma_accel #(
    parameter P = 4,              // accumulator slots per DPU
    parameter MB = 64,            // rows of a block
    parameter NBLK = 64,          // columns of a block
    parameter WPR = 8             // 32-byte step words of a buffer row per pass over K
) (
    input  wire          clk_i,
    input  wire          rst_ni,
    // AXI4-Lite slave: registers
    input  wire [11:0]   s_awaddr_i,
    input  wire          s_awvalid_i,
    output wire          s_awready_o,
    input  wire [31:0]   s_wdata_i,
    input  wire [3:0]    s_wstrb_i,
    input  wire          s_wvalid_i,
    output wire          s_wready_o,
    output wire [1:0]    s_bresp_o,
    output wire          s_bvalid_o,
    input  wire          s_bready_i,
    input  wire [11:0]   s_araddr_i,
    input  wire          s_arvalid_i,
    output wire          s_arready_o,
    output wire [31:0]   s_rdata_o,
    output wire [1:0]    s_rresp_o,
    output wire          s_rvalid_o,
    input  wire          s_rready_i,
    // AXI4 master: DMA (ID 0, 256-bit data, INCR bursts of up to 16 beats)
    output wire [31:0]   m_araddr_o,
    output wire [7:0]    m_arlen_o,
    output wire [2:0]    m_arsize_o,
    output wire [1:0]    m_arburst_o,
    output wire          m_arvalid_o,
    input  wire          m_arready_i,
    input  wire [255:0]  m_rdata_i,
    input  wire [1:0]    m_rresp_i,
    input  wire          m_rlast_i,
    input  wire          m_rvalid_i,
    output wire          m_rready_o,
    output wire [31:0]   m_awaddr_o,
    output wire [7:0]    m_awlen_o,
    output wire [2:0]    m_awsize_o,
    output wire [1:0]    m_awburst_o,
    output wire          m_awvalid_o,
    input  wire          m_awready_i,
    output wire [255:0]  m_wdata_o,
    output wire [31:0]   m_wstrb_o,
    output wire          m_wlast_o,
    output wire          m_wvalid_o,
    input  wire          m_wready_i,
    input  wire [1:0]    m_bresp_i,
    input  wire          m_bvalid_i,
    output wire          m_bready_o,
    // interrupt: IRQ_STATUS & IRQ_EN
    output wire          irq_o,
    // STATUS.busy: a job (or a soft reset's drain) is in progress. Idle, the accelerator changes
    // state only through its register port, so a system may stop its clock (mma_soc_sys)
    output wire          busy_o
);
`include "mma_fmt.vh"
`include "mma_mode.vh"
`include `MMA_CFG_VH
    localparam NB = CFG_HAS_SPARSE ? 2 * CFG_NL : CFG_NL;
    // the configuration's DPU array; a synthesis run may shrink it (hw/syn/area.sh --array RxC)
`ifdef MMA_SYN_TM
    localparam TM = `MMA_SYN_TM;
    localparam TN = `MMA_SYN_TN;
`else
    localparam TM = CFG_TM;
    localparam TN = CFG_TN;
`endif
    localparam RT = MB / (TM * P);
    localparam KPASS_BYTES = WPR * 32;   // bytes of A's row (and B's column) a pass over K: CAPS3
    localparam [7:0] FEATURES = {2'b00, CFG_HAS_PAIR != 0, CFG_HAS_SEP != 0, CFG_HAS_GROUP != 0, CFG_HAS_INT != 0,
                                 CFG_HAS_SCALE != 0, CFG_HAS_SPARSE != 0};

    // ------------------------------------------------------------------ registers
    wire [7:0]  mode_sel, job_mode;
    wire        job_ordered, ctrl_start, ctrl_soft_reset, ctrl_ack, regs_busy_write;
    wire [31:0] job_m, job_n, job_k, a_addr, a_stride, b_addr, b_stride, c_addr, c_stride, d_addr, d_stride;
    wire [31:0] meta_addr, meta_stride, sa_addr, sa_stride, sb_addr, sb_stride;
    wire        busy, done, error, busy_write, info_write, irq_set_done, irq_set_error;
    wire [7:0]  cause;
    wire [31:0] info;
    wire [1:0]  info_resp;
    wire        irq_en_done, irq_en_error, irq_st_done, irq_st_error;
    wire [63:0] cnt_cycles, cnt_busy, cnt_macs, cnt_rd, cnt_wr, cnt_stall;
    wire [31:0] cnt_jobs;
    // the mode table: the job's row, and the row MODE_SEL shows (registered lookups)
    reg [MODE_BITS-1:0] job_mode_word, sel_mode_word;
    always @(posedge clk_i) begin
        job_mode_word <= cfg_mode(job_mode);
        sel_mode_word <= cfg_mode(mode_sel);
    end
    wire [127:0] sel_mode_128 = {{(128 - MODE_BITS){1'b0}}, sel_mode_word};
    mma_accel_regs u_regs (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .s_awaddr_i(s_awaddr_i), .s_awvalid_i(s_awvalid_i), .s_awready_o(s_awready_o), .s_wdata_i(s_wdata_i),
        .s_wstrb_i(s_wstrb_i), .s_wvalid_i(s_wvalid_i), .s_wready_o(s_wready_o), .s_bresp_o(s_bresp_o),
        .s_bvalid_o(s_bvalid_o), .s_bready_i(s_bready_i), .s_araddr_i(s_araddr_i), .s_arvalid_i(s_arvalid_i),
        .s_arready_o(s_arready_o), .s_rdata_o(s_rdata_o), .s_rresp_o(s_rresp_o), .s_rvalid_o(s_rvalid_o),
        .s_rready_i(s_rready_i),
        .lock_i(busy), .busy_write_o(regs_busy_write),
        .caps0_tm_i(TM[7:0]), .caps0_tn_i(TN[7:0]), .caps0_w_bytes_i(CFG_W[7:0]), .caps0_p_i(P[7:0]),
        .caps1_cfg_id_i(CFG_ID[7:0]), .caps1_nmodes_i(CFG_NMODES[7:0]), .caps1_bus_bytes_i(8'd32),
        .caps1_features_i(FEATURES),
        .caps2_mb_i(MB[15:0]), .caps2_nb_i(NBLK[15:0]), .caps3_kpass_bytes_i(KPASS_BYTES[15:0]),
        .mode_sel_index_o(mode_sel),
        .mode_desc0_value_i(sel_mode_128[31:0]), .mode_desc1_value_i(sel_mode_128[63:32]),
        .mode_desc2_value_i(sel_mode_128[95:64]), .mode_desc3_value_i(sel_mode_128[127:96]),
        .ctrl_start_o(ctrl_start), .ctrl_soft_reset_o(ctrl_soft_reset), .ctrl_ack_o(ctrl_ack),
        .status_busy_i(busy), .status_done_i(done), .status_error_i(error), .status_busy_write_i(busy_write),
        .err_cause_cause_i(cause), .err_info_value_i(info), .err_info2_write_i(info_write),
        .err_info2_resp_i(info_resp),
        .irq_en_done_o(irq_en_done), .irq_en_error_o(irq_en_error),
        .irq_status_done_set_i(irq_set_done), .irq_status_done_o(irq_st_done),
        .irq_status_error_set_i(irq_set_error), .irq_status_error_o(irq_st_error),
        .job_mode_mode_o(job_mode), .job_mode_ordered_o(job_ordered),
        .job_m_value_o(job_m), .job_n_value_o(job_n), .job_k_value_o(job_k),
        .a_addr_value_o(a_addr), .a_stride_value_o(a_stride), .b_addr_value_o(b_addr), .b_stride_value_o(b_stride),
        .c_addr_value_o(c_addr), .c_stride_value_o(c_stride), .d_addr_value_o(d_addr), .d_stride_value_o(d_stride),
        .meta_addr_value_o(meta_addr), .meta_stride_value_o(meta_stride), .sa_addr_value_o(sa_addr),
        .sa_stride_value_o(sa_stride), .sb_addr_value_o(sb_addr), .sb_stride_value_o(sb_stride),
        .cycles_lo_value_i(cnt_cycles[31:0]), .cycles_hi_value_i(cnt_cycles[63:32]),
        .busy_lo_value_i(cnt_busy[31:0]), .busy_hi_value_i(cnt_busy[63:32]),
        .macs_lo_value_i(cnt_macs[31:0]), .macs_hi_value_i(cnt_macs[63:32]),
        .rd_bytes_lo_value_i(cnt_rd[31:0]), .rd_bytes_hi_value_i(cnt_rd[63:32]),
        .wr_bytes_lo_value_i(cnt_wr[31:0]), .wr_bytes_hi_value_i(cnt_wr[63:32]),
        .stall_lo_value_i(cnt_stall[31:0]), .stall_hi_value_i(cnt_stall[63:32]),
        .jobs_value_i(cnt_jobs));
    assign irq_o = (irq_st_done && irq_en_done) || (irq_st_error && irq_en_error);
    assign busy_o = busy;

    // ------------------------------------------------------------------ job controller
    wire sched_start, sched_done, sched_busy, clear, err_meta, err_code, core_idle;
    wire rd_err, wr_err, rd_idle, wr_idle, stall;
    wire [31:0] rd_err_addr, wr_err_addr, rd_bytes, wr_bytes;
    wire [1:0] rd_err_resp, wr_err_resp;
    wire [15:0] mac_slots;
    mma_ctrl #(.MODE_W(MODE_BITS), .NMODES(CFG_NMODES), .WPR(WPR), .BUS_BYTES(32)) u_ctrl (
        .clk_i(clk_i), .rst_ni(rst_ni), .start_i(ctrl_start), .soft_reset_i(ctrl_soft_reset), .ack_i(ctrl_ack),
        .busy_write_i(regs_busy_write), .job_mode_i(job_mode), .mode_i(job_mode_word),
        .m_i(job_m), .n_i(job_n), .k_i(job_k), .a_addr_i(a_addr), .a_stride_i(a_stride), .b_addr_i(b_addr),
        .b_stride_i(b_stride), .c_addr_i(c_addr), .c_stride_i(c_stride), .d_addr_i(d_addr), .d_stride_i(d_stride),
        .meta_addr_i(meta_addr), .meta_stride_i(meta_stride), .sa_addr_i(sa_addr), .sa_stride_i(sa_stride),
        .sb_addr_i(sb_addr), .sb_stride_i(sb_stride),
        .busy_o(busy), .done_o(done), .error_o(error), .busy_write_o(busy_write), .cause_o(cause), .info_o(info),
        .info_write_o(info_write), .info_resp_o(info_resp), .irq_done_o(irq_set_done), .irq_error_o(irq_set_error),
        .sched_start_o(sched_start), .clear_o(clear), .sched_done_i(sched_done), .err_meta_i(err_meta),
        .err_code_i(err_code), .rd_err_i(rd_err), .rd_err_addr_i(rd_err_addr), .rd_err_resp_i(rd_err_resp),
        .wr_err_i(wr_err), .wr_err_addr_i(wr_err_addr), .wr_err_resp_i(wr_err_resp),
        .dma_idle_i(rd_idle && wr_idle), .core_idle_i(core_idle), .mac_slots_i(mac_slots), .stall_i(stall),
        .rd_bytes_i(rd_bytes), .wr_bytes_i(wr_bytes),
        .cycles_o(cnt_cycles), .busy_cycles_o(cnt_busy), .macs_o(cnt_macs), .rd_bytes_o(cnt_rd),
        .wr_bytes_o(cnt_wr), .stall_o(cnt_stall), .jobs_o(cnt_jobs));

    // ------------------------------------------------------------------ block scheduler
    wire        blk_valid, blk_ready, blk_cont, blk_bpage, issuing;
    wire [15:0] blk_rows, blk_cols, blk_steps;
    wire [RT-1:0] row_ready, row_issued, row_done;
    wire [7:0]  bcol_ready;
    wire [7:0]  rc_pad;
    wire        rc_half;
    wire        rc_valid, rc_ready, rd_done, wc_valid, wc_ready, wr_done;
    wire [31:0] rc_addr, wc_addr;
    wire [15:0] rc_beats, rc_zfill, rc_waddr, wc_beats, wc_raddr;
    wire [5:0]  rc_last, wc_last;
    wire [6:0]  rc_wb;
    wire [2:0]  rc_sel;
    wire [7:0]  rc_bank, rc_tag, rd_done_tag, wc_bank, wc_tag, wr_done_tag;
    mma_sched #(.TM(TM), .TN(TN), .NL(CFG_NL), .NB(NB), .P(P), .MB(MB), .NBLK(NBLK), .WPR(WPR),
                .MODE_W(MODE_BITS)) u_sched (
        .clk_i(clk_i), .rst_ni(rst_ni), .clear_i(clear), .start_i(sched_start), .busy_o(sched_busy),
        .done_o(sched_done), .mode_i(job_mode_word), .m_i(job_m), .n_i(job_n), .k_i(job_k),
        .a_addr_i(a_addr), .a_stride_i(a_stride), .b_addr_i(b_addr), .b_stride_i(b_stride), .c_addr_i(c_addr),
        .c_stride_i(c_stride), .d_addr_i(d_addr), .d_stride_i(d_stride), .meta_addr_i(meta_addr),
        .meta_stride_i(meta_stride), .sa_addr_i(sa_addr), .sa_stride_i(sa_stride), .sb_addr_i(sb_addr),
        .sb_stride_i(sb_stride),
        .blk_valid_o(blk_valid), .blk_ready_i(blk_ready), .blk_rows_o(blk_rows), .blk_cols_o(blk_cols),
        .blk_steps_o(blk_steps), .blk_cont_o(blk_cont), .blk_bpage_o(blk_bpage), .row_ready_o(row_ready), .bcol_ready_o(bcol_ready),
        .row_issued_i(row_issued), .row_done_i(row_done), .issuing_i(issuing),
        .rd_valid_o(rc_valid), .rd_ready_i(rc_ready), .rd_addr_o(rc_addr), .rd_beats_o(rc_beats),
        .rd_last_o(rc_last), .rd_zfill_o(rc_zfill), .rd_wb_o(rc_wb), .rd_sel_o(rc_sel), .rd_bank_o(rc_bank),
        .rd_waddr_o(rc_waddr), .rd_tag_o(rc_tag), .rd_pad_o(rc_pad), .rd_half_o(rc_half), .rd_done_i(rd_done), .rd_done_tag_i(rd_done_tag),
        .wr_valid_o(wc_valid), .wr_ready_i(wc_ready), .wr_addr_o(wc_addr), .wr_beats_o(wc_beats),
        .wr_last_o(wc_last), .wr_bank_o(wc_bank), .wr_raddr_o(wc_raddr), .wr_tag_o(wc_tag),
        .wr_done_i(wr_done), .wr_done_tag_i(wr_done_tag));

    // ------------------------------------------------------------------ DMA
    wire         ld_we, ld_half, ld_ready, cd_rd_en, cd_rd_ack;
    wire [2:0]   ld_sel;
    wire [7:0]   ld_bank, cd_rd_bank;
    wire [15:0]  ld_addr, cd_rd_addr;
    wire [255:0] ld_data, cd_rd_data;
    wire [31:0]  ld_be;
    mma_dma_rd #(.OUTST(8)) u_dma_rd (
        .clk_i(clk_i), .rst_ni(rst_ni), .clear_i(clear),
        .cmd_valid_i(rc_valid), .cmd_ready_o(rc_ready), .cmd_addr_i(rc_addr), .cmd_beats_i(rc_beats),
        .cmd_last_i(rc_last), .cmd_zfill_i(rc_zfill), .cmd_wb_i(rc_wb), .cmd_sel_i(rc_sel), .cmd_bank_i(rc_bank),
        .cmd_waddr_i(rc_waddr), .cmd_tag_i(rc_tag), .cmd_pad_i(rc_pad), .cmd_half_i(rc_half), .done_o(rd_done), .done_tag_o(rd_done_tag),
        .err_o(rd_err), .err_addr_o(rd_err_addr), .err_resp_o(rd_err_resp), .idle_o(rd_idle), .rd_bytes_o(rd_bytes),
        .ld_we_o(ld_we), .ld_sel_o(ld_sel), .ld_bank_o(ld_bank), .ld_addr_o(ld_addr), .ld_half_o(ld_half),
        .ld_data_o(ld_data), .ld_be_o(ld_be), .ld_ready_i(ld_ready),
        .m_araddr_o(m_araddr_o), .m_arlen_o(m_arlen_o), .m_arsize_o(m_arsize_o), .m_arburst_o(m_arburst_o),
        .m_arvalid_o(m_arvalid_o), .m_arready_i(m_arready_i), .m_rdata_i(m_rdata_i), .m_rresp_i(m_rresp_i),
        .m_rlast_i(m_rlast_i), .m_rvalid_i(m_rvalid_i), .m_rready_o(m_rready_o));
    mma_dma_wr u_dma_wr (
        .clk_i(clk_i), .rst_ni(rst_ni), .clear_i(clear),
        .cmd_valid_i(wc_valid), .cmd_ready_o(wc_ready), .cmd_addr_i(wc_addr), .cmd_beats_i(wc_beats),
        .cmd_last_i(wc_last), .cmd_bank_i(wc_bank), .cmd_raddr_i(wc_raddr), .cmd_tag_i(wc_tag),
        .done_o(wr_done), .done_tag_o(wr_done_tag), .err_o(wr_err), .err_addr_o(wr_err_addr),
        .err_resp_o(wr_err_resp), .idle_o(wr_idle), .wr_bytes_o(wr_bytes),
        .rd_en_o(cd_rd_en), .rd_bank_o(cd_rd_bank), .rd_addr_o(cd_rd_addr), .rd_data_i(cd_rd_data),
        .rd_ack_i(cd_rd_ack),
        .m_awaddr_o(m_awaddr_o), .m_awlen_o(m_awlen_o), .m_awsize_o(m_awsize_o), .m_awburst_o(m_awburst_o),
        .m_awvalid_o(m_awvalid_o), .m_awready_i(m_awready_i), .m_wdata_o(m_wdata_o), .m_wstrb_o(m_wstrb_o),
        .m_wlast_o(m_wlast_o), .m_wvalid_o(m_wvalid_o), .m_wready_i(m_wready_i), .m_bresp_i(m_bresp_i),
        .m_bvalid_i(m_bvalid_i), .m_bready_o(m_bready_o));

    // ------------------------------------------------------------------ compute core
    wire err_meta_c, err_code_c;
    mma_core #(.TM(TM), .TN(TN), .DPU_EXACT(CFG_DPU_EXACT), .NL(CFG_NL), .HAS_PACKED(CFG_HAS_PACKED), .F_MAIN(CFG_F_MAIN), .F_GRP(CFG_F_GRP),
               .HAS_SPARSE(CFG_HAS_SPARSE), .HAS_SCALE(CFG_HAS_SCALE), .HAS_INT(CFG_HAS_INT),
               .HAS_SEP(CFG_HAS_SEP), .HAS_PAIR(CFG_HAS_PAIR), .LANE_FMTS(CFG_LANE_FMTS),
               .MODE_W(MODE_BITS), .P(P), .SLOT_W(2), .MB(MB),
               .NBLK(NBLK), .WPR(WPR), .SBY(CFG_SCALE_BYTES)) u_core (
        .clk_i(clk_i), .rst_ni(rst_ni), .clear_i(clear), .mode_i(job_mode_word), .ordered_i(job_ordered),
        .blk_valid_i(blk_valid), .blk_ready_o(blk_ready), .blk_rows_i(blk_rows), .blk_cols_i(blk_cols),
        .blk_steps_i(blk_steps), .blk_cont_i(blk_cont), .blk_bpage_i(blk_bpage), .row_ready_i(row_ready), .bcol_ready_i(bcol_ready),
        .row_issued_o(row_issued), .row_done_o(row_done), .idle_o(core_idle), .issuing_o(issuing),
        .err_meta_o(err_meta), .err_code_o(err_code), .mac_slots_o(mac_slots), .stall_o(stall),
        .ld_we_i(ld_we), .ld_sel_i(ld_sel), .ld_bank_i(ld_bank), .ld_addr_i(ld_addr), .ld_half_i(ld_half),
        .ld_data_i(ld_data), .ld_be_i(ld_be), .rd_en_i(cd_rd_en), .rd_bank_i(cd_rd_bank), .rd_addr_i(cd_rd_addr),
        .rd_data_o(cd_rd_data), .rd_ack_o(cd_rd_ack), .ld_ready_o(ld_ready));

    // ------------------------------------------------------------------ AXI assertions (simulation only)
    mma_axi_check u_axi_check (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .araddr(m_araddr_o), .arlen(m_arlen_o), .arsize(m_arsize_o), .arburst(m_arburst_o), .arvalid(m_arvalid_o),
        .arready(m_arready_i), .rvalid(m_rvalid_i), .rready(m_rready_o), .rlast(m_rlast_i),
        .awaddr(m_awaddr_o), .awlen(m_awlen_o), .awsize(m_awsize_o), .awburst(m_awburst_o), .awvalid(m_awvalid_o),
        .awready(m_awready_i), .wdata(m_wdata_o), .wstrb(m_wstrb_o), .wlast(m_wlast_o), .wvalid(m_wvalid_o),
        .wready(m_wready_i), .bvalid(m_bvalid_i), .bready(m_bready_o),
        .s_rdata(s_rdata_o), .s_rresp(s_rresp_o), .s_rvalid(s_rvalid_o), .s_rready(s_rready_i),
        .s_bresp(s_bresp_o), .s_bvalid(s_bvalid_o), .s_bready(s_bready_i));
endmodule
