// GENERATED from hw/config/ada.json and the ada preset by hw/gen/gen_hw.py; do not edit
// Configuration "ada": Ada / L40S (sm_89): the Ampere datapaths plus FP8 with 16 products per step, F = 13 and e8m13 step results
// Include inside a module after hw/rtl/gen/mma_fmt.vh and mma_mode.vh.
localparam CFG_ID = 3;
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
localparam CFG_NMODES = 12;
localparam CFG_LANE_FMTS = 32'h0000007c;
// The mode table: one row per instruction of hw/config/ada.json
function [126:0] cfg_mode;
  input [7:0] i;
  begin
    case (i)
      8'd0: cfg_mode = 127'h288108080001ef80981010000008463; // wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32
      8'd1: cfg_mode = 127'h288108080001fd80981010000018c63; // wmma.mma.sync.aligned.row.col.m16n16k16.f16.f16
      8'd2: cfg_mode = 127'h288108080001ef80981010000008484; // wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32
      8'd3: cfg_mode = 127'h270104040001ef80980808000008442; // wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32
      8'd4: cfg_mode = 127'h2a4110100001ef80cd20200000084c6; // mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32
      8'd5: cfg_mode = 127'h2a4110100001ef80cd20200000084a6; // mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32
      8'd6: cfg_mode = 127'h2a4110100001ef80cd20200000084c5; // mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32
      8'd7: cfg_mode = 127'h2a4110100001ef80cd20200000084a5; // mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32
      8'd8: cfg_mode = 127'h2a4110100001fd80cd2020000018cc6; // mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16
      8'd9: cfg_mode = 127'h2a4110100001fd80cd2020000018ca6; // mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16
      8'd10: cfg_mode = 127'h2a4110100001fd80cd2020000018cc5; // mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16
      8'd11: cfg_mode = 127'h2a4110100001fd80cd2020000018ca5; // mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e5m2.f16
      default: cfg_mode = 127'd0;
    endcase
  end
endfunction
