// The fixed-point grid of the exact FP8 DPU (mma_exact_lane, mma_exact_dpu), worked out from the
// generated format table (mma_fmt.vh) for the formats a DPU takes: e4m3, and e5m2 when E5M2 = 1,
// and the bits of the special-value summary of an output's products (the DPU's cls_o).
// A product of two codes is sig_a * sig_b * 2^(lsb_a + lsb_b); its lowest possible weight is the
// grid's LSB, and the highest weight any product can reach bounds the grid's width. Constant
// functions: include inside a module after mma_fmt.vh.
localparam EX_NAN  = 0;                        // a product was NaN (a NaN operand, or 0 x Inf)
localparam EX_PINF = 1;                        // a product was +Inf
localparam EX_NINF = 2;                        // a product was -Inf
localparam EX_NZ   = 3;                        // a product was finite and not zero
localparam EX_ZP   = 4;                        // a product was +0
localparam EX_ZN   = 5;                        // a product was -0
localparam EX_CLS  = 6;                        // bits of the summary
function integer exact_fmt_p;                  // fraction bits p of a format
    input [4:0] f;
    begin
        exact_fmt_p = MMA_FMT_FRAC_BITS_TAB[f*6 +: 6];
    end
endfunction

function integer exact_fmt_min_lsb;            // weight of a subnormal's LSB: emin - p
    input [4:0] f;
    reg signed [11:0] emin;
    begin
        emin = MMA_FMT_EMIN_TAB[f*12 +: 12];
        exact_fmt_min_lsb = emin - exact_fmt_p(f);
    end
endfunction

function integer exact_fmt_max_lsb;            // weight of the LSB at the largest exponent field
    input [4:0] f;                             // that encodes a finite value: field - bias - p
    integer field;
    begin
        field = (1 << MMA_FMT_EXP_BITS_TAB[f*4 +: 4]) - 1;
        if (MMA_FMT_INF_TAB[f] || MMA_FMT_NAN_STYLE_TAB[f*2 +: 2] == 2'd1)
            field = field - 1;                 // all ones is Inf / NaN only (IEEE style)
        exact_fmt_max_lsb = field - MMA_FMT_BIAS_TAB[f*11 +: 11] - exact_fmt_p(f);
    end
endfunction

function integer exact_sig_bits;               // widest significand (p + 1) of the formats taken
    input integer e5m2;
    integer a, b;
    begin
        a = exact_fmt_p(MMA_FMT_E4M3) + 1;
        b = exact_fmt_p(MMA_FMT_E5M2) + 1;
        exact_sig_bits = (e5m2 != 0 && b > a) ? b : a;
    end
endfunction

function integer exact_grid_lsb;               // the lowest weight of any product: the grid's LSB
    input integer e5m2;
    integer a, b;
    begin
        a = exact_fmt_min_lsb(MMA_FMT_E4M3);
        b = exact_fmt_min_lsb(MMA_FMT_E5M2);
        exact_grid_lsb = 2 * ((e5m2 != 0 && b < a) ? b : a);
    end
endfunction

function integer exact_pair_top;               // bits a product of formats fa x fb needs on the grid
    input [4:0] fa, fb;
    input integer lsb;
    begin
        exact_pair_top = exact_fmt_max_lsb(fa) + exact_fmt_max_lsb(fb) - lsb +
                         exact_fmt_p(fa) + 1 + exact_fmt_p(fb) + 1;
    end
endfunction

function integer exact_grid_width;             // bits of a term: the highest product on the grid
    input integer e5m2;
    integer lsb, w, t;
    begin
        lsb = exact_grid_lsb(e5m2);
        w = exact_pair_top(MMA_FMT_E4M3, MMA_FMT_E4M3, lsb);
        if (e5m2 != 0) begin
            t = exact_pair_top(MMA_FMT_E4M3, MMA_FMT_E5M2, lsb);
            if (t > w) w = t;
            t = exact_pair_top(MMA_FMT_E5M2, MMA_FMT_E5M2, lsb);
            if (t > w) w = t;
        end
        exact_grid_width = w;
    end
endfunction
