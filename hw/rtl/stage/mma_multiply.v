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
    // fraction width p of an operand's format, as a signed exponent offset
    wire signed [11:0] pa = $signed({6'd0, MMA_FMT_FRAC_BITS_TAB[fa_i*6 +: 6]});
    wire signed [11:0] pb = $signed({6'd0, MMA_FMT_FRAC_BITS_TAB[fb_i*6 +: 6]});
    // operand exponent for the zero-product rule: its own term exponent, -126 if it is zero
    wire signed [11:0] za = a_cls_i == 2'd1 ? a_exp_i + pa : -12'sd126;
    wire signed [11:0] zb = b_cls_i == 2'd1 ? b_exp_i + pb : -12'sd126;
    wire a_nan = a_cls_i == 2'd3, b_nan = b_cls_i == 2'd3;
    wire a_inf = a_cls_i == 2'd2, b_inf = b_cls_i == 2'd2;
    wire a_zero = a_cls_i == 2'd0, b_zero = b_cls_i == 2'd0;
    wire [2*SIG_W-1:0] raw = a_sig_i * b_sig_i;
    wire use_scale = scale_en_i;

    assign sign_o = a_sign_i ^ b_sign_i;
    always @* begin
        lsb_o = 12'sd0;
        m_o = {MW{1'b0}};
        e_o = 12'sd0;
        if (a_nan || b_nan) begin
            cls_o = 2'd3;
        end else if (a_inf || b_inf) begin
            cls_o = (a_zero || b_zero) ? 2'd3 : 2'd2;
        end else if (a_zero || b_zero) begin
            cls_o = 2'd0;
            e_o = za + zb;
        end else begin
            cls_o = 2'd1;
            m_o = {{(MW - 2 * SIG_W){1'b0}}, raw};
            lsb_o = a_exp_i + b_exp_i;
            e_o = a_exp_i + b_exp_i + pa + pb;
        end
        if (use_scale) begin
            if (s_nan_i) begin
                cls_o = 2'd3;
            end else if (cls_o != 2'd3) begin
                if (s_zero_i) begin
                    cls_o = cls_o == 2'd2 ? 2'd3 : 2'd0;
                    m_o = {MW{1'b0}};
                    e_o = e_o + s_e_shift_i;
                end else if (cls_o != 2'd2) begin
                    e_o = e_o + s_e_shift_i;
                    if (cls_o == 2'd1) begin
                        m_o = m_o * s_sig_i;
                        lsb_o = lsb_o + s_exp_i;
                    end
                end
            end
        end
        if (cls_o[1]) begin
            e_o = 12'sd0;
            lsb_o = 12'sd0;
            m_o = {MW{1'b0}};
        end
    end
endmodule
