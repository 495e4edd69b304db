// Block-FMA round stage (NUMERICS 3 step 8), the twin of the C function mma_bfma_round: the
// special outcome of the align stage, or S * 2^(E - F) normalised once and rounded to the step
// format: f32 (24 significant bits, or 14 for e8m13) in the f32 rounding mode, or f16 in the f16
// mode; |value| >= 2^(emax + 1) gives +-Inf; S = 0 or no term gives +0. Combinational; en_i 0 gives
// code 0 and skips the normalisation (operand isolation). PIPE = 1: the encoder's register between its
// halves (mma_encode), code_o one clock of clk_i after the inputs.
module mma_bfma_round #(
    parameter SW = 36,                 // sum bits (signed)
    parameter PIPE = 0                 // 1: code_o one clock later (a register inside the encoder)
) (
    input  wire                clk_i,       // used with PIPE = 1 only
    input  wire                en_i,        // 0: code 0, nothing evaluated
    input  wire [1:0]          special_i,   // 0 finite, 1 NaN, 2 +Inf, 3 -Inf
    input  wire                any_i,
    input  wire signed [11:0]  e_i,         // E
    input  wire [5:0]          f_i,         // F
    input  wire signed [SW-1:0] s_i,        // S at weight 2^(E - F)
    input  wire                f16_i,       // step format f16 (else f32)
    input  wire                e8m13_i,     // f32 steps keep 14 significant bits
    input  wire [2:0]          f32_round_i,
    input  wire [2:0]          f16_round_i,
    output reg  [31:0]         code_o
);
`include "mma_fmt.vh"
    wire sign = s_i < 0;
    wire [SW-1:0] mag = sign ? -s_i : s_i;
    wire signed [13:0] exp = $signed({{2{e_i[11]}}, e_i}) - $signed({8'd0, f_i});
    wire [4:0] fmt = f16_i ? MMA_FMT_F16 : (e8m13_i ? 5'd31 : MMA_FMT_F32);
    wire [31:0] enc;
    wire enc_bad;
    wire signed [13:0] top;                     // floor(log2 |S|) + E - F, from the encoder's leading one
    mma_encode #(.SIGW(SW), .PIPE(PIPE)) u_enc (.clk_i(clk_i), .en_i(en_i), .fmt_i(fmt), .mode_i(f16_i ? f16_round_i : f32_round_i), .sat_i(1'b0),
                                   .sign_i(sign), .sig_i(mag), .exp_i(exp), .code_o(enc), .bad_o(enc_bad), .top_o(top));
    // the inputs of the selection below, delayed as the encoder's result (PIPE)
    wire [5:0] x_d = {en_i, special_i, any_i && s_i != 0, f16_i, sign};
    wire [5:0] x_q;
    mma_pipe_reg #(.W(6), .PIPE(PIPE)) u_sel (.clk_i(clk_i), .d_i(x_d), .q_o(x_q));
    wire x_en = x_q[5], x_nonzero = x_q[2], x_f16 = x_q[1], x_sign = x_q[0];
    wire [1:0] x_special = x_q[4:3];
    always @* begin
        code_o = 32'd0;
        if (x_en) begin
            case (x_special)
                2'd1: code_o = x_f16 ? 32'h0000_7FFF : 32'h7FFF_FFFF;              // canonical NaN
                2'd2: code_o = x_f16 ? 32'h0000_7C00 : 32'h7F80_0000;              // +Inf
                2'd3: code_o = x_f16 ? 32'h0000_FC00 : 32'hFF80_0000;              // -Inf
                default: begin
                    if (!x_nonzero)
                        code_o = 32'd0;                                              // +0
                    else if (top > (x_f16 ? 14'sd15 : 14'sd127))
                        code_o = x_f16 ? (x_sign ? 32'h0000_FC00 : 32'h0000_7C00)    // overflow: Inf
                                       : (x_sign ? 32'hFF80_0000 : 32'h7F80_0000);
                    else
                        code_o = enc;
                end
            endcase
        end
    end
    wire unused = enc_bad;
endmodule
