// NS16550A-compatible UART, transmit side: the registers at byte stride 1 as on QEMU virt
// (0 RBR/THR/DLL, 1 IER/DLM, 2 IIR/FCR, 3 LCR, 4 MCR, 5 LSR, 6 MSR, 7 SCR). A write to THR sends
// the byte: with DIV = 0 (simulation) it appears at once on tx_valid_o/tx_data_o and LSR.THRE is
// always 1; with DIV > 0 it is shifted out on tx_o as 8N1 at DIV clock cycles per bit and THRE/TEMT
// read 0 while that runs. No receiver: RBR reads 0 and LSR.DR is 0. The divisor latch, IER, LCR,
// MCR and SCR hold what is written (so a 16550 driver's setup works) but change nothing.
// Bus side: the SoC's 32-bit word bus; byte register r sits in byte lane r % 4 of word r / 4.
module mma_soc_uart #(
    parameter DIV = 0               // clock cycles per bit; 0 = no serializer (simulation)
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        sel_i,        // a bus access to the UART this cycle (one cycle per access)
    input  wire [2:0]  addr_i,       // byte address bits [2:0] of the word (bit 2 used)
    input  wire [3:0]  we_i,         // byte write enables (0: read)
    input  wire [31:0] wdata_i,
    output reg  [31:0] rdata_o,      // registered: valid the cycle after sel_i
    output reg         tx_valid_o,   // one cycle per byte written to THR
    output reg  [7:0]  tx_data_o,
    output wire        tx_o          // serial output (idle high)
);
    reg [7:0] ier_q, lcr_q, mcr_q, scr_q, dll_q, dlm_q;
    wire dlab = lcr_q[7];

    // serializer: start bit, 8 data bits LSB first, stop bit
    reg [9:0]  shift_q;
    reg [3:0]  bits_q;
    reg [15:0] cnt_q;
    wire busy = (DIV != 0) && (bits_q != 4'd0);
    assign tx_o = (DIV == 0) ? 1'b1 : shift_q[0];

    wire [7:0] lsr = {1'b0, !busy, !busy, 5'b00000};   // TEMT, THRE; DR = 0
    wire [7:0] iir = 8'h01;                              // no interrupt pending

    // the byte register at index {addr_i[2], lane}
    function [7:0] reg_read;
        input [2:0] idx;
        case (idx)
            3'd0: reg_read = dlab ? dll_q : 8'h00;
            3'd1: reg_read = dlab ? dlm_q : ier_q;
            3'd2: reg_read = iir;
            3'd3: reg_read = lcr_q;
            3'd4: reg_read = mcr_q;
            3'd5: reg_read = lsr;
            3'd6: reg_read = 8'h00;
            default: reg_read = scr_q;
        endcase
    endfunction

    integer lane;
    always @(posedge clk_i) begin
        tx_valid_o <= 1'b0;
        if (!rst_ni) begin
            ier_q <= 8'h00; lcr_q <= 8'h03; mcr_q <= 8'h00; scr_q <= 8'h00;
            dll_q <= 8'h01; dlm_q <= 8'h00;
            shift_q <= 10'h3FF; bits_q <= 4'd0; cnt_q <= 16'd0;
            rdata_o <= 32'd0;
        end else begin
            if (busy) begin
                if (cnt_q == 16'd0) begin
                    cnt_q <= DIV - 1;
                    shift_q <= {1'b1, shift_q[9:1]};
                    bits_q <= bits_q - 4'd1;
                end else begin
                    cnt_q <= cnt_q - 16'd1;
                end
            end
            if (sel_i) begin
                rdata_o <= {reg_read({addr_i[2], 2'd3}), reg_read({addr_i[2], 2'd2}),
                            reg_read({addr_i[2], 2'd1}), reg_read({addr_i[2], 2'd0})};
                for (lane = 0; lane < 4; lane = lane + 1) begin
                    if (we_i[lane]) begin
                        case ({addr_i[2], lane[1:0]})
                            3'd0: if (dlab) dll_q <= wdata_i[lane * 8 +: 8];
                                  else if (!busy) begin
                                      tx_valid_o <= 1'b1;
                                      tx_data_o <= wdata_i[lane * 8 +: 8];
                                      if (DIV != 0) begin
                                          shift_q <= {1'b1, wdata_i[lane * 8 +: 8], 1'b0};
                                          bits_q <= 4'd10;
                                          cnt_q <= DIV - 1;
                                      end
                                  end
                            3'd1: if (dlab) dlm_q <= wdata_i[lane * 8 +: 8];
                                  else ier_q <= wdata_i[lane * 8 +: 8];
                            3'd3: lcr_q <= wdata_i[lane * 8 +: 8];
                            3'd4: mcr_q <= wdata_i[lane * 8 +: 8];
                            3'd7: scr_q <= wdata_i[lane * 8 +: 8];
                            default: ;
                        endcase
                    end
                end
            end
        end
    end
endmodule
