// Product stage (NUMERICS 3 step 3), the twin of the C function mma_multiply: the exact,
// unnormalised product of two decoded elements, times a block scale factor. m = sig_a * sig_b
// (* scale sig), lsb = exp_a + exp_b (+ scale exp), term exponent e = lsb + p_a + p_b (+ e_shift -
// scale exp). Specials: NaN, or a NaN scale -> NaN; Inf x 0 (or x zero scale) -> NaN; Inf -> Inf;
// a zero operand or scale -> zero, whose e still follows the MMA-Sim rule (a zero operand counts
// as exponent -126) for profiles that let zero products take part. Combinational.
module mma_multiply #(
    parameter SIG_W = 11,                  // operand significand bits
    parameter SCALE_SIG_W = 8,             // scale factor significand bits (1 when no ue4m3 scale)
    parameter MW = 2 * SIG_W + SCALE_SIG_W // product significand bits
) (
    input  wire [4:0]             fa_i,        // format of a (for its fraction width p)
    input  wire [1:0]             a_cls_i,
    input  wire                   a_sign_i,
    input  wire signed [11:0]     a_exp_i,
    input  wire [SIG_W-1:0]       a_sig_i,
    input  wire [4:0]             fb_i,
    input  wire [1:0]             b_cls_i,
    input  wire                   b_sign_i,
    input  wire signed [11:0]     b_exp_i,
    input  wire [SIG_W-1:0]       b_sig_i,
    input  wire                   scale_en_i,  // 0: unscaled
    input  wire                   s_nan_i,
    input  wire                   s_zero_i,
    input  wire [SCALE_SIG_W-1:0] s_sig_i,
    input  wire signed [11:0]     s_exp_i,
    input  wire signed [11:0]     s_e_shift_i,
    output reg  [1:0]             cls_o,
    output wire                   sign_o,
    output reg  signed [11:0]     e_o,
    output reg  signed [11:0]     lsb_o,
    output reg  [MW-1:0]          m_o
);
`include "mma_fmt.vh"
`include "mma_multiply_fn.vh"
    // the body is the function mma_multiply_fn (mma_dpu calls it in clocked blocks that run only
    // for the lanes a step uses); the module keeps the MW bits of the product its formats need
    wire [10:0] a_sig = a_sig_i, b_sig = b_sig_i;   // zero-extended to the function's widths
    wire [7:0]  s_sig = s_sig_i;
    reg [55:0] r;   // (no function in a continuous assignment: Verilator 5.006 miscompiles them)
    assign sign_o = a_sign_i ^ b_sign_i;
    always @* begin
        r = mma_multiply_fn(MMA_FMT_FRAC_BITS_TAB[fa_i*6 +: 6], a_cls_i, a_exp_i, a_sig,
                            MMA_FMT_FRAC_BITS_TAB[fb_i*6 +: 6], b_cls_i, b_exp_i, b_sig,
                            scale_en_i, s_nan_i, s_zero_i, s_sig, s_exp_i, s_e_shift_i);
        cls_o = r[55:54];
        e_o   = r[53:42];
        lsb_o = r[41:30];
        m_o   = r[MW-1:0];
    end
endmodule
