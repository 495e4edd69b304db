// Job controller: the accelerator's control and status - checks a started job's registers (one
// field a cycle), starts the block scheduler, collects the job's errors, sequences a soft reset or
// a bus-error abort (the DMA finishes its open bus transactions first), and keeps the status,
// interrupt and performance counters of the register map (hw/regs/mma_accel.rdl).
//
// A job fails with one mma_status code in ERR_CAUSE (include/mma/status.h):
//   FORMAT_PAIR  JOB_MODE.mode is not a row of the mode table               ERR_INFO = 0x080
//   SHAPE        M, N or K is 0 or above 65535; sparse K not a multiple of 4; packed K odd;
//                a sparse or block-scaled K longer than one buffer pass      ERR_INFO = the register
//   ALIGN        an address or stride is not a multiple of the bus beat      ERR_INFO = the register
//   RANGE        an operand runs past the end of the address space, or D's rows overlap
//   BUS          a DMA burst got SLVERR/DECERR                               ERR_INFO = its address
//   METADATA     invalid sparse metadata met while computing (D is then undefined)
//   CODE         an element code wider than its format met while computing (D undefined)
// The first two groups are found before any memory access, one rule at a time in the order JOB_MODE,
// JOB_M, JOB_N, JOB_K, then for each operand the mode uses (A, B^T, C, D, metadata, scale_A,
// scale_B^T) its address's and its stride's alignment, then its range: ERR_INFO names the first
// register at fault (the harness's oracle: sim/mmasim/job_checks.h). METADATA takes precedence
// over CODE, as the golden model checks metadata before it computes.
`include "mma_mode_bits.vh"
module mma_ctrl #(
    parameter MODE_W = `MMA_MODE_BITS,
    parameter NMODES = 1,
    parameter WPR = 8,            // step words of a buffer row per pass
    parameter BUS_BYTES = 32
) (
    input  wire              clk_i,
    input  wire              rst_ni,
    // register block
    input  wire              start_i,
    input  wire              soft_reset_i,
    input  wire              ack_i,
    input  wire              busy_write_i,   // a locked register was written while busy
    input  wire [7:0]        job_mode_i,
    input  wire [MODE_W-1:0] mode_i,         // the mode table row of job_mode_i (one cycle behind it)
    input  wire [31:0]       m_i, n_i, k_i,
    input  wire [31:0]       a_addr_i, a_stride_i, b_addr_i, b_stride_i, c_addr_i, c_stride_i,
    input  wire [31:0]       d_addr_i, d_stride_i, meta_addr_i, meta_stride_i, sa_addr_i, sa_stride_i,
    input  wire [31:0]       sb_addr_i, sb_stride_i,
    output wire              busy_o,
    output reg               done_o,
    output reg               error_o,
    output reg               busy_write_o,
    output reg  [7:0]        cause_o,
    output reg  [31:0]       info_o,
    output reg               info_write_o,
    output reg  [1:0]        info_resp_o,
    output reg               irq_done_o,     // pulses: set IRQ_STATUS bits
    output reg               irq_error_o,
    // the datapath
    output reg               sched_start_o,
    output wire              clear_o,        // soft reset / abort: scheduler, core and DMA drop the job
    input  wire              sched_done_i,
    input  wire              err_meta_i,
    input  wire              err_code_i,
    input  wire              rd_err_i,
    input  wire [31:0]       rd_err_addr_i,
    input  wire [1:0]        rd_err_resp_i,
    input  wire              wr_err_i,
    input  wire [31:0]       wr_err_addr_i,
    input  wire [1:0]        wr_err_resp_i,
    input  wire              dma_idle_i,     // no AXI transaction open
    input  wire              core_idle_i,
    // performance counters
    input  wire [15:0]       mac_slots_i,
    input  wire              stall_i,
    input  wire [31:0]       rd_bytes_i,     // running byte counts of the DMA engines
    input  wire [31:0]       wr_bytes_i,
    // (writable from a Verilator harness: the register test presets them near 2^32 to carry into
    // the high words, which no simulation reaches by counting)
    output reg  [63:0]       cycles_o /*verilator public_flat_rw*/,
    output reg  [63:0]       busy_cycles_o /*verilator public_flat_rw*/,
    output reg  [63:0]       macs_o /*verilator public_flat_rw*/,
    output reg  [63:0]       rd_bytes_o /*verilator public_flat_rw*/,
    output reg  [63:0]       wr_bytes_o /*verilator public_flat_rw*/,
    output reg  [63:0]       stall_o /*verilator public_flat_rw*/,
    output reg  [31:0]       jobs_o
);
`include "mma_fmt.vh"
`include "mma_mode.vh"
`include "mma_pass.vh"
`include "mma_status.vh"
    localparam S_IDLE = 3'd0, S_LOOKUP = 3'd1, S_CHECK = 3'd2, S_RUN = 3'd3, S_DRAIN = 3'd4;
    reg [2:0] state;
    reg [4:0] chk;                 // the check of this cycle
    reg       meta_seen, code_seen, bus_seen, reset_req;
    assign busy_o = state != S_IDLE;
    assign clear_o = state == S_DRAIN;

    // ------------------------------------------------------------------ the job's geometry
    wire        m_sparse = mode_i[MP_SPARSE_LSB];
    wire        m_scaled = mode_i[MP_STYPE_LSB +: 5] != 5'd0;
    wire        m_packed = mode_i[MP_PACKED_LSB];
    wire        m_korder = mode_i[MP_KORDER_LSB];
    wire [2:0]  m_eb = mode_i[MP_ELEM_BYTES_LSB +: 3];
    wire [6:0]  m_block_k = mode_i[MP_BLOCK_K_LSB +: 7];
    // kc, steps, block_k and WPR are powers of two (gen_hw.py, mma_sched check): divide by shifting
    wire [3:0]  m_kc_lg = mode_i[MP_KC_LOG2_LSB +: 4];
    wire [2:0]  m_steps_lg = mode_i[MP_STEPS_LOG2_LSB +: 3];
    wire [2:0]  m_block_k_lg = mode_i[MP_BLOCK_K_LOG2_LSB +: 3];
    wire [1:0]  eb_lg = elem_bytes_log2(m_eb);
    wire [1:0]  c_esz_lg = acc_bytes_log2(mode_i[MP_CTYPE_LSB +: 5]);
    wire [1:0]  d_esz_lg = acc_bytes_log2(mode_i[MP_DTYPE_LSB +: 5]);
    // dense K one buffer pass holds
    wire [15:0] kpass = 16'd1 << ({1'b0, pass_chunks_log2(m_korder, m_steps_lg)} + {2'd0, m_kc_lg});
    wire [31:0] a_row = row_bytes(k_i, m_packed, m_sparse, eb_lg);
    wire [31:0] b_row = row_bytes(k_i, m_packed, 1'b0, eb_lg);
    wire [31:0] meta_row = (k_i + 32'd7) >> 3;
    wire [31:0] s_row = m_block_k == 7'd0 ? 32'd0 : (k_i + {25'd0, m_block_k} - 32'd1) >> m_block_k_lg;

    // the operand of check pair `op` (0 A, 1 B, 2 C, 3 D, 4 metadata, 5 scale_A, 6 scale_B)
    reg [31:0] op_addr, op_stride, op_rows, op_bytes;
    reg [11:0] op_reg;             // register offset of its address (the stride follows at +4)
    reg        op_used;
    wire [4:0] chk_op = chk - 5'd4;
    wire [2:0] op = chk_op[3:1];
    always @* begin
        op_used = 1'b1;
        case (op)
            3'd0: begin op_addr = a_addr_i; op_stride = a_stride_i; op_rows = m_i; op_bytes = a_row; op_reg = 12'h090; end
            3'd1: begin op_addr = b_addr_i; op_stride = b_stride_i; op_rows = n_i; op_bytes = b_row; op_reg = 12'h098; end
            3'd2: begin op_addr = c_addr_i; op_stride = c_stride_i; op_rows = m_i; op_bytes = n_i << c_esz_lg; op_reg = 12'h0A0; end
            3'd3: begin op_addr = d_addr_i; op_stride = d_stride_i; op_rows = m_i; op_bytes = n_i << d_esz_lg; op_reg = 12'h0A8; end
            3'd4: begin op_addr = meta_addr_i; op_stride = meta_stride_i; op_rows = m_i; op_bytes = meta_row;
                        op_reg = 12'h0B0; op_used = m_sparse; end
            3'd5: begin op_addr = sa_addr_i; op_stride = sa_stride_i; op_rows = m_i; op_bytes = s_row;
                        op_reg = 12'h0B8; op_used = m_scaled; end
            default: begin op_addr = sb_addr_i; op_stride = sb_stride_i; op_rows = n_i; op_bytes = s_row;
                           op_reg = 12'h0C0; op_used = m_scaled; end
        endcase
    end
    // last byte of the operand: addr + (rows - 1) * stride + bytes - 1, in 49 bits (rows < 2^16)
    wire [48:0] op_span = {1'b0, op_rows[15:0] - 16'd1} * {17'd0, op_stride};
    wire [48:0] op_end = {17'd0, op_addr} + op_span + {17'd0, op_bytes} - 49'd1;
    wire [4:0]  bus_mask = BUS_BYTES - 1;

    // one check a cycle: 0 mode, 1 M, 2 N, 3 K; then per operand (chk = 4 + 2 op) alignment and range
    reg        fail;
    reg [7:0]  fail_cause;
    reg [11:0] fail_reg;
    always @* begin
        fail = 1'b0;
        fail_cause = ST_OK;
        fail_reg = 12'h000;
        case (chk)
            5'd0: if (job_mode_i >= NMODES) begin fail = 1'b1; fail_cause = ST_ERR_FORMAT_PAIR; fail_reg = 12'h080; end
            5'd1: if (m_i == 32'd0 || m_i > 32'd65535) begin fail = 1'b1; fail_cause = ST_ERR_SHAPE; fail_reg = 12'h084; end
            5'd2: if (n_i == 32'd0 || n_i > 32'd65535) begin fail = 1'b1; fail_cause = ST_ERR_SHAPE; fail_reg = 12'h088; end
            5'd3: if (k_i == 32'd0 || k_i > 32'd65535 || (m_sparse && k_i[1:0] != 2'd0) || (m_packed && k_i[0]) ||
                      ((m_sparse || m_scaled) && k_i > {16'd0, kpass})) begin
                      fail = 1'b1; fail_cause = ST_ERR_SHAPE; fail_reg = 12'h08C;
                  end
            default: if (op_used) begin
                if (!chk[0]) begin
                    if ((op_addr[4:0] & bus_mask) != 5'd0) begin fail = 1'b1; fail_cause = ST_ERR_ALIGN; fail_reg = op_reg; end
                    else if ((op_stride[4:0] & bus_mask) != 5'd0) begin
                        fail = 1'b1; fail_cause = ST_ERR_ALIGN; fail_reg = op_reg + 12'd4;
                    end
                end else begin
                    if (op_end[48:32] != 17'd0) begin fail = 1'b1; fail_cause = ST_ERR_RANGE; fail_reg = op_reg; end
                    else if (op == 3'd3 && m_i != 32'd1 && d_stride_i < op_bytes) begin
                        fail = 1'b1; fail_cause = ST_ERR_RANGE; fail_reg = op_reg + 12'd4;   // rows of D overlap
                    end
                end
            end
        endcase
    end
    localparam CHK_LAST = 5'd4 + 5'd13;

    // ------------------------------------------------------------------ the job's life
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            state <= S_IDLE;
            chk <= 5'd0;
            done_o <= 1'b0; error_o <= 1'b0; busy_write_o <= 1'b0;
            cause_o <= ST_OK; info_o <= 32'd0; info_write_o <= 1'b0; info_resp_o <= 2'd0;
            irq_done_o <= 1'b0; irq_error_o <= 1'b0;
            sched_start_o <= 1'b0;
            meta_seen <= 1'b0; code_seen <= 1'b0; bus_seen <= 1'b0; reset_req <= 1'b0;
            jobs_o <= 32'd0;
        end else begin
            irq_done_o <= 1'b0;
            irq_error_o <= 1'b0;
            sched_start_o <= 1'b0;
            // a start or an acknowledge while a job runs is refused and flagged like a locked write:
            // an ack then would clear a bus error's ERR_INFO before the job reports it
            if (busy_write_i || ((start_i || ack_i) && state != S_IDLE)) busy_write_o <= 1'b1;
            if (ack_i && state == S_IDLE) begin
                done_o <= 1'b0; error_o <= 1'b0; busy_write_o <= 1'b0;
                cause_o <= ST_OK; info_o <= 32'd0; info_write_o <= 1'b0; info_resp_o <= 2'd0;
            end
            if (err_meta_i) meta_seen <= 1'b1;
            if (err_code_i) code_seen <= 1'b1;
            // the first bus error of a job (a read's or a write's) with its address
            if ((rd_err_i || wr_err_i) && state == S_RUN && !bus_seen) begin
                bus_seen <= 1'b1;
                info_o <= rd_err_i ? rd_err_addr_i : wr_err_addr_i;
                info_write_o <= !rd_err_i;
                info_resp_o <= rd_err_i ? rd_err_resp_i : wr_err_resp_i;
            end
            if (soft_reset_i && state != S_IDLE) begin
                reset_req <= 1'b1;
                state <= S_DRAIN;
            end else if (soft_reset_i) begin
                done_o <= 1'b0; error_o <= 1'b0; busy_write_o <= 1'b0;
                cause_o <= ST_OK; info_o <= 32'd0; info_write_o <= 1'b0; info_resp_o <= 2'd0;
            end else begin
                case (state)
                    S_IDLE: if (start_i) begin
                        state <= S_LOOKUP;
                        chk <= 5'd0;
                        done_o <= 1'b0; error_o <= 1'b0;
                        cause_o <= ST_OK; info_o <= 32'd0; info_write_o <= 1'b0; info_resp_o <= 2'd0;
                        meta_seen <= 1'b0; code_seen <= 1'b0; bus_seen <= 1'b0;
                        jobs_o <= jobs_o + 32'd1;
                    end
                    S_LOOKUP: state <= S_CHECK;          // the mode table row of the job is in mode_i
                    S_CHECK: begin
                        if (fail) begin
                            cause_o <= fail_cause;
                            info_o <= {20'd0, fail_reg};
                            error_o <= 1'b1;
                            irq_error_o <= 1'b1;
                            state <= S_IDLE;
                        end else if (chk == CHK_LAST) begin
                            sched_start_o <= 1'b1;
                            state <= S_RUN;
                        end else begin
                            chk <= chk + 5'd1;
                        end
                    end
                    S_RUN: begin
                        if ((rd_err_i || wr_err_i) || bus_seen) begin
                            state <= S_DRAIN;               // abort: the DMA closes its open bursts first
                        end else if (sched_done_i) begin
                            done_o <= 1'b1;
                            if (meta_seen || err_meta_i || code_seen || err_code_i) begin
                                cause_o <= (meta_seen || err_meta_i) ? ST_ERR_METADATA : ST_ERR_CODE;
                                error_o <= 1'b1;
                                irq_error_o <= 1'b1;
                            end else begin
                                irq_done_o <= 1'b1;
                            end
                            state <= S_IDLE;
                        end
                    end
                    S_DRAIN: if (dma_idle_i && core_idle_i) begin
                        state <= S_IDLE;
                        reset_req <= 1'b0;
                        if (reset_req) begin
                            // a soft reset ends with a clean status
                            done_o <= 1'b0; error_o <= 1'b0; busy_write_o <= 1'b0;
                            cause_o <= ST_OK; info_o <= 32'd0; info_write_o <= 1'b0; info_resp_o <= 2'd0;
                        end else begin
                            cause_o <= ST_ERR_BUS;
                            error_o <= 1'b1;
                            irq_error_o <= 1'b1;
                        end
                    end
                    default: state <= S_IDLE;
                endcase
            end
        end
    end

    // ------------------------------------------------------------------ performance counters
    reg [31:0] rd_prev, wr_prev;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            cycles_o <= 64'd0; busy_cycles_o <= 64'd0; macs_o <= 64'd0; rd_bytes_o <= 64'd0; wr_bytes_o <= 64'd0;
            stall_o <= 64'd0; rd_prev <= 32'd0; wr_prev <= 32'd0;
        end else begin
            cycles_o <= cycles_o + 64'd1;
            if (state != S_IDLE) busy_cycles_o <= busy_cycles_o + 64'd1;
            if (state == S_RUN) begin
                macs_o <= macs_o + {48'd0, mac_slots_i};
                if (stall_i) stall_o <= stall_o + 64'd1;
            end
            rd_prev <= rd_bytes_i;
            wr_prev <= wr_bytes_i;
            rd_bytes_o <= rd_bytes_o + {32'd0, rd_bytes_i - rd_prev};
            wr_bytes_o <= wr_bytes_o + {32'd0, wr_bytes_i - wr_prev};
        end
    end
endmodule
