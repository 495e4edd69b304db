// On-chip RAM of the SoC: one array of DATA_W-bit rows with two synchronous ports and byte write
// enables. Port A is the CPU's (32 bits: a lane of a row), port B the accelerator DMA's (a whole
// row). A port reads only when it does not write, so a held read result survives the other
// traffic; when both ports write the same byte in one cycle, port B wins (FPGA block RAMs leave
// that collision undefined: software must not touch a buffer while the DMA writes it).
// INIT_FILE (optional) is read with $readmemh at time 0 (one DATA_W-bit row per line); the
// simulation harness (sim/soc) loads ELF images through the array directly (it is marked public).
module mma_soc_ram #(
    parameter BYTES = 262144,       // size in bytes, a multiple of DATA_W / 8 (not necessarily a power of two)
    parameter DATA_W = 256,         // row width = port B width (32, 64, ... 1024)
    parameter INIT_FILE = "",
    // derived: do not override
    parameter NB = DATA_W / 8,                  // bytes per row
    parameter LANES = DATA_W / 32,              // 32-bit lanes per row
    parameter ROWS = BYTES / NB,
    parameter RW = $clog2(ROWS),                // row address bits
    parameter LW = (LANES > 1) ? $clog2(LANES) : 1,
    parameter AW = (LANES > 1) ? RW + LW : RW   // port A's word index bits: {row, lane}, or the row
) (
    input  wire              clk_i,
    // port A: CPU, one 32-bit lane
    input  wire              a_en_i,
    input  wire [3:0]        a_we_i,          // byte write enables (0: read)
    input  wire [AW-1:0]     a_word_i,        // 32-bit word index ({row, lane}; the row for 32-bit rows)
    input  wire [31:0]       a_wdata_i,
    output wire [31:0]       a_rdata_o,
    // port B: DMA, one row
    input  wire              b_en_i,
    input  wire [NB-1:0]     b_we_i,          // byte write enables (0: read)
    input  wire [RW-1:0]     b_row_i,
    input  wire [DATA_W-1:0] b_wdata_i,
    output reg  [DATA_W-1:0] b_rdata_o
);
    // no_rw_check: a read of a row the other port writes in the same cycle is undefined (as in an
    // FPGA block RAM; see above) - without it yosys keeps the RAM out of block RAM
    (* no_rw_check *) reg [DATA_W-1:0] mem [0:ROWS-1] /* verilator public */;

    wire [RW-1:0] a_row = a_word_i[AW-1:AW-RW];   // the top RW bits: {row, lane}, or the row alone
    wire [LW-1:0] a_lane = (LANES > 1) ? a_word_i[LW-1:0] : {LW{1'b0}};
    // Port A's write, spread over the row: its 4 enables at its lane, its data in every lane.
    wire [NB-1:0]     a_be = {{(NB - 4){1'b0}}, a_we_i} << (a_lane * 4);
    wire [DATA_W-1:0] a_wd = {LANES{a_wdata_i}};

    reg [DATA_W-1:0] a_row_q;
    reg [LW-1:0]     a_lane_q;
    assign a_rdata_o = a_row_q[a_lane_q * 32 +: 32];

    // One process per port, the form FPGA tools map to a true dual-port block RAM (two write
    // ports in one process would be ordered, which no block RAM implements)
    integer i, j;
    always @(posedge clk_i) begin
        if (a_en_i) begin
            for (i = 0; i < NB; i = i + 1)
                if (a_be[i]) mem[a_row][i * 8 +: 8] <= a_wd[i * 8 +: 8];
            if (a_we_i == 4'b0000) begin
                a_row_q <= mem[a_row];
                a_lane_q <= a_lane;
            end
        end
    end
    always @(posedge clk_i) begin
        if (b_en_i) begin
            for (j = 0; j < NB; j = j + 1)
                if (b_we_i[j]) mem[b_row_i][j * 8 +: 8] <= b_wdata_i[j * 8 +: 8];
            if (b_we_i == {NB{1'b0}})
                b_rdata_o <= mem[b_row_i];
        end
    end

    initial begin
        if (INIT_FILE != "") $readmemh(INIT_FILE, mem);
    end
endmodule
