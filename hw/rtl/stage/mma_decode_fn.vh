// mma_decode_fn: the decode stage as a function (the body of the module mma_decode, which is a
// wrapper of it), so that a unit with many decoders (mma_dpu) can call it inside a clocked block
// that only runs for the lanes a step uses. mma_fmt_row_fn reads a format's row of the generated
// table once (a job's formats are static: mma_dpu shares one row among all its lanes);
// mma_decode_fn turns one element code into {bad, class, sign, exp, sig}, the significand in 24
// bits (a caller keeps the bits its formats need). Include inside a module after mma_fmt.vh. See
// mma_decode.v for the rules.
function [63:0] mma_fmt_row_fn;                // the format's fields, packed as mma_decode_fn reads them
    input [4:0] fmt;                           // mma_format code (31: the e8m13 step format)
    begin
        mma_fmt_row_fn = {5'd0,
                          MMA_FMT_STORAGE_TAB[fmt*7 +: 7],         // [58:52] storage bits
                          MMA_FMT_VALUE_BITS_TAB[fmt*7 +: 7],      // [51:45] value bits
                          MMA_FMT_KIND_TAB[fmt*2 +: 2],            // [44:43] 0 float, 1 signed int, 2 unsigned
                          MMA_FMT_SIGN_TAB[fmt*1 +: 1],            // [42]    has a sign bit
                          MMA_FMT_EXP_BITS_TAB[fmt*4 +: 4],        // [41:38] exponent bits
                          MMA_FMT_FRAC_BITS_TAB[fmt*6 +: 6],       // [37:32] fraction bits p
                          MMA_FMT_INF_TAB[fmt*1 +: 1],             // [31]    has Inf
                          MMA_FMT_NAN_STYLE_TAB[fmt*2 +: 2],       // [30:29] NaN style
                          MMA_FMT_BIAS_TAB[fmt*11 +: 11],          // [28:18] bias
                          MMA_FMT_EMIN_TAB[fmt*12 +: 12],          // [17:6]  emin
                          MMA_FMT_FRAC_SHIFT_TAB[fmt*5 +: 5],      // [5:1]   bits below the value (tf32)
                          MMA_FMT_SUBNORMALS_TAB[fmt*1 +: 1]};     // [0]     has subnormals
    end
endfunction

function [39:0] mma_decode_fn;                 // {bad, cls[1:0], sign, exp[11:0], sig[23:0]}
    input [63:0] row;                          // mma_fmt_row_fn of the element's format
    input        fmt_ok;                       // the format is one this decoder takes
    input [31:0] code;                         // the code in its storage width (tf32: the f32 pattern)
    reg [6:0]  storage, vbits;
    reg [1:0]  kind, nan_sty, cls;
    reg        has_sgn, has_inf, has_sub, fsign, isign, sign, bad;
    reg [3:0]  ebits;
    reg [5:0]  fbits;
    reg signed [10:0] bias;
    reg signed [11:0] emin, exp;
    reg [4:0]  fshift;
    reg [31:0] smask, bits, fmask, emask, frac, efield, imag;
    reg [23:0] sig;
    begin
        storage = row[58:52];
        vbits   = row[51:45];
        kind    = row[44:43];
        has_sgn = row[42];
        ebits   = row[41:38];
        fbits   = row[37:32];
        has_inf = row[31];
        nan_sty = row[30:29];
        bias    = row[28:18];
        emin    = row[17:6];
        fshift  = row[5:1];
        has_sub = row[0];
        smask  = storage >= 7'd32 ? 32'hFFFF_FFFF : ((32'd1 << storage[4:0]) - 32'd1);
        bits   = (code >> fshift) & (vbits >= 7'd32 ? 32'hFFFF_FFFF : ((32'd1 << vbits[4:0]) - 32'd1));
        fmask  = (32'd1 << fbits) - 32'd1;
        emask  = (32'd1 << ebits) - 32'd1;
        frac   = bits & fmask;
        efield = (bits >> fbits) & emask;
        fsign  = has_sgn & bits[fbits + {2'b00, ebits}];
        isign  = kind == 2'd1 && code[storage[4:0] - 5'd1];
        imag   = isign ? ((~code + 32'd1) & smask) : (code & smask);

        bad  = !fmt_ok || (code & ~smask) != 32'd0;
        if (kind != 2'd0)
            {cls, sign, exp, sig} = mma_decode_int_fn(isign, imag);     // integers
        else
            {cls, sign, exp, sig} = mma_decode_float_fn(fsign, efield, frac, ebits, fbits, has_inf, nan_sty, bias,
                                                        emin, has_sub);
        if (bad) begin
            cls = 2'd0;
            sign = 1'b0;
            sig = 24'd0;
            exp = 12'sd0;
        end
        mma_decode_fn = {bad, cls, sign, exp, sig};
    end
endfunction

// mma_decode_float_fn: the class rules of a float code whose fields are extracted (NUMERICS 1):
// NaN (IEEE: exponent all ones and a fraction; all-ones style: every bit of both), Inf, zero or
// subnormal (sig = fraction at emin - p, never renormalised), normal (sig = 2^p + fraction at
// e - bias - p). Called by mma_decode_fn with the row's fields and by the generated
// mma_decode_set_fn with constants (then it folds to the logic of one format).
function [38:0] mma_decode_float_fn;           // {cls[1:0], sign, exp[11:0], sig[23:0]}
    input              fsign;
    input [31:0]       efield;
    input [31:0]       frac;
    input [3:0]        ebits;
    input [5:0]        fbits;
    input              has_inf;
    input [1:0]        nan_sty;
    input signed [10:0] bias;
    input signed [11:0] emin;
    input              has_sub;
    reg [31:0] fmask, emask;
    reg        emax_f;
    reg [1:0]  cls;
    reg signed [11:0] exp;
    reg [23:0] sig;
    begin
        fmask  = (32'd1 << fbits) - 32'd1;
        emask  = (32'd1 << ebits) - 32'd1;
        emax_f = efield == emask;
        cls = 2'd1;
        exp = 12'sd0;
        sig = 24'd0;
        if (emax_f && nan_sty == 2'd1 && frac != 32'd0) begin
            cls = 2'd3;                                             // IEEE NaN
        end else if (emax_f && nan_sty == 2'd2 && frac == fmask) begin
            cls = 2'd3;                                             // all-ones NaN (e4m3, ue8m0, ue4m3)
        end else if (emax_f && has_inf && frac == 32'd0) begin
            cls = 2'd2;                                             // Inf
        end else if (efield == 32'd0 && has_sub) begin
            cls = frac == 32'd0 ? 2'd0 : 2'd1;                      // zero or subnormal
            sig = frac[23:0];
            exp = frac == 32'd0 ? 12'sd0 : emin - $signed({6'd0, fbits});
        end else begin
            sig = (fmask[23:0] + 24'd1) | frac[23:0];               // normal
            // efield - (bias + fbits): the sum of the format's constants is the same for every
            // decoder of a step (the DPU's lanes share it once flattened), one subtraction each
            exp = $signed({1'b0, efield[10:0]}) - ($signed({bias[10], bias}) + $signed({6'd0, fbits}));
        end
        mma_decode_float_fn = {cls, fsign, exp, sig};
    end
endfunction

// mma_decode_int_fn: an integer code's class, sign and magnitude (value = sig at exp 0).
function [38:0] mma_decode_int_fn;             // {cls[1:0], sign, exp[11:0], sig[23:0]}
    input        isign;
    input [31:0] imag;                         // |value|
    begin
        mma_decode_int_fn = {imag == 32'd0 ? 2'd0 : 2'd1, isign, 12'sd0, imag[23:0]};
    end
endfunction

`include "mma_decode_set.vh"
