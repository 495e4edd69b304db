// Separate-C add stage (NUMERICS 3 step 9, "separate" C), the twin of the C function mma_ieee_add:
// one IEEE addition of two f32 or f16 codes rounded once in mode. NaN -> canonical NaN,
// Inf - Inf -> NaN, Inf -> Inf; an exact zero sum is +0 (-0 in RDN) unless both are -0. The
// smaller operand is aligned with three extra bits and its lost bits jammed into the last one,
// which rounds every mode correctly. Combinational.
module mma_ieee_add (
    input  wire [4:0]   fmt_i,        // MMA_FMT_F32 or MMA_FMT_F16
    input  wire [2:0]   mode_i,
    input  wire [31:0]  a_i,
    input  wire [31:0]  b_i,
    output reg  [31:0]  code_o
);
`include "mma_fmt.vh"
    localparam [31:0] ACC_FMTS = (32'd1 << 1) | (32'd1 << 3);   // f32, f16
    wire [1:0] ca, cb;
    wire sa, sb, bada, badb;
    wire signed [11:0] ea, eb;
    wire [23:0] ma, mb;
    mma_decode #(.SIG_W(24), .FMT_MASK(ACC_FMTS)) u_da (
        .fmt_i(fmt_i), .code_i(a_i), .cls_o(ca), .sign_o(sa), .exp_o(ea), .sig_o(ma), .bad_o(bada));
    mma_decode #(.SIG_W(24), .FMT_MASK(ACC_FMTS)) u_db (
        .fmt_i(fmt_i), .code_i(b_i), .cls_o(cb), .sign_o(sb), .exp_o(eb), .sig_o(mb), .bad_o(badb));

    wire f16 = fmt_i == MMA_FMT_F16;
    // X: the operand with the larger LSB weight (a zero counts as smallest)
    wire swap = (ca == 2'd0) || (cb == 2'd1 && ca == 2'd1 && eb > ea);
    wire        sx = swap ? sb : sa,  sy = swap ? sa : sb;
    wire [23:0] mx = swap ? mb : ma,  my = swap ? ma : mb;
    wire signed [11:0] ex = swap ? eb : ea, ey = swap ? ea : eb;
    wire [1:0]  cy = swap ? ca : cb;
    reg [27:0] xs, ys, r;
    reg [26:0] ylow;
    reg signed [12:0] d;
    reg rsign;
    wire [31:0] enc;
    wire enc_bad;
    wire [13:0] enc_top;
    mma_encode #(.SIGW(28)) u_enc (.clk_i(1'b0), .en_i(1'b1), .fmt_i(fmt_i), .mode_i(mode_i), .sat_i(1'b0), .sign_i(rsign), .sig_i(r),
                                   .exp_i($signed({{2{ex[11]}}, ex}) - 14'sd3), .code_o(enc), .bad_o(enc_bad), .top_o(enc_top));
    always @* begin
        ylow = 27'd0;
        xs = {1'b0, mx, 3'b000};
        d = ex - ey;
        ys = 28'd0;
        if (cy == 2'd1) begin
            if (d >= 27) begin
                ys = 28'd1;                                        // only a sticky bit is left of y
            end else begin
                ys = {1'b0, my, 3'b000} >> d;
                ylow = {my, 3'b000} & ((27'd1 << d) - 27'd1);
                if (ylow != 0) ys = ys | 28'd1;                    // jam the lost bits
            end
        end
        if (sx == sy) begin
            r = xs + ys;
            rsign = sx;
        end else if (xs >= ys) begin
            r = xs - ys;
            rsign = sx;
        end else begin
            r = ys - xs;
            rsign = sy;
        end
    end
    always @* begin
        if (ca == 2'd3 || cb == 2'd3 || (ca == 2'd2 && cb == 2'd2 && sa != sb))
            code_o = f16 ? 32'h0000_7FFF : 32'h7FFF_FFFF;
        else if (ca == 2'd2 || cb == 2'd2)
            code_o = (ca == 2'd2 ? sa : sb) ? (f16 ? 32'h0000_FC00 : 32'hFF80_0000)
                                            : (f16 ? 32'h0000_7C00 : 32'h7F80_0000);
        else if (ca == 2'd0 && cb == 2'd0)
            code_o = ((sa & sb) | ((sa | sb) & (mode_i == 3'd2))) ? (f16 ? 32'h0000_8000 : 32'h8000_0000) : 32'd0;
        else if (r == 0)
            code_o = mode_i == 3'd2 ? (f16 ? 32'h0000_8000 : 32'h8000_0000) : 32'd0;  // exact cancellation
        else
            code_o = enc;
    end
    wire unused = bada ^ badb ^ enc_bad ^ (|enc_top);
endmodule
