// iCEBreaker (iCE40UP5K-SG48) top: the mmacore SoC (hw/rtl/soc, mma_soc_bare) with the micro
// accelerator in its slot (hw/rtl/micro, the exact e4m3 dot product the CPU feeds through registers;
// no configuration of the DPU array fits the UP5K, board/README.md), or with the slot empty
// (ACCEL_MICRO = 0: the window reads 0). PicoRV32 without its rdcycle / rdinstret
// counters (COUNTERS = 0: the firmware's timer is the CLINT's mtime), which makes room for the micro.
// 12 MHz clock straight from the board, 8 KiB of block RAM holding the firmware (RAM_INIT, built by
// build.sh from micro_8k.elf, hello_8k.elf or soctest_8k.elf), UART TX at 115200 8N1 on the FTDI's
// second channel, LEDs: green = firmware passed (exit 0), red = failed or trapped.
module mma_icebreaker_top #(
    parameter RAM_INIT = "firmware.hex",
    parameter CPU_VEXRISCV = 0,        // the SoC's CPU: 0 PicoRV32, 1 VexRiscv (build.sh --cpu vexriscv)
    parameter ACCEL_MICRO = 1,         // 1: the micro accelerator in the slot; 0: slot empty
    parameter KMAX_LOG2 = 8            // the micro's most products a dot product: 2^KMAX_LOG2
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
        .COUNTERS(0),            // no rdcycle / rdinstret: the firmware's timer is mtime
        .CPU_VEXRISCV(CPU_VEXRISCV),
        .MICRO(ACCEL_MICRO),
        .KMAX_LOG2(KMAX_LOG2)
    ) u_soc (
        .clk_i(clk), .rst_ni(rst_n),
        .trap_o(trap), .exit_valid_o(exit_valid), .exit_code_o(exit_code), .uart_tx_o(ser_tx)
    );

    assign ledg_n = !(exit_valid && exit_code == 16'd0);
    assign ledr_n = !(trap || (exit_valid && exit_code != 16'd0));
    wire unused = ser_rx;
endmodule
