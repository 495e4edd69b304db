// The first half of the exact FP8 final stage (mma_exact_final): the products' exact sum S (two's
// complement, LSB weight LSB_W + sexp_i: sexp_i is a block scale's power of two, ue8m0, 0 unscaled)
// plus the accumulator C (an f32 code), made ready for one rounding
// (the `exact` preset, NUMERICS 3: exact sum of all products and C, one rounding). A floating-point
// addition without loss: S is normalised (its leading one at the window's top), the operand with
// the higher leading one ("major") is placed at the window's top, the other is shifted right by the
// difference and every bit that leaves the window is ORed into its LSB (the sticky "jam"). The
// window keeps three bits below the widest operand, so a jammed bit is always more than p + 2 bits
// below the result's leading one and the rounding sees the same round and sticky bits as the exact
// sum. Cancellation can only happen between operands whose leading ones are at most one apart, and
// then nothing has been jammed. Special values and exact zeros are decided here, beside the sum.
// Combinational; mma_exact_final rounds sign_o * sig_o * 2^exp_o with mma_encode (f32, the job's mode).
module mma_exact_round #(
    parameter SW = 42,                      // bits of S
    parameter signed [13:0] LSB_W = -18,    // weight of S's LSB
    parameter RW = 46                       // bits of sig_o: SW + 4, or fewer (then normalised and jammed)
) (
    input  wire [SW-1:0]     s_i,           // the products' sum (two's complement)
    input  wire signed [9:0] sexp_i,        // S is scaled by 2^sexp_i (MX ue8m0 block scales: -254..254)
    input  wire [31:0]       c_i,           // C, an f32 code
    input  wire [2:0]        mode_i,        // rounding mode (RISC-V frm), for the sign of an exact zero
    input  wire [5:0]        cls_i,         // the products' special-value summary (EX_* of mma_exact_grid.vh)
    output reg               special_o,     // the result is code_o, not the rounding of the sum
    output reg  [31:0]       code_o,        // NaN, Inf or the signed zero
    output reg               sign_o,
    output reg  [RW-1:0]     sig_o,
    output reg  signed [13:0] exp_o         // weight of sig_o's LSB
);
`include "mma_fmt.vh"
`include "mma_decode_fn.vh"
`include "mma_exact_grid.vh"
    localparam WW = SW + 3;                 // the window: S normalised, three bits below it
    localparam AW = WW + 1;                 // the sum of two operands in the window
    localparam DW = 15;                     // bits of a leading-one distance

    reg  [39:0] rc;
    reg  [1:0]  ccls;
    reg         csign, sneg, szero, cbig, sub, bsign, ssign, neg, nan, pinf, ninf;
    reg  [23:0] csig;
    reg  signed [13:0] cexp, ctop, stop, btop;
    reg  [SW-1:0] smag, snorm;
    integer i, lead;
    reg  [WW-1:0] major, minor, sml, lost;
    reg  signed [DW-1:0] d;
    reg  [AW-1:0] r;
    reg  signed [13:0] wexp;               // weight of the window's LSB
    reg  [1:0]  zeros;                      // signs of the zero terms seen: 1 +0, 2 -0, 3 both or a non-zero term
    always @* begin
        // C: class, sign, significand at its LSB weight (a subnormal's leading one is below bit 23)
        rc    = mma_decode_set_fn(32'd1 << MMA_FMT_F32, MMA_FMT_F32, c_i);
        ccls  = rc[38:37];
        csign = rc[36];
        cexp  = $signed({{2{rc[35]}}, rc[35:24]});
        csig  = rc[23:0];
        ctop  = cexp + 14'sd23;             // C's leading one for a normal C (a subnormal: above it)
        // S: sign and magnitude, normalised to the window's top
        sneg  = s_i[SW-1];
        smag  = sneg ? (~s_i + {{(SW-1){1'b0}}, 1'b1}) : s_i;
        szero = smag == {SW{1'b0}};
        lead  = 0;
        for (i = 0; i < SW; i = i + 1)
            if (smag[i]) lead = i;
        snorm = smag << (SW - 1 - lead);
        stop  = LSB_W + lead + sexp_i;   // all three signed
        // major: the operand with the higher leading one (C when S is zero, S when C is zero)
        cbig  = szero || (ccls == 2'd1 && ctop > stop);
        btop  = cbig ? ctop : stop;
        d     = cbig ? $signed({{(DW-14){stop[13]}}, stop}) : $signed({{(DW-14){ctop[13]}}, ctop});
        d     = $signed({{(DW-14){btop[13]}}, btop}) - d;
        major   = cbig ? {csig, {(WW-24){1'b0}}} : {snorm, 3'b000};
        minor = cbig ? {snorm, 3'b000} : {csig, {(WW-24){1'b0}}};
        if ((cbig && szero) || (!cbig && ccls != 2'd1))
            minor = {WW{1'b0}};
        bsign = cbig ? csign : sneg;
        ssign = cbig ? sneg : csign;
        lost = {WW{1'b0}};
        if (d >= WW) begin
            sml = {{(WW-1){1'b0}}, |minor};
        end else begin
            lost = minor & ~({WW{1'b1}} << d);
            sml  = (minor >> d) | {{(WW-1){1'b0}}, |lost};
        end
        sub = bsign ^ ssign;
        r   = sub ? ({1'b0, major} - {1'b0, sml}) : ({1'b0, major} + {1'b0, sml});
        neg = sub && r[AW-1];               // |minor| > |major| (leading ones equal): flip
        if (neg)
            r = ~r + {{(AW-1){1'b0}}, 1'b1};
        sign_o = bsign ^ neg;
        // specials and exact zeros (mmai_exact_sum_round): NaN, then Inf, then the zero rule
        nan  = cls_i[EX_NAN] || ccls == 2'd3;
        pinf = cls_i[EX_PINF] || (ccls == 2'd2 && !csign);
        ninf = cls_i[EX_NINF] || (ccls == 2'd2 && csign);
        zeros = {cls_i[EX_ZN], cls_i[EX_ZP]};
        if (ccls == 2'd0)
            zeros = zeros | (csign ? 2'd2 : 2'd1);
        if (cls_i[EX_NZ] || ccls == 2'd1)
            zeros = 2'd3;
        special_o = 1'b1;
        if (nan || (pinf && ninf))
            code_o = 32'h7FFF_FFFF;
        else if (pinf || ninf)
            code_o = {ninf, 31'h7F80_0000};
        else if (r == {AW{1'b0}})
            code_o = {(zeros == 2'd2) || (zeros != 2'd1 && mode_i == MMA_RND_RD), 31'd0};
        else begin
            code_o = 32'd0;
            special_o = 1'b0;
        end
        wexp = btop - (WW - 1);
    end
    // the rounder's input: the window, or its top RW bits after normalising (the rest jammed)
    generate if (RW >= AW) begin : g_whole
        always @* begin
            sig_o = r;                      // RW = AW here
            exp_o = wexp;
        end
    end else begin : g_cut
        integer k, top;
        reg [AW-1:0] rn;
        always @* begin
            top = 0;
            for (k = 0; k < AW; k = k + 1)
                if (r[k]) top = k;
            rn = r << (AW - 1 - top);
            sig_o = rn[AW-1 -: RW] | {{(RW-1){1'b0}}, |rn[AW-RW-1:0]};
            exp_o = wexp + top - (RW - 1);
        end
    end endgenerate
endmodule
