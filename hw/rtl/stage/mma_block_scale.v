// Block scale stage (NUMERICS 6), the twin of the C function mma_block_scale: the two scale codes
// of a block (one of A's row, one of B's column; ue8m0 or ue4m3) -> the factor they apply to every
// product of the block: nan, zero, sig = sig_a * sig_b, exp = the weight of sig's LSB, e_shift =
// floor(log2 scale_a) + floor(log2 scale_b) (what a scaled product's term exponent moves by).
// A zero scale gives sig 1, exp 0, e_shift 0. Combinational.
module mma_block_scale (
    input  wire [4:0]          stype_i,    // MMA_FMT_UE8M0 or MMA_FMT_UE4M3
    input  wire [7:0]          sa_i,
    input  wire [7:0]          sb_i,
    output wire                nan_o,
    output wire                zero_o,
    output wire [7:0]          sig_o,
    output wire signed [11:0]  exp_o,
    output wire signed [11:0]  e_shift_o,
    output wire                bad_o       // stype is not a scale format
);
`include "mma_fmt.vh"
    wire [1:0] ca, cb;
    wire sgn_a, sgn_b, bad_a, bad_b;
    wire signed [11:0] ea, eb;
    wire [3:0] ma, mb;
    localparam [31:0] SCALE_FMTS = (32'd1 << 10) | (32'd1 << 11);  // ue8m0, ue4m3
    mma_decode #(.SIG_W(4), .FMT_MASK(SCALE_FMTS)) u_da (
        .fmt_i(stype_i), .code_i({24'd0, sa_i}), .cls_o(ca), .sign_o(sgn_a), .exp_o(ea), .sig_o(ma), .bad_o(bad_a));
    mma_decode #(.SIG_W(4), .FMT_MASK(SCALE_FMTS)) u_db (
        .fmt_i(stype_i), .code_i({24'd0, sb_i}), .cls_o(cb), .sign_o(sgn_b), .exp_o(eb), .sig_o(mb), .bad_o(bad_b));

    // floor(log2) of the 4-bit significands
    wire signed [11:0] la = ma[3] ? 12'sd3 : ma[2] ? 12'sd2 : ma[1] ? 12'sd1 : 12'sd0;
    wire signed [11:0] lb = mb[3] ? 12'sd3 : mb[2] ? 12'sd2 : mb[1] ? 12'sd1 : 12'sd0;

    assign nan_o = ca == 2'd3 || cb == 2'd3;
    assign zero_o = !nan_o && (ca == 2'd0 || cb == 2'd0);
    wire live = !nan_o && !zero_o;
    wire [7:0] prod = ma * mb;
    assign sig_o = live ? prod : 8'd1;
    assign exp_o = live ? ea + eb : 12'sd0;
    assign e_shift_o = live ? (ea + la) + (eb + lb) : 12'sd0;
    assign bad_o = bad_a | bad_b;
    wire unused = sgn_a ^ sgn_b;
endmodule
