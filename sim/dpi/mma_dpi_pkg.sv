// The golden model's DPI-C exports (sim/dpi/mma_dpi.c) for a SystemVerilog testbench: import this
// package, compile and link mma_dpi.c with the mmacore library, and check a D element with
//   mma_dpi_job_new(cfg, mode, m, n, k); mma_dpi_job_set(MMA_DPI_A, i, kk, code); ... ;
//   mma_dpi_job_run(); mma_dpi_job_d(i, j, expected);
// Every function returns 0 (or a count / value >= 0) on success, an MMA_DPI_ERR_* code (< 0) for a
// bad argument, or the golden model's mma_status (> 0); mma_dpi_status_name names any of them.
// sim/README.md describes the functions; sim/dpi/tb_mma_dpi.sv uses them.
package mma_dpi_pkg;
  // operands of mma_dpi_job_set, indexed as mma_gemm takes them
  localparam int MMA_DPI_A = 0;     // A (row, k); sparse: the stored A (row, k/2)
  localparam int MMA_DPI_B = 1;     // B (k, col): not B^T as the accelerator's memory holds it
  localparam int MMA_DPI_C = 2;     // C (row, col)
  localparam int MMA_DPI_META = 3;  // sparse metadata nibbles (row, k/4)
  localparam int MMA_DPI_SA = 4;    // block scale of A (row, block)
  localparam int MMA_DPI_SB = 5;    // block scale of B (block, col)

  import "DPI-C" function int mma_dpi_config_count();
  import "DPI-C" function int mma_dpi_config_id(input string name);
  import "DPI-C" function int mma_dpi_mode_count(input int cfg);
  import "DPI-C" function string mma_dpi_mode_instr(input int cfg, input int mode);
  import "DPI-C" function int mma_dpi_mode_info(input int cfg, input int mode, input string field);
  import "DPI-C" function int mma_dpi_job_new(input int cfg, input int mode, input int m, input int n, input int k);
  import "DPI-C" function int mma_dpi_job_ordered(input int ordered);
  import "DPI-C" function int mma_dpi_job_set(input int operand, input int row, input int col, input longint code);
  import "DPI-C" function int mma_dpi_job_run();
  import "DPI-C" function int mma_dpi_job_d(input int row, input int col, output longint bits);
  import "DPI-C" function string mma_dpi_status_name(input int code);
endpackage
