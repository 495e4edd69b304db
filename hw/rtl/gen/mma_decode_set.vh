// GENERATED from the golden model's format table (firmware/lib/format/table.c) by hw/gen/gen_hw.py; do not edit
// mma_decode_set_fn: mma_decode_fn for the formats of a set (fmts, a constant: a parameter of
// the caller). Each format of the table has a branch that takes its fields from fixed bit
// positions of the code and its constants from the table; the branches of formats outside the set
// vanish, and the class rules (mma_decode_float_fn, mma_decode_int_fn) follow once. So the field
// extraction is a choice among the set's fixed slices (in synthesis and in a Verilated model
// alike), not the generic path's shifters by the table's fields. A format outside the set
// decodes as mma_decode_fn with fmt_ok 0: bad, and zero. Include inside a module after
// mma_fmt.vh (mma_decode_fn.vh does).
function [39:0] mma_decode_set_fn;             // {bad, cls[1:0], sign, exp[11:0], sig[23:0]}
    input [31:0] fmts;                         // formats decoded (bit i = mma_format i); a constant
    input [4:0]  fmt;                          // the element's format
    input [31:0] code;                         // the code in its storage width (tf32: the f32 pattern)
    reg        bad;                            // bits above the storage width, or a format outside fmts
    reg        is_int, isign, fsign, has_inf, has_sub;
    reg [1:0]  nan_sty;
    reg [3:0]  ebits;
    reg [5:0]  fbits;
    reg signed [10:0] bias;
    reg signed [11:0] emin;
    reg [31:0] efield, frac, imag;
    reg [38:0] dec;
    begin
        bad = 1'b1; is_int = 1'b0; isign = 1'b0; fsign = 1'b0; has_inf = 1'b0; has_sub = 1'b0;
        nan_sty = 2'd0; ebits = 4'd0; fbits = 6'd0; bias = 11'sd0; emin = 12'sd0;
        efield = 32'd0; frac = 32'd0; imag = 32'd0;
        if (fmts[1] && fmt == 5'd1) begin                      // f32
            bad = 1'b0;
            fsign = code[31]; efield = {24'd0, code[30:23]}; frac = {9'd0, code[22:0]};
            ebits = 4'd8; fbits = 6'd23; has_inf = 1'b1; nan_sty = 2'd1;
            bias = 11'sd127; emin = -12'sd126; has_sub = 1'b1;
        end
        if (fmts[2] && fmt == 5'd2) begin                      // tf32
            bad = 1'b0;
            fsign = code[31]; efield = {24'd0, code[30:23]}; frac = {22'd0, code[22:13]};
            ebits = 4'd8; fbits = 6'd10; has_inf = 1'b1; nan_sty = 2'd1;
            bias = 11'sd127; emin = -12'sd126; has_sub = 1'b1;
        end
        if (fmts[3] && fmt == 5'd3) begin                      // f16
            bad = code[31:16] != 16'd0;
            fsign = code[15]; efield = {27'd0, code[14:10]}; frac = {22'd0, code[9:0]};
            ebits = 4'd5; fbits = 6'd10; has_inf = 1'b1; nan_sty = 2'd1;
            bias = 11'sd15; emin = -12'sd14; has_sub = 1'b1;
        end
        if (fmts[4] && fmt == 5'd4) begin                      // bf16
            bad = code[31:16] != 16'd0;
            fsign = code[15]; efield = {24'd0, code[14:7]}; frac = {25'd0, code[6:0]};
            ebits = 4'd8; fbits = 6'd7; has_inf = 1'b1; nan_sty = 2'd1;
            bias = 11'sd127; emin = -12'sd126; has_sub = 1'b1;
        end
        if (fmts[5] && fmt == 5'd5) begin                      // e5m2
            bad = code[31:8] != 24'd0;
            fsign = code[7]; efield = {27'd0, code[6:2]}; frac = {30'd0, code[1:0]};
            ebits = 4'd5; fbits = 6'd2; has_inf = 1'b1; nan_sty = 2'd1;
            bias = 11'sd15; emin = -12'sd14; has_sub = 1'b1;
        end
        if (fmts[6] && fmt == 5'd6) begin                      // e4m3
            bad = code[31:8] != 24'd0;
            fsign = code[7]; efield = {28'd0, code[6:3]}; frac = {29'd0, code[2:0]};
            ebits = 4'd4; fbits = 6'd3; has_inf = 1'b0; nan_sty = 2'd2;
            bias = 11'sd7; emin = -12'sd6; has_sub = 1'b1;
        end
        if (fmts[7] && fmt == 5'd7) begin                      // e3m2
            bad = code[31:6] != 26'd0;
            fsign = code[5]; efield = {29'd0, code[4:2]}; frac = {30'd0, code[1:0]};
            ebits = 4'd3; fbits = 6'd2; has_inf = 1'b0; nan_sty = 2'd0;
            bias = 11'sd3; emin = -12'sd2; has_sub = 1'b1;
        end
        if (fmts[8] && fmt == 5'd8) begin                      // e2m3
            bad = code[31:6] != 26'd0;
            fsign = code[5]; efield = {30'd0, code[4:3]}; frac = {29'd0, code[2:0]};
            ebits = 4'd2; fbits = 6'd3; has_inf = 1'b0; nan_sty = 2'd0;
            bias = 11'sd1; emin = 12'sd0; has_sub = 1'b1;
        end
        if (fmts[9] && fmt == 5'd9) begin                      // e2m1
            bad = code[31:4] != 28'd0;
            fsign = code[3]; efield = {30'd0, code[2:1]}; frac = {31'd0, code[0:0]};
            ebits = 4'd2; fbits = 6'd1; has_inf = 1'b0; nan_sty = 2'd0;
            bias = 11'sd1; emin = 12'sd0; has_sub = 1'b1;
        end
        if (fmts[10] && fmt == 5'd10) begin                    // ue8m0
            bad = code[31:8] != 24'd0;
            fsign = 1'b0; efield = {24'd0, code[7:0]}; frac = 32'd0;
            ebits = 4'd8; fbits = 6'd0; has_inf = 1'b0; nan_sty = 2'd2;
            bias = 11'sd127; emin = -12'sd127; has_sub = 1'b0;
        end
        if (fmts[11] && fmt == 5'd11) begin                    // ue4m3
            bad = code[31:8] != 24'd0;
            fsign = 1'b0; efield = {28'd0, code[6:3]}; frac = {29'd0, code[2:0]};
            ebits = 4'd4; fbits = 6'd3; has_inf = 1'b0; nan_sty = 2'd2;
            bias = 11'sd7; emin = -12'sd6; has_sub = 1'b1;
        end
        if (fmts[12] && fmt == 5'd12) begin                    // s32
            bad = 1'b0;
            is_int = 1'b1;
            isign = code[31];
            imag = code[31] ? ((~code[31:0] + 32'd1) & 32'hffffffff) : code[31:0];
        end
        if (fmts[13] && fmt == 5'd13) begin                    // s8
            bad = code[31:8] != 24'd0;
            is_int = 1'b1;
            isign = code[7];
            imag = code[7] ? ((~{24'd0, code[7:0]} + 32'd1) & 32'h000000ff) : {24'd0, code[7:0]};
        end
        if (fmts[14] && fmt == 5'd14) begin                    // u8
            bad = code[31:8] != 24'd0;
            is_int = 1'b1;
            imag = {24'd0, code[7:0]};
        end
        if (fmts[15] && fmt == 5'd15) begin                    // s4
            bad = code[31:4] != 28'd0;
            is_int = 1'b1;
            isign = code[3];
            imag = code[3] ? ((~{28'd0, code[3:0]} + 32'd1) & 32'h0000000f) : {28'd0, code[3:0]};
        end
        if (fmts[16] && fmt == 5'd16) begin                    // u4
            bad = code[31:4] != 28'd0;
            is_int = 1'b1;
            imag = {28'd0, code[3:0]};
        end
        if (fmts[31] && fmt == 5'd31) begin                    // e8m13
            bad = 1'b0;
            fsign = code[31]; efield = {24'd0, code[30:23]}; frac = {19'd0, code[22:10]};
            ebits = 4'd8; fbits = 6'd13; has_inf = 1'b1; nan_sty = 2'd1;
            bias = 11'sd127; emin = -12'sd126; has_sub = 1'b1;
        end
        if (is_int)
            dec = mma_decode_int_fn(isign, imag);
        else
            dec = mma_decode_float_fn(fsign, efield, frac, ebits, fbits, has_inf, nan_sty, bias, emin, has_sub);
        mma_decode_set_fn = bad ? {1'b1, 39'd0} : {1'b0, dec};
    end
endfunction

// mma_special_set_fn: 1 when mma_decode_set_fn(fmts, fmt, code) decodes a NaN or an Inf (its
// class bit 1), for a unit that only classifies (the DPU's unselected B elements of a sparse
// step). Each float format's branch applies the class rules (mma_decode_float_fn) to its own
// constants, so it folds to that format's rule on its fixed fields; the integers are never NaN
// or Inf.
function mma_special_set_fn;
    input [31:0] fmts;                         // formats (bit i = mma_format i); a constant
    input [4:0]  fmt;
    input [31:0] code;
    reg        fsign, has_inf, has_sub;
    reg [1:0]  nan_sty;
    reg [3:0]  ebits;
    reg [5:0]  fbits;
    reg signed [10:0] bias;
    reg signed [11:0] emin;
    reg [31:0] efield, frac;
    reg [38:0] dec;
    begin
        mma_special_set_fn = 1'b0;
        if (fmts[1] && fmt == 5'd1) begin                      // f32
            fsign = code[31]; efield = {24'd0, code[30:23]}; frac = {9'd0, code[22:0]};
            ebits = 4'd8; fbits = 6'd23; has_inf = 1'b1; nan_sty = 2'd1;
            bias = 11'sd127; emin = -12'sd126; has_sub = 1'b1;
            dec = mma_decode_float_fn(fsign, efield, frac, ebits, fbits, has_inf, nan_sty, bias, emin, has_sub);
            mma_special_set_fn = !(1'b0) && dec[38];
        end
        if (fmts[2] && fmt == 5'd2) begin                      // tf32
            fsign = code[31]; efield = {24'd0, code[30:23]}; frac = {22'd0, code[22:13]};
            ebits = 4'd8; fbits = 6'd10; has_inf = 1'b1; nan_sty = 2'd1;
            bias = 11'sd127; emin = -12'sd126; has_sub = 1'b1;
            dec = mma_decode_float_fn(fsign, efield, frac, ebits, fbits, has_inf, nan_sty, bias, emin, has_sub);
            mma_special_set_fn = !(1'b0) && dec[38];
        end
        if (fmts[3] && fmt == 5'd3) begin                      // f16
            fsign = code[15]; efield = {27'd0, code[14:10]}; frac = {22'd0, code[9:0]};
            ebits = 4'd5; fbits = 6'd10; has_inf = 1'b1; nan_sty = 2'd1;
            bias = 11'sd15; emin = -12'sd14; has_sub = 1'b1;
            dec = mma_decode_float_fn(fsign, efield, frac, ebits, fbits, has_inf, nan_sty, bias, emin, has_sub);
            mma_special_set_fn = !(code[31:16] != 16'd0) && dec[38];
        end
        if (fmts[4] && fmt == 5'd4) begin                      // bf16
            fsign = code[15]; efield = {24'd0, code[14:7]}; frac = {25'd0, code[6:0]};
            ebits = 4'd8; fbits = 6'd7; has_inf = 1'b1; nan_sty = 2'd1;
            bias = 11'sd127; emin = -12'sd126; has_sub = 1'b1;
            dec = mma_decode_float_fn(fsign, efield, frac, ebits, fbits, has_inf, nan_sty, bias, emin, has_sub);
            mma_special_set_fn = !(code[31:16] != 16'd0) && dec[38];
        end
        if (fmts[5] && fmt == 5'd5) begin                      // e5m2
            fsign = code[7]; efield = {27'd0, code[6:2]}; frac = {30'd0, code[1:0]};
            ebits = 4'd5; fbits = 6'd2; has_inf = 1'b1; nan_sty = 2'd1;
            bias = 11'sd15; emin = -12'sd14; has_sub = 1'b1;
            dec = mma_decode_float_fn(fsign, efield, frac, ebits, fbits, has_inf, nan_sty, bias, emin, has_sub);
            mma_special_set_fn = !(code[31:8] != 24'd0) && dec[38];
        end
        if (fmts[6] && fmt == 5'd6) begin                      // e4m3
            fsign = code[7]; efield = {28'd0, code[6:3]}; frac = {29'd0, code[2:0]};
            ebits = 4'd4; fbits = 6'd3; has_inf = 1'b0; nan_sty = 2'd2;
            bias = 11'sd7; emin = -12'sd6; has_sub = 1'b1;
            dec = mma_decode_float_fn(fsign, efield, frac, ebits, fbits, has_inf, nan_sty, bias, emin, has_sub);
            mma_special_set_fn = !(code[31:8] != 24'd0) && dec[38];
        end
        if (fmts[7] && fmt == 5'd7) begin                      // e3m2
            fsign = code[5]; efield = {29'd0, code[4:2]}; frac = {30'd0, code[1:0]};
            ebits = 4'd3; fbits = 6'd2; has_inf = 1'b0; nan_sty = 2'd0;
            bias = 11'sd3; emin = -12'sd2; has_sub = 1'b1;
            dec = mma_decode_float_fn(fsign, efield, frac, ebits, fbits, has_inf, nan_sty, bias, emin, has_sub);
            mma_special_set_fn = !(code[31:6] != 26'd0) && dec[38];
        end
        if (fmts[8] && fmt == 5'd8) begin                      // e2m3
            fsign = code[5]; efield = {30'd0, code[4:3]}; frac = {29'd0, code[2:0]};
            ebits = 4'd2; fbits = 6'd3; has_inf = 1'b0; nan_sty = 2'd0;
            bias = 11'sd1; emin = 12'sd0; has_sub = 1'b1;
            dec = mma_decode_float_fn(fsign, efield, frac, ebits, fbits, has_inf, nan_sty, bias, emin, has_sub);
            mma_special_set_fn = !(code[31:6] != 26'd0) && dec[38];
        end
        if (fmts[9] && fmt == 5'd9) begin                      // e2m1
            fsign = code[3]; efield = {30'd0, code[2:1]}; frac = {31'd0, code[0:0]};
            ebits = 4'd2; fbits = 6'd1; has_inf = 1'b0; nan_sty = 2'd0;
            bias = 11'sd1; emin = 12'sd0; has_sub = 1'b1;
            dec = mma_decode_float_fn(fsign, efield, frac, ebits, fbits, has_inf, nan_sty, bias, emin, has_sub);
            mma_special_set_fn = !(code[31:4] != 28'd0) && dec[38];
        end
        if (fmts[10] && fmt == 5'd10) begin                    // ue8m0
            fsign = 1'b0; efield = {24'd0, code[7:0]}; frac = 32'd0;
            ebits = 4'd8; fbits = 6'd0; has_inf = 1'b0; nan_sty = 2'd2;
            bias = 11'sd127; emin = -12'sd127; has_sub = 1'b0;
            dec = mma_decode_float_fn(fsign, efield, frac, ebits, fbits, has_inf, nan_sty, bias, emin, has_sub);
            mma_special_set_fn = !(code[31:8] != 24'd0) && dec[38];
        end
        if (fmts[11] && fmt == 5'd11) begin                    // ue4m3
            fsign = 1'b0; efield = {28'd0, code[6:3]}; frac = {29'd0, code[2:0]};
            ebits = 4'd4; fbits = 6'd3; has_inf = 1'b0; nan_sty = 2'd2;
            bias = 11'sd7; emin = -12'sd6; has_sub = 1'b1;
            dec = mma_decode_float_fn(fsign, efield, frac, ebits, fbits, has_inf, nan_sty, bias, emin, has_sub);
            mma_special_set_fn = !(code[31:8] != 24'd0) && dec[38];
        end
        if (fmts[31] && fmt == 5'd31) begin                    // e8m13
            fsign = code[31]; efield = {24'd0, code[30:23]}; frac = {19'd0, code[22:10]};
            ebits = 4'd8; fbits = 6'd13; has_inf = 1'b1; nan_sty = 2'd1;
            bias = 11'sd127; emin = -12'sd126; has_sub = 1'b1;
            dec = mma_decode_float_fn(fsign, efield, frac, ebits, fbits, has_inf, nan_sty, bias, emin, has_sub);
            mma_special_set_fn = !(1'b0) && dec[38];
        end
    end
endfunction
