// The micro accelerator's final stage (mma_micro), one shift a clock: D = the f32 rounding, to
// nearest even, of S * 2^LSB_W + C, with the NaN / Inf / exact-zero rules of the `exact` preset
// (NUMERICS 3: the exact sum of all products and C, one rounding; mma_exact_round is the same
// addition in one combinational step for the exact DPU array). A floating-point addition without
// loss, serialised so that it costs two shift registers and one adder instead of shifters and
// leading-one detectors. Both operands get a window of SW + 4 bits: S in two's complement (negated
// one bit a clock when negative) shifted left until its leading one is at bit WW - 1 (three bits
// below S stay free, the top bit takes a carry), C's significand with its leading one there too.
// The window with the lower weight is shifted right one bit a clock, every bit that leaves ORed
// into its LSB (the sticky "jam"), until both weigh the same; one addition or subtraction; a
// negation when C was the larger; a right shift after a carry or left shifts after a cancellation;
// one rounding of the 24 bits below the top. The result is never subnormal (a non-zero S is at
// least 2^LSB_W, and a cancellation against C leaves at least C's LSB, 2^(LSB_W - 24) or more), and
// S = 0 returns C itself. At most about 4 x (SW + 4) + 330 clocks from start_i to done_o (the
// alignment walks the exponent difference, which C can make about 300).
module mma_micro_round #(
    parameter SW = 48,                        // bits of S (mma_micro_acc)
    parameter signed [10:0] LSB_W = -18       // weight of S's LSB
) (
    input  wire          clk_i,
    input  wire          rst_ni,              // synchronous, active low
    input  wire          start_i,             // one clock: round s_i + c_i (both held until done_o)
    input  wire [SW-1:0] s_i,                 // the products' exact sum (two's complement)
    input  wire          nan_i,               // a NaN product (mma_micro_acc)
    input  wire          nz_i,                // a finite non-zero product
    input  wire [1:0]    zeros_i,             // zero products' signs: bit 0 +0, bit 1 -0
    input  wire [31:0]   c_i,                 // C, an f32 code
    output wire          busy_o,
    output reg           done_o,              // one clock, d_o valid from then until the next start_i
    output reg  [31:0]   d_o
);
`include "mma_fmt.vh"
    localparam WW = SW + 3;                   // S's bits and three below them; the window has a carry bit more
    localparam WX = WW + 1;
    localparam CW = $clog2(WX + 1);           // bits of the negation's counter
    localparam [2:0] IDLE = 3'd0, NEG = 3'd1, NORM = 3'd2, ALIGN = 3'd3, ADD = 3'd4, ROUND = 3'd5;
    reg [2:0] st;
    reg [WX-1:0] x, y;                        // S's window (then the sum's), C's window
    reg signed [10:0] xe, ye;                 // weights of their LSBs
    reg xs, ys, yz;                           // signs; C is zero (nothing to add)
    reg added;                                // the addition is done: NORM leads to ROUND
    reg seen;                                 // NEG: a one has passed (invert the bits after it)
    reg [CW-1:0] cnt;
    assign busy_o = st != IDLE;

    // C, by the decode stage's rule for f32 (NUMERICS 1): class, sign, significand, LSB weight
    wire [7:0]  cf = c_i[30:23];
    wire        csign = c_i[31];
    wire        cnan = cf == 8'hFF && c_i[22:0] != 23'd0;
    wire        cinf = cf == 8'hFF && c_i[22:0] == 23'd0;
    wire        czero = cf == 8'h00 && c_i[22:0] == 23'd0;
    wire [23:0] csig = {cf != 8'h00, c_i[22:0]};
    wire signed [10:0] cexp = (cf == 8'h00 ? 11'sd1 : $signed({3'b000, cf})) - 11'sd150;
    wire        szero = s_i == {SW{1'b0}};
    // the zero rule (round to nearest): -0 only when every term is a zero and all of them are -0
    wire [1:0]  zall = zeros_i | (csign ? 2'b10 : 2'b01);
    wire        zneg = !nz_i && zall == 2'b10;

    wire signed [11:0] diff = $signed({xe[10], xe}) - $signed({ye[10], ye});
    wire        sub = xs ^ ys;
    wire [WX-1:0] sum = x + (y ^ {WX{sub}}) + {{(WX-1){1'b0}}, sub};
    // rounding: the 24 bits from the leading one (bit WW - 1), the guard bit below, the rest sticky
    wire [23:0] sig = x[WW-1 -: 24];
    wire        up = x[WW-25] && ((|x[WW-26:0]) || sig[0]);
    wire [24:0] sig_r = {1'b0, sig} + {24'd0, up};
    wire signed [10:0] be = xe + (WW - 1) + 127 + (sig_r[24] ? 11'sd1 : 11'sd0);   // biased exponent
    wire [WX-1:0] x_right = {st == NEG && (seen ? ~x[0] : x[0]), x[WX-1:2], x[1] | (x[0] && st != NEG)};

    always @(posedge clk_i) begin
        done_o <= 1'b0;
        if (!rst_ni) begin
            st <= IDLE;
            d_o <= 32'd0;
        end else begin
            case (st)
            IDLE: if (start_i) begin
                if (nan_i || cnan) begin                              // NaN, then Inf
                    d_o <= MMA_FMT_CANONICAL_NAN_TAB[MMA_FMT_F32*32 +: 32];
                    done_o <= 1'b1;
                end else if (cinf) begin
                    d_o <= {csign, 31'h7F80_0000};
                    done_o <= 1'b1;
                end else if (szero) begin                            // C + 0 = C, or the zero rule
                    d_o <= czero ? {zneg, 31'd0} : c_i;
                    done_o <= 1'b1;
                end else begin
                    x  <= {s_i[SW-1], s_i, 3'b000};                   // two's complement, sign-extended
                    xe <= LSB_W - 11'sd3;
                    xs <= s_i[SW-1];
                    y  <= {1'b0, csig, {(WX-25){1'b0}}};
                    ye <= cexp - (WW - 24);
                    ys <= csign;
                    yz <= czero;
                    added <= 1'b0;
                    cnt <= {CW{1'b0}};
                    seen <= 1'b0;
                    st <= s_i[SW-1] ? NEG : NORM;
                end
            end
            NEG: begin                                                // x = -x, LSB first, rotating
                x    <= x_right;
                seen <= seen | x[0];
                cnt  <= cnt + 1'b1;
                if (cnt == WX - 1)
                    st <= NORM;
            end
            NORM: if (x[WX-1]) begin                                  // a carry: one bit right, jammed
                    x  <= x_right;
                    xe <= xe + 11'sd1;
                end else if (x[WW-1])                                 // the leading one in place
                    st <= added || yz ? ROUND : ALIGN;
                else begin
                    x  <= x << 1;
                    xe <= xe - 11'sd1;
                end
            ALIGN: if (diff == 12'sd0)
                    st <= ADD;
                else if (diff > 12'sd0) begin                         // C's window is lower: shift it
                    y  <= {1'b0, y[WX-1:2], y[1] | y[0]};
                    ye <= ye + 11'sd1;
                end else begin                                        // S's window is lower
                    x  <= x_right;
                    xe <= xe + 11'sd1;
                end
            ADD: begin
                added <= 1'b1;
                cnt <= {CW{1'b0}};
                seen <= 1'b0;
                if (sum == {WX{1'b0}}) begin                          // exact cancellation: +0
                    d_o <= 32'd0;
                    done_o <= 1'b1;
                    st <= IDLE;
                end else begin
                    x <= sum;
                    if (sub && sum[WX-1]) begin                       // C was the larger: negate
                        xs <= ys;
                        st <= NEG;
                    end else
                        st <= NORM;
                end
            end
            ROUND: begin
                if (be >= 11'sd255)
                    d_o <= {xs, 31'h7F80_0000};                       // overflow: Inf
                else
                    d_o <= {xs, be[7:0], sig_r[24] ? 23'd0 : sig_r[22:0]};
                done_o <= 1'b1;
                st <= IDLE;
            end
            default: st <= IDLE;
            endcase
        end
    end
endmodule
