// The accelerator's exact FP8 dot-product unit: mma_dpu's ports and step protocol, the `exact`
// preset's numerics (NUMERICS 3: exact sum of an instruction chunk's products and C, one rounding),
// as mma_gemm computes them for a configuration whose preset is `exact`. A step is one whole chunk
// (gen_hw.py refuses a configuration whose instruction k is not one step of G = NL FP8 products):
// its products are summed without loss (mma_exact_sum), C (the output's C on its first step, the
// slot's accumulator after it) is added without loss and the result rounded once to f32
// (mma_exact_final: mma_exact_round, mma_encode). Special values and the sign of an exact zero as mma_exact_final.
// The datapath designed around FP8 (docs/DATAPATH.md): no alignment to a step maximum, no
// truncation, no per-format decoder; an f32 C and D only, operands e4m3 (and e5m2 with LANE_FMTS).
// MX (HAS_SCALE): one ue8m0 scale of A's row and one of B's column for the step (a block of 32 K is
// the step's chunk); their factor 2^(sa + sb - 254) is a power of two, so it moves the exact sum's
// weight (mma_block_scale's exp, added where mma_exact_round places S) and costs no multiplier; a
// NaN scale (0xFF) makes every product of the step NaN.
//
// Pipeline: S0 input register | S1 exact sum | S2 C joins (reads the slot's accumulator) | S3 the
// encoder's register between its halves | result (the three clocks of mma_exact_final), then the
// write back. d_o follows a last step by LAT = 5 clocks (mma_core's delay line); the loop from a
// slot's accumulator read to its write is four clocks, so P >= 4 (the accelerator's 4).
`include "mma_mode_bits.vh"
module mma_dpu_exact #(
    parameter NL = 32,            // bytes of A per step: G = NL FP8 products
    parameter HAS_PACKED = 0,     // the parameters below are mma_dpu's; this DPU has none of those
    parameter F_MAIN = 25,        // modes (checked) and no F
    parameter F_GRP = 35,
    parameter HAS_SPARSE = 0,
    parameter HAS_SCALE = 0,      // ue8m0 block scales, one a step (the modes' scale_vec::1X)
    parameter HAS_INT = 0,
    parameter HAS_SEP = 0,
    parameter HAS_PAIR = 0,
    parameter [31:0] LANE_FMTS = 32'h0000_0040,  // operand formats (bit i: mma_format i): e4m3, and e5m2 if its bit is set
    parameter P = 4,              // accumulator slots (interleaved outputs), >= 4
    parameter SLOT_W = 2,
    parameter MODE_W = `MMA_MODE_BITS,
    parameter NB = HAS_SPARSE ? 2 * NL : NL,
    parameter META_W = HAS_SPARSE ? 2 * NL : 4
) (
    input  wire                   clk_i,
    input  wire                   rst_ni,
    input  wire [MODE_W-1:0]      mode_i,      // the job's mode word: A and B formats, the rounding (f32_round)
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire                   ordered_i,   // no sparse modes
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire                   valid_i,
    input  wire [SLOT_W-1:0]      slot_i,
    input  wire                   first_i,     // first step of the output: C is c_i
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire                   cont_i,      // C of a later pass over K is the f32 D of the last: the same
    input  wire                   chunk_first_i, // every step is a whole chunk
    input  wire                   chunk_last_i,
    input  wire                   half_i,
    input  wire [META_W-1:0]      meta_i,
    input  wire [31:0]            sa_i,        // scale_A code of the step's block (byte 0; HAS_SCALE)
    input  wire [31:0]            sb_i,        // scale_B code
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire                   last_i,      // last step of the output: D leaves after it
    input  wire [31:0]            c_i,         // C (f32), read with first_i
    input  wire [NL*8-1:0]        a_i,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [NB*8-1:0]        b_i,         // NB = NL (no sparse modes)
    /* verilator lint_on UNUSEDSIGNAL */
    output wire                   valid_o,
    output wire [SLOT_W-1:0]      slot_o,
    output wire [31:0]            d_o,         // D (f32)
    output wire                   err_meta_o,  // never: no metadata
    output wire                   err_code_o,  // never: an FP8 code fills its byte
    output wire                   busy_o
);
`include "mma_fmt.vh"
`include "mma_mode.vh"
`include "mma_exact_grid.vh"
    localparam E5M2 = LANE_FMTS[MMA_FMT_E5M2] ? 1 : 0;
    localparam G = NL;
    localparam SW = exact_grid_width(E5M2) + 1 + $clog2(G);   // a step's exact sum

    wire [2:0] m_round = mode_i[MP_F32_ROUND_LSB +: 3];
    wire m_fa = E5M2 != 0 && mode_i[MP_ATYPE_LSB +: 5] == MMA_FMT_E5M2;
    wire m_fb = E5M2 != 0 && mode_i[MP_BTYPE_LSB +: 5] == MMA_FMT_E5M2;
    wire [4:0] m_stype = mode_i[MP_STYPE_LSB +: 5];
    wire m_scaled = HAS_SCALE != 0 && m_stype != 5'd0;

    // ---- S0: the step in
    reg              s0_v, s0_first, s0_last;
    reg [SLOT_W-1:0] s0_slot;
    reg [31:0]       s0_c;
    reg [G*8-1:0]    s0_a, s0_b;
    reg [7:0]        s0_sa, s0_sb;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) s0_v <= 1'b0;
        else s0_v <= valid_i;
    end
    always @(posedge clk_i) begin
        if (valid_i) begin                     // operand isolation: the lanes switch only for a step
            s0_first <= first_i; s0_last <= last_i; s0_slot <= slot_i; s0_c <= c_i;
            s0_a <= a_i; s0_b <= b_i[G*8-1:0];
            s0_sa <= sa_i[7:0]; s0_sb <= sb_i[7:0];
        end
    end

    // ---- S1: the products' exact sum
    wire [SW-1:0] sum;
    wire [EX_CLS-1:0] cls;
    mma_exact_sum #(.G(G), .E5M2(E5M2), .SW(SW)) u_sum (
        .fa_i(m_fa), .fb_i(m_fb), .a_i(s0_a), .b_i(s0_b), .sum_o(sum), .cls_o(cls));
    // the step's block scale (mma_block_scale, ue8m0: sig 1, exp = the power of two, never zero);
    // its format is ue8m0, a constant (gen_hw.py gives this DPU no other), so synthesis keeps only
    // ue8m0's decoder
    wire signed [9:0] sexp;
    wire              snan;
    generate if (HAS_SCALE != 0) begin : g_scale
        /* verilator lint_off UNUSEDSIGNAL */
        wire              bs_zero, bs_bad;     // never: ue8m0 has no zero, the mode's stype is ue8m0
        wire [7:0]        bs_sig;              // 1
        wire signed [11:0] bs_exp, bs_shift;   // -254..254
        /* verilator lint_on UNUSEDSIGNAL */
        mma_block_scale u_bs (.en_i(s0_v && m_scaled), .stype_i(MMA_FMT_UE8M0), .sa_i(s0_sa), .sb_i(s0_sb),
            .nan_o(snan), .zero_o(bs_zero), .sig_o(bs_sig), .exp_o(bs_exp), .e_shift_o(bs_shift), .bad_o(bs_bad));
        assign sexp = bs_exp[9:0];
    end else begin : g_no_scale
        assign sexp = 10'sd0;
        assign snan = 1'b0;
    end endgenerate
    reg              s1_v, s1_first, s1_last;
    reg [SLOT_W-1:0] s1_slot;
    reg [31:0]       s1_c;
    reg [SW-1:0]     s1_sum;
    reg [EX_CLS-1:0] s1_cls;
    reg signed [9:0] s1_sexp;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) s1_v <= 1'b0;
        else s1_v <= s0_v;
    end
    always @(posedge clk_i) begin
        s1_first <= s0_first; s1_last <= s0_last; s1_slot <= s0_slot; s1_c <= s0_c;
        s1_sum <= sum; s1_cls <= cls | ({{(EX_CLS-1){1'b0}}, snan} << EX_NAN); s1_sexp <= sexp;
    end

    // ---- S2, S3, result: C (the output's C, or the slot's D so far) joins without loss and the sum
    // is rounded once, specials and the exact-zero sign decided (mma_exact_final: three clocks)
    reg [31:0] acc [0:P-1];
    wire [31:0] c_now = s1_first ? s1_c : acc[s1_slot];
    wire        f_v;
    /* verilator lint_off UNUSEDSIGNAL */
    wire        f_err;                         // never: err_i is 0
    /* verilator lint_on UNUSEDSIGNAL */
    mma_exact_final #(.E5M2(E5M2), .SA(SW)) u_final (
        .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(s1_v), .s_i(s1_sum), .sexp_i(s1_sexp), .cls_i(s1_cls), .err_i(1'b0), .c_i(c_now),
        .mode_i(m_round), .valid_o(f_v), .d_o(d_o), .err_o(f_err));
    reg [SLOT_W-1:0] f_slot [0:2];            // the step's slot and last flag beside it
    reg [2:0]        f_last;
    reg [1:0]        f_busy;                   // steps inside mma_exact_final's first two clocks
    always @(posedge clk_i) begin
        f_slot[0] <= s1_slot; f_slot[1] <= f_slot[0]; f_slot[2] <= f_slot[1];
        f_last <= {f_last[1:0], s1_last};
    end
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) f_busy <= 2'b00;
        else f_busy <= {f_busy[0], s1_v};
    end

    // ---- the step's D: the slot's accumulator, and the output's result after its last step
    always @(posedge clk_i)
        if (f_v) acc[f_slot[2]] <= d_o;
    assign valid_o = f_v && f_last[2];
    assign slot_o = f_slot[2];
    assign err_meta_o = 1'b0;
    assign err_code_o = 1'b0;
    assign busy_o = s0_v | s1_v | (|f_busy) | f_v;

    generate if (HAS_PACKED != 0 || HAS_SPARSE != 0 || HAS_INT != 0 || HAS_SEP != 0 ||
                 HAS_PAIR != 0) begin : g_bad_modes
        mma_dpu_exact_has_only_dense_fp8_modes_with_joint_c u_bad ();  // elaboration error naming the rule
    end endgenerate
    generate if ((LANE_FMTS & ~((32'd1 << MMA_FMT_E4M3) | (32'd1 << MMA_FMT_E5M2))) != 0) begin : g_bad_fmts
        mma_dpu_exact_takes_e4m3_and_e5m2_only u_bad ();               // elaboration error naming the rule
    end endgenerate
    generate if (P < 4) begin : g_bad_p
        mma_dpu_exact_P_below_4_slots_the_accumulator_loop_needs u_bad ();  // elaboration error naming the rule
    end endgenerate
endmodule
