// GENERATED from hw/config/volta.json and the volta preset by hw/gen/gen_hw.py; do not edit
// Configuration "volta": V100 (sm_70): f16 with the Volta preset (4 products per step, F = 23); the smallest configuration
// Include inside a module after hw/rtl/gen/mma_fmt.vh and mma_mode.vh.
localparam CFG_ID = 1;
localparam CFG_TM = 2;
localparam CFG_TN = 2;
localparam CFG_W = 8;   // bytes of A (and of B) per DPU step
localparam CFG_NL = 8;
localparam CFG_DPU_EXACT = 0;
localparam CFG_HAS_PACKED = 0;
localparam CFG_HAS_SPARSE = 0;
localparam CFG_HAS_SCALE = 0;
localparam CFG_SCALE_BYTES = 1;
localparam CFG_HAS_GROUP = 0;
localparam CFG_HAS_INT = 0;
localparam CFG_HAS_SEP = 0;
localparam CFG_HAS_PAIR = 0;
localparam CFG_HAS_F16 = 1;
localparam CFG_F_MAIN = 23;
localparam CFG_F_GRP = 1;
localparam CFG_NMODES = 2;
localparam CFG_LANE_FMTS = 32'h00000008;
// The mode table: one row per instruction of hw/config/volta.json
function [126:0] cfg_mode;
  input [7:0] i;
  begin
    case (i)
      8'd0: cfg_mode = 127'h4882040400020000970810000008463; // wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32
      8'd1: cfg_mode = 127'h488204040001fda0970810000018c63; // wmma.mma.sync.aligned.row.col.m16n16k16.f16.f16
      default: cfg_mode = 127'd0;
    endcase
  end
endfunction
