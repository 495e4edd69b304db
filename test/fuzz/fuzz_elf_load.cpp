/*
 * fuzz_elf_load: the SoC harness's ELF loader (sim/soc/elf_load.cpp, `elf_parse`) on arbitrary
 * file contents.
 *
 * Input: one control byte (bits 0-1: the RAM size, 0 / 4 KiB / 64 KiB / 256 KiB; bit 2: the RAM
 * at 0 instead of 0x80000000), then the file.
 *
 * Properties:
 *   - a rejection is one line of text (no newline), never a crash or an out-of-bounds read;
 *   - a file whose ident, e_machine or e_type is not that of a little-endian ELF32 RISC-V
 *     executable is always rejected;
 *   - an accepted file re-read independently here: the entry is e_entry; the segments are, in
 *     order, exactly the PT_LOAD program headers with a non-zero p_memsz, each at p_paddr with
 *     p_filesz bytes of the file from p_offset and then zeros up to p_memsz; every segment lies in
 *     the RAM and no two overlap.
 */
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "elf_load.h"
#include "fuzz_common.h"

static uint32_t le(const std::vector<uint8_t> &d, uint64_t off, unsigned n)
{
    uint32_t v = 0;
    for (unsigned b = 0; b < n; ++b) {
        v |= (uint32_t)d[off + b] << (8 * b);
    }
    return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) {
        return 0;
    }
    static const uint64_t ram_sizes[4] = {0, 4096, 65536, 262144};
    const uint64_t mem_size = ram_sizes[data[0] & 3u];
    const uint32_t mem_base = (data[0] & 4u) ? 0u : 0x80000000u;
    const std::vector<uint8_t> file(data + 1, data + size);

    ElfImage img;
    const std::string err = elf_parse(file, mem_base, mem_size, &img);
    const bool header_ok = file.size() >= 52 && file[0] == 0x7F && file[1] == 'E' && file[2] == 'L' &&
                           file[3] == 'F' && file[4] == 1 && file[5] == 1 && file[6] == 1 &&
                           le(file, 18, 2) == 243 && le(file, 16, 2) == 2;
    if (fz_verbose()) { // for debugging an input: what the loader said
        std::fprintf(stderr, "elf_parse: %s (%zu segments)\n", err.empty() ? "accepted" : err.c_str(),
                     img.segments.size());
    }
    if (!err.empty()) {
        FZ_CHECK(err.find('\n') == std::string::npos, "message of more than one line: %s", err.c_str());
        return 0;
    }
    FZ_CHECK(header_ok, "accepted a file that is not a little-endian ELF32 RISC-V executable");
    FZ_CHECK(img.entry == le(file, 24, 4), "entry 0x%x, e_entry 0x%x", img.entry, le(file, 24, 4));

    const uint64_t phoff = le(file, 28, 4), phnum = le(file, 44, 2);
    FZ_CHECK(phoff + phnum * 32 <= file.size(), "program headers past the end of the file were accepted");
    size_t seg = 0;
    for (uint64_t i = 0; i < phnum; ++i) {
        const uint64_t ph = phoff + i * 32;
        const uint64_t type = le(file, ph, 4), off = le(file, ph + 4, 4), paddr = le(file, ph + 12, 4);
        const uint64_t filesz = le(file, ph + 16, 4), memsz = le(file, ph + 20, 4);
        if (type != 1 || memsz == 0) {
            continue;
        }
        FZ_CHECK(seg < img.segments.size(), "PT_LOAD header %llu has no segment", (unsigned long long)i);
        const ElfImage::Segment &s = img.segments[seg++];
        FZ_CHECK(s.addr == paddr && s.bytes.size() == memsz, "segment at 0x%x (%zu bytes), header 0x%llx (%llu bytes)",
                  s.addr, s.bytes.size(), (unsigned long long)paddr, (unsigned long long)memsz);
        FZ_CHECK(filesz <= memsz && off + filesz <= file.size(), "header %llu: file bytes out of range",
                  (unsigned long long)i);
        FZ_CHECK(std::memcmp(s.bytes.data(), file.data() + off, filesz) == 0, "segment %zu: not the file's bytes",
                  seg - 1);
        for (uint64_t b = filesz; b < memsz; ++b) {
            FZ_CHECK(s.bytes[b] == 0, "segment %zu: byte %llu past p_filesz is not zero", seg - 1,
                      (unsigned long long)b);
        }
        FZ_CHECK(paddr >= mem_base && paddr + memsz <= (uint64_t)mem_base + mem_size,
                  "segment 0x%llx..+%llu outside the RAM", (unsigned long long)paddr, (unsigned long long)memsz);
    }
    FZ_CHECK(seg == img.segments.size() && seg > 0, "%zu segments, %zu PT_LOAD headers", img.segments.size(), seg);
    for (size_t i = 0; i < img.segments.size(); ++i) {
        for (size_t j = i + 1; j < img.segments.size(); ++j) {
            const uint64_t a0 = img.segments[i].addr, a1 = a0 + img.segments[i].bytes.size();
            const uint64_t b0 = img.segments[j].addr, b1 = b0 + img.segments[j].bytes.size();
            FZ_CHECK(a1 <= b0 || b1 <= a0, "segments %zu and %zu overlap", i, j);
        }
    }
    return 0;
}
