// GENERATED from hw/regs/mma_micro.rdl by hw/gen/gen_regs.py; do not edit
// The micro accelerator's register map for mma_micro.v: offsets in the 4 KiB window,
// field positions, and the values of the constant (hw = na) fields.
localparam [11:0] MICRO_ID = 12'h000;
localparam MICRO_ID_VALUE_LSB = 0, MICRO_ID_VALUE_W = 32;
localparam [31:0] MICRO_ID_VALUE_VALUE = 32'h4D4D4155;
localparam [11:0] MICRO_VERSION = 12'h004;
localparam MICRO_VERSION_VALUE_LSB = 0, MICRO_VERSION_VALUE_W = 32;
localparam [31:0] MICRO_VERSION_VALUE_VALUE = 32'h100;
localparam [11:0] MICRO_CAPS = 12'h008;
localparam MICRO_CAPS_AB_FMT_LSB = 0, MICRO_CAPS_AB_FMT_W = 8;
localparam MICRO_CAPS_CD_FMT_LSB = 8, MICRO_CAPS_CD_FMT_W = 8;
localparam MICRO_CAPS_KMAX_LOG2_LSB = 16, MICRO_CAPS_KMAX_LOG2_W = 8;
localparam [11:0] MICRO_C = 12'h010;
localparam MICRO_C_VALUE_LSB = 0, MICRO_C_VALUE_W = 32;
localparam [11:0] MICRO_AB = 12'h014;
localparam MICRO_AB_A0_LSB = 0, MICRO_AB_A0_W = 8;
localparam MICRO_AB_B0_LSB = 8, MICRO_AB_B0_W = 8;
localparam MICRO_AB_A1_LSB = 16, MICRO_AB_A1_W = 8;
localparam MICRO_AB_B1_LSB = 24, MICRO_AB_B1_W = 8;
localparam [11:0] MICRO_AB1 = 12'h018;
localparam MICRO_AB1_A0_LSB = 0, MICRO_AB1_A0_W = 8;
localparam MICRO_AB1_B0_LSB = 8, MICRO_AB1_B0_W = 8;
localparam [11:0] MICRO_D = 12'h01C;
localparam MICRO_D_VALUE_LSB = 0, MICRO_D_VALUE_W = 32;
localparam [11:0] MICRO_STATUS = 12'h020;
localparam MICRO_STATUS_BUSY_LSB = 0, MICRO_STATUS_BUSY_W = 1;
localparam MICRO_STATUS_ERR_LSB = 8, MICRO_STATUS_ERR_W = 4;
localparam [3:0] MICRO_STATUS_ERR_NONE = 4'd0;
localparam [3:0] MICRO_STATUS_ERR_K = 4'd1;
localparam [3:0] MICRO_STATUS_ERR_STRB = 4'd2;
localparam [3:0] MICRO_STATUS_ERR_ADDR = 4'd3;
localparam MICRO_STATUS_COUNT_LSB = 16, MICRO_STATUS_COUNT_W = 16;
