// Cycle timer, readable where QEMU virt's CLINT has mtime (0x0200BFF8 low word, 0x0200BFFC high
// word): a 64-bit counter of clock cycles since reset. mtimecmp (0x02004000) is storage only (no
// timer interrupt: the firmware polls). Every other word of the 64 KiB CLINT window reads 0.
module mma_soc_clint (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        sel_i,        // a bus access this cycle
    input  wire [15:0] addr_i,       // byte offset in the CLINT window
    input  wire [3:0]  we_i,
    input  wire [31:0] wdata_i,
    output reg  [31:0] rdata_o,      // registered: valid the cycle after sel_i
    output wire [63:0] mtime_o
);
    reg [63:0] mtime_q;
    reg [63:0] mtimecmp_q;
    assign mtime_o = mtime_q;

    integer b;
    always @(posedge clk_i) begin
        if (!rst_ni) begin
            mtime_q <= 64'd0;
            mtimecmp_q <= {64{1'b1}};
            rdata_o <= 32'd0;
        end else begin
            mtime_q <= mtime_q + 64'd1;
            if (sel_i) begin
                case (addr_i[15:2])
                    14'h2FFE: rdata_o <= mtime_q[31:0];     // 0xBFF8
                    14'h2FFF: rdata_o <= mtime_q[63:32];    // 0xBFFC
                    14'h1000: rdata_o <= mtimecmp_q[31:0];  // 0x4000
                    14'h1001: rdata_o <= mtimecmp_q[63:32]; // 0x4004
                    default:  rdata_o <= 32'd0;
                endcase
                for (b = 0; b < 4; b = b + 1) begin
                    if (we_i[b] && addr_i[15:2] == 14'h1000) mtimecmp_q[b * 8 +: 8] <= wdata_i[b * 8 +: 8];
                    if (we_i[b] && addr_i[15:2] == 14'h1001) mtimecmp_q[32 + b * 8 +: 8] <= wdata_i[b * 8 +: 8];
                end
            end
        end
    end
endmodule
