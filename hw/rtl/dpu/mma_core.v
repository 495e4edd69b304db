// Compute core: the DPU array, its on-chip operand buffers and the sequencer that walks one block
// of a GEMM over them - the twin of mma_gemm for the rows, columns and K range of the block.
//
// A block is up to MB rows x NBLK columns of D over one pass of K (up to WPR step words per row).
// It is cut into tiles of TM*P rows x TN columns: DPU (r, c) with slot p computes block row
// ti*TM*P + r + TM*p and column tj*TN + c; for every step t the sequencer issues slots 0..P-1 on
// consecutive cycles, so a slot's next step follows its previous one after P cycles (no stall),
// and the next tile, or the next block, follows at once. Tiles run row tile by row tile (ti outer,
// tj inner). A packed 4-bit step (2W elements, HAS_PACKED) is two beats t = 2s, 2s + 1 of the same
// step word, half_i 0 and 1 (mma_dpu holds the first and sums both as one step), so t counts beats
// and the step s = t / 2 gives the metadata and scale bytes, the chunk position and C's read.
//
// The buffers are filled by the DMA while the array computes (the loader's and the scheduler's
// business): a row tile may start when row_ready_i[ti] says its A rows (with metadata and scale_A)
// and its C rows are loaded, a column tile when bcol_ready_i counts it; row_issued_o[ti] pulses when
// the array no longer reads the row tile's A, row_done_o[ti] when all its D are in the C/D buffer
// (D overwrites C in place), so the next block's rows can be loaded behind the current one.
//
// Buffers (every word BW = 32 bytes, the DMA beat): A bank r holds block rows i with i % TM = r at
// (i / TM) * WPR + step word; B bank c the columns j with j % TN = c at (j / TN) * WPR + step word
// of one of two pages (B is double-buffered: the next column block loads while this one computes;
// two beats per word with sparse A, which reads 2W bytes of B a step); metadata and scale words
// pack the bytes of consecutive steps (8 / 4 / 2 / 1 bytes a step); C/D bank r holds the rows with
// i % TM = r, NBLK / 8 words a row, elements of 4 bytes (f32, s32) or 2 bytes (f16).
`include "mma_mode_bits.vh"
module mma_core #(
    parameter TM = 2,
    parameter TN = 2,
    parameter DPU_EXACT = 0,      // 1: the DPUs are mma_dpu_exact (the `exact` preset), 0: mma_dpu
    parameter NL = 32,
    parameter HAS_PACKED = 1,     // packed 4-bit modes: two beats a step (mma_dpu)
    parameter F_MAIN = 25,
    parameter F_GRP = 35,
    parameter HAS_SPARSE = 1,
    parameter HAS_SCALE = 1,
    parameter HAS_INT = 1,
    parameter HAS_SEP = 1,
    parameter HAS_PAIR = 1,
    parameter [31:0] LANE_FMTS = 32'h8001_EFFE,  // operand formats of the DPUs' lanes (mma_dpu)
    parameter MODE_W = `MMA_MODE_BITS,
    parameter P = 4,              // accumulator slots per DPU
    parameter SLOT_W = 2,
    parameter MB = 64,            // block rows: a multiple of TM*P
    parameter NBLK = 64,          // block columns: a multiple of TN and of 16
    parameter WPR = 8,            // A/B step words per row per pass (K bytes per pass / 32)
    parameter SBY = 4,            // scale bytes a step at most over the configuration's modes (1, 2 or 4)
    parameter NB = HAS_SPARSE ? 2 * NL : NL,    // derived: B bytes per step
    parameter META_W = HAS_SPARSE ? 2 * NL : 4, // derived: metadata bits per step (at most)
    parameter RT = MB / (TM * P), // derived: row tiles of a block
    parameter CT = NBLK / TN,     // derived: column tiles of a block
    parameter AAW = 12,           // address bits of an A/B/metadata/scale bank
    parameter CAW = 10            // address bits of a C/D bank
) (
    input  wire                    clk_i,
    input  wire                    rst_ni,
    input  wire                    clear_i,      // soft reset: drop every block and every step in flight
    // the job (static while the core runs it)
    input  wire [MODE_W-1:0]       mode_i,
    input  wire                    ordered_i,
    // one block
    input  wire                    blk_valid_i,
    output wire                    blk_ready_o,
    input  wire [15:0]             blk_rows_i,   // 1 .. MB
    input  wire [15:0]             blk_cols_i,   // 1 .. NBLK
    input  wire [15:0]             blk_steps_i,  // steps of the pass
    input  wire                    blk_cont_i,   // the pass continues outputs of an earlier pass
    input  wire                    blk_bpage_i,  // the B (and scale_B) buffer page the block reads
    // readiness (from the scheduler)
    input  wire [RT-1:0]           row_ready_i,
    input  wire [7:0]              bcol_ready_i, // column tiles whose B (and scale_B) are loaded
    // progress (to the scheduler)
    output reg  [RT-1:0]           row_issued_o,
    output reg  [RT-1:0]           row_done_o,
    output wire                    idle_o,       // no block accepted and not finished
    output wire                    issuing_o,    // the sequencer is inside a block
    output reg                     err_meta_o,   // pulses with row_done_o of an affected row tile
    output reg                     err_code_o,
    output reg  [15:0]             mac_slots_o,  // busy MAC slots of this cycle's issued step
    output reg                     stall_o,      // the sequencer waited for data this cycle
    // buffer write port (DMA): sel 0 A, 1 B, 2 metadata, 3 scale_A, 4 scale_B, 5 C
    input  wire                    ld_we_i,
    input  wire [2:0]              ld_sel_i,
    input  wire [7:0]              ld_bank_i,
    input  wire [15:0]             ld_addr_i,
    input  wire                    ld_half_i,    // B words of 2 beats: which half
    input  wire [255:0]            ld_data_i,
    input  wire [31:0]             ld_be_i,
    // C/D read port (DMA drain): bank, word; data the next cycle
    input  wire                    rd_en_i,
    input  wire [7:0]              rd_bank_i,
    input  wire [15:0]             rd_addr_i,
    output wire [255:0]            rd_data_o,
    output reg                     rd_ack_o,     // the read of the previous cycle was served (data valid now)
    output wire                    ld_ready_o    // the write of this cycle is taken (C writes yield to D writes)
);
`include "mma_fmt.vh"
`include "mma_mode.vh"
    localparam WPC = NBLK / 8;                    // C/D words per row (f32)
    localparam MWPR = WPR / 4 > 0 ? WPR / 4 : 1;  // metadata words per row (8 bytes a step at most)
    localparam SWPR = WPR / 8 > 0 ? WPR / 8 : 1;  // scale words per row (4 bytes a step at most)
    // bytes of a scale bank's word the steps read: a row's WPR x SBY when that is less than one
    // word (kind::mxf8f6f4 alone: 8 of 32), else all 32; the DMA's beat bytes past them are padding
    localparam SBW = (SWPR == 1 && WPR * SBY < 32) ? WPR * SBY : 32;
    wire m_korder = HAS_PAIR != 0 && mode_i[MP_KORDER_LSB];
    wire [6:0] m_steps = mode_i[MP_STEPS_LSB +: 7];
    wire [6:0] m_g = mode_i[MP_G_LSB +: 7];
    wire [6:0] m_block_k = mode_i[MP_BLOCK_K_LSB +: 7];
    wire m_f16 = mode_i[MP_DTYPE_LSB +: 5] == MMA_FMT_F16;
    // a packed 4-bit step (2W elements) takes two beats of the W lanes: the sequencer counts beats
    wire m_beats2 = HAS_PACKED != 0 && mode_i[MP_PACKED_LSB];
    wire [6:0] m_lanes = mode_i[MP_ACT_LANES_LSB +: 7];    // MAC slots a DPU uses a beat (gen_hw.py)
    // metadata bytes a step (2:4: a nibble per 4 dense positions; G/8, 0 when G < 8)
    wire [3:0] mbps = m_g[6:3];
    // log2 of the scale bytes a step: one per block_k elements (a scaled step has G = 32 or 64)
    wire [1:0] sb_lg = m_block_k[6] ? 2'd0 : m_block_k[5] ? {1'b0, m_g[6]} : (m_g[6] ? 2'd2 : 2'd1);

    // ------------------------------------------------------------------ sequencer
    reg [15:0] rows_q, cols_q, steps_q;
    reg        cont_q, run, bpage_q;
    reg [7:0]  ti, tj, ntj;
    reg [15:0] t;
    reg [SLOT_W-1:0] p;
    reg [6:0]  cstep;
    wire last_slot = p == P - 1;
    wire last_step = t == steps_q - 1;
    wire last_tj = tj == ntj - 1;
    wire last_ti = {8'd0, ti} * (TM * P) + TM * P >= rows_q;   // no divider for the row tiles
    // data readiness at the start of a tile (t == 0, p == 0)
    wire tile_start = t == 16'd0 && p == {SLOT_W{1'b0}};
    // row_ready_i of a slot falls the cycle after row_issued_o rises: a block that follows on the same
    // slot must not take that last cycle of the previous block's readiness for its own
    wire ready = !tile_start || (row_ready_i[ti] && !row_issued_o[ti] && bcol_ready_i > tj);
    wire go = run && ready;
    assign blk_ready_o = !run || (go && last_slot && last_step && last_tj && last_ti);
    assign issuing_o = run;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            run <= 1'b0;
            ti <= 8'd0; tj <= 8'd0; t <= 16'd0; p <= {SLOT_W{1'b0}}; cstep <= 7'd0; ntj <= 8'd0;
            rows_q <= 16'd0; cols_q <= 16'd0; steps_q <= 16'd0; cont_q <= 1'b0; bpage_q <= 1'b0;
        end else if (clear_i) begin
            run <= 1'b0;
        end else if (blk_valid_i && blk_ready_o) begin
            run <= 1'b1;
            rows_q <= blk_rows_i; cols_q <= blk_cols_i; steps_q <= m_beats2 ? blk_steps_i << 1 : blk_steps_i;
            cont_q <= blk_cont_i;
            bpage_q <= blk_bpage_i;
            ti <= 8'd0; tj <= 8'd0; t <= 16'd0; p <= {SLOT_W{1'b0}}; cstep <= 7'd0;
            ntj <= (blk_cols_i + TN - 1) / TN;
        end else if (go) begin
            if (!last_slot) begin
                p <= p + 1'b1;
            end else begin
                p <= {SLOT_W{1'b0}};
                if (!last_step) begin
                    t <= t + 1'b1;
                    if (!m_beats2 || t[0]) cstep <= cstep == m_steps - 1 ? 7'd0 : cstep + 1'b1;
                end else begin
                    t <= 16'd0;
                    cstep <= 7'd0;
                    if (!last_tj) tj <= tj + 1'b1;
                    else begin
                        tj <= 8'd0;
                        if (!last_ti) ti <= ti + 1'b1;
                        else run <= 1'b0;
                    end
                end
            end
        end
    end
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            row_issued_o <= {RT{1'b0}};
            stall_o <= 1'b0;
        end else begin
            row_issued_o <= (go && last_slot && last_step && last_tj) ? ({{(RT-1){1'b0}}, 1'b1} << ti) : {RT{1'b0}};
            stall_o <= run && !ready;
        end
    end

    // addresses of the issued step
    wire [15:0] rl = ti * P + p;                          // row-local index in a bank
    wire [15:0] ts = m_beats2 ? (t >> 1) : t;             // the step of beat t
    wire [15:0] word = m_korder ? (t >> 1) : ts;          // A/B step word
    // first metadata byte and first scale byte of the step: t x a power of two, shifted
    wire [15:0] mbyte = mbps[3] ? ts << 3 : mbps[2] ? ts << 2 : mbps[1] ? ts << 1 : mbps[0] ? ts : 16'd0;
    wire [15:0] sbyte = ts << sb_lg;
    wire [AAW-1:0] a_addr = rl * WPR + word;
    wire [AAW-1:0] b_addr = (bpage_q ? NBLK / TN * WPR : 0) + tj * WPR + word;
    wire [AAW-1:0] m_addr = rl * MWPR + (mbyte >> 5);
    wire [AAW-1:0] sa_addr = rl * SWPR + (sbyte >> 5);
    wire [AAW-1:0] sb_addr = (bpage_q ? NBLK / TN * SWPR : 0) + tj * SWPR + (sbyte >> 5);
    wire [CAW-1:0] c_addr = rl * WPC + ((tj * TN) >> (m_f16 ? 4 : 3));

    // the DPUs whose output of the issue lies inside the block: row ti*TM*P + TM*p + r, column tj*TN + c
    genvar r, c;
    wire [TM*TN-1:0] issue_ok;
    generate
        for (r = 0; r < TM; r = r + 1) begin : g_okr
            for (c = 0; c < TN; c = c + 1) begin : g_okc
                assign issue_ok[r*TN + c] = ({8'd0, ti} * (TM * P) + r + TM * p) < rows_q && ({8'd0, tj} * TN + c) < cols_q;
            end
        end
    endgenerate

    // control of the issued step, one cycle later (the buffers' registered read)
    reg              i_v, i_first, i_cont, i_cf, i_cl, i_last, i_half, i_rowlast;
    reg [SLOT_W-1:0] i_slot;
    reg [TM*TN-1:0]  i_ok;                        // the DPUs whose output of this issue lies inside the block
    reg [7:0]        i_ti, i_tj;
    reg [15:0]       i_rl;
    reg [4:0]        i_moff, i_soff, i_coff;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) i_v <= 1'b0;
        else i_v <= go && !clear_i;
    end
    always @(posedge clk_i) begin
        i_slot <= p; i_first <= ts == 16'd0; i_cont <= cont_q; i_cf <= cstep == 7'd0;
        i_cl <= cstep == m_steps - 1; i_last <= last_step; i_half <= (m_korder || m_beats2) && t[0];
        i_ti <= ti; i_tj <= tj; i_rl <= rl;
        // taken at issue: a block accepted with the last issue of the previous one changes
        // rows_q / cols_q / ntj before that issue's results come out
        i_rowlast <= last_slot && last_step && last_tj;
        i_ok <= issue_ok;
        i_moff <= mbyte[4:0]; i_soff <= sbyte[4:0] & (SBW - 1);   // (< SBW for every mode)
        i_coff <= (tj * TN) & (m_f16 ? 5'd15 : 5'd7);
    end

    // ------------------------------------------------------------------ buffers
    wire [TM*NL*8-1:0]   a_rd;
    wire [TN*NB*8-1:0]   b_rd;
    wire [TM*256-1:0]    m_rd, sa_rd, cd_rd;
    wire [TN*256-1:0]    sb_rd;
    reg  [TM*META_W-1:0] meta_step;
    reg  [TM*32-1:0]     sa_step;
    reg  [TN*32-1:0]     sb_step;
    reg  [TM*TN*32-1:0]  c_step;
    wire [TM*TN*32-1:0]  d_out;
    // C is read by a tile's first step only (by its last beat: the one the DPU sums)
    wire                 c_rd_now = go && t == (m_beats2 ? 16'd1 : 16'd0);
    wire                 a_valid;
    wire [SLOT_W-1:0]    a_slot;
    wire [TM*TN-1:0]     a_emeta, a_ecode;
    wire                 a_busy;
    wire                 wr_d;
    wire [CAW-1:0]       d_addr;
    wire [31:0]          d_be;
    wire [TM*256-1:0]    d_word;
    generate
        for (r = 0; r < TM; r = r + 1) begin : g_abank
            mma_opbuf #(.W(NL*8), .DEPTH(MB / TM * WPR), .AW(AAW), .RW_FREE(1)) u_a (.clk_i(clk_i),
                .we_i(ld_we_i && ld_sel_i == 3'd0 && ld_bank_i == r), .be_i(ld_be_i[NL-1:0]), .waddr_i(ld_addr_i[AAW-1:0]),
                .wdata_i(ld_data_i[NL*8-1:0]), .re_i(go), .raddr_i(a_addr), .rdata_o(a_rd[r*NL*8 +: NL*8]));
            if (HAS_SPARSE != 0) begin : g_meta
                mma_opbuf #(.W(256), .DEPTH(MB / TM * MWPR), .AW(AAW), .RW_FREE(1)) u_m (.clk_i(clk_i),
                    .we_i(ld_we_i && ld_sel_i == 3'd2 && ld_bank_i == r), .be_i(ld_be_i), .waddr_i(ld_addr_i[AAW-1:0]),
                    .wdata_i(ld_data_i), .re_i(go), .raddr_i(m_addr), .rdata_o(m_rd[r*256 +: 256]));
            end else begin : g_nometa
                assign m_rd[r*256 +: 256] = 256'd0;
            end
            if (HAS_SCALE != 0) begin : g_sa
                wire [SBW*8-1:0] sa_word;
                mma_opbuf #(.W(SBW*8), .DEPTH(MB / TM * SWPR), .AW(AAW), .RW_FREE(1)) u_sa (.clk_i(clk_i),
                    .we_i(ld_we_i && ld_sel_i == 3'd3 && ld_bank_i == r), .be_i(ld_be_i[SBW-1:0]), .waddr_i(ld_addr_i[AAW-1:0]),
                    .wdata_i(ld_data_i[SBW*8-1:0]), .re_i(go), .raddr_i(sa_addr), .rdata_o(sa_word));
                assign sa_rd[r*256 +: 256] = {{(256-SBW*8){1'b0}}, sa_word};
            end else begin : g_nosa
                assign sa_rd[r*256 +: 256] = 256'd0;
            end
            // C/D: C read for the issued tile's first step, D written when results leave, D drained by the DMA
            wire ld_c = ld_we_i && ld_sel_i == 3'd5 && ld_bank_i == r && !wr_d;
            mma_opbuf #(.W(256), .DEPTH(MB / TM * WPC), .AW(CAW)) u_cd (.clk_i(clk_i),
                .we_i(wr_d || ld_c), .be_i(wr_d ? d_be : ld_be_i), .waddr_i(wr_d ? d_addr : ld_addr_i[CAW-1:0]),
                .wdata_i(wr_d ? d_word[r*256 +: 256] : ld_data_i),
                .re_i(c_rd_now || (rd_en_i && rd_bank_i == r)), .raddr_i(c_rd_now ? c_addr : rd_addr_i[CAW-1:0]),
                .rdata_o(cd_rd[r*256 +: 256]));
        end
        for (c = 0; c < TN; c = c + 1) begin : g_bbank
            wire [NB*8-1:0] bdata;
            wire [NB-1:0] bbe;
            if (NB > 32) begin : g_two
                assign bdata = {ld_data_i[(NB-32)*8-1:0], ld_data_i};
                assign bbe = ld_half_i ? {ld_be_i[NB-32-1:0], 32'd0} : {{(NB-32){1'b0}}, ld_be_i};
            end else begin : g_one
                assign bdata = ld_data_i[NB*8-1:0];
                assign bbe = ld_be_i[NB-1:0];
            end
            mma_opbuf #(.W(NB*8), .DEPTH(2 * NBLK / TN * WPR), .AW(AAW), .RW_FREE(1)) u_b (.clk_i(clk_i),
                .we_i(ld_we_i && ld_sel_i == 3'd1 && ld_bank_i == c), .be_i(bbe), .waddr_i(ld_addr_i[AAW-1:0]),
                .wdata_i(bdata), .re_i(go), .raddr_i(b_addr), .rdata_o(b_rd[c*NB*8 +: NB*8]));
            if (HAS_SCALE != 0) begin : g_sb
                wire [SBW*8-1:0] sb_word;
                mma_opbuf #(.W(SBW*8), .DEPTH(2 * NBLK / TN * SWPR), .AW(AAW), .RW_FREE(1)) u_sb (.clk_i(clk_i),
                    .we_i(ld_we_i && ld_sel_i == 3'd4 && ld_bank_i == c), .be_i(ld_be_i[SBW-1:0]), .waddr_i(ld_addr_i[AAW-1:0]),
                    .wdata_i(ld_data_i[SBW*8-1:0]), .re_i(go), .raddr_i(sb_addr), .rdata_o(sb_word));
                assign sb_rd[c*256 +: 256] = {{(256-SBW*8){1'b0}}, sb_word};
            end else begin : g_nosb
                assign sb_rd[c*256 +: 256] = 256'd0;
            end
        end
    endgenerate
    reg [7:0] rd_bank_q;
    always @(posedge clk_i) rd_bank_q <= rd_bank_i;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) rd_ack_o <= 1'b0;
        else rd_ack_o <= rd_en_i && !c_rd_now;
    end
    assign ld_ready_o = !(ld_sel_i == 3'd5 && wr_d);
    // the bank of the read (a choice among TM words; a bank outside the array reads zero)
    reg [255:0] rd_word;
    integer rb;
    always @* begin
        rd_word = 256'd0;
        for (rb = 0; rb < TM; rb = rb + 1)
            if (rd_bank_q == rb) rd_word = cd_rd[rb*256 +: 256];
    end
    assign rd_data_o = rd_word;

    // The step's metadata and scale codes out of their banks' words. A step's bytes start at a
    // multiple of its byte count (t x 8 / 4 / 2 / 1 metadata bytes, t x 4 / 2 / 1 scale bytes), so
    // byte j of a step, needed only when the step has more than j bytes, sits at an offset that is a
    // multiple of the power of two above j: a choice among 32 / that many bytes of the word (a step's
    // bytes from j on are don't-cares when it has j or fewer). A shifter over the word cost 3x more.
    localparam MBY = (META_W + 7) / 8;             // metadata bytes a step (at most)
    function integer align_of;                     // the power of two above j
        input integer j;
        begin
            align_of = 1;
            while (align_of <= j) align_of = align_of * 2;
        end
    endfunction
    wire [TM*MBY*8-1:0] m_bytes;
    wire [TM*32-1:0]    sa_bytes;
    wire [TN*32-1:0]    sb_bytes;
    genvar j, ci;
    generate
        for (j = 0; j < 4 || j < MBY; j = j + 1) begin : g_byte
            localparam integer A = align_of(j);
            localparam integer LG = $clog2(A);
            for (r = 0; r < TM || r < TN; r = r + 1) begin : g_bank
                wire [8*(32/A)-1:0] mc, sac, sbc;  // the word's candidates for byte j
                for (ci = 0; ci < 32 / A; ci = ci + 1) begin : g_cand
                    assign mc[ci*8 +: 8] = r < TM ? m_rd[(r % TM)*256 + (ci*A + j)*8 +: 8] : 8'd0;
                    assign sac[ci*8 +: 8] = r < TM ? sa_rd[(r % TM)*256 + (ci*A + j)*8 +: 8] : 8'd0;
                    assign sbc[ci*8 +: 8] = r < TN ? sb_rd[(r % TN)*256 + (ci*A + j)*8 +: 8] : 8'd0;
                end
                if (j < MBY && r < TM) begin : g_m
                    assign m_bytes[(r*MBY + j)*8 +: 8] = mc[(i_moff >> LG)*8 +: 8];
                end
                if (j < 4 && r < TM) begin : g_sa
                    assign sa_bytes[r*32 + j*8 +: 8] = sac[(i_soff >> LG)*8 +: 8];
                end
                if (j < 4 && r < TN) begin : g_sb
                    assign sb_bytes[r*32 + j*8 +: 8] = sbc[(i_soff >> LG)*8 +: 8];
                end
            end
        end
    endgenerate
    integer k;
    always @* begin
        for (k = 0; k < TM; k = k + 1) begin
            meta_step[k*META_W +: META_W] = m_bytes[k*MBY*8 +: META_W];
            sa_step[k*32 +: 32] = sa_bytes[k*32 +: 32];
        end
        for (k = 0; k < TN; k = k + 1)
            sb_step[k*32 +: 32] = sb_bytes[k*32 +: 32];
        for (k = 0; k < TM * TN; k = k + 1)
            c_step[k*32 +: 32] = c_elem(cd_rd[(k / TN)*256 +: 256], m_f16, i_coff, k % TN);
    end
    // DPU column e's C element of a bank word: element coff + e (f32: of 8, f16: of 16), where coff
    // is a multiple of TN - so a choice among the word's 8 / TN (16 / TN) elements of column e, not
    // a shifter over the word
    function [31:0] c_elem;
        input [255:0] w;
        input f16;
        input [4:0] coff;
        input integer e;
        integer j;
        begin
            c_elem = 32'd0;
            for (j = 0; j < 16 / TN; j = j + 1)
                if (f16 && coff[3:0] == j * TN) c_elem = {16'd0, w[(j*TN + e)*16 +: 16]};
            for (j = 0; j < 8 / TN; j = j + 1)
                if (!f16 && coff[2:0] == j * TN) c_elem = w[(j*TN + e)*32 +: 32];
        end
    endfunction

    // ------------------------------------------------------------------ the array
    mma_array #(.TM(TM), .TN(TN), .DPU_EXACT(DPU_EXACT), .NL(NL), .HAS_PACKED(HAS_PACKED), .F_MAIN(F_MAIN), .F_GRP(F_GRP), .HAS_SPARSE(HAS_SPARSE),
                .HAS_SCALE(HAS_SCALE), .HAS_INT(HAS_INT), .HAS_SEP(HAS_SEP), .HAS_PAIR(HAS_PAIR),
                .LANE_FMTS(LANE_FMTS), .P(P), .SLOT_W(SLOT_W), .MODE_W(MODE_W)) u_array (
        .clk_i(clk_i), .rst_ni(rst_ni), .mode_i(mode_i), .ordered_i(ordered_i), .valid_i(i_v), .slot_i(i_slot),
        .first_i(i_first), .cont_i(i_cont), .chunk_first_i(i_cf), .chunk_last_i(i_cl), .last_i(i_last),
        .half_i(i_half), .c_i(c_step), .a_i(a_rd), .b_i(b_rd), .meta_i(meta_step), .sa_i(sa_step), .sb_i(sb_step),
        .valid_o(a_valid), .slot_o(a_slot), .d_o(d_out), .err_meta_o(a_emeta), .err_code_o(a_ecode),
        .busy_o(a_busy));

    // where each result goes: the issue-time position of the slot's last step, delayed with the array
    localparam LAT = DPU_EXACT != 0 ? 5 : 7;      // array input -> result (mma_dpu: S0 S1 S2 L0 L1 L2a L2b;
                                                  // mma_dpu_exact: S0 S1 S2 S3 result)
    reg [LAT-1:0] dl_v, dl_rowlast;
    reg [TM*TN-1:0] dl_ok [0:LAT-1];
    reg [15:0] dl_rl [0:LAT-1];
    reg [7:0]  dl_ti [0:LAT-1];
    reg [7:0]  dl_tj [0:LAT-1];
    integer s;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            dl_v <= {LAT{1'b0}};
            dl_rowlast <= {LAT{1'b0}};
        end else if (clear_i) begin
            dl_v <= {LAT{1'b0}};
            dl_rowlast <= {LAT{1'b0}};
        end else begin
            dl_v <= {dl_v[LAT-2:0], i_v && i_last};
            // the last slot of the last column tile of a row tile: its D completes the row tile
            dl_rowlast <= {dl_rowlast[LAT-2:0], i_v && i_rowlast};
        end
    end
    always @(posedge clk_i) begin
        dl_rl[0] <= i_rl;
        dl_ti[0] <= i_ti;
        dl_tj[0] <= i_tj;
        dl_ok[0] <= i_ok;
        for (s = 1; s < LAT; s = s + 1) begin
            dl_ok[s] <= dl_ok[s-1];
            dl_rl[s] <= dl_rl[s-1];
            dl_ti[s] <= dl_ti[s-1];
            dl_tj[s] <= dl_tj[s-1];
        end
    end
`ifndef SYNTHESIS
    // LAT is mma_dpu's pipeline depth written a second time: every simulation checks that the result
    // of each output's last step comes exactly LAT clocks after it (the tracked metadata would
    // otherwise be another output's). One direction only: a clear empties this delay line while
    // the array may still finish the steps it holds, whose writes wr_d drops.
    always @(posedge clk_i)
        if (rst_ni && dl_v[LAT-1] && !a_valid) begin
            $display("%m: ASSERTION no array result LAT = %0d clocks after an output's last step", LAT); $stop;
        end
`endif
    wire [15:0] o_rl = dl_rl[LAT-1];
    wire [7:0] o_ti = dl_ti[LAT-1], o_tj = dl_tj[LAT-1];
    // D into bank r: the TN elements of the DPU row at their place in the row's word. The offset is
    // a multiple of TN, so the row's elements repeated over the whole word put element e at every
    // place of column e, and the byte enables (below) pick the TN places of this offset: no shifter.
    wire [4:0] o_off = (o_tj * TN) & (m_f16 ? 5'd15 : 5'd7);
    assign wr_d = a_valid && !clear_i;
    assign d_addr = o_rl * WPC + ((o_tj * TN) >> (m_f16 ? 4 : 3));
    generate
        if (TN > 8 || (TN & (TN - 1)) != 0) begin : g_bad_tn
            mma_core_takes_tn_a_power_of_two_up_to_8 u_bad ();   // elaboration error naming the rule
        end
        for (r = 0; r < TM; r = r + 1) begin : g_dword
            wire [TN*16-1:0] h;                   // the row's elements as f16 (their low halves)
            for (c = 0; c < TN; c = c + 1) begin : g_h
                assign h[c*16 +: 16] = d_out[(r*TN + c)*32 +: 16];
            end
            assign d_word[r*256 +: 256] = m_f16 ? {(16 / TN){h}} : {(8 / TN){d_out[r*TN*32 +: TN*32]}};
        end
    endgenerate
    // byte enables: TN elements at the offset (the same in every bank: every DPU row writes)
    reg [31:0] be;
    integer e2;
    always @* begin
        be = 32'd0;
        for (e2 = 0; e2 < TN; e2 = e2 + 1) begin
            if (m_f16) be[(o_off + e2)*2 +: 2] = 2'b11;
            else be[(o_off + e2)*4 +: 4] = 4'b1111;
        end
    end
    assign d_be = be;

    // per row tile: errors of its outputs (of the DPUs inside the block), and when its last D is written
    wire [TM*TN-1:0] out_ok = dl_ok[LAT-1];
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            row_done_o <= {RT{1'b0}};
            err_meta_o <= 1'b0;
            err_code_o <= 1'b0;
            mac_slots_o <= 16'd0;
        end else begin
            row_done_o <= (dl_rowlast[LAT-1] && !clear_i) ? ({{(RT-1){1'b0}}, 1'b1} << o_ti) : {RT{1'b0}};
            err_meta_o <= a_valid && (|(a_emeta & out_ok));
            err_code_o <= a_valid && (|(a_ecode & out_ok));
            mac_slots_o <= go ? mac_slots(ti, tj, p) : 16'd0;
        end
    end
    // MAC slots of the issue: the mode's lanes for every DPU whose output lies inside the block (a
    // sum, not lanes x DPUs: that product took a MULT18X18D)
    function [15:0] mac_slots;
        input [7:0] fti;
        input [7:0] ftj;
        input [SLOT_W-1:0] fp;
        integer fr, fc;
        begin
            mac_slots = 16'd0;
            for (fr = 0; fr < TM; fr = fr + 1)
                for (fc = 0; fc < TN; fc = fc + 1)
                    if (fti * (TM * P) + fr + TM * fp < rows_q && ftj * TN + fc < cols_q)
                        mac_slots = mac_slots + {9'd0, m_lanes};
        end
    endfunction
    assign idle_o = !run && !i_v && !(|dl_v) && !a_busy;
endmodule
