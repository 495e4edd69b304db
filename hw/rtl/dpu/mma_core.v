// Compute core: the DPU array, its operand buffers and the sequencer that walks a GEMM over them
// (the twin of mma_gemm for one block held on chip). D (M x N) = A (M x K) x B (K x N) + C, with
// K cut into instruction chunks exactly as mma_gemm cuts it: the buffers hold A rows and B columns
// as step words (the last chunk zero-padded), metadata and scale words per step, and C, which D
// overwrites in place.
//
// Tiles of TM*P rows x TN columns: DPU (r, c) with slot p computes output row ti*TM*P + r + TM*p,
// column tj*TN + c; for every step t of the K loop the sequencer issues slots 0..P-1 on consecutive
// cycles, so a slot's next step follows its previous one after P cycles (no stall), and the next
// tile follows the last step of the previous one at once. Outputs outside M x N are computed but
// not written. Bank r of A, metadata and scale_A holds the rows i with i % TM = r; bank c of B and
// scale_B the columns j with j % TN = c; C/D bank (r, c) the outputs with i % TM = r, j % TN = c.
module mma_core #(
    parameter TM = 2,
    parameter TN = 2,
    parameter NL = 32,
    parameter NN = 64,
    parameter F_MAIN = 25,
    parameter F_GRP = 35,
    parameter HAS_SPARSE = 1,
    parameter HAS_SCALE = 1,
    parameter HAS_INT = 1,
    parameter HAS_SEP = 1,
    parameter HAS_PAIR = 1,
    parameter MODE_W = 110,
    parameter MAXM = 24,          // rows of A (and of C/D) the buffers hold: a multiple of TM*P
    parameter MAXN = 16,          // columns of B (and of C/D): a multiple of TN
    parameter WPR = 32,           // step words per row of A / column of B
    parameter P = 3,              // accumulator slots per DPU
    parameter SLOT_W = 2,
    parameter NB = HAS_SPARSE ? 2 * NL : NL,    // derived: B bytes per step
    parameter META_W = HAS_SPARSE ? 2 * NL : 4, // derived
    parameter AAW = 16,           // address bits of an A/B/metadata/scale bank
    parameter CAW = 16            // address bits of a C/D bank
) (
    input  wire                    clk_i,
    input  wire                    rst_ni,
    // job (held stable while busy)
    input  wire [MODE_W-1:0]       mode_i,
    input  wire                    ordered_i,
    input  wire [15:0]             m_i,          // 1 .. MAXM
    input  wire [15:0]             n_i,          // 1 .. MAXN
    input  wire [15:0]             steps_i,      // steps per output: (padded K / kc) * steps per chunk
    input  wire                    start_i,
    output reg                     busy_o,
    output reg                     done_o,       // one cycle when the job's last D is written
    output reg                     err_meta_o,   // sticky until the next start
    output reg                     err_code_o,
    output reg  [31:0]             busy_cycles_o,
    // buffer load port (one word a cycle; sel: 0 A, 1 B, 2 metadata, 3 scale_A, 4 scale_B, 5 C)
    input  wire                    ld_we_i,
    input  wire [2:0]              ld_sel_i,
    input  wire [7:0]              ld_bank_i,
    input  wire [AAW-1:0]          ld_addr_i,
    input  wire [NB*8-1:0]         ld_data_i,
    // D read port (when idle): bank (r*TN + c), address (i/TM)*(MAXN/TN) + j/TN, data next cycle
    input  wire                    rd_en_i,
    input  wire [7:0]              rd_bank_i,
    input  wire [CAW-1:0]          rd_addr_i,
    output wire [31:0]             rd_data_o
);
`include "mma_mode.vh"
    localparam NPC = MAXN / TN;                   // C/D words per bank row

    // the job's registers: taken at start, held while the job runs
    reg [MODE_W-1:0] mode_q;
    reg              ordered_q;
    reg [15:0]       m_q, n_q, steps_q;
    always @(posedge clk_i) begin
        if (start_i && !busy_o) begin
            mode_q <= mode_i;
            ordered_q <= ordered_i;
            m_q <= m_i;
            n_q <= n_i;
            steps_q <= steps_i;
        end
    end
    wire m_korder = HAS_PAIR != 0 && mode_q[MP_KORDER_LSB];
    wire [6:0] m_steps = mode_q[MP_STEPS_LSB +: 7];

    // ------------------------------------------------------------------ sequencer
    reg [15:0] ti, tj, t, nti, ntj;
    reg [SLOT_W-1:0] p;
    reg [6:0] cstep;                              // step within the chunk
    reg run;
    wire [15:0] rl = ti * P + p;                  // row-local index in a bank
    wire [15:0] word = m_korder ? (t >> 1) : t;   // step word of the step
    wire last_slot = p == P - 1;
    wire last_step = t == steps_q - 1;
    wire last_tile = ti == nti - 1 && tj == ntj - 1;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            run <= 1'b0;
            ti <= 16'd0; tj <= 16'd0; t <= 16'd0; p <= {SLOT_W{1'b0}}; cstep <= 7'd0;
            nti <= 16'd0; ntj <= 16'd0;
        end else if (start_i && !busy_o) begin
            run <= 1'b1;
            ti <= 16'd0; tj <= 16'd0; t <= 16'd0; p <= {SLOT_W{1'b0}}; cstep <= 7'd0;
            nti <= (m_i + TM * P - 1) / (TM * P);
            ntj <= (n_i + TN - 1) / TN;
        end else if (run) begin
            if (!last_slot) begin
                p <= p + 1'b1;
            end else begin
                p <= {SLOT_W{1'b0}};
                if (!last_step) begin
                    t <= t + 1'b1;
                    cstep <= cstep == m_steps - 1 ? 7'd0 : cstep + 1'b1;
                end else begin
                    t <= 16'd0;
                    cstep <= 7'd0;
                    if (last_tile) run <= 1'b0;
                    else if (tj == ntj - 1) begin tj <= 16'd0; ti <= ti + 1'b1; end
                    else tj <= tj + 1'b1;
                end
            end
        end
    end

    // control of the issued step, delayed one cycle to meet the buffers' registered read
    reg              i_v, i_first, i_cf, i_cl, i_last, i_half;
    reg [SLOT_W-1:0] i_slot;
    reg [15:0]       i_rl, i_tj;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) i_v <= 1'b0;
        else i_v <= run;
    end
    always @(posedge clk_i) begin
        i_slot <= p; i_first <= t == 16'd0; i_cf <= cstep == 7'd0; i_cl <= cstep == m_steps - 1;
        i_last <= last_step; i_half <= m_korder && t[0]; i_rl <= rl; i_tj <= tj;
    end

    // ------------------------------------------------------------------ buffers
    wire [TM*NL*8-1:0]   a_rd;
    wire [TN*NB*8-1:0]   b_rd;
    wire [TM*META_W-1:0] meta_rd;
    wire [TM*32-1:0]     sa_rd;
    wire [TN*32-1:0]     sb_rd;
    wire [TM*TN*32-1:0]  c_rd;
    wire [TM*TN*32-1:0]  d_out;
    wire [AAW-1:0] a_addr = rl * WPR + word;
    wire [AAW-1:0] b_addr = tj * WPR + word;
    genvar r, c;
    generate
        for (r = 0; r < TM; r = r + 1) begin : g_abank
            mma_opbuf #(.W(NL*8), .DEPTH(MAXM / TM * WPR), .AW(AAW)) u_a (.clk_i(clk_i),
                .we_i(ld_we_i && ld_sel_i == 3'd0 && ld_bank_i == r), .waddr_i(ld_addr_i), .wdata_i(ld_data_i[NL*8-1:0]),
                .re_i(run), .raddr_i(a_addr), .rdata_o(a_rd[r*NL*8 +: NL*8]));
            if (HAS_SPARSE != 0) begin : g_meta
                mma_opbuf #(.W(META_W), .DEPTH(MAXM / TM * WPR), .AW(AAW)) u_m (.clk_i(clk_i),
                    .we_i(ld_we_i && ld_sel_i == 3'd2 && ld_bank_i == r), .waddr_i(ld_addr_i),
                    .wdata_i(ld_data_i[META_W-1:0]), .re_i(run), .raddr_i(a_addr), .rdata_o(meta_rd[r*META_W +: META_W]));
            end else begin : g_nometa
                assign meta_rd[r*META_W +: META_W] = {META_W{1'b0}};
            end
            if (HAS_SCALE != 0) begin : g_sa
                mma_opbuf #(.W(32), .DEPTH(MAXM / TM * WPR), .AW(AAW)) u_sa (.clk_i(clk_i),
                    .we_i(ld_we_i && ld_sel_i == 3'd3 && ld_bank_i == r), .waddr_i(ld_addr_i),
                    .wdata_i(ld_data_i[31:0]), .re_i(run), .raddr_i(a_addr), .rdata_o(sa_rd[r*32 +: 32]));
            end else begin : g_nosa
                assign sa_rd[r*32 +: 32] = 32'd0;
            end
        end
        for (c = 0; c < TN; c = c + 1) begin : g_bbank
            mma_opbuf #(.W(NB*8), .DEPTH(MAXN / TN * WPR), .AW(AAW)) u_b (.clk_i(clk_i),
                .we_i(ld_we_i && ld_sel_i == 3'd1 && ld_bank_i == c), .waddr_i(ld_addr_i), .wdata_i(ld_data_i),
                .re_i(run), .raddr_i(b_addr), .rdata_o(b_rd[c*NB*8 +: NB*8]));
            if (HAS_SCALE != 0) begin : g_sb
                mma_opbuf #(.W(32), .DEPTH(MAXN / TN * WPR), .AW(AAW)) u_sb (.clk_i(clk_i),
                    .we_i(ld_we_i && ld_sel_i == 3'd4 && ld_bank_i == c), .waddr_i(ld_addr_i),
                    .wdata_i(ld_data_i[31:0]), .re_i(run), .raddr_i(b_addr), .rdata_o(sb_rd[c*32 +: 32]));
            end else begin : g_nosb
                assign sb_rd[c*32 +: 32] = 32'd0;
            end
        end
    endgenerate

    // ------------------------------------------------------------------ the array
    wire              a_valid;
    wire [SLOT_W-1:0] a_slot;
    wire [TM*TN-1:0]  a_emeta, a_ecode;
    wire              a_busy;
    mma_array #(.TM(TM), .TN(TN), .NL(NL), .NN(NN), .F_MAIN(F_MAIN), .F_GRP(F_GRP), .HAS_SPARSE(HAS_SPARSE),
                .HAS_SCALE(HAS_SCALE), .HAS_INT(HAS_INT), .HAS_SEP(HAS_SEP), .HAS_PAIR(HAS_PAIR), .P(P),
                .SLOT_W(SLOT_W), .MODE_W(MODE_W)) u_array (
        .clk_i(clk_i), .rst_ni(rst_ni), .mode_i(mode_q), .ordered_i(ordered_q), .valid_i(i_v), .slot_i(i_slot),
        .first_i(i_first), .chunk_first_i(i_cf), .chunk_last_i(i_cl), .last_i(i_last), .half_i(i_half),
        .c_i(c_rd), .a_i(a_rd), .b_i(b_rd), .meta_i(meta_rd), .sa_i(sa_rd), .sb_i(sb_rd),
        .valid_o(a_valid), .slot_o(a_slot), .d_o(d_out), .err_meta_o(a_emeta), .err_code_o(a_ecode),
        .busy_o(a_busy));

    // where each result goes: the issue-time tile of the slot's last step, delayed with the array
    localparam LAT = 6;                           // array input -> result
    reg [LAT-1:0] dl_v;
    reg [15:0] dl_rl [0:LAT-1];
    reg [15:0] dl_tj [0:LAT-1];
    integer s;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) dl_v <= {LAT{1'b0}};
        else dl_v <= {dl_v[LAT-2:0], i_v && i_last};
    end
    always @(posedge clk_i) begin
        dl_rl[0] <= i_rl;
        dl_tj[0] <= i_tj;
        for (s = 1; s < LAT; s = s + 1) begin
            dl_rl[s] <= dl_rl[s-1];
            dl_tj[s] <= dl_tj[s-1];
        end
    end
    wire [15:0] o_rl = dl_rl[LAT-1], o_tj = dl_tj[LAT-1];

    // C/D banks: C read for the issued tile's outputs, D written in place when results leave
    wire [CAW-1:0] c_addr = rl * NPC + tj;
    wire [CAW-1:0] d_addr = o_rl * NPC + o_tj;
    wire [TM*TN*32-1:0] rd_all;
    generate
        for (r = 0; r < TM; r = r + 1) begin : g_cdr
            for (c = 0; c < TN; c = c + 1) begin : g_cdc
                // the output's row and column, to mask results outside M x N
                wire [15:0] oi = (o_rl / P) * (TM * P) + r + TM * (o_rl % P);
                wire [15:0] oj = o_tj * TN + c;
                wire wr_d = a_valid && oi < m_q && oj < n_q;
                wire wr_ld = ld_we_i && ld_sel_i == 3'd5 && ld_bank_i == r * TN + c;
                mma_opbuf #(.W(32), .DEPTH(MAXM / TM * NPC), .AW(CAW)) u_cd (.clk_i(clk_i),
                    .we_i(wr_d || wr_ld), .waddr_i(wr_d ? d_addr : ld_addr_i[CAW-1:0]),
                    .wdata_i(wr_d ? d_out[(r*TN + c)*32 +: 32] : ld_data_i[31:0]),
                    .re_i(run || (rd_en_i && !busy_o)), .raddr_i(run ? c_addr : rd_addr_i),
                    .rdata_o(rd_all[(r*TN + c)*32 +: 32]));
                assign c_rd[(r*TN + c)*32 +: 32] = rd_all[(r*TN + c)*32 +: 32];
            end
        end
    endgenerate
    reg [7:0] rd_bank_q;
    always @(posedge clk_i) rd_bank_q <= rd_bank_i;
    assign rd_data_o = rd_all[rd_bank_q*32 +: 32];

    // ------------------------------------------------------------------ job state
    wire [TM*TN-1:0] out_ok;   // which DPUs' results of this cycle are inside M x N
    generate
        for (r = 0; r < TM; r = r + 1) begin : g_okr
            for (c = 0; c < TN; c = c + 1) begin : g_okc
                assign out_ok[r*TN + c] = ((o_rl / P) * (TM * P) + r + TM * (o_rl % P)) < m_q && (o_tj * TN + c) < n_q;
            end
        end
    endgenerate
    wire pipe_busy = run || i_v || (|dl_v) || a_busy;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            busy_o <= 1'b0;
            done_o <= 1'b0;
            err_meta_o <= 1'b0;
            err_code_o <= 1'b0;
            busy_cycles_o <= 32'd0;
        end else begin
            done_o <= 1'b0;
            if (start_i && !busy_o) begin
                busy_o <= 1'b1;
                err_meta_o <= 1'b0;
                err_code_o <= 1'b0;
                busy_cycles_o <= 32'd0;
            end else if (busy_o) begin
                busy_cycles_o <= busy_cycles_o + 1'b1;
                if (a_valid) begin
                    err_meta_o <= err_meta_o | (|(a_emeta & out_ok));
                    err_code_o <= err_code_o | (|(a_ecode & out_ok));
                end
                if (!pipe_busy && !a_valid) begin
                    busy_o <= 1'b0;
                    done_o <= 1'b1;
                end
            end
        end
    end
endmodule
