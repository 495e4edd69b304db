// iCEBreaker (iCE40UP5K-SG48) top: the mmacore SoC (hw/rtl/soc) with its accelerator slot empty
// (mma_soc_bare: the slot reads 0, the DMA port is tied off): no accelerator configuration fits the
// UP5K (board/README.md). 12 MHz clock straight from the board, 8 KiB of block RAM holding the
// firmware (RAM_INIT, built from hello_8k.elf by build.sh), UART TX at 115200 8N1 on the FTDI's
// second channel, LEDs: green = firmware passed (exit 0), red = failed or trapped.
module mma_icebreaker_top #(
    parameter RAM_INIT = "firmware.hex",
    parameter CPU_VEXRISCV = 0         // the SoC's CPU: 0 PicoRV32, 1 VexRiscv (build.sh --cpu vexriscv)
) (
    input  wire clk,        // 12 MHz
    input  wire ser_rx,
    output wire ser_tx,
    output wire ledr_n,
    output wire ledg_n
);
    // power-on reset: 16 cycles
    reg [4:0] por_q = 5'd0;
    wire rst_n = por_q[4];
    always @(posedge clk) if (!rst_n) por_q <= por_q + 5'd1;

    wire trap, exit_valid;
    wire [15:0] exit_code;

    mma_soc_bare #(
        .RAM_BYTES(8192),
        .RAM_INIT(RAM_INIT),
        .UART_DIV(104),          // 12 MHz / 115200
        .LOOKAHEAD(0),           // registered RAM access: the look-ahead path limits Fmax
        .FAST_MUL(1),            // SB_MAC16 DSPs
        .BARREL_SHIFTER(1),
        .CPU_VEXRISCV(CPU_VEXRISCV)
    ) u_soc (
        .clk_i(clk), .rst_ni(rst_n),
        .trap_o(trap), .exit_valid_o(exit_valid), .exit_code_o(exit_code), .uart_tx_o(ser_tx)
    );

    assign ledg_n = !(exit_valid && exit_code == 16'd0);
    assign ledr_n = !(trap || (exit_valid && exit_code != 16'd0));
    wire unused = ser_rx;
endmodule
