// mma_multiply_fn: the product stage as a function (the body of the module mma_multiply, which is
// a wrapper of it), so that mma_dpu can call it inside clocked blocks that run only for the lanes a
// step uses. Two decoded elements (significands up to 11 bits), the fraction widths of their
// formats and a block scale factor (up to 8 bits) -> {class, e, lsb, m} with m in 30 bits (a
// caller keeps the bits its formats need); the sign is the XOR of the operands' signs. See
// mma_multiply.v for the rules.
function [55:0] mma_multiply_fn;               // {cls[1:0], e[11:0], lsb[11:0], m[29:0]}
    input [5:0]         fa_p;                  // fraction bits p of a's format
    input [1:0]         a_cls;
    input signed [11:0] a_exp;
    input [10:0]        a_sig;
    input [5:0]         fb_p;                  // of b's
    input [1:0]         b_cls;
    input signed [11:0] b_exp;
    input [10:0]        b_sig;
    input               scale_en;              // 0: unscaled
    input               s_nan;
    input               s_zero;
    input [7:0]         s_sig;
    input signed [11:0] s_exp;
    input signed [11:0] s_e_shift;
    reg signed [11:0] pa, pb, e, lsb;
    reg [1:0]  cls;
    reg [29:0] m;
    reg a_nan, b_nan, a_inf, b_inf, a_zero, b_zero;
    begin
        // fraction width p of an operand's format, as a signed exponent offset
        pa = $signed({6'd0, fa_p});
        pb = $signed({6'd0, fb_p});
        a_nan = a_cls == 2'd3;  b_nan = b_cls == 2'd3;
        a_inf = a_cls == 2'd2;  b_inf = b_cls == 2'd2;
        a_zero = a_cls == 2'd0; b_zero = b_cls == 2'd0;
        lsb = 12'sd0;
        m = 30'd0;
        e = 12'sd0;
        if (a_nan || b_nan) begin
            cls = 2'd3;
        end else if (a_inf || b_inf) begin
            cls = (a_zero || b_zero) ? 2'd3 : 2'd2;
        end else if (a_zero || b_zero) begin
            // the zero-product rule: the sum of the operands' term exponents (exp + p), an operand
            // that is zero counting -126: one addition of an exponent and a constant of the formats
            cls = 2'd0;
            if (a_zero && b_zero) e = -12'sd252;
            else if (a_zero) e = b_exp + (pb - 12'sd126);
            else e = a_exp + (pa - 12'sd126);
        end else begin
            cls = 2'd1;
            m = a_sig * b_sig;                       // 30-bit context: the exact product
            // lsb = a_exp + b_exp, e = lsb + (pa + pb): the formats' constants summed apart, so a
            // lane adds twice (the DPU's lanes share pa + pb once flattened); all sums are mod 2^12
            // as before, so the order changes no bit
            lsb = a_exp + b_exp;
            e = lsb + (pa + pb);
        end
        if (scale_en) begin
            if (s_nan) begin
                cls = 2'd3;
            end else if (cls != 2'd3) begin
                if (s_zero) begin
                    cls = cls == 2'd2 ? 2'd3 : 2'd0;
                    m = 30'd0;
                    e = e + s_e_shift;
                end else if (cls != 2'd2) begin
                    e = e + s_e_shift;
                    if (cls == 2'd1) begin
                        m = m * {22'd0, s_sig};
                        lsb = lsb + s_exp;
                    end
                end
            end
        end
        if (cls[1]) begin
            e = 12'sd0;
            lsb = 12'sd0;
            m = 30'd0;
        end
        mma_multiply_fn = {cls, e, lsb, m};
    end
endfunction
