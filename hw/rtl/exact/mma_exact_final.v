// The end of an exact FP8 output (after mma_exact_dpu): its exact sum S plus C (f32), rounded once
// to f32 in the job's mode, NaN / Inf / exact-zero rules included (mma_exact_round), then encoded
// (mma_encode, two clocks). One unit serves a DPU, or several in turn: it is needed once per output,
// not once per step. d_o follows valid_i by LAT = 3 clocks (a register after mma_exact_round, then
// mma_encode's register and its second half, then the output register), one output a clock.
module mma_exact_final #(
    parameter E5M2 = 1,                     // the DPU's formats: s_i's LSB weight is exact_grid_lsb(E5M2)
    parameter SA = 86                       // bits of s_i (the DPU's SA)
) (
    input  wire          clk_i,
    input  wire          rst_ni,
    input  wire          valid_i,
    input  wire [SA-1:0] s_i,               // the products' exact sum (two's complement)
    input  wire signed [9:0] sexp_i,        // ... times 2^sexp_i (an MX ue8m0 block scale; 0 unscaled)
    input  wire [5:0]    cls_i,             // the products' special-value summary (mma_exact_dpu's cls_o)
    input  wire          err_i,             // the sum is not valid (mma_exact_dpu's err_o): passed on
    input  wire [31:0]   c_i,               // C (f32)
    input  wire [2:0]    mode_i,            // rounding mode (RISC-V frm: 0 RNE, 1 RTZ, 2 RDN, 3 RUP, 4 RMM)
    output reg           valid_o,
    output reg  [31:0]   d_o,               // D (f32)
    output reg           err_o
);
`include "mma_fmt.vh"
`include "mma_exact_grid.vh"
    localparam signed [13:0] LSB_W = exact_grid_lsb(E5M2);
    localparam RW = SA + 4 > 64 ? 64 : SA + 4;        // bits the rounder takes (mma_encode: <= 64)

    wire          x_special, x_sign;
    wire [31:0]   x_code;
    wire [RW-1:0] x_sig;
    wire signed [13:0] x_exp;
    mma_exact_round #(.SW(SA), .LSB_W(LSB_W), .RW(RW)) u_sum (
        .s_i(s_i), .sexp_i(sexp_i), .c_i(c_i), .mode_i(mode_i), .cls_i(cls_i), .special_o(x_special), .code_o(x_code),
        .sign_o(x_sign), .sig_o(x_sig), .exp_o(x_exp));
    reg          s1_v, s1_special, s1_sign, s1_err;
    reg [31:0]   s1_code;
    reg [2:0]    s1_mode;
    reg [RW-1:0] s1_sig;
    reg signed [13:0] s1_exp;
    always @(posedge clk_i) begin
        s1_v       <= rst_ni && valid_i;
        s1_special <= x_special;
        s1_code    <= x_code;
        s1_mode    <= mode_i;
        s1_sign    <= x_sign;
        s1_sig     <= x_sig;
        s1_exp     <= x_exp;
        s1_err     <= err_i;
    end

    // the one rounding (mma_encode with its register); the special result waits beside it
    wire [31:0] enc_code;
    /* verilator lint_off UNUSEDSIGNAL */
    wire enc_bad;                           // never: the format is f32
    wire signed [13:0] enc_top;
    /* verilator lint_on UNUSEDSIGNAL */
    mma_encode #(.SIGW(RW), .PIPE(1)) u_enc (
        .clk_i(clk_i), .en_i(s1_v && !s1_special), .fmt_i(MMA_FMT_F32), .mode_i(s1_mode), .sat_i(1'b0),
        .sign_i(s1_sign), .sig_i(s1_sig), .exp_i(s1_exp), .code_o(enc_code), .bad_o(enc_bad), .top_o(enc_top));
    reg          s2_v, s2_special, s2_err;
    reg [31:0]   s2_code;
    always @(posedge clk_i) begin
        s2_v       <= rst_ni && s1_v;
        s2_special <= s1_special;
        s2_code    <= s1_code;
        s2_err     <= s1_err;
        valid_o    <= rst_ni && s2_v;
        d_o        <= s2_special ? s2_code : enc_code;
        err_o      <= s2_err;
    end
endmodule
