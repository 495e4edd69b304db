// AXI4 slave in front of the RAM's wide port B: the accelerator DMA's way into system memory.
// One outstanding burst per direction; INCR, FIXED and WRAP bursts of 1..256 beats of any size up
// to DATA_W bits (narrow beats select their bytes with WSTRB, as AXI defines); byte strobes. A read
// and a write burst proceed together, sharing port B beat by beat (round robin when both want it),
// so each direction moves one beat per cycle when it has the port. RDATA comes from the RAM's output
// register, which holds while RREADY is low (no skid buffer needed). Beats outside the RAM
// (BASE .. BASE + BYTES - 1) are not performed and answered with DECERR.
module mma_soc_axi_ram #(
    parameter BASE = 32'h8000_0000,
    parameter BYTES = 262144,
    parameter DATA_W = 256,
    parameter ID_W = 4,
    // derived: do not override
    parameter NB = DATA_W / 8,
    parameter ROWS = BYTES / NB,
    parameter RW = $clog2(ROWS),
    parameter OFFW = $clog2(NB)
) (
    input  wire              clk_i,
    input  wire              rst_ni,
    // AXI4 slave: write address
    input  wire [ID_W-1:0]   s_axi_awid_i,
    input  wire [31:0]       s_axi_awaddr_i,
    input  wire [7:0]        s_axi_awlen_i,
    input  wire [2:0]        s_axi_awsize_i,
    input  wire [1:0]        s_axi_awburst_i,
    input  wire              s_axi_awvalid_i,
    output wire              s_axi_awready_o,
    // write data
    input  wire [DATA_W-1:0] s_axi_wdata_i,
    input  wire [NB-1:0]     s_axi_wstrb_i,
    input  wire              s_axi_wlast_i,
    input  wire              s_axi_wvalid_i,
    output wire              s_axi_wready_o,
    // write response
    output reg  [ID_W-1:0]   s_axi_bid_o,
    output reg  [1:0]        s_axi_bresp_o,
    output reg               s_axi_bvalid_o,
    input  wire              s_axi_bready_i,
    // read address
    input  wire [ID_W-1:0]   s_axi_arid_i,
    input  wire [31:0]       s_axi_araddr_i,
    input  wire [7:0]        s_axi_arlen_i,
    input  wire [2:0]        s_axi_arsize_i,
    input  wire [1:0]        s_axi_arburst_i,
    input  wire              s_axi_arvalid_i,
    output wire              s_axi_arready_o,
    // read data
    output reg  [ID_W-1:0]   s_axi_rid_o,
    output wire [DATA_W-1:0] s_axi_rdata_o,
    output reg  [1:0]        s_axi_rresp_o,
    output reg               s_axi_rlast_o,
    output reg               s_axi_rvalid_o,
    input  wire              s_axi_rready_i,
    // RAM port B
    output wire              ram_en_o,
    output wire [NB-1:0]     ram_we_o,
    output wire [RW-1:0]     ram_row_o,
    output wire [DATA_W-1:0] ram_wdata_o,
    input  wire [DATA_W-1:0] ram_rdata_i
);
    localparam [1:0] RESP_OKAY = 2'b00, RESP_DECERR = 2'b11;
    localparam [1:0] BURST_FIXED = 2'b00, BURST_WRAP = 2'b10;

    // Address of the beat after `addr` in a burst (AXI4 A3.4.1).
    function [31:0] next_addr;
        input [31:0] addr;
        input [2:0]  size;
        input [1:0]  burst;
        input [7:0]  len;
        reg [31:0] step, aligned, wrap_mask;
        begin
            step = 32'd1 << size;
            aligned = addr & ~(step - 32'd1);
            wrap_mask = (({24'd0, len} + 32'd1) << size) - 32'd1;
            if (burst == BURST_FIXED)
                next_addr = addr;
            else if (burst == BURST_WRAP)
                next_addr = (addr & ~wrap_mask) | ((aligned + step) & wrap_mask);
            else
                next_addr = aligned + step;
        end
    endfunction

    function in_ram;
        input [31:0] addr;
        in_ram = addr >= BASE && addr - BASE < BYTES;   // BYTES need not be a power of two
    endfunction

    function [RW-1:0] row_of;
        input [31:0] addr;
        row_of = addr[RW + OFFW - 1:OFFW];
    endfunction

    // ---------------------------------------------------------------- write channel
    reg          w_active_q;
    reg [31:0]   w_addr_q;
    reg [2:0]    w_size_q;
    reg [1:0]    w_burst_q;
    reg [7:0]    w_len_q;
    reg          w_err_q;

    // ---------------------------------------------------------------- read channel
    reg          r_active_q;
    reg [31:0]   r_addr_q;
    reg [2:0]    r_size_q;
    reg [1:0]    r_burst_q;
    reg [7:0]    r_len_q;
    reg [8:0]    r_left_q;      // beats still to read from the RAM

    // ---------------------------------------------------------------- port B arbitration
    reg          prio_r_q;      // 1: a read beat wins the next conflict
    wire w_want = w_active_q && s_axi_wvalid_i;
    wire r_want = r_active_q && (r_left_q != 9'd0) && (!s_axi_rvalid_o || s_axi_rready_i);
    wire w_go = w_want && !(r_want && prio_r_q);
    wire r_go = r_want && !w_go;

    assign s_axi_awready_o = !w_active_q && !s_axi_bvalid_o;
    assign s_axi_wready_o = w_active_q && !(r_want && prio_r_q);
    assign s_axi_arready_o = !r_active_q;

    wire w_ok = in_ram(w_addr_q);
    // a write beat with no strobe bit set touches nothing (the RAM would take it for a read and
    // overwrite the held read data)
    assign ram_en_o = (w_go && w_ok && (s_axi_wstrb_i != {NB{1'b0}})) || r_go;
    assign ram_we_o = w_go ? s_axi_wstrb_i : {NB{1'b0}};
    assign ram_row_o = w_go ? row_of(w_addr_q) : row_of(r_addr_q);
    assign ram_wdata_o = s_axi_wdata_i;
    assign s_axi_rdata_o = ram_rdata_i;

    always @(posedge clk_i) begin
        if (!rst_ni) begin
            w_active_q <= 1'b0;
            r_active_q <= 1'b0;
            s_axi_bvalid_o <= 1'b0;
            s_axi_rvalid_o <= 1'b0;
            s_axi_rlast_o <= 1'b0;
            prio_r_q <= 1'b0;
            r_left_q <= 9'd0;
        end else begin
            if (w_want && r_want) prio_r_q <= !prio_r_q;

            // write address accepted
            if (s_axi_awvalid_i && s_axi_awready_o) begin
                w_active_q <= 1'b1;
                w_addr_q <= s_axi_awaddr_i;
                w_size_q <= s_axi_awsize_i;
                w_burst_q <= s_axi_awburst_i;
                w_len_q <= s_axi_awlen_i;
                w_err_q <= 1'b0;
                s_axi_bid_o <= s_axi_awid_i;
            end
            // write beat
            if (w_go) begin
                w_addr_q <= next_addr(w_addr_q, w_size_q, w_burst_q, w_len_q);
                if (!w_ok) w_err_q <= 1'b1;
                if (s_axi_wlast_i) begin
                    w_active_q <= 1'b0;
                    s_axi_bvalid_o <= 1'b1;
                    s_axi_bresp_o <= (w_err_q || !w_ok) ? RESP_DECERR : RESP_OKAY;
                end
            end
            if (s_axi_bvalid_o && s_axi_bready_i) s_axi_bvalid_o <= 1'b0;

            // read address accepted
            if (s_axi_arvalid_i && s_axi_arready_o) begin
                r_active_q <= 1'b1;
                r_addr_q <= s_axi_araddr_i;
                r_size_q <= s_axi_arsize_i;
                r_burst_q <= s_axi_arburst_i;
                r_len_q <= s_axi_arlen_i;
                r_left_q <= {1'b0, s_axi_arlen_i} + 9'd1;
                s_axi_rid_o <= s_axi_arid_i;
            end
            // read beat: the RAM output register takes the row; RVALID with it
            if (r_go) begin
                r_addr_q <= next_addr(r_addr_q, r_size_q, r_burst_q, r_len_q);
                r_left_q <= r_left_q - 9'd1;
                s_axi_rvalid_o <= 1'b1;
                s_axi_rlast_o <= (r_left_q == 9'd1);
                s_axi_rresp_o <= in_ram(r_addr_q) ? RESP_OKAY : RESP_DECERR;
            end else if (s_axi_rvalid_o && s_axi_rready_i) begin
                s_axi_rvalid_o <= 1'b0;
            end
            if (s_axi_rvalid_o && s_axi_rready_i && s_axi_rlast_o) r_active_q <= 1'b0;
        end
    end
endmodule
