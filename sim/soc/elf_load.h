// A defensive ELF32 (RISC-V, little-endian) loader for the SoC harness: every field is checked
// against the file size and the target memory before a byte is copied, so a malformed or
// truncated file gives an error message, never a crash.
#ifndef MMASOC_ELF_LOAD_H
#define MMASOC_ELF_LOAD_H

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

struct ElfImage {
    uint32_t entry = 0;
    uint32_t flags = 0;                // e_flags: EF_RISCV_RVC (bit 0) = uses the C extension
    struct Segment {
        uint32_t addr;                 // physical address (p_paddr)
        std::vector<uint8_t> bytes;    // p_memsz bytes: the file part, then zeros
    };
    std::vector<Segment> segments;
};

// Parses `data` (a whole ELF file). Segments must lie in [mem_base, mem_base + mem_size).
// Returns "" on success or a one-line description of the first problem found.
std::string elf_parse(const std::vector<uint8_t> &data, uint32_t mem_base, uint64_t mem_size, ElfImage *out);

// Reads a file whole; "" on success, else the reason.
std::string read_file(const std::string &path, std::vector<uint8_t> *out, uint64_t max_bytes);

#endif
