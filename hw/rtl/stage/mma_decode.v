// Decode stage (NUMERICS 1 and 3 step 2), the twin of the C function mma_decode: one element code
// -> class, sign, weight of the significand's LSB and the integer significand. Normals give
// sig = 2^p + fraction, exp = e - bias - p; subnormals sig = fraction at exp = emin - p (never
// renormalised); integers sig = |value| at exp 0. The format's fields come from the generated
// format table, the decoding itself is one generic path. Combinational.
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

    // the format's row of the table
    wire [6:0]  storage = MMA_FMT_STORAGE_TAB[fmt_i*7 +: 7];
    wire [6:0]  vbits   = MMA_FMT_VALUE_BITS_TAB[fmt_i*7 +: 7];
    wire [1:0]  kind    = MMA_FMT_KIND_TAB[fmt_i*2 +: 2];
    wire        has_sgn = MMA_FMT_SIGN_TAB[fmt_i*1 +: 1];
    wire [3:0]  ebits   = MMA_FMT_EXP_BITS_TAB[fmt_i*4 +: 4];
    wire [5:0]  fbits   = MMA_FMT_FRAC_BITS_TAB[fmt_i*6 +: 6];
    wire        has_inf = MMA_FMT_INF_TAB[fmt_i*1 +: 1];
    wire [1:0]  nan_sty = MMA_FMT_NAN_STYLE_TAB[fmt_i*2 +: 2];
    wire signed [10:0] bias = MMA_FMT_BIAS_TAB[fmt_i*11 +: 11];
    wire signed [11:0] emin = MMA_FMT_EMIN_TAB[fmt_i*12 +: 12];
    wire [4:0]  fshift  = MMA_FMT_FRAC_SHIFT_TAB[fmt_i*5 +: 5];
    wire        has_sub = MMA_FMT_SUBNORMALS_TAB[fmt_i*1 +: 1];

    wire [31:0] smask = storage >= 7'd32 ? 32'hFFFF_FFFF : ((32'd1 << storage[4:0]) - 32'd1);
    wire [31:0] bits  = (code_i >> fshift) & (vbits >= 7'd32 ? 32'hFFFF_FFFF : ((32'd1 << vbits[4:0]) - 32'd1));
    wire [31:0] fmask = (32'd1 << fbits) - 32'd1;
    wire [31:0] emask = (32'd1 << ebits) - 32'd1;
    wire [31:0] frac  = bits & fmask;
    wire [31:0] efield = (bits >> fbits) & emask;
    wire        fsign = has_sgn & bits[fbits + {2'b00, ebits}];
    wire        emax_f = efield == emask;
    wire        isign = kind == 2'd1 && code_i[storage[4:0] - 5'd1];
    wire [31:0] imag = isign ? ((~code_i + 32'd1) & smask) : (code_i & smask);

    always @* begin
        bad_o = !FMT_MASK[fmt_i] || (code_i & ~smask) != 32'd0;
        cls_o = 2'd0;
        sign_o = 1'b0;
        exp_o = 12'sd0;
        sig_o = {SIG_W{1'b0}};
        if (kind != 2'd0) begin
            // integers: two's complement or unsigned, value = sig at exp 0
            sign_o = isign;
            cls_o = imag == 32'd0 ? 2'd0 : 2'd1;
            sig_o = imag[SIG_W-1:0];
        end else begin
            sign_o = fsign;
            if (emax_f && nan_sty == 2'd1 && frac != 32'd0) begin
                cls_o = 2'd3;                                           // IEEE NaN
            end else if (emax_f && nan_sty == 2'd2 && frac == fmask) begin
                cls_o = 2'd3;                                           // all-ones NaN (e4m3, ue8m0, ue4m3)
            end else if (emax_f && has_inf && frac == 32'd0) begin
                cls_o = 2'd2;                                           // Inf
            end else if (efield == 32'd0 && has_sub) begin
                cls_o = frac == 32'd0 ? 2'd0 : 2'd1;                    // zero or subnormal
                sig_o = frac[SIG_W-1:0];
                exp_o = frac == 32'd0 ? 12'sd0 : emin - $signed({6'd0, fbits});
            end else begin
                cls_o = 2'd1;                                           // normal
                sig_o = fmask[SIG_W-1:0] + 1'b1 | frac[SIG_W-1:0];
                exp_o = $signed({1'b0, efield[10:0]}) - $signed({bias[10], bias}) - $signed({6'd0, fbits});
            end
        end
        if (bad_o) begin
            cls_o = 2'd0;
            sign_o = 1'b0;
            sig_o = {SIG_W{1'b0}};
            exp_o = 12'sd0;
        end
    end
endmodule
