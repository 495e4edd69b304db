// Block scale stage (NUMERICS 6), the twin of the C function mma_block_scale: the two scale codes
// of a block (one of A's row, one of B's column; ue8m0 or ue4m3) -> the factor they apply to every
// product of the block: nan, zero, sig = sig_a * sig_b, exp = the weight of sig's LSB, e_shift =
// floor(log2 scale_a) + floor(log2 scale_b) (what a scaled product's term exponent moves by).
// A zero scale gives sig 1, exp 0, e_shift 0. Combinational; en_i 0 holds every output at zero
// (operand isolation: the logic does not switch while the result is not used).
module mma_block_scale (
    input  wire                en_i,       // 0: outputs zero, nothing evaluated
    input  wire [4:0]          stype_i,    // MMA_FMT_UE8M0 or MMA_FMT_UE4M3
    input  wire [7:0]          sa_i,
    input  wire [7:0]          sb_i,
    output reg                 nan_o,
    output reg                 zero_o,
    output reg  [7:0]          sig_o,
    output reg  signed [11:0]  exp_o,
    output reg  signed [11:0]  e_shift_o,
    output reg                 bad_o       // stype is not a scale format
);
`include "mma_fmt.vh"
`include "mma_decode_fn.vh"
    localparam [31:0] SCALE_FMTS = (32'd1 << 10) | (32'd1 << 11);  // ue8m0, ue4m3
    reg [39:0] da, db;                  // the two scale codes decoded (mma_decode_set_fn)
    reg [1:0] ca, cb;
    reg signed [11:0] ea, eb, la, lb;
    reg [3:0] ma, mb;
    reg live;
    always @* begin
        da = 40'd0; db = 40'd0; ca = 2'd0; cb = 2'd0; ea = 12'sd0; eb = 12'sd0;
        la = 12'sd0; lb = 12'sd0; ma = 4'd0; mb = 4'd0; live = 1'b0;
        nan_o = 1'b0; zero_o = 1'b0; sig_o = 8'd0; exp_o = 12'sd0; e_shift_o = 12'sd0; bad_o = 1'b0;
        if (en_i) begin
            da = mma_decode_set_fn(SCALE_FMTS, stype_i, {24'd0, sa_i});
            db = mma_decode_set_fn(SCALE_FMTS, stype_i, {24'd0, sb_i});
            ca = da[38:37]; ea = da[35:24]; ma = da[3:0];
            cb = db[38:37]; eb = db[35:24]; mb = db[3:0];
            // floor(log2) of the 4-bit significands
            la = ma[3] ? 12'sd3 : ma[2] ? 12'sd2 : ma[1] ? 12'sd1 : 12'sd0;
            lb = mb[3] ? 12'sd3 : mb[2] ? 12'sd2 : mb[1] ? 12'sd1 : 12'sd0;
            nan_o = ca == 2'd3 || cb == 2'd3;
            zero_o = !nan_o && (ca == 2'd0 || cb == 2'd0);
            live = !nan_o && !zero_o;
            sig_o = live ? ma * mb : 8'd1;
            exp_o = live ? ea + eb : 12'sd0;
            e_shift_o = live ? (ea + la) + (eb + lb) : 12'sd0;
            bad_o = da[39] | db[39];
        end
    end
endmodule
