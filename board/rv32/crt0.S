/* Start-up code of the rv32 firmware (SoC and QEMU virt): gp, sp, clear .bss, main(), exit with
 * main's return value through the exit device (board_exit). */
    .section .text.start, "ax"
    .global _start
_start:
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop
    la      sp, __stack_top
    la      t0, __bss_start
    la      t1, __bss_end
1:  bgeu    t0, t1, 2f
    sw      zero, 0(t0)
    addi    t0, t0, 4
    j       1b
2:  call    main
    call    board_exit
3:  j       3b
