// The exact FP8 dot-product unit: a datapath designed around FP8 from the start, as the
// alternative to the block-FMA DPU (mma_dpu) for an accelerator whose numerics are the `exact`
// preset (NUMERICS 3: Kulisch-style exact sum of all products and C, one rounding; the natural
// semantics of an RTL with a wide accumulator). Each step takes G e4m3 / e5m2 pairs and an f32 C and
// gives D = round(C + sum a_i * b_i) in the job's rounding mode, bit-exact with mma_dot under the
// `exact` preset for a k of G. No term is aligned to a step maximum and none is truncated: each lane
// places its product on a fixed-point grid wide enough for any product of the formats taken
// (mma_exact_lane), the terms are added in a tree without loss, and C joins once (mma_exact_round)
// before the one rounding (mma_encode). Pipeline: lanes and tree | C and the window | mma_encode's
// two halves; d_o follows valid_i by LAT = 3 clocks, one step a clock.
module mma_exact_dpu #(
    parameter G = 32,                       // products per step (a power of two)
    parameter E5M2 = 1                      // 1: each operand may be e4m3 or e5m2; 0: e4m3 only
) (
    input  wire           clk_i,
    input  wire           rst_ni,
    input  wire           valid_i,
    input  wire           fa_i,             // A's format: 0 e4m3, 1 e5m2
    input  wire           fb_i,             // B's format
    input  wire [2:0]     mode_i,           // rounding mode (RISC-V frm: 0 RNE, 1 RTZ, 2 RDN, 3 RUP, 4 RMM)
    input  wire [31:0]    c_i,              // C (f32)
    input  wire [G*8-1:0] a_i,              // element i in bits [8i+7:8i]
    input  wire [G*8-1:0] b_i,
    output wire           valid_o,
    output wire [31:0]    d_o               // D (f32)
);
`include "mma_fmt.vh"
`include "mma_exact_grid.vh"
    localparam NL = $clog2(G);
    localparam WT = exact_grid_width(E5M2);           // bits of a lane's term
    localparam signed [13:0] LSB_W = exact_grid_lsb(E5M2);
    localparam SW = WT + 1 + NL;                      // bits of the exact sum (two's complement)
    localparam RW = SW + 4 > 64 ? 64 : SW + 4;        // bits the rounder takes (mma_encode: <= 64)

    // ---- lanes: terms on the grid, in ones' complement
    wire [G*WT-1:0] term;
    wire [G-1:0] neg, nan, inf, zero, sign;
    genvar j, l;
    generate for (j = 0; j < G; j = j + 1) begin : g_lane
        mma_exact_lane #(.E5M2(E5M2), .WT(WT)) u_lane (
            .fa_i(fa_i), .fb_i(fb_i), .a_i(a_i[8*j +: 8]), .b_i(b_i[8*j +: 8]),
            .term_o(term[WT*j +: WT]), .neg_o(neg[j]), .nan_o(nan[j]), .inf_o(inf[j]),
            .zero_o(zero[j]), .sign_o(sign[j]));
    end endgenerate

    // ---- the tree: level l holds G >> l sums of WT + 1 + l bits, all levels in one vector
    function integer lvl_off;                         // where level l starts
        input integer lv;
        integer k;
        begin
            lvl_off = 0;
            for (k = 0; k < lv; k = k + 1)
                lvl_off = lvl_off + (G >> k) * (WT + 1 + k);
        end
    endfunction
    wire [lvl_off(NL + 1)-1:0] tree;
    generate
        for (j = 0; j < G; j = j + 1) begin : g_leaf
            assign tree[j*(WT+1) +: WT+1] = {neg[j], term[WT*j +: WT]};
        end
        for (l = 1; l <= NL; l = l + 1) begin : g_level
            for (j = 0; j < (G >> l); j = j + 1) begin : g_add
                assign tree[lvl_off(l) + j*(WT+1+l) +: WT+1+l] =
                    $signed(tree[lvl_off(l-1) + (2*j)*(WT+l) +: WT+l]) +
                    $signed(tree[lvl_off(l-1) + (2*j+1)*(WT+l) +: WT+l]);
            end
        end
    endgenerate
    integer i;
    reg [NL:0] nneg;                                  // ones' complement: add one per negative term
    always @* begin
        nneg = {(NL+1){1'b0}};
        for (i = 0; i < G; i = i + 1)
            nneg = nneg + {{NL{1'b0}}, neg[i]};
    end
    wire [SW-1:0] sum = tree[lvl_off(NL) +: SW] + {{(SW-NL-1){1'b0}}, nneg};

    // ---- stage 1 register: the exact sum and the special-value summary
    reg          s1_v;
    reg [SW-1:0] s1_sum;
    reg [31:0]   s1_c;
    reg [2:0]    s1_mode;
    reg          s1_nan, s1_pinf, s1_ninf, s1_nz, s1_zp, s1_zn;
    always @(posedge clk_i) begin
        s1_v    <= rst_ni && valid_i;
        s1_sum  <= sum;
        s1_c    <= c_i;
        s1_mode <= mode_i;
        s1_nan  <= |nan;
        s1_pinf <= |(inf & ~sign);
        s1_ninf <= |(inf & sign);
        s1_nz   <= |(~(nan | inf | zero));
        s1_zp   <= |(zero & ~sign);
        s1_zn   <= |(zero & sign);
    end

    // ---- C joins; stage 2 register: the window for the one rounding
    wire          x_special, x_sign;
    wire [31:0]   x_code;
    wire [RW-1:0] x_sig;
    wire signed [13:0] x_exp;
    mma_exact_round #(.SW(SW), .LSB_W(LSB_W), .RW(RW)) u_sum (
        .s_i(s1_sum), .c_i(s1_c), .mode_i(s1_mode), .nan_i(s1_nan), .pinf_i(s1_pinf), .ninf_i(s1_ninf),
        .nz_i(s1_nz), .zp_i(s1_zp), .zn_i(s1_zn), .special_o(x_special), .code_o(x_code),
        .sign_o(x_sign), .sig_o(x_sig), .exp_o(x_exp));
    reg          s2_v, s2_special, s2_sign;
    reg [31:0]   s2_code;
    reg [2:0]    s2_mode;
    reg [RW-1:0] s2_sig;
    reg signed [13:0] s2_exp;
    always @(posedge clk_i) begin
        s2_v       <= rst_ni && s1_v;
        s2_special <= x_special;
        s2_code    <= x_code;
        s2_mode    <= s1_mode;
        s2_sign    <= x_sign;
        s2_sig     <= x_sig;
        s2_exp     <= x_exp;
    end

    // ---- the one rounding (two clocks: mma_encode with its register); specials wait beside it
    wire [31:0] enc_code;
    wire enc_bad;
    wire signed [13:0] enc_top;
    mma_encode #(.SIGW(RW), .PIPE(1)) u_enc (
        .clk_i(clk_i), .en_i(s2_v && !s2_special), .fmt_i(MMA_FMT_F32), .mode_i(s2_mode), .sat_i(1'b0),
        .sign_i(s2_sign), .sig_i(s2_sig), .exp_i(s2_exp), .code_o(enc_code), .bad_o(enc_bad), .top_o(enc_top));
    reg          s3_v, s3_special;
    reg [31:0]   s3_code;
    always @(posedge clk_i) begin
        s3_v       <= rst_ni && s2_v;
        s3_special <= s2_special;
        s3_code    <= s2_code;
    end
    assign valid_o = s3_v;
    assign d_o = s3_special ? s3_code : enc_code;
    generate if ((G & (G - 1)) != 0) begin : g_bad_g
        mma_exact_dpu_G_is_not_a_power_of_two u_bad ();               // elaboration error naming the rule
    end endgenerate
endmodule
