// GENERATED from hw/config/ampere.json and the ampere preset by hw/gen/gen_hw.py; do not edit
// Configuration "ampere": A100 (sm_80): f16, bf16 (8 products per step) and tf32 (4), F = 24
// Include inside a module after hw/rtl/gen/mma_fmt.vh and mma_mode.vh.
localparam CFG_ID = 2;
localparam CFG_TM = 2;
localparam CFG_TN = 2;
localparam CFG_W = 16;   // bytes of A (and of B) per DPU step
localparam CFG_NL = 16;
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
localparam CFG_F_MAIN = 24;
localparam CFG_F_GRP = 1;
localparam CFG_NMODES = 4;
localparam CFG_LANE_FMTS = 32'h0000001c;
// The mode table: one row per instruction of hw/config/ampere.json
function [126:0] cfg_mode;
  input [7:0] i;
  begin
    case (i)
      8'd0: cfg_mode = 127'h288108080001ef80981010000008463; // wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32
      8'd1: cfg_mode = 127'h288108080001fd80981010000018c63; // wmma.mma.sync.aligned.row.col.m16n16k16.f16.f16
      8'd2: cfg_mode = 127'h288108080001ef80981010000008484; // wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32
      8'd3: cfg_mode = 127'h270104040001ef80980808000008442; // wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32
      default: cfg_mode = 127'd0;
    endcase
  end
endfunction
