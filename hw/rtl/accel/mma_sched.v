// Block scheduler: runs one validated job as a sequence of blocks over the compute core, with the
// DMA loading each block's operands behind the computation and draining its results ahead of the
// next block's C - the twin of mma_gemm's loop over K chunks, cut into the blocks the buffers hold.
//
// Blocks go column block by column block (NBLK columns), then pass by pass over K (as many whole
// instruction chunks as the WPR step words of a buffer row hold), then row block by row block (MB
// rows). B (and scale_B) is loaded once per (column block, pass) into the B buffer; for every row
// tile (TM*P rows) of every block its C rows (the first pass reads C, a later pass reads the D the
// previous pass wrote) and A rows (with metadata and scale_A) are loaded as soon as the core no
// longer reads that row tile of the previous block and its previous D has been drained; each row
// tile's D is written out as soon as the core has put it in the C/D buffer. Three cooperating
// walkers: the loader (DMA reads), the submitter (blocks to the core), the drainer (DMA writes).
`include "mma_mode_bits.vh"
module mma_sched #(
    parameter TM = 2,
    parameter TN = 2,
    parameter NL = 32,
    parameter NB = 64,            // B buffer word bytes
    parameter P = 4,
    parameter MB = 64,
    parameter NBLK = 64,
    parameter WPR = 8,
    parameter MODE_W = `MMA_MODE_BITS,
    parameter RT = MB / (TM * P), // derived
    parameter CT = NBLK / TN      // derived
) (
    input  wire              clk_i,
    input  wire              rst_ni,
    input  wire              clear_i,        // soft reset or abort: forget the job
    input  wire              start_i,        // a validated job (the inputs below are stable while busy)
    output reg               busy_o,
    output reg               done_o,         // pulse: the job's last D is in memory
    input  wire [MODE_W-1:0] mode_i,
    input  wire [31:0]       m_i, n_i, k_i,
    input  wire [31:0]       a_addr_i, a_stride_i, b_addr_i, b_stride_i, c_addr_i, c_stride_i,
    input  wire [31:0]       d_addr_i, d_stride_i, meta_addr_i, meta_stride_i, sa_addr_i, sa_stride_i,
    input  wire [31:0]       sb_addr_i, sb_stride_i,
    // the core
    output reg               blk_valid_o,
    input  wire              blk_ready_i,
    output reg  [15:0]       blk_rows_o, blk_cols_o, blk_steps_o,
    output reg               blk_cont_o,
    output reg  [RT-1:0]     row_ready_o,
    output wire [7:0]        bcol_ready_o,   // column tiles of the core's block whose B is loaded
    output reg               blk_bpage_o,    // the B buffer page of the block (B is double-buffered)
    input  wire [RT-1:0]     row_issued_i,
    input  wire [RT-1:0]     row_done_i,
    input  wire              issuing_i,
    // DMA reads
    output reg               rd_valid_o,
    input  wire              rd_ready_i,
    output reg  [31:0]       rd_addr_o,
    output reg  [15:0]       rd_beats_o,
    output reg  [5:0]        rd_last_o,
    output reg  [15:0]       rd_zfill_o,
    output reg  [6:0]        rd_wb_o,
    output reg  [2:0]        rd_sel_o,
    output reg  [7:0]        rd_bank_o,
    output reg  [15:0]       rd_waddr_o,
    output reg  [7:0]        rd_tag_o,
    output reg  [7:0]        rd_pad_o,       // the byte that pads the row (metadata 0x44, scales 1.0, else 0)
    output reg               rd_half_o,      // its last byte holds one nibble of the row
    input  wire              rd_done_i,
    input  wire [7:0]        rd_done_tag_i,
    // DMA writes
    output reg               wr_valid_o,
    input  wire              wr_ready_i,
    output reg  [31:0]       wr_addr_o,
    output reg  [15:0]       wr_beats_o,
    output reg  [5:0]        wr_last_o,
    output reg  [7:0]        wr_bank_o,
    output reg  [15:0]       wr_raddr_o,
    output reg  [7:0]        wr_tag_o,
    input  wire              wr_done_i,
    input  wire [7:0]        wr_done_tag_i
);
`include "mma_fmt.vh"
`include "mma_mode.vh"
`include "mma_pass.vh"
    localparam WPC = NBLK / 8;                    // C/D words a buffer row (f32)
    localparam MWPR = WPR / 4 > 0 ? WPR / 4 : 1;  // metadata words a row
    localparam SWPR = WPR / 8 > 0 ? WPR / 8 : 1;  // scale words a row
    localparam TR = TM * P;                       // rows a row tile

    // ------------------------------------------------------------------ the job's geometry
    wire [2:0]  m_eb = mode_i[MP_ELEM_BYTES_LSB +: 3];
    wire        m_packed = mode_i[MP_PACKED_LSB];
    wire        m_sparse = mode_i[MP_SPARSE_LSB];
    wire        m_korder = mode_i[MP_KORDER_LSB];
    wire [6:0]  m_g = mode_i[MP_G_LSB +: 7];
    wire [8:0]  m_kc = mode_i[MP_KC_LSB +: 9];
    wire [6:0]  m_block_k = mode_i[MP_BLOCK_K_LSB +: 7];
    // kc, steps and block_k are powers of two (gen_hw.py checks): divide by shifting
    wire [3:0]  m_kc_lg = mode_i[MP_KC_LOG2_LSB +: 4];
    wire [2:0]  m_steps_lg = mode_i[MP_STEPS_LOG2_LSB +: 3];
    wire [2:0]  m_block_k_lg = mode_i[MP_BLOCK_K_LOG2_LSB +: 3];
    wire        m_scaled = mode_i[MP_STYPE_LSB +: 5] != 5'd0;
    // scale rows are padded with scale 1.0, as mma_gemm scales the blocks past a ragged K
    wire [7:0]  s_pad = mode_i[MP_STYPE_LSB +: 5] == MMA_FMT_UE4M3 ? MMA_SCALE_UNIT_UE4M3 : MMA_SCALE_UNIT_UE8M0;
    wire [4:0]  m_ctype = mode_i[MP_CTYPE_LSB +: 5];
    wire [4:0]  m_dtype = mode_i[MP_DTYPE_LSB +: 5];
    // element sizes are 1, 2 or 4 bytes (C / D: 2 or 4): products by them are shifts, so that the
    // scheduler has no multiplier (an address is a running sum, see the loader and the drainer)
    wire [1:0]  eb_lg = elem_bytes_log2(m_eb);
    wire [1:0]  c_esz_lg = acc_bytes_log2(m_ctype);
    wire [1:0]  d_esz_lg = acc_bytes_log2(m_dtype);
    // bytes of A, B a buffer word holds (one step, or the chunk of a pair_split word)
    wire [31:0] a_step_bytes = row_bytes({25'd0, m_g}, m_packed, m_sparse, eb_lg);   // one step's A and B
    wire [31:0] b_step_bytes = row_bytes({25'd0, m_g}, m_packed, 1'b0, eb_lg);
    wire [6:0]  a_wb = m_korder ? 7'd32 : a_step_bytes[6:0];
    wire [6:0]  b_wb = m_korder ? 7'd32 : b_step_bytes[6:0];
    // chunks a pass holds (mma_pass.vh), chunks of the job, passes
    wire [4:0]  cpp_lg = pass_chunks_log2(m_korder, m_steps_lg);
    wire [15:0] cpp = 16'd1 << cpp_lg;
    wire [31:0] chunks = (k_i + {23'd0, m_kc} - 32'd1) >> m_kc_lg;
    wire [15:0] npass = (chunks[15:0] + cpp - 16'd1) >> cpp_lg;
    wire [15:0] ncb = (n_i[15:0] + NBLK - 16'd1) / NBLK;
    wire [15:0] nrb = (m_i[15:0] + MB - 16'd1) / MB;

    // ------------------------------------------------------------------ loader
    reg [15:0] l_cb, l_pass, l_rb;        // the block being loaded
    reg [7:0]  l_ti, l_row, l_col;
    reg [2:0]  l_part;                     // within a row: 0 C, 1 A, 2 metadata, 3 scale_A; B: 0 B, 1 scale_B
    reg [3:0]  l_state;
    localparam L_IDLE = 4'd0, L_GROUP = 4'd1, L_B = 4'd2, L_TILE = 4'd3, L_ROW = 4'd4, L_NEXT = 4'd5,
               L_DONE = 4'd6;
    reg [15:0] l_group;                    // (column block, pass) groups whose B load has begun
    // B is double-buffered: group g loads into page g % 2 while the core computes group g - 1
    reg [7:0]  bcnt0, bcnt1;               // column tiles of each page whose B is loaded
    reg        core_page;                  // the page of the core's current block
    reg [15:0] c_grp;                      // groups whose first block the core has accepted
    reg        b_defer;                    // the first group: its first row tile loads before its B
    reg [3:0]  b_resume;                   // where the loader goes after B
    assign bcol_ready_o = core_page ? bcnt1 : bcnt0;
    reg [RT-1:0] a_free, cd_free;
    // the block under the loader
    wire [15:0] lb_rows = (m_i[15:0] - l_rb * MB) > MB ? MB : (m_i[15:0] - l_rb * MB);
    wire [15:0] lb_cols = (n_i[15:0] - l_cb * NBLK) > NBLK ? NBLK : (n_i[15:0] - l_cb * NBLK);
    wire [15:0] lp_chunk0 = l_pass << cpp_lg;
    wire [15:0] lp_chunks = (chunks[15:0] - lp_chunk0) > cpp ? cpp : (chunks[15:0] - lp_chunk0);
    wire [31:0] lp_k0 = {16'd0, lp_chunk0} << m_kc_lg;
    wire [31:0] lp_kmax = {16'd0, lp_chunks} << m_kc_lg;
    wire [31:0] lp_kvalid = (k_i - lp_k0) > lp_kmax ? lp_kmax : (k_i - lp_k0);
    wire [15:0] lp_steps = lp_chunks << m_steps_lg;
    wire [15:0] lp_words = m_korder ? lp_steps >> 1 : lp_steps;
    // row bytes of the pass in memory, and where the pass starts within a row
    wire [31:0] a_bytes = row_bytes(lp_kvalid, m_packed, m_sparse, eb_lg);
    wire [31:0] a_off = row_offset(lp_k0, m_packed, m_sparse, eb_lg);
    wire [31:0] b_bytes = row_bytes(lp_kvalid, m_packed, 1'b0, eb_lg);
    wire [31:0] b_off = row_offset(lp_k0, m_packed, 1'b0, eb_lg);
    wire [31:0] meta_bytes = (lp_kvalid + 32'd7) >> 3;
    wire [31:0] s_bytes = (lp_kvalid + {25'd0, m_block_k} - 32'd1) >> m_block_k_lg;
    // the C of this pass: C itself first, then the D of the previous pass
    wire        first_pass = l_pass == 16'd0;
    wire [31:0] cs_addr = first_pass ? c_addr_i : d_addr_i;
    wire [31:0] cs_stride = first_pass ? c_stride_i : d_stride_i;
    wire [1:0]  cs_esz_lg = first_pass ? c_esz_lg : d_esz_lg;
    wire [31:0] c_bytes = {16'd0, lb_cols} << cs_esz_lg;
    // log2 of a word's bytes (1, 2, 4, ..., 64: G and the element bytes are powers of two)
    function [2:0] lg2_of;
        input [6:0] wb;
        integer i;
        begin
            lg2_of = 3'd0;
            for (i = 1; i < 7; i = i + 1)
                if (wb[i]) lg2_of = i[2:0];
        end
    endfunction
    // words of a buffer row a transfer of `bytes` fills, for a word of `wb` bytes
    function [15:0] words_of;
        input [31:0] bytes;
        input [6:0] wb;
        begin
            if (wb == 7'd64) words_of = (bytes + 32'd63) >> 6;
            else words_of = ((bytes + 32'd31) >> 5) << (5 - lg2_of(wb));
        end
    endfunction
    wire [15:0] lt_row0 = {8'd0, l_ti} * TR;                           // the row tile's first block row
    wire [7:0] lt_rows = (lb_rows - lt_row0) > TR ? TR : (lb_rows - lt_row0);
    wire       lt_last = lt_row0 + TR >= lb_rows;                        // the block's last row tile
    wire [15:0] l_brow = lt_row0 + {8'd0, l_row};                        // block row
    // Offsets into the operands, kept as running sums (the products job row x stride, column x
    // stride would be 32 x 32-bit multipliers). Within a (column block, pass) group the loader walks
    // the job's rows 0, 1, ..., M - 1 in order (every row tile but the job's last is TR rows, every
    // row block MB), so a row's offset is the previous row's plus the stride, and it restarts at 0
    // with each group; likewise B's columns within a column block, from the block's first column.
    reg [31:0] lo_c, lo_a, lo_m, lo_sa;    // job row x the stride of C (or D), A, metadata, scale_A
    reg [31:0] lo_b, lo_sb;                // job column x the stride of B, scale_B
    reg [31:0] lcb_b, lcb_sb;              // the column block's first column x the stride of B, scale_B
    wire [31:0] l_cb_col0 = {16'd0, l_cb} * NBLK;                       // its first job column
    wire last_part_row = l_part == (m_scaled ? 3'd3 : m_sparse ? 3'd2 : 3'd1);
    wire last_row = l_row == lt_rows - 8'd1;
    wire last_part_col = l_part == (m_scaled ? 3'd1 : 3'd0);
    wire last_col_of_tile = (l_col % TN) == TN - 1 || l_col == lb_cols - 16'd1;
    // submitter state (read by the loader: B may be reloaded once a group is fully submitted and issued)
    reg [15:0] s_cb, s_pass, s_rb;
    reg [15:0] s_group;                    // groups whose blocks are all submitted
    reg        s_done;
    reg  [15:0] l_grp_idx;                 // the loader's group: l_cb * npass + l_pass, counted
    wire        l_page = l_grp_idx[0];
    // issue one DMA read command
    task rd_cmd;
        input [31:0] addr;
        input [31:0] bytes;
        input [15:0] words;                // words the row takes in the buffer
        input [6:0]  wb;
        input [2:0]  sel;
        input [7:0]  bank;
        input [15:0] waddr;
        input [7:0]  tag;
        input [7:0]  pad;
        input        half;
        reg [15:0] beats;
        begin
            beats = (bytes + 32'd31) >> 5;
            rd_valid_o <= 1'b1;
            rd_addr_o <= addr;
            rd_beats_o <= beats;
            rd_last_o <= bytes[4:0] == 5'd0 ? 6'd32 : {1'b0, bytes[4:0]};
            rd_zfill_o <= words - words_of(bytes, wb);
            rd_wb_o <= wb;
            rd_sel_o <= sel;
            rd_bank_o <= bank;
            rd_waddr_o <= waddr;
            rd_tag_o <= tag;
            rd_pad_o <= pad;
            rd_half_o <= half;
        end
    endtask
    wire rd_free = !rd_valid_o || rd_ready_i;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            l_state <= L_IDLE;
            rd_valid_o <= 1'b0;
            l_group <= 16'd0;
            a_free <= {RT{1'b1}};
            cd_free <= {RT{1'b1}};
            row_ready_o <= {RT{1'b0}};
            bcnt0 <= 8'd0; bcnt1 <= 8'd0; b_defer <= 1'b0; b_resume <= L_TILE;
            l_cb <= 16'd0; l_pass <= 16'd0; l_rb <= 16'd0; l_ti <= 8'd0; l_row <= 8'd0; l_col <= 8'd0; l_part <= 3'd0;
        end else if (clear_i) begin
            l_state <= L_IDLE;
            rd_valid_o <= 1'b0;
            a_free <= {RT{1'b1}};
            cd_free <= {RT{1'b1}};
            row_ready_o <= {RT{1'b0}};
            bcnt0 <= 8'd0; bcnt1 <= 8'd0; b_defer <= 1'b0;
        end else begin
            if (rd_valid_o && rd_ready_i) rd_valid_o <= 1'b0;
            // completions (in command order): the last command of a row tile or a column tile carries a flag
            // (a B command's tag: {1, flag, page, 0})
            if (rd_done_i && rd_done_tag_i[6] && rd_done_tag_i[7]) begin
                if (rd_done_tag_i[5]) bcnt1 <= bcnt1 + 8'd1;
                else bcnt0 <= bcnt0 + 8'd1;
            end
            row_ready_o <= (row_ready_o | ((rd_done_i && rd_done_tag_i[6] && !rd_done_tag_i[7]) ?
                           ({{(RT-1){1'b0}}, 1'b1} << rd_done_tag_i[5:0]) : {RT{1'b0}})) & ~row_issued_i;
            a_free <= (a_free | row_issued_i) & ~(l_state == L_TILE && a_free[l_ti] && cd_free[l_ti] ?
                                                  ({{(RT-1){1'b0}}, 1'b1} << l_ti) : {RT{1'b0}});
            cd_free <= (cd_free | d_freed) & ~(l_state == L_TILE && a_free[l_ti] && cd_free[l_ti] ?
                                               ({{(RT-1){1'b0}}, 1'b1} << l_ti) : {RT{1'b0}});
            case (l_state)
                L_IDLE: if (start_i) begin
                    l_state <= L_GROUP;
                    l_cb <= 16'd0; l_pass <= 16'd0; l_rb <= 16'd0; l_group <= 16'd0; l_grp_idx <= 16'd0;
                    lo_c <= 32'd0; lo_a <= 32'd0; lo_m <= 32'd0; lo_sa <= 32'd0; lcb_b <= 32'd0; lcb_sb <= 32'd0;
                end
                L_GROUP: begin
                    // B of a new (column block, pass) into page g % 2: free once the core has begun group
                    // g - 1 (it then reads nothing more of group g - 2, the page's previous user)
                    if (l_grp_idx < 16'd2 || c_grp >= l_grp_idx) begin
                        if (l_grp_idx[0]) bcnt1 <= 8'd0;
                        else bcnt0 <= 8'd0;
                        l_group <= l_grp_idx + 16'd1;
                        l_col <= 8'd0;
                        lo_b <= lcb_b; lo_sb <= lcb_sb;
                        l_part <= 3'd0;
                        l_ti <= 8'd0;
                        if (l_grp_idx == 16'd0) begin
                            // the job's first row tile before its B: the array starts sooner
                            b_defer <= 1'b1;
                            l_state <= L_TILE;
                        end else begin
                            b_resume <= L_TILE;
                            l_state <= L_B;
                        end
                    end
                end
                L_B: if (rd_free) begin
                    // B^T row j (and its scale_B row) into bank j % TN at (j / TN) * WPR
                    if (l_part == 3'd0)
                        rd_cmd(b_addr_i + lo_b + b_off, b_bytes, lp_words, b_wb, 3'd1, l_col % TN,
                               l_page * (NBLK / TN * WPR) + (l_col / TN) * WPR,
                               {1'b1, last_part_col && last_col_of_tile, l_page, 5'd0}, 8'h00, 1'b0);
                    else
                        rd_cmd(sb_addr_i + lo_sb + (lp_k0 >> m_block_k_lg), s_bytes, SWPR, 7'd32,
                               3'd4, l_col % TN, l_page * (NBLK / TN * SWPR) + (l_col / TN) * SWPR,
                               {1'b1, last_col_of_tile, l_page, 5'd0}, s_pad, 1'b0);
                    if (!last_part_col) begin
                        l_part <= l_part + 3'd1;
                    end else begin
                        l_part <= 3'd0;
                        if (l_col == lb_cols - 16'd1) begin
                            l_state <= b_resume;
                        end else begin
                            l_col <= l_col + 8'd1;
                            lo_b <= lo_b + b_stride_i; lo_sb <= lo_sb + sb_stride_i;
                        end
                    end
                end
                L_TILE: if (a_free[l_ti] && cd_free[l_ti]) begin
                    // the row tile's slot is free: load its rows
                    l_row <= 8'd0;
                    l_part <= 3'd0;
                    l_state <= L_ROW;
                end
                L_ROW: if (rd_free) begin
                    // block row l_brow: C (or the previous pass's D), A, metadata, scale_A
                    case (l_part)
                        3'd0: rd_cmd(cs_addr + lo_c + (l_cb_col0 << cs_esz_lg), c_bytes,
                                     words_of(c_bytes, 7'd32), 7'd32, 3'd5, l_brow % TM, (l_brow / TM) * WPC,
                                     {1'b0, last_row && last_part_row, l_ti[5:0]}, 8'h00, 1'b0);
                        3'd1: rd_cmd(a_addr_i + lo_a + a_off, a_bytes, lp_words, a_wb, 3'd0, l_brow % TM,
                                     (l_brow / TM) * WPR, {1'b0, last_row && last_part_row, l_ti[5:0]}, 8'h00, 1'b0);
                        3'd2: rd_cmd(meta_addr_i + lo_m + (lp_k0 >> 3), meta_bytes, MWPR, 7'd32, 3'd2,
                                     l_brow % TM, (l_brow / TM) * MWPR, {1'b0, last_row && last_part_row, l_ti[5:0]}, 8'h44, lp_kvalid[2:0] == 3'd4);
                        default: rd_cmd(sa_addr_i + lo_sa + (lp_k0 >> m_block_k_lg), s_bytes, SWPR,
                                        7'd32, 3'd3, l_brow % TM, (l_brow / TM) * SWPR,
                                        {1'b0, last_row && last_part_row, l_ti[5:0]}, s_pad, 1'b0);
                    endcase
                    if (l_part == 3'd1 && !m_sparse) l_part <= 3'd3;   // no metadata: on to scale_A (if any)
                    else l_part <= l_part + 3'd1;
                    if (last_part_row) begin
                        l_part <= 3'd0;
                        // the next job row's offsets (the next row of this group, if any)
                        lo_c <= lo_c + cs_stride; lo_a <= lo_a + a_stride_i;
                        lo_m <= lo_m + meta_stride_i; lo_sa <= lo_sa + sa_stride_i;
                        if (last_row) begin
                            if (!lt_last) l_ti <= l_ti + 8'd1;
                            if (b_defer) begin
                                // the deferred B of the first group, then on with the next row tile
                                b_defer <= 1'b0;
                                b_resume <= lt_last ? L_NEXT : L_TILE;
                                l_col <= 8'd0;
                                lo_b <= lcb_b; lo_sb <= lcb_sb;
                                l_state <= L_B;
                            end else begin
                                l_state <= lt_last ? L_NEXT : L_TILE;
                            end
                        end else begin
                            l_row <= l_row + 8'd1;
                        end
                    end
                end
                L_NEXT: begin
                    // the next block: row block, then pass, then column block
                    if (l_rb != nrb - 16'd1) begin
                        l_rb <= l_rb + 16'd1;
                        l_ti <= 8'd0;
                        l_state <= L_TILE;
                    end else begin
                        // the next group: its rows start again at the job's row 0
                        l_rb <= 16'd0;
                        lo_c <= 32'd0; lo_a <= 32'd0; lo_m <= 32'd0; lo_sa <= 32'd0;
                        if (l_pass != npass - 16'd1) begin
                            l_pass <= l_pass + 16'd1;
                            l_grp_idx <= l_grp_idx + 16'd1;
                            l_state <= L_GROUP;
                        end else if (l_cb != ncb - 16'd1) begin
                            l_pass <= 16'd0;
                            l_cb <= l_cb + 16'd1;
                            l_grp_idx <= l_grp_idx + 16'd1;
                            lcb_b <= lcb_b + b_stride_i * NBLK; lcb_sb <= lcb_sb + sb_stride_i * NBLK;
                            l_state <= L_GROUP;
                        end else begin
                            l_state <= L_DONE;
                        end
                    end
                end
                L_DONE: if (!busy_o) l_state <= L_IDLE;
                default: l_state <= L_IDLE;
            endcase
        end
    end

    // ------------------------------------------------------------------ submitter
    wire [15:0] sb_rows = (m_i[15:0] - s_rb * MB) > MB ? MB : (m_i[15:0] - s_rb * MB);
    wire [15:0] sb_cols = (n_i[15:0] - s_cb * NBLK) > NBLK ? NBLK : (n_i[15:0] - s_cb * NBLK);
    wire [15:0] sp_chunk0 = s_pass << cpp_lg;
    wire [15:0] sp_chunks = (chunks[15:0] - sp_chunk0) > cpp ? cpp : (chunks[15:0] - sp_chunk0);
    reg  [15:0] s_grp_idx;                 // the submitter's group: s_cb * npass + s_pass, counted
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            blk_valid_o <= 1'b0;
            s_cb <= 16'd0; s_pass <= 16'd0; s_rb <= 16'd0; s_group <= 16'd0; s_done <= 1'b1;
            core_page <= 1'b0; c_grp <= 16'd0; blk_bpage_o <= 1'b0;
        end else if (clear_i) begin
            blk_valid_o <= 1'b0;
            s_done <= 1'b1;
        end else begin
            if (start_i) begin
                s_cb <= 16'd0; s_pass <= 16'd0; s_rb <= 16'd0; s_group <= 16'd0; s_done <= 1'b0;
                c_grp <= 16'd0; s_grp_idx <= 16'd0;
            end else if (blk_valid_o) begin
                if (blk_ready_i) begin
                    blk_valid_o <= 1'b0;
                    core_page <= blk_bpage_o;
                    if (s_rb == 16'd0) c_grp <= s_grp_idx + 16'd1;
                    // advance to the next block
                    if (s_rb != nrb - 16'd1) begin
                        s_rb <= s_rb + 16'd1;
                    end else begin
                        s_rb <= 16'd0;
                        s_group <= s_grp_idx + 16'd1;
                        if (s_pass != npass - 16'd1) begin
                            s_pass <= s_pass + 16'd1;
                            s_grp_idx <= s_grp_idx + 16'd1;
                        end else if (s_cb != ncb - 16'd1) begin
                            s_pass <= 16'd0; s_cb <= s_cb + 16'd1;
                            s_grp_idx <= s_grp_idx + 16'd1;
                        end else s_done <= 1'b1;
                    end
                end
            end else if (!s_done && l_group > s_grp_idx) begin
                // the loader has begun this block's group (its B): the block may go to the core
                blk_valid_o <= 1'b1;
                blk_bpage_o <= s_grp_idx[0];
                blk_rows_o <= sb_rows;
                blk_cols_o <= sb_cols;
                blk_steps_o <= sp_chunks << m_steps_lg;
                blk_cont_o <= s_pass != 16'd0;
            end
        end
    end

    // ------------------------------------------------------------------ drainer
    reg [15:0] d_cb, d_pass, d_rb;
    reg [7:0]  d_ti, d_row;
    reg [RT-1:0] d_pending;                // row tiles the core has finished and that wait to be written
    reg [2:0]  d_state;
    reg [RT-1:0] d_freed;
    localparam D_IDLE = 3'd0, D_WAIT = 3'd1, D_ROW = 3'd2, D_NEXT = 3'd3;
    wire [15:0] db_rows = (m_i[15:0] - d_rb * MB) > MB ? MB : (m_i[15:0] - d_rb * MB);
    wire [15:0] db_cols = (n_i[15:0] - d_cb * NBLK) > NBLK ? NBLK : (n_i[15:0] - d_cb * NBLK);
    wire [15:0] dt_row0 = {8'd0, d_ti} * TR;                             // the row tile's first block row
    wire        dt_last = dt_row0 + TR >= db_rows;                        // the block's last row tile
    wire [7:0]  dt_rows = (db_rows - dt_row0) > TR ? TR : (db_rows - dt_row0);
    wire [15:0] d_brow = dt_row0 + {8'd0, d_row};
    wire [31:0] d_bytes = {16'd0, db_cols} << d_esz_lg;
    reg  [31:0] do_d;                      // job row x D's stride, a running sum as the loader's
    wire wr_free = !wr_valid_o || wr_ready_i;
    reg [15:0] d_outstanding;              // row tiles whose stores are issued but not all complete
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            d_state <= D_IDLE;
            wr_valid_o <= 1'b0;
            d_pending <= {RT{1'b0}};
            d_freed <= {RT{1'b0}};
            busy_o <= 1'b0;
            done_o <= 1'b0;
            d_outstanding <= 16'd0;
        end else if (clear_i) begin
            d_state <= D_IDLE;
            wr_valid_o <= 1'b0;
            d_pending <= {RT{1'b0}};
            d_freed <= {RT{1'b0}};
            busy_o <= 1'b0;
            done_o <= 1'b0;                // a done pulse of the dropped job does not outlive the clear
            d_outstanding <= 16'd0;
        end else begin
            done_o <= 1'b0;
            d_freed <= {RT{1'b0}};
            if (wr_valid_o && wr_ready_i) wr_valid_o <= 1'b0;
            d_pending <= d_pending | row_done_i;
            // a row tile's last store done: its slot's C/D may take the next block's C
            if (wr_done_i && wr_done_tag_i[6]) d_freed <= {{(RT-1){1'b0}}, 1'b1} << wr_done_tag_i[5:0];
            d_outstanding <= d_outstanding + ((d_state == D_ROW && wr_free && d_row == dt_rows - 8'd1) ? 16'd1 : 16'd0)
                             - ((wr_done_i && wr_done_tag_i[6]) ? 16'd1 : 16'd0);
            case (d_state)
                D_IDLE: if (start_i) begin
                    busy_o <= 1'b1;
                    d_cb <= 16'd0; d_pass <= 16'd0; d_rb <= 16'd0; d_ti <= 8'd0;
                    do_d <= 32'd0;
                    d_state <= D_WAIT;
                end
                D_WAIT: if (d_pending[d_ti]) begin
                    d_pending <= (d_pending | row_done_i) & ~({{(RT-1){1'b0}}, 1'b1} << d_ti);
                    d_row <= 8'd0;
                    d_state <= D_ROW;
                end
                D_ROW: if (wr_free) begin
                    wr_valid_o <= 1'b1;
                    wr_addr_o <= d_addr_i + do_d + (({16'd0, d_cb} * NBLK) << d_esz_lg);
                    do_d <= do_d + d_stride_i;
                    wr_beats_o <= (d_bytes + 32'd31) >> 5;
                    wr_last_o <= d_bytes[4:0] == 5'd0 ? 6'd32 : {1'b0, d_bytes[4:0]};
                    wr_bank_o <= d_brow % TM;
                    wr_raddr_o <= (d_brow / TM) * WPC;
                    wr_tag_o <= {1'b0, d_row == dt_rows - 8'd1, d_ti[5:0]};
                    if (d_row == dt_rows - 8'd1) d_state <= D_NEXT;
                    else d_row <= d_row + 8'd1;
                end
                D_NEXT: begin
                    if (!dt_last) begin
                        d_ti <= d_ti + 8'd1;
                        d_state <= D_WAIT;
                    end else if (d_rb != nrb - 16'd1) begin
                        d_rb <= d_rb + 16'd1;
                        d_ti <= 8'd0;
                        d_state <= D_WAIT;
                    end else if (d_pass != npass - 16'd1 || d_cb != ncb - 16'd1) begin
                        d_rb <= 16'd0;
                        d_ti <= 8'd0;
                        do_d <= 32'd0;
                        if (d_pass != npass - 16'd1) d_pass <= d_pass + 16'd1;
                        else begin d_pass <= 16'd0; d_cb <= d_cb + 16'd1; end
                        d_state <= D_WAIT;
                    end else if (d_outstanding == 16'd0 && !wr_valid_o) begin
                        // every store of the job has its response
                        busy_o <= 1'b0;
                        done_o <= 1'b1;
                        d_state <= D_IDLE;
                    end
                end
                default: d_state <= D_IDLE;
            endcase
        end
    end
`ifndef SYNTHESIS
    // invariants, simulation only (a failure prints ASSERTION and stops; see mma_axi_check)
    always @(posedge clk_i) if (rst_ni && !clear_i) begin
        if (wr_done_i && wr_done_tag_i[6] && d_outstanding == 16'd0 &&
            !(d_state == D_ROW && wr_free && d_row == dt_rows - 8'd1)) begin
            $display("%m: ASSERTION a row tile's store completed that was never issued"); $stop;
        end
        if (rd_done_i && rd_done_tag_i[6] && !rd_done_tag_i[7] && row_ready_o[rd_done_tag_i[5:0]] &&
            !row_issued_i[rd_done_tag_i[5:0]]) begin
            $display("%m: ASSERTION row tile %0d loaded again while still ready and not issued", rd_done_tag_i[5:0]); $stop;
        end
        if (done_o && (d_pending != {RT{1'b0}} || l_state != L_DONE)) begin
            $display("%m: ASSERTION job done with row tiles pending or the loader not finished"); $stop;
        end
        // the running offsets are the products they replace
        if (l_state == L_ROW && rd_free && (lo_c != chk_lrow * cs_stride || lo_a != chk_lrow * a_stride_i ||
                                            lo_m != chk_lrow * meta_stride_i || lo_sa != chk_lrow * sa_stride_i)) begin
            $display("%m: ASSERTION row offsets of job row %0d are not row x stride", chk_lrow); $stop;
        end
        if (l_state == L_B && rd_free && (lo_b != chk_lcol * b_stride_i || lo_sb != chk_lcol * sb_stride_i)) begin
            $display("%m: ASSERTION column offsets of job column %0d are not column x stride", chk_lcol); $stop;
        end
        if (d_state == D_ROW && wr_free && do_d != chk_drow * d_stride_i) begin
            $display("%m: ASSERTION D offset of job row %0d is not row x stride", chk_drow); $stop;
        end
    end
    wire [31:0] chk_lrow = {16'd0, l_rb} * MB + {16'd0, l_brow};
    wire [31:0] chk_lcol = l_cb_col0 + {24'd0, l_col};
    wire [31:0] chk_drow = {16'd0, d_rb} * MB + {16'd0, d_brow};
`endif
endmodule
