/* Start-up code of the rv32 firmware (SoC and QEMU virt): gp, sp, clear .bss, main(), exit with
 * main's return value through the exit device (board_exit). */
    .section .text.start, "ax"
    .global _start
_start:
    .option push
    .option norelax
    la      gp, __global_pointer$
    la      sp, __stack_top        /* fixed addresses: never gp-relative (firmware/apps/CMakeLists.txt) */
    .option pop
    la      t0, __bss_start
    la      t1, __bss_end
1:  bgeu    t0, t1, 2f
    sw      zero, 0(t0)
    addi    t0, t0, 4
    j       1b
2:  /* paint the stack and the guard band below it (link.ld): board_exit finds how deep the stack
     * went and reports an overflow past __stack_size (it would otherwise corrupt .bss silently) */
    .option push
    .option norelax
    la      t0, __stack_guard
    .option pop
    mv      t1, sp
    li      t2, 0x5AC3A55C
3:  bgeu    t0, t1, 4f
    sw      t2, 0(t0)
    addi    t0, t0, 4
    j       3b
4:  call    main
    call    board_exit
5:  j       5b
