// Decode stage (NUMERICS 1 and 3 step 2), the twin of the C function mma_decode: one element code
// -> class, sign, weight of the significand's LSB and the integer significand. Normals give
// sig = 2^p + fraction, exp = e - bias - p; subnormals sig = fraction at exp = emin - p (never
// renormalised); integers sig = |value| at exp 0. The format's fields come from the generated
// format table; each format of FMT_MASK is decoded with its fields at fixed positions
// (mma_decode_set_fn: the generic path of mma_decode_fn, folded per format). Combinational.
module mma_decode #(
    parameter SIG_W = 24,                       // significand bits kept: 24 covers f32, 11 every element format
    parameter [31:0] FMT_MASK = 32'h8001_EFFE   // formats decoded (bit i = mma_format i): all but f64, s32, b1
) (
    input  wire [4:0]              fmt_i,       // mma_format code (31: the e8m13 step format)
    input  wire [31:0]             code_i,      // the code in its storage width (tf32: the f32 pattern)
    output reg  [1:0]              cls_o,       // 0 zero, 1 finite, 2 Inf, 3 NaN (mma_class)
    output reg                     sign_o,
    output reg  signed [11:0]      exp_o,       // weight of sig_o's least significant bit
    output reg  [SIG_W-1:0]        sig_o,
    output reg                     bad_o        // bits above the storage width, or a format not decoded here
);
`include "mma_fmt.vh"
`include "mma_decode_fn.vh"
    // the body is the function mma_decode_set_fn (mma_dpu calls it in clocked blocks that run only for
    // the lanes a step uses); the module keeps the SIG_W bits of the significand its formats need
    // (no function in a continuous assignment: Verilator 5.006 miscompiles them)
    reg [39:0] r;
    always @* begin
        r = mma_decode_set_fn(FMT_MASK, fmt_i, code_i);
        bad_o  = r[39];
        cls_o  = r[38:37];
        sign_o = r[36];
        exp_o  = r[35:24];
        sig_o  = r[SIG_W-1:0];
    end
endmodule
