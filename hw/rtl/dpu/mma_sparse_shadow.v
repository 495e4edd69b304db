// The sparse shadow of one dense B position of a DPU step: the S1 register that holds 1 when the
// element at the position is a NaN or an Inf (mma_special_set_fn: class bit 1 of mma_decode_set_fn)
// and the step's 2:4 metadata does not select it. 2:4 sparse A is the dense A with zeros where the
// metadata selects nothing (the golden model's definition), so such an element still meets a zero of
// A and makes the step NaN (0 x Inf).
//
// A module of its own, not a generate block of mma_dpu, for yosys: inlined into mma_dpu's clocked
// block, the classifier's locals made 64 processes a DPU, which yosys 0.23's proc_mux took 52 s to
// convert in `default`'s accelerator (2026-11-28); as a module it is converted once per format set.
// Like mma_lane, it evaluates the classifier only in a clocked block with a step that uses it, so a
// Verilated model does not evaluate it in dense steps.
module mma_sparse_shadow #(
    parameter [31:0] FMTS = 32'h0000_0000    // formats that reach the position (bit f = mma_format f)
) (
    input  wire        clk_i,
    input  wire        load_i,     // a step enters S1 this cycle
    input  wire        act_i,      // the step is sparse and the position's chunk is in use
    input  wire        unsel_i,    // the metadata does not select the position
    input  wire [4:0]  fmt_i,      // B's format (mma_format code)
    input  wire [31:0] code_i,     // the element's code
    output reg         spec_o      // S1: an unselected NaN or Inf
);
`include "mma_fmt.vh"
`include "mma_decode_fn.vh"
    always @(posedge clk_i) begin
        if (load_i) begin
            if (act_i) begin
                spec_o <= unsel_i && mma_special_set_fn(FMTS, fmt_i, code_i);
            end else if (spec_o) begin             // written only when it changes
                spec_o <= 1'b0;
            end
        end
    end
endmodule
