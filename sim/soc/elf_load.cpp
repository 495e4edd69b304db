// ELF32 loader of the SoC harness (see elf_load.h).
#include "elf_load.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace {

uint16_t rd16(const std::vector<uint8_t> &d, uint64_t off) { return uint16_t(d[off] | (d[off + 1] << 8)); }
uint32_t rd32(const std::vector<uint8_t> &d, uint64_t off) {
    return uint32_t(d[off]) | (uint32_t(d[off + 1]) << 8) | (uint32_t(d[off + 2]) << 16) | (uint32_t(d[off + 3]) << 24);
}

std::string hex(uint64_t v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)v);
    return buf;
}

constexpr uint32_t PT_LOAD = 1;
constexpr uint16_t EM_RISCV = 243;
constexpr uint16_t ET_EXEC = 2;
constexpr uint64_t EHDR_SIZE = 52;
constexpr uint64_t PHDR_SIZE = 32;

}  // namespace

std::string read_file(const std::string &path, std::vector<uint8_t> *out, uint64_t max_bytes) {
    FILE *f = std::fopen(path.c_str(), "rb");
    if (!f) return "cannot open " + path + ": " + std::strerror(errno);
    out->clear();
    uint8_t buf[65536];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
        if (out->size() + n > max_bytes) {
            std::fclose(f);
            return path + ": larger than " + std::to_string(max_bytes) + " bytes: not a firmware image";
        }
        out->insert(out->end(), buf, buf + n);
    }
    bool err = std::ferror(f) != 0;
    std::fclose(f);
    if (err) return "read error on " + path;
    return "";
}

std::string elf_parse(const std::vector<uint8_t> &d, uint32_t mem_base, uint64_t mem_size, ElfImage *out) {
    const uint64_t size = d.size();
    if (size < EHDR_SIZE) return "not an ELF file: " + std::to_string(size) + " bytes, shorter than an ELF32 header (52)";
    if (!(d[0] == 0x7F && d[1] == 'E' && d[2] == 'L' && d[3] == 'F')) return "not an ELF file (bad magic)";
    if (d[4] != 1) return "not an ELF32 file (EI_CLASS " + std::to_string(d[4]) + "; build with -march=rv32imc -mabi=ilp32)";
    if (d[5] != 1) return "not a little-endian ELF file (EI_DATA " + std::to_string(d[5]) + ")";
    if (d[6] != 1) return "unknown ELF version " + std::to_string(d[6]);
    const uint16_t type = rd16(d, 16), machine = rd16(d, 18);
    if (machine != EM_RISCV) return "not a RISC-V ELF file (e_machine " + std::to_string(machine) + ")";
    if (type != ET_EXEC) return "not an executable ELF file (e_type " + std::to_string(type) + ", expected ET_EXEC)";
    const uint32_t entry = rd32(d, 24);
    const uint64_t phoff = rd32(d, 28);
    const uint16_t ehsize = rd16(d, 40), phentsize = rd16(d, 42), phnum = rd16(d, 44);
    if (ehsize < EHDR_SIZE) return "bad ELF header size " + std::to_string(ehsize);
    if (phnum == 0) return "ELF file has no program headers (nothing to load)";
    if (phnum == 0xFFFF) return "ELF file uses extended program header numbering (not supported)";
    if (phentsize != PHDR_SIZE) return "bad program header entry size " + std::to_string(phentsize) + " (expected 32)";
    if (phoff > size || uint64_t(phnum) * PHDR_SIZE > size - phoff)
        return "truncated ELF file: program headers at " + hex(phoff) + " (" + std::to_string(phnum) +
               " x 32 bytes) run past the end of the file (" + std::to_string(size) + " bytes)";

    ElfImage img;
    img.entry = entry;
    img.flags = rd32(d, 36);
    const uint64_t mem_end = uint64_t(mem_base) + mem_size;
    for (uint16_t i = 0; i < phnum; ++i) {
        const uint64_t ph = phoff + uint64_t(i) * PHDR_SIZE;
        const uint32_t p_type = rd32(d, ph);
        if (p_type != PT_LOAD) continue;
        const uint64_t p_offset = rd32(d, ph + 4), p_paddr = rd32(d, ph + 12);
        const uint64_t p_filesz = rd32(d, ph + 16), p_memsz = rd32(d, ph + 20);
        const std::string seg = "segment " + std::to_string(i) + " (" + hex(p_paddr) + ", " + std::to_string(p_memsz) + " bytes)";
        if (p_memsz == 0) continue;
        if (p_filesz > p_memsz) return seg + ": file size " + std::to_string(p_filesz) + " > memory size";
        if (p_offset > size || p_filesz > size - p_offset)
            return "truncated ELF file: " + seg + " needs file bytes " + hex(p_offset) + ".." + hex(p_offset + p_filesz) +
                   " but the file has " + std::to_string(size);
        if (p_paddr < mem_base || p_paddr + p_memsz > mem_end)
            return seg + " lies outside the RAM " + hex(mem_base) + ".." + hex(mem_end - 1) +
                   " (link with board/rv32/link.ld)";
        ElfImage::Segment s;
        s.addr = uint32_t(p_paddr);
        s.bytes.assign(p_memsz, 0);
        if (p_filesz) std::memcpy(s.bytes.data(), d.data() + p_offset, p_filesz);
        img.segments.push_back(std::move(s));
    }
    if (img.segments.empty()) return "ELF file has no loadable (PT_LOAD) segment";
    for (size_t i = 0; i < img.segments.size(); ++i)
        for (size_t j = i + 1; j < img.segments.size(); ++j) {
            const auto &a = img.segments[i], &b = img.segments[j];
            if (uint64_t(a.addr) < uint64_t(b.addr) + b.bytes.size() && uint64_t(b.addr) < uint64_t(a.addr) + a.bytes.size())
                return "ELF segments overlap at " + hex(a.addr > b.addr ? a.addr : b.addr);
        }
    *out = std::move(img);
    return "";
}
