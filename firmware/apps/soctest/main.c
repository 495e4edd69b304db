/* soctest: the SoC's memory map and peripherals checked from the CPU, as hw/rtl/soc defines them -
 * the RAM's byte lanes, the UART's registers, the cycle timer, the accelerator window's byte
 * strobes and the empty address space around every window. For the Verilated SoC (mmasoc, either
 * CPU, with or without the accelerator), not QEMU virt: QEMU has other devices where the SoC's map
 * is empty. Prints one line a group, then `soctest: N checks, M failed`; exit code 0 or 1. Uses no
 * golden-model code (only the generated register offsets). */
#include <stddef.h>

#include "board.h"
#include "mma/hw/mma_accel_regs.h"

extern char __ram_start[], __ram_end[];

static unsigned checks, failures;

static void expect(const char *what, uint32_t got, uint32_t want)
{
    ++checks;
    if (got != want) {
        ++failures;
        board_printf("  FAILED %s: 0x%08x, expected 0x%08x\n", what, (unsigned)got, (unsigned)want);
    }
}

static uint32_t rd32(uint32_t addr) { return *(volatile uint32_t *)addr; }
static void wr32(uint32_t addr, uint32_t v) { *(volatile uint32_t *)addr = v; }
static uint8_t rd8(uint32_t addr) { return *(volatile uint8_t *)addr; }
static void wr8(uint32_t addr, uint8_t v) { *(volatile uint8_t *)addr = v; }
static void wr16(uint32_t addr, uint16_t v) { *(volatile uint16_t *)addr = v; }

/* ---- RAM: every byte and halfword lane of two 32-byte rows (the DMA port's row), word loads
 * from alternating lanes */
static uint32_t ram_buf[16] __attribute__((aligned(64)));

static uint32_t byte_pattern(unsigned i) { return (i * 0x35u + 0x5Bu) & 0xFFu; }

/* word w of ram_buf after the byte stores of byte_pattern */
static uint32_t word_pattern(unsigned w)
{
    uint32_t v = 0;
    for (unsigned b = 0; b < 4u; ++b) v |= byte_pattern(4u * w + b) << (8u * b);
    return v;
}

static void check_ram(void)
{
    const uint32_t base = (uint32_t)(uintptr_t)ram_buf;
    for (unsigned w = 0; w < 16u; ++w) wr32(base + 4u * w, 0xFFFFFFFFu);
    for (unsigned i = 0; i < 64u; ++i) wr8(base + i, (uint8_t)byte_pattern(i));
    for (unsigned w = 0; w < 16u; ++w) expect("RAM word after byte stores", rd32(base + 4u * w), word_pattern(w));
    /* word loads that change lane at every access, both directions */
    for (unsigned w = 0; w < 8u; ++w) {
        uint32_t lo = rd32(base + 4u * w), hi = rd32(base + 4u * (15u - w));
        expect("RAM word load, alternating lanes (low)", lo, word_pattern(w));
        expect("RAM word load, alternating lanes (high)", hi, word_pattern(15u - w));
    }
    for (unsigned i = 0; i < 64u; i += 2u) wr16(base + i, (uint16_t)(0xC000u + i));
    for (unsigned w = 0; w < 16u; ++w)
        expect("RAM word after halfword stores", rd32(base + 4u * w), ((0xC000u + 4u * w + 2u) << 16) | (0xC000u + 4u * w));
    for (unsigned i = 0; i < 64u; ++i)
        expect("RAM byte load", rd8(base + i), (i & 1u) ? 0xC0u : ((0xC000u + i) & 0xFFu));
    board_printf("RAM: byte, halfword and word lanes of 64 bytes at 0x%08x\n", (unsigned)base);
}

/* ---- UART (NS16550A, byte registers): what a 16550 driver's probe and setup rely on */
#define UART_REG(r) (BOARD_UART_BASE + BOARD_UART_##r)

static void check_uart(void)
{
    wr8(UART_REG(SCR), 0x5Au);
    expect("UART SCR after 0x5a", rd8(UART_REG(SCR)), 0x5Au);
    wr8(UART_REG(SCR), 0xA5u);
    expect("UART SCR after 0xa5", rd8(UART_REG(SCR)), 0xA5u);
    wr8(UART_REG(IER), 0x00u);
    wr8(UART_REG(LCR), BOARD_UART_LCR_DLAB | 0x03u); /* 8N1, divisor latch open */
    wr8(UART_REG(THR), 0x34u);                       /* DLL */
    wr8(UART_REG(IER), 0x12u);                       /* DLM */
    expect("UART DLL", rd8(UART_REG(THR)), 0x34u);
    expect("UART DLM", rd8(UART_REG(IER)), 0x12u);
    expect("UART LCR", rd8(UART_REG(LCR)), 0x83u);
    wr8(UART_REG(LCR), 0x03u);                       /* divisor latch closed */
    expect("UART IER (latch closed)", rd8(UART_REG(IER)), 0x00u);
    expect("UART IIR: no interrupt pending", rd8(UART_REG(IIR)), 0x01u);
    /* on a board top the serializer may still be sending the last line: wait for THRE first */
    for (unsigned spin = 0; spin < 100000u && (rd8(UART_REG(LSR)) & BOARD_UART_LSR_THRE) == 0u; ++spin) {
    }
    expect("UART LSR: transmitter empty, no data", rd8(UART_REG(LSR)), BOARD_UART_LSR_TEMT | BOARD_UART_LSR_THRE);
    /* a word read of the four upper registers: byte lanes 4..7 = MCR, LSR, MSR, SCR */
    wr8(UART_REG(MCR), 0x00u);
    expect("UART word at offset 4 (MCR, LSR, MSR, SCR)", rd32(UART_REG(MCR)), 0xA5006000u);
    board_printf("UART: SCR, DLL/DLM, LCR, IER, IIR, LSR and their byte lanes\n");
}

/* ---- cycle timer (CLINT mtime, mtimecmp) */
static void check_timer(void)
{
    uint64_t t0 = board_ticks(), t1 = board_ticks();
    ++checks;
    if (!(t1 > t0 && t1 - t0 < 1000u)) {
        ++failures;
        board_printf("  FAILED mtime: two reads 0x%08x%08x, 0x%08x%08x (not 1..999 cycles apart)\n",
                     (unsigned)(t0 >> 32), (unsigned)t0, (unsigned)(t1 >> 32), (unsigned)t1);
    }
    /* the soctest runs right after reset: far below 2^32 cycles */
    expect("mtime high word", rd32(BOARD_CLINT_MTIME + 4u), 0u);
    wr32(BOARD_CLINT_MTIMECMP, 0x89ABCDEFu);
    wr32(BOARD_CLINT_MTIMECMP + 4u, 0x01234567u);
    expect("mtimecmp low word", rd32(BOARD_CLINT_MTIMECMP), 0x89ABCDEFu);
    expect("mtimecmp high word", rd32(BOARD_CLINT_MTIMECMP + 4u), 0x01234567u);
    wr8(BOARD_CLINT_MTIMECMP + 1u, 0x5Au);
    expect("mtimecmp low word after a byte store", rd32(BOARD_CLINT_MTIMECMP), 0x89AB5AEFu);
    expect("CLINT word 0 (msip: not implemented)", rd32(BOARD_CLINT_MSIP), 0u);
    board_printf("timer: mtime counts, mtimecmp keeps its bytes\n");
}

/* ---- the accelerator's register window: byte and halfword stores reach one register's lanes */
static void check_accel_window(void)
{
    const uint32_t id = rd32(BOARD_ACCEL_BASE);
    if (id != BOARD_ACCEL_ID) {
        expect("empty slot: ID register", id, 0u);
        wr32(BOARD_ACCEL_BASE + 4u, 0xFFFFFFFFu);
        expect("empty slot: a written word reads 0", rd32(BOARD_ACCEL_BASE + 4u), 0u);
        board_printf("accelerator window: slot empty, reads 0\n");
        return;
    }
    const uint32_t r = BOARD_ACCEL_BASE + (uint32_t)offsetof(mma_accel_t, A_STRIDE);
    wr32(r, 0x12345678u);
    wr8(r + 1u, 0xABu);
    expect("A_STRIDE after a byte store to lane 1", rd32(r), 0x1234AB78u);
    wr16(r + 2u, 0xCDEFu);
    expect("A_STRIDE after a halfword store to lanes 2-3", rd32(r), 0xCDEFAB78u);
    expect("A_STRIDE lane 3 by a byte load", rd8(r + 3u), 0xCDu);
    wr32(r, 0u);
    wr32(BOARD_ACCEL_BASE, 0u);
    expect("ID register after a write (read-only)", rd32(BOARD_ACCEL_BASE), BOARD_ACCEL_ID);
    board_printf("accelerator window: ID 0x%08x, byte and halfword stores to A_STRIDE\n", (unsigned)id);
}

/* ---- the address space between the windows: reads 0 (the harness warns of each access) */
static void check_unmapped(void)
{
    const uint32_t buf_off = (uint32_t)(uintptr_t)ram_buf - (uint32_t)(uintptr_t)__ram_start;
    const struct {
        const char *what;
        uint32_t addr;
    } holes[] = {
        {"above the UART's 4 KiB (LSR's word if it aliased)", BOARD_UART_BASE + 0x1004u},
        {"above the CLINT's 64 KiB (mtime if it aliased)", BOARD_CLINT_MTIME + 0x10000u},
        {"above the accelerator's 4 KiB (ID if it aliased)", BOARD_ACCEL_BASE + BOARD_ACCEL_SIZE},
        {"above the RAM (the test buffer if it aliased)", (uint32_t)(uintptr_t)__ram_end + buf_off},
        {"below the RAM", (uint32_t)(uintptr_t)__ram_start - 0x1000u},
    };
    const unsigned n = (unsigned)(sizeof holes / sizeof holes[0]);
    for (unsigned i = 0; i < n; ++i) expect(holes[i].what, rd32(holes[i].addr), 0u);
    board_printf("unmapped: %u addresses next to the windows read 0\n", n);
}

int main(void)
{
    board_uart_init();
    board_printf("soctest: the SoC's memory map from the CPU\n");
    check_ram();
    check_uart();
    check_timer();
    check_accel_window();
    check_unmapped();
    board_printf("soctest: %u checks, %u failed\n", checks, failures);
    return failures == 0u ? 0 : 1;
}
