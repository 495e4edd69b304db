// GENERATED from the mode field list of hw/gen/gen_hw.py by hw/gen/gen_hw.py; do not edit
// The width of a mode word as a macro, for the MODE_W parameter defaults of the modules that
// carry mode words (include at the top of a file, outside the module).
`ifndef MMA_MODE_BITS
`define MMA_MODE_BITS 127
`endif
