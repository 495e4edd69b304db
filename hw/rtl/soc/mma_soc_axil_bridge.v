// The accelerator slot's register window: one CPU access at a time turned into an AXI4-Lite
// transaction (32-bit data, the byte offset in the window as address). With present_i low nothing
// is driven on the AXI4-Lite port and the window answers itself: reads return 0 (so firmware that
// probes the ID register at offset 0 sees no accelerator) and writes are dropped.
module mma_soc_axil_bridge #(
    parameter AW = 12                // address bits of the window (4 KiB)
) (
    input  wire          clk_i,
    input  wire          rst_ni,
    input  wire          present_i,   // an AXI4-Lite slave is connected
    // CPU side: start_i is a one-cycle request; done_o rises once with rdata_o
    input  wire          start_i,
    input  wire [AW-1:0] addr_i,
    input  wire [3:0]    we_i,        // byte write enables (0: read)
    input  wire [31:0]   wdata_i,
    output reg           done_o,
    output reg  [31:0]   rdata_o,
    // AXI4-Lite master
    output reg  [AW-1:0] m_axil_awaddr_o,
    output wire [2:0]    m_axil_awprot_o,
    output reg           m_axil_awvalid_o,
    input  wire          m_axil_awready_i,
    output reg  [31:0]   m_axil_wdata_o,
    output reg  [3:0]    m_axil_wstrb_o,
    output reg           m_axil_wvalid_o,
    input  wire          m_axil_wready_i,
    input  wire [1:0]    m_axil_bresp_i,
    input  wire          m_axil_bvalid_i,
    output reg           m_axil_bready_o,
    output reg  [AW-1:0] m_axil_araddr_o,
    output wire [2:0]    m_axil_arprot_o,
    output reg           m_axil_arvalid_o,
    input  wire          m_axil_arready_i,
    input  wire [31:0]   m_axil_rdata_i,
    input  wire [1:0]    m_axil_rresp_i,
    input  wire          m_axil_rvalid_i,
    output reg           m_axil_rready_o
);
    assign m_axil_awprot_o = 3'b000;
    assign m_axil_arprot_o = 3'b000;

    always @(posedge clk_i) begin
        done_o <= 1'b0;
        if (!rst_ni) begin
            m_axil_awvalid_o <= 1'b0;
            m_axil_wvalid_o <= 1'b0;
            m_axil_bready_o <= 1'b0;
            m_axil_arvalid_o <= 1'b0;
            m_axil_rready_o <= 1'b0;
            rdata_o <= 32'd0;
        end else begin
            if (start_i && !present_i) begin
                done_o <= 1'b1;
                rdata_o <= 32'd0;
            end else if (start_i && we_i != 4'b0000) begin
                m_axil_awaddr_o <= addr_i;
                m_axil_awvalid_o <= 1'b1;
                m_axil_wdata_o <= wdata_i;
                m_axil_wstrb_o <= we_i;
                m_axil_wvalid_o <= 1'b1;
                m_axil_bready_o <= 1'b1;
            end else if (start_i) begin
                m_axil_araddr_o <= addr_i;
                m_axil_arvalid_o <= 1'b1;
                m_axil_rready_o <= 1'b1;
            end
            if (m_axil_awvalid_o && m_axil_awready_i) m_axil_awvalid_o <= 1'b0;
            if (m_axil_wvalid_o && m_axil_wready_i) m_axil_wvalid_o <= 1'b0;
            if (m_axil_bready_o && m_axil_bvalid_i) begin
                m_axil_bready_o <= 1'b0;
                done_o <= 1'b1;
            end
            if (m_axil_arvalid_o && m_axil_arready_i) m_axil_arvalid_o <= 1'b0;
            if (m_axil_rready_o && m_axil_rvalid_i) begin
                m_axil_rready_o <= 1'b0;
                rdata_o <= m_axil_rdata_i;
                done_o <= 1'b1;
            end
        end
    end
endmodule
