// Decode stage (NUMERICS 1 and 3 step 2), the twin of the C function mma_decode: one element code
// -> class, sign, weight of the significand's LSB and the integer significand. Normals give
// sig = 2^p + fraction, exp = e - bias - p; subnormals sig = fraction at exp = emin - p (never
// renormalised); integers sig = |value| at exp 0. Combinational.
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

    integer f;
    reg [31:0] bits, frac, efield, mag;
    always @* begin
        cls_o = 2'd0;
        sign_o = 1'b0;
        exp_o = 12'sd0;
        sig_o = {SIG_W{1'b0}};
        bad_o = 1'b1;
        bits = 32'd0;
        frac = 32'd0;
        efield = 32'd0;
        mag = 32'd0;
        for (f = 0; f < 32; f = f + 1) begin
            if (FMT_MASK[f] && fmt_i == f) begin
                bad_o = mma_fmt_storage(f) < 32 && (code_i >> mma_fmt_storage(f)) != 32'd0;
                if (mma_fmt_kind(f) != 2'd0) begin
                    // integers: two's complement or unsigned, value = sig at exp 0
                    mag = code_i & ((32'd1 << mma_fmt_storage(f)) - 32'd1);
                    if (mma_fmt_kind(f) == 2'd1 && code_i[mma_fmt_storage(f) - 1]) begin
                        sign_o = 1'b1;
                        mag = (~code_i + 32'd1) & ((32'd1 << mma_fmt_storage(f)) - 32'd1);
                    end
                    cls_o = mag == 32'd0 ? 2'd0 : 2'd1;
                    sig_o = mag[SIG_W-1:0];
                end else begin
                    // floats: the significant bits only (tf32 drops 13 low bits, ue4m3 ignores bit 7)
                    bits = (code_i >> mma_fmt_frac_shift(f)) & ((32'd1 << mma_fmt_value_bits(f)) - 32'd1);
                    frac = bits & ((32'd1 << mma_fmt_frac_bits(f)) - 32'd1);
                    efield = (bits >> mma_fmt_frac_bits(f)) & ((32'd1 << mma_fmt_exp_bits(f)) - 32'd1);
                    sign_o = mma_fmt_sign(f) ? bits[mma_fmt_frac_bits(f) + mma_fmt_exp_bits(f)] : 1'b0;
                    if (efield == ((32'd1 << mma_fmt_exp_bits(f)) - 32'd1) && mma_fmt_nan_style(f) == 2'd1 &&
                        frac != 32'd0) begin
                        cls_o = 2'd3;                                   // IEEE NaN
                    end else if (efield == ((32'd1 << mma_fmt_exp_bits(f)) - 32'd1) &&
                                 mma_fmt_nan_style(f) == 2'd2 &&
                                 frac == ((32'd1 << mma_fmt_frac_bits(f)) - 32'd1)) begin
                        cls_o = 2'd3;                                   // all-ones NaN (e4m3, ue8m0, ue4m3)
                    end else if (efield == ((32'd1 << mma_fmt_exp_bits(f)) - 32'd1) && mma_fmt_inf(f) &&
                                 frac == 32'd0) begin
                        cls_o = 2'd2;                                   // Inf
                    end else if (efield == 32'd0 && mma_fmt_subnormals(f)) begin
                        cls_o = frac == 32'd0 ? 2'd0 : 2'd1;            // zero or subnormal
                        sig_o = frac[SIG_W-1:0];
                        exp_o = frac == 32'd0 ? 12'sd0 :
                                mma_fmt_emin(f) - $signed({6'd0, mma_fmt_frac_bits(f)});
                    end else begin
                        cls_o = 2'd1;                                   // normal
                        sig_o = ((32'd1 << mma_fmt_frac_bits(f)) | frac);
                        exp_o = $signed({1'b0, efield[10:0]}) - mma_fmt_bias(f) -
                                $signed({6'd0, mma_fmt_frac_bits(f)});
                    end
                    if (cls_o[1]) begin
                        sig_o = {SIG_W{1'b0}};
                        exp_o = 12'sd0;
                    end
                end
            end
        end
    end
endmodule
