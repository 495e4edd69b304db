# Sourced by the synthesis and board scripts (hw/syn/area.sh, board/ulx3s/build.sh):
#   mma_cfg_param CFG_VH NAME   prints the value of `localparam CFG_NAME = <number>;` in the
#                               generated configuration file CFG_VH (hw/rtl/gen/mma_cfg_<config>.vh,
#                               made by hw/gen/gen_hw.py from hw/config/<config>.json), e.g. TM
mma_cfg_param() { sed -n "s/^localparam CFG_$2 = \([0-9]*\);.*/\1/p" "$1"; }
