#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (test/fuzz/corpus/<target>/).

    python3 test/fuzz/scripts/make_seeds.py [--catalog FILE] [--vectors DIR]

--vectors DIR is the vectors/gpu directory of the real-GPU data (default: ../shared/vectors/gpu
next to the repository); the conform_line seeds take their first lines. FILE is the instruction catalogue, one instruction per line in catalogue order (the output of
`mmacore catalog`); it maps the mma_run and fragment seeds to catalogue indices. Without it the indices below
are used as they are. The seeds are small, deterministic and committed; rerunning this script
rewrites the files it owns (seed-*) and leaves any other file (e.g. an input a fuzzer found and
a developer added by hand) alone. The byte layouts follow the headers of test/fuzz/fuzz_*.c.
"""
import argparse
import os
import re
import struct

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "corpus")


def write(target, name, data):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(d, "seed-" + name), "wb") as f:
        f.write(data)


# ---------------------------------------------------------------- format
FMT = ["f64", "f32", "tf32", "f16", "bf16", "e5m2", "e4m3", "e3m2", "e2m3", "e2m1", "ue8m0", "ue4m3",
       "s32", "s8", "u8", "s4", "u4", "b1"]
F = {n: i for i, n in enumerate(FMT)}


def seeds_format():
    codes = {
        "f64": [0x3FF0000000000000, 0x8000000000000001, 0x7FF0000000000000, 0x7FF4000000000000],
        "f32": [0x3F800000, 0x00000001, 0xFF800000, 0x7FC00000, 0x7F7FFFFF],
        "tf32": [0x3F801FFF, 0x00002000, 0x7FFFE000],
        "f16": [0x3C00, 0x0001, 0xFC00, 0x7E00, 0x7BFF, 0x8000],
        "bf16": [0x3F80, 0xFF81],
        "e5m2": [0x3C, 0x7C, 0x7D, 0x83],
        "e4m3": [0x38, 0x7E, 0x7F, 0x81],
        "e3m2": [0x1F, 0x3F, 0x01],
        "e2m3": [0x1F, 0x20],
        "e2m1": [0x7, 0xF, 0x1],
        "ue8m0": [0x00, 0x7F, 0xFE, 0xFF],
        "ue4m3": [0x7E, 0x7F, 0xB8],
        "s32": [0x80000000], "s8": [0x80], "u8": [0xFF], "s4": [0x8], "u4": [0xF], "b1": [0x1],
    }
    for fmt, cs in codes.items():
        for c in cs:
            write("format", "rt-%s-%x" % (fmt, c), bytes([0, F[fmt], 0]) + struct.pack("<Q", c) + bytes([F["f16"]]))
    write("format", "rt-wide-code", bytes([0, F["f16"], 0x80]) + struct.pack("<Q", 0x13C00) + bytes([1]))
    write("format", "rt-bad-format", bytes([0, 19, 0]) + struct.pack("<Q", 1) + bytes([1]))
    # 1: ctl, fmt, cls, sign, bits, exp (i32), sig (u64), flags
    vals = [(0, "f16", 1, 0, 0, -30, 0x1FFF, 0), (0, "e4m3", 1, 1, 1, 5, 0x1E5, 0), (0, "bf16", 1, 0, 0, 200, 3, 0),
            (0, "ue8m0", 1, 1, 0, -140, 5, 0), (0, "e2m1", 2, 1, 0, 0, 0, 4), (0, "f32", 1, 0, 1, -160, 0xFFFFFF, 0),
            (4, "f64", 1, 0, 0, 0x7FFFFF00, 0xFFFFFFFFFFFFFFFF, 0), (1, "tf32", 7, 3, 0, 0, 1, 0x1F)]
    for i, (ctl, fmt, cls, sign, bits, e, sig, flags) in enumerate(vals):
        if ctl & 4 == 0:
            e &= 0xFFFF
        write("format", "val-%d-%s" % (i, fmt),
              bytes([1, ctl, F[fmt], cls, sign, bits]) + struct.pack("<I", e & 0xFFFFFFFF) + struct.pack("<Q", sig)
              + bytes([flags]))
    # 2: ctl, dtype, atype, rnd, mods, src[5] (u32), rbits (u32)
    CVT = ["f32", "f16", "bf16", "tf32", "f16x2", "bf16x2", "e4m3x2", "e5m2x2", "e2m1x2", "e2m3x2", "e3m2x2",
           "ue8m0x2", "e4m3x4", "e5m2x4", "e2m1x4", "e2m3x4", "e3m2x4"]
    C = {n: i for i, n in enumerate(CVT)}
    RN, RZ, RM, RP, RNA, RS = 1, 2, 3, 4, 5, 6
    forms = [("f16", "f32", RN, 1), ("bf16x2", "f32", RS, 3), ("tf32", "f32", RNA, 2), ("e4m3x2", "f32", RN, 2),
             ("e2m1x2", "f32", RN, 3), ("ue8m0x2", "bf16x2", RP, 2), ("f16x2", "e2m3x2", RN, 1),
             ("bf16x2", "ue8m0x2", RN, 0), ("e2m1x4", "f32", RS, 2), ("e5m2x4", "f32", RS, 3), ("f16", "f16", RN, 0)]
    src = struct.pack("<5I", 0x3F800000, 0xC0490FDB, 0x7F800000, 0x00000001, 0x3E0F3F20)
    for d, a, r, m in forms:
        write("format", "cvt-%s-%s-%d" % (d, a, r), bytes([2, 0, C[d], C[a], r, m]) + src + struct.pack("<I", 0x9E3779B9))
    # 4: product / accumulate: fa fb, value a, value b (ctl cls sign signaling exp(4) sig(8)), scale (4),
    #    scale ctl, codes a b (8 each), n, products (ctl cls sign signaling e(4) width m(8)), profile, ct dt c ...
    def value(e, sig, cls=1, sign=0):
        return bytes([0, cls, sign, 0]) + struct.pack("<I", e & 0xFFFF) + struct.pack("<Q", sig)
    for i, (fa, fb, preset) in enumerate([("f16", "f16", 4), ("e4m3", "e5m2", 3), ("bf16", "bf16", 7),
                                          ("tf32", "tf32", 8), ("e2m1", "e3m2", 9), ("f32", "f32", 0)]):
        data = bytes([4, F[fa], F[fb]]) + value(3, 0x5A5, sign=1) + value(0xFFF0, 0x3FF)
        data += struct.pack("<I", 5) + bytes([0]) + struct.pack("<QQ", 0x3C00 + i, 0x4000 + i)
        data += bytes([4])
        for j in range(4):
            data += bytes([0, 1, j & 1, 0]) + struct.pack("<I", (j * 3) & 0xFFFF) + bytes([21]) + struct.pack("<Q", 0xFEDCBA9876543210 >> j)
        data += bytes([preset]) + bytes([F["f32"], F["f32"]]) + struct.pack("<Q", 0x3F800000)
        data += bytes([4]) + struct.pack("<8Q", *([0x3C00, 0x3555] * 4))
        write("format", "acc-%d-%s-%s" % (i, fa, fb), data)
    # 3: x (u32), y (u64), name
    for name in ["f16", "e4m3", "ue8m0", "e2m1x4", "bf16x2", "H100", "hopper", "sm_120", "arm_fp8", "f16\0", "E4M3"]:
        write("format", "name-" + name.replace("\0", "NUL"),
              bytes([3]) + struct.pack("<I", 7) + struct.pack("<Q", 0x8000) + name.encode())


# ---------------------------------------------------------------- instr_parse
INSTR = [
    "mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16",
    "mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f16",
    "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
    "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32",
    "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32",
    "mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64.rm",
    "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16",
    "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e3m2.f32",
    "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32",
    "mma.sync.aligned.m16n8k64.row.col.s32.u4.s4.s32",
    "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc",
    "mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.e3m2.e2m3.f32",
    "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0",
    "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f16",
    "wmma.mma.sync.aligned.col.row.m32n8k16.f32.bf16.bf16.f32",
    "wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32",
    "wmma.mma.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32.and.popc",
    "wmma.mma.sync.aligned.row.row.m8n32k16.s32.s8.s8.s32.satfinite",
    "wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16",
    "wgmma.mma_async.sync.aligned.m64n8k32.f16.e4m3.e5m2",
    "wgmma.mma_async.sync.aligned.m64n48k32.satfinite.s32.s8.u8",
    "wgmma.mma_async.sync.aligned.m64n24k256.s32.b1.b1.and.popc",
    "  mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 ;\n",
    # malformed / invalid
    "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f16",
    "mma.sync.aligned.m16n8k999999.row.col.f32.f16.f16.f32",
    "mma..sync",
    "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 d, a, b, c;",
    "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16.f32",
    ";",
    "",
]


def seeds_instr():
    for i, t in enumerate(INSTR):
        write("instr_parse", "%02d" % i, t)
    # 0xFF + hand-built descriptor (family m n k a b c d al bl sat bitop rnd kind sp bs sv st) + catalogue index
    def desc(family, m, n, k, a, b, c, d, al=0, bl=1, sat=0, bitop=0, rnd=0, kind=0, sp=0, bs=0, sv=0, st=0, idx=0):
        return (bytes([0xFF, family, m]) + struct.pack("<HH", n, k) +
                bytes([F[a], F[b], F[c], F[d], al, bl, sat, bitop, rnd, kind, sp, bs, sv, st]) + struct.pack("<H", idx))
    write("instr_parse", "struct-mma-f16", desc(0, 16, 8, 16, "f16", "f16", "f32", "f32", idx=15))
    write("instr_parse", "struct-mxf8", desc(0, 16, 8, 32, "e4m3", "e2m1", "f32", "f32", kind=2, bs=1, st=F["ue8m0"], idx=400))
    write("instr_parse", "struct-wgmma", desc(2, 64, 200, 16, "bf16", "bf16", "f32", "f32", idx=230))
    write("instr_parse", "struct-bad", desc(7, 16, 8, 16, "f16", "f16", "f32", "f32", bs=3, sv=3, idx=65535))


# ---------------------------------------------------------------- mma_run
RUN_PICKS = [  # (regex on the catalogue line, fallback index, preset, profile mode)
    (r"^mma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.f16\.f16\.f32$", 15, 4, 0),
    (r"^mma\.sync\.aligned\.m8n8k4\.row\.col\.f16\.f16\.f16\.f16$", 3, 0, 0),
    (r"^mma\.sync\.aligned\.m16n8k8\.row\.col\.f32\.bf16\.bf16\.f32$", 16, 2, 0),
    (r"^mma\.sync\.aligned\.m16n8k8\.row\.col\.f32\.tf32\.tf32\.f32$", 19, 3, 0),
    (r"^mma\.sync\.aligned\.m8n8k4\.row\.col\.f64\.f64\.f64\.f64\.rz$", 21, 7, 3),
    (r"^mma\.sync\.aligned\.m16n8k32\.row\.col\.f16\.e4m3\.e5m2\.f16$", 46, 3, 0),
    (r"^mma\.sync\.aligned\.m16n8k32\.row\.col\.kind::f8f6f4\.f32\.e2m1\.e3m2\.f32$", 97, 5, 0),
    (r"^mma\.sync\.aligned\.m16n8k32\.row\.col\.satfinite\.s32\.s8\.u8\.s32$", 121, 0, 0),
    (r"^mma\.sync\.aligned\.m8n8k32\.row\.col\.s32\.s4\.s4\.s32$", 126, 0, 0),
    (r"^mma\.sync\.aligned\.m16n8k128\.row\.col\.s32\.b1\.b1\.s32\.xor\.popc$", 152, 0, 0),
    (r"^wmma\.mma\.sync\.aligned\.row\.col\.m16n16k16\.f32\.f16$", 158, 1, 0),
    (r"^wmma\.mma\.sync\.aligned\.row\.col\.m16n16k8\.f32\.tf32\.tf32\.f32$", 161, 2, 0),
    (r"^wgmma\.mma_async\.sync\.aligned\.m64n8k16\.f32\.f16\.f16$", 194, 4, 0),
    (r"^wgmma\.mma_async\.sync\.aligned\.m64n8k32\.f32\.e4m3\.e4m3$", 300, 4, 0),
    (r"^wgmma\.mma_async\.sync\.aligned\.m64n8k32\.s32\.s8\.s8$", 500, 4, 0),
    (r"^mma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.f16\.f16\.f32$", 15, 7, 0),
    (r"^mma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.f16\.f16\.f32$", 15, 8, 0),
    (r"^mma\.sync\.aligned\.m16n8k32\.row\.col\.f16\.e4m3\.e5m2\.f16$", 46, 9, 0),
]


def seeds_run(catalog):
    lines = []
    if catalog:
        with open(catalog) as f:
            lines = [l.strip() for l in f if l.strip()]
    for i, (rx, idx, preset, pmode) in enumerate(RUN_PICKS):
        for j, l in enumerate(lines):
            if re.match(rx, l):
                idx = j
                break
        for variant in range(2):
            ctl = 0 if variant == 0 else 4 | 8          # plain / with the 2k chain and random-size GEMM
            pctl = preset | (pmode << 4)
            bad = 0 if variant == 0 else (1 + i % 3)
            data = bytes([ctl]) + struct.pack("<HBH", idx, 0, 0)
            data += bytes([pctl, 0]) + struct.pack("<H", 0)
            data += struct.pack("<QBI", 0x9E3779B97F4A7C15 ^ (i * 0x1234567), bad, 12345 + i)
            if ctl & 8:
                data += bytes([5, 7, 33, 0x55])
            write("mma_run", "%02d-%d" % (i, variant), data)
    # the sparse and block-scaled forms of fuzz_mma_run.c's EXTRA_FORMS (ctl & 3 == 1), with valid
    # metadata and with one metadata value replaced (bad bit 2; value bad >> 3 = 0, invalid for .sp)
    for i in range(14):
        for bad in (0, 4):
            preset = [4, 5, 6, 7, 8][i % 5] if i < 10 else 6
            data = bytes([1]) + struct.pack("<HBH", i, 0, 0) + bytes([preset, 0]) + struct.pack("<H", 0)
            data += struct.pack("<QBI", 0x1357924680ACE ^ i, bad, 77 + i)
            write("mma_run", "extra-%02d-%d" % (i, bad), data)
    # a mutated descriptor field, a random profile field, a fully random profile
    write("mma_run", "mut-instr", bytes([2]) + struct.pack("<HBH", 15, 3, 24) + bytes([4, 0, 0, 0]) + bytes(13))
    write("mma_run", "mut-prof", bytes([0]) + struct.pack("<HBH", 15, 0, 0) + bytes([4 | 16, 5, 200, 0]) + bytes(13))
    write("mma_run", "rand-prof", bytes([0]) + struct.pack("<HBH", 15, 0, 0) + bytes([4 | 32, 0, 1, 0]) +
          struct.pack("<16H", 0, 1, 1, 0, 8, 23, 24, 1, 0, 0x8000, 0xFFF2, 1, 1, 0, 3, 1) + bytes(13))


# ---------------------------------------------------------------- hexfile
HEX_WIDTHS = [1, 2, 4, 6, 8, 16, 32, 64]


def seeds_hexfile():
    W = {w: i for i, w in enumerate(HEX_WIDTHS)}
    files = [
        ("ok-f16", 2, 3, 16, "3c00 0x4000 BC00\n0 1 2\n"),
        ("ok-comments-crlf", 2, 2, 8, "# A, 2x2\r\n\r\n0x3F 0X7e # row 0\r\n  \t01\tff\r\n"),
        ("ok-no-final-newline", 1, 4, 4, "f e 0 1"),
        ("ok-f64", 1, 2, 64, "0x3FF0000000000000 0000000000000000000001\n"),
        ("ok-b1", 3, 1, 1, "1\n0\n1\n"),
        ("ok-e2m3", 1, 3, 6, "3f 20 1F\n"),
        ("short-line", 2, 3, 16, "1 2 3\n4 5\n"),
        ("long-line", 1, 2, 16, "1 2 3\n"),
        ("bad-hex", 1, 2, 16, "1 0xg\n"),
        ("bare-0x", 1, 1, 8, "0x\n"),
        ("too-wide", 1, 1, 4, "10\n"),
        ("17-digits", 1, 1, 64, "0x10000000000000000\n"),
        ("too-many-rows", 1, 1, 8, "1\n2\n"),
        ("missing-rows", 3, 1, 8, "1\n2\n"),
        ("empty", 2, 2, 8, ""),
        ("only-comments", 1, 1, 8, "# nothing\n\n#\n"),
        ("nul-byte", 1, 2, 8, "1 2\0\n"),
        ("zero-rows", 0, 3, 8, "1 2 3\n"),
        ("zero-cols", 2, 0, 8, "\n"),
        ("hash-in-token", 1, 2, 8, "1#2 3\n"),
    ]
    for name, rows, cols, width, text in files:
        write("hexfile", name, bytes([rows, cols, W[width]]) + text.encode())


# ---------------------------------------------------------------- conform_line
GPUS = ["V100", "T4", "A100", "A2", "A30", "Ada", "L40S", "H100", "H200", "B200", "X9", "a100", "", "H100_x",
        "B200 ", "sm_120"]
FMTS = ["fp16", "bf16", "tf32", "E4M3", "E5M2", "e4m3", "fp8", ""]
VECTORS = os.path.normpath(os.path.join(ROOT, "..", "..", "..", "shared", "vectors", "gpu"))


def conform_input(gpu, fmt, which, parts):
    return bytes([GPUS.index(gpu), FMTS.index(fmt), which]) + b"\x01".join(parts)


def read_lines(path, n):
    with open(path, "rb") as f:
        return b"".join(f.readline() for _ in range(n))


def seeds_conform(vectors):
    sets = [("A100", "fp16"), ("V100", "fp16"), ("A100", "bf16"), ("Ada", "tf32"), ("Ada", "E4M3"), ("Ada", "E5M2")]
    have = []
    for gpu, fmt in sets:
        d = os.path.join(vectors, gpu, fmt)
        if not os.path.isdir(d):
            continue
        parts = [read_lines(os.path.join(d, "a_%s_%s.txt" % (gpu, fmt)), 3),
                 read_lines(os.path.join(d, "b_%s_%s.txt" % (gpu, fmt)), 3),
                 read_lines(os.path.join(d, "c_%s_fp32.txt" % gpu), 3)]
        which = 4 | 8
        for o, bit in (("fp32", 1), ("fp16", 2)):
            p = os.path.join(d, "d_%s_%s.txt" % (gpu, o))
            parts.append(read_lines(p, 3) if os.path.exists(p) else b"")
            which |= bit if os.path.exists(p) else 0
        write("conform_line", "ok-%s-%s" % (gpu, fmt), conform_input(gpu, fmt, which, parts))
        have.append((gpu, fmt, which, parts))
    if not have:
        return
    gpu, fmt, which, parts = have[0]
    a, b, c, d32, d16 = parts
    write("conform_line", "as-H100", conform_input("H100", fmt, which, parts))
    write("conform_line", "as-B200-e5m2", conform_input("B200", "E5M2", which, parts))
    write("conform_line", "line-counts-differ", conform_input(gpu, fmt, which, [a, b, c + c.splitlines(True)[0], d32, d16]))
    write("conform_line", "short-a-line", conform_input(gpu, fmt, which, [a.replace(b" ", b"  ", 1).rsplit(b" ", 2)[0] + b"\n" + a.split(b"\n", 1)[1], b, c, d32, d16]))
    write("conform_line", "bad-hex", conform_input(gpu, fmt, which, [a.replace(a[:8], b"3f80zz00", 1), b, c, d32, d16]))
    write("conform_line", "short-c", conform_input(gpu, fmt, which, [a, b, c[1:], d32, d16]))
    write("conform_line", "c-not-binary", conform_input(gpu, fmt, which, [a, b, c.replace(b"0", b"2", 1), d32, d16]))
    write("conform_line", "mismatch", conform_input(gpu, fmt, which, [a, b, c, d16 if d16 else d32, d32]))
    write("conform_line", "no-b", conform_input(gpu, fmt, which & ~4, parts))
    write("conform_line", "no-d", conform_input(gpu, fmt, which & ~3, parts))
    write("conform_line", "unknown-gpu", conform_input("X9", fmt, which, parts))
    write("conform_line", "empty-gpu-name", conform_input("", fmt, which, parts))
    write("conform_line", "unknown-format", conform_input(gpu, "fp8", which, parts))
    write("conform_line", "two-a-files", conform_input(gpu, fmt, which | 16, parts))
    write("conform_line", "empty-files", conform_input(gpu, fmt, which, [b"", b"", b"", b"", b""]))
    write("conform_line", "crlf", conform_input(gpu, fmt, which, [x.replace(b"\n", b"\r\n") for x in parts]))
    write("conform_line", "v100-e4m3", conform_input("V100", "E4M3", which, parts))


# ---------------------------------------------------------------- metadata
def seeds_metadata():
    # form, ctl (bit 0 ordered, 1 k not a multiple, 2 raw metadata, 3 raw density), rows, chunks,
    # metadata bytes, density, seed, selector, scale which/byte/thread
    for form in range(16):
        for ctl in ((0, 1) if form % 3 else (1, 4, 9)):
            rows, chunks = 2 + form % 3, 1 + form % 4
            meta = bytes((form * 7 + i * 13) & 0xFF for i in range(rows * chunks))
            data = bytes([form, ctl, rows, chunks]) + meta + bytes([0x90]) + struct.pack("<Q", 0x1234567 * (form + 1))
            data += bytes([form % 5, form & 1, form % 4, (form + 1) % 4])
            write("metadata", "%02d-%d" % (form, ctl), data)


# ---------------------------------------------------------------- fragment
FRAG_NEXTRA = 22  # len(EXTRA_FORMS) in fuzz_fragment.c
FRAG_PICKS = [  # (regex on the catalogue line, fallback index): dense forms with a register map, wmma, wgmma
    (r"^mma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.f16\.f16\.f32$", 15),
    (r"^mma\.sync\.aligned\.m8n8k4\.row\.col\.f16\.f16\.f16\.f16$", 3),
    (r"^mma\.sync\.aligned\.m8n8k4\.row\.col\.f64\.f64\.f64\.f64$", 20),
    (r"^mma\.sync\.aligned\.m16n8k8\.row\.col\.f32\.tf32\.tf32\.f32$", 19),
    (r"^mma\.sync\.aligned\.m16n8k16\.row\.col\.f64\.f64\.f64\.f64$", 24),
    (r"^mma\.sync\.aligned\.m16n8k32\.row\.col\.f16\.e4m3\.e5m2\.f16$", 46),
    (r"^mma\.sync\.aligned\.m16n8k32\.row\.col\.kind::f8f6f4\.f32\.e2m1\.e3m2\.f32$", 97),
    (r"^mma\.sync\.aligned\.m16n8k32\.row\.col\.satfinite\.s32\.s8\.u8\.s32$", 121),
    (r"^mma\.sync\.aligned\.m8n8k32\.row\.col\.s32\.s4\.s4\.s32$", 126),
    (r"^mma\.sync\.aligned\.m16n8k128\.row\.col\.s32\.b1\.b1\.s32\.xor\.popc$", 152),
    (r"^wmma\.mma\.sync\.aligned\.row\.col\.m16n16k16\.f32\.f16$", 158),
    (r"^wgmma\.mma_async\.sync\.aligned\.m64n8k16\.f32\.f16\.f16$", 194),
    (r"^wgmma\.mma_async\.sync\.aligned\.m64n256k16\.f32\.bf16\.bf16$", 260),
    (r"^wgmma\.mma_async\.sync\.aligned\.m64n8k32\.f32\.e4m3\.e4m3$", 300),
    (r"^wgmma\.mma_async\.sync\.aligned\.m64n16k8\.f32\.tf32\.tf32$", 280),
    (r"^wgmma\.mma_async\.sync\.aligned\.m64n8k32\.s32\.s8\.s8$", 500),
]


def catalog_lines(catalog):
    if not catalog:
        return []
    with open(catalog) as f:
        return [l.strip() for l in f if l.strip()]


def frag_input(ctl, instr, seed, op=0, sel=(0, 0, 0, 0, 0), warp=(0, 0, 0), hand=b""):
    data = bytes([ctl]) + instr + struct.pack("<Q", seed)
    if ctl & 4:  # operand, selectors; map (bad lane, index, row, col), pack (position, bit), one element
        data += bytes([op]) + bytes(sel) + struct.pack("<BHBB", 3, 5, 1, 2) + struct.pack("<HB", 7, 0x10)
        data += struct.pack("<HB", 3, 0)
    if ctl & 8:
        data += hand
    if ctl & 16:  # warp: control, preset, which NULL, selectors
        data += bytes(warp) + bytes(sel)
    return data


def seeds_fragment(catalog):
    lines = catalog_lines(catalog)
    # every sparse / block-scaled form: each operand's map, and a warp run of several kinds
    for i in range(FRAG_NEXTRA):
        for op in range(7):
            ctl = 1 | 4 | (16 if op == 0 else 0)
            write("fragment", "extra-%02d-op%d" % (i, op),
                  frag_input(ctl, struct.pack("<H", i), 0x9E3779B97F4A7C15 ^ (i << 8 | op), op, (i % 4, 0, i % 2, i % 3, i % 4),
                             (0, 4 + i % 5, 0)))
        for wctl in (1, 2, 4, 8, 16):
            write("fragment", "extra-%02d-warp%d" % (i, wctl),
                  frag_input(1 | 16, struct.pack("<H", i), 0x1234567 + i, warp=(wctl, 6, i % 9)))
    for j, (rx, idx) in enumerate(FRAG_PICKS):
        for k, l in enumerate(lines):
            if re.match(rx, l):
                idx = k
                break
        for op in (0, 1, 3):
            write("fragment", "cat-%02d-op%d" % (j, op),
                  frag_input(0 | 4 | 16, struct.pack("<H", idx), 0x5151 * (j + 1), op, warp=(j % 3, 4, 0)))
    # a mutated field (k = 24, atype = 99, m = 64), a fully random descriptor, selectors out of range
    for j, (field, value) in enumerate([(3, 24), (4, 99), (1, 64), (14, 1), (16, 4)]):
        write("fragment", "mut-%d" % j, frag_input(2 | 4 | 16, struct.pack("<HBH", 15, field, value), 77 + j))
    write("fragment", "random", frag_input(3 | 4 | 16, bytes([0, 16]) + struct.pack("<HH", 8, 16) + bytes(range(3, 17)), 5))
    write("fragment", "bad-operand", frag_input(0 | 4, struct.pack("<H", 15), 9, op=0x87))
    write("fragment", "sel-raw", frag_input(1 | 4 | 16, struct.pack("<H", 0), 11, op=4,
                                            sel=(0xF0, 0xF1, 0, 0, 0)) + struct.pack("<II", 7, 0x10000))
    # hand-built layouts: consistent-looking and inconsistent (regs too small, odd rules, lanes)
    hands = [
        bytes([0, 0, 0, 6, 2, 0, 16, 16, 8, 0, 4, 0, 4, 0, 1, 0, 0, 0, 0, 0]),
        bytes([0, 0, 1, 8, 1, 1, 16, 32, 9, 0, 1, 3, 0, 1, 3, 0, 0, 0, 0]),
        bytes([4, 2, 2, 8, 4, 0, 16, 8, 8, 0, 4, 6, 2, 1, 9, 0, 0, 0, 0]),
        bytes([8, 3, 3, 8, 2, 0, 16, 8, 16, 0, 4, 5, 0, 0, 0, 2, 1, 3, 0, 0, 0]),
        bytes([2, 0, 0, 0, 1, 0x80, 0, 4, 4, 3, 0, 2, 6, 0, 0, 5, 0, 0, 0]),
    ]
    for j, h in enumerate(hands):
        write("fragment", "hand-%d" % j, frag_input(8, struct.pack("<H", 0), 31 + j, hand=h))


# ---------------------------------------------------------------- mx_quantize
MX_F = {"f64": 0, "f32": 1, "tf32": 2, "f16": 3, "bf16": 4, "e5m2": 5, "e4m3": 6, "e3m2": 7, "e2m3": 8, "e2m1": 9,
        "ue8m0": 10, "ue4m3": 11, "s32": 12}


def mx_input(ctl, sb, eb, nb, band, elems, tail=b""):
    data = bytes([ctl, sb, eb, nb, band])
    for kind, r in elems:
        data += bytes([kind]) + struct.pack("<Q", r & 0xFFFFFFFFFFFFFFFF)
    return data + tail


def seeds_mx_quantize():
    def block(n, seed, specials=()):
        out = []
        for i in range(n):
            r = (seed * 0x9E3779B97F4A7C15 + i * 0xD1B54A32D192ED03) & 0xFFFFFFFFFFFFFFFF
            out.append((7, r))  # near the band: values close to amax
        for pos, kind in specials:
            out[pos] = (kind, out[pos][1])
        return out
    elems = ["e4m3", "e5m2", "e3m2", "e2m3", "e2m1"]
    for e in range(5):  # MX, f32 blocks of 32 around 1.0, with and without specials
        write("mx_quantize", "mx-%s" % elems[e], mx_input(0, 0, e, 0, 127, block(32, e + 1)))
        write("mx_quantize", "mx-%s-special" % elems[e],
              mx_input(0, 0, e, 0, 127, block(32, e + 11, [(0, 1), (3, 2), (5, 4), (9, 3), (12, 5), (20, 6)])))
        write("mx_quantize", "mx-%s-n7" % elems[e], mx_input(0, 0, e, 0x46, 140, block(7, e + 21)))
    write("mx_quantize", "mx-all-zero", mx_input(0, 0, 0, 0, 0, [(1, i << 63) for i in range(32)]))
    write("mx_quantize", "mx-only-nan", mx_input(0, 0, 0, 0x41, 0, [(4, 5), (3, 1 << 63)]))
    write("mx_quantize", "mx-tiny", mx_input(0, 0, 4, 0x4F, 1, [(2, i * 77) for i in range(16)]))
    write("mx_quantize", "mx-huge", mx_input(0, 0, 1, 0x4F, 254, [(5, i * 77) for i in range(16)]))
    for name, sb in (("f16", 4), ("bf16", 5), ("f64", 6), ("tf32", 7), ("e4m3", 0x80 | MX_F["e4m3"]),
                     ("e2m1", 0x80 | MX_F["e2m1"])):
        write("mx_quantize", "mx-src-%s" % name, mx_input(0, sb, 0, 0x4F, 15, block(16, sb)))
        write("mx_quantize", "nvfp4-src-%s" % name, mx_input(1, sb, 0, 0, 15, block(16, sb + 100)))
    write("mx_quantize", "nvfp4-f32", mx_input(1, 0, 0, 0, 127, block(16, 3)))
    write("mx_quantize", "nvfp4-special", mx_input(1, 0, 0, 0, 127, block(16, 4, [(1, 4), (2, 3), (7, 1)])))
    write("mx_quantize", "nvfp4-n33", mx_input(1, 0, 0, 0x60, 100, block(33, 5)))
    write("mx_quantize", "nvfp4-amax-tiny", mx_input(1, 0, 0, 0, 1, [(2, 1)] + [(1, 0)] * 15))
    write("mx_quantize", "nvfp4-amax-huge", mx_input(1, 0, 0, 0, 250, block(16, 6)))
    # bad arguments: NULL x / scale / out, n = 0, refused formats, an over-wide code
    for j, nulls in enumerate((1, 2, 3, 4)):
        write("mx_quantize", "bad-null-%d" % j, mx_input(4, 0, 0, 0x43, 127, block(4, 7), bytes([nulls])))
    write("mx_quantize", "bad-elem", mx_input(4, 0, 0x80 | MX_F["f16"], 0x43, 127, block(4, 8), bytes([0])))
    write("mx_quantize", "bad-src-int", mx_input(4, 0xC0 | MX_F["s32"], 0, 0x43, 127, block(4, 9), bytes([0])))
    write("mx_quantize", "bad-src-ue8m0", mx_input(5, 0xC0 | MX_F["ue8m0"], 0, 0x43, 127, block(4, 9), bytes([0])))
    write("mx_quantize", "bad-code", mx_input(2, 0, 0, 0x43, 127, block(4, 10), bytes([2, 9])))


# ---------------------------------------------------------------- sme
def sme_input(what, fpmr=0, fpmr_mode=3, flags=0, vl_b=0, idx_b=0, bad=0, data_mode=0, seed=1, tail=b""):
    return (bytes([what, fpmr_mode]) + struct.pack("<Q", fpmr) + bytes([flags, vl_b, idx_b, bad, data_mode]) +
            struct.pack("<Q", seed) + tail)


def fpmr(f1=0, f2=0, lscale=0, osm=0):
    return f1 | f2 << 3 | osm << 14 | lscale << 16


def seeds_sme():
    names = ["fmopa16", "fmopa32", "fdot16", "fdot32", "fdot16x", "fdot32x", "dot", "helpers"]
    vls = {128: 0, 256: 0xC0, 512: 0xE0, 1024: 0xEC, 2048: 0xF0}
    n = 0
    for what in range(7):
        for j, (f1, f2, ls, osm, dm) in enumerate([(0, 0, 0, 0, 1), (1, 1, 3, 0, 1), (0, 1, 0, 1, 0), (1, 0, 9, 0, 3)]):
            vl = [128, 256, 128, 512][j]
            write("sme", "%s-%d" % (names[what], j),
                  sme_input(what, fpmr(f1, f2, ls, osm), 3, 0, vls[vl], (j * 3) % 8 if what != 6 else j, 0, dm, 17 + n))
            n += 1
    write("sme", "fmopa16-vl2048", sme_input(0, fpmr(1, 0, 2), 3, 0, vls[2048], 0, 0, 1, 5))
    write("sme", "fmopa32-vl2048", sme_input(1, fpmr(0, 1, 40), 3, 0, vls[2048], 0, 0, 1, 6))
    write("sme", "fdot16-vl1024", sme_input(2, fpmr(1, 1, 15), 3, 0, vls[1024], 0, 0, 1, 7))
    write("sme", "dot-f16-overflow-osm", sme_input(6, fpmr(0, 0, 0, 1), 3, 0, 0, 3, 0, 2, 8))
    write("sme", "dot-f32-lscale127", sme_input(6, fpmr(1, 1, 127), 3, 0, 0, 3, 0, 0, 9))
    write("sme", "reserved-format", sme_input(0, fpmr(2, 0), 3, 0, 0, 0, 0, 0, 10))
    write("sme", "reserved-format-strict", sme_input(3, fpmr(0, 5), 3, 1, 0, 0, 0, 0, 11))
    write("sme", "res0-strict", sme_input(1, 1 << 40 | fpmr(1, 1), 3, 1, 0, 0, 0, 0, 12))
    write("sme", "fpcr-ah", sme_input(2, fpmr(2, 2), 3, 2, 0, 0, 0, 0, 13))
    write("sme", "unknown-flags", sme_input(2, 0, 3, 0x84, 0, 0, 0, 0, 14))
    write("sme", "vl-192", sme_input(0, 0, 3, 0, 0xF4, 0, 0, 0, 15))
    write("sme", "vl-raw", sme_input(3, 0, 3, 0, 0xF8, 0, 0, 0, 16, struct.pack("<I", 640)))
    write("sme", "index-bad", sme_input(4, 0, 3, 0, 0, 0xE9, 0, 0, 17))
    write("sme", "index-raw", sme_input(5, 0, 3, 0, 0, 0xF0, 0, 0, 18, struct.pack("<I", 0x80000001)))
    for j in range(5):
        write("sme", "null-%d" % j, sme_input(j % 4, 0, 3, 0, 0, 0, 1, 0, 19 + j, bytes([j])))
        write("sme", "short-%d" % j, sme_input(j % 2, 0, 3, 0, 0, 0, 2, 0, 29 + j, bytes([j, 3 * j])))
    write("sme", "pred-bad-pn", sme_input(0, 0, 3, 0, 0, 0, 4, 0, 40, bytes([0]) + struct.pack("<HB", 5, 7)))
    write("sme", "pred-bad-pm", sme_input(1, 0, 3, 0, 0, 0, 4, 0, 41, bytes([1]) + struct.pack("<HB", 15, 0)))
    write("sme", "dot-bad-dtype", sme_input(6, 0, 3, 0, 0, 1, 8, 0, 42, bytes([0])))
    write("sme", "dot-bad-ways", sme_input(6, 0, 3, 0, 0, 1, 16, 0, 43, bytes([3])))
    write("sme", "dot-bad-addend", sme_input(6, 0, 3, 0, 0, 1, 32, 0, 44, bytes([5])))
    for j, (fp, fl, vl_b) in enumerate([(0x1234567890ABCDEF, 0, 0), (fpmr(1, 1, 5, 1), 1, 0xC0), (0xFFFFFFFFFFFFFFFF, 3, 0xF5)]):
        write("sme", "helpers-%d" % j, sme_input(7, fp, 3, fl, vl_b, 0, 0, 0, 50 + j, bytes([j, 200 + j, j])))


# ---------------------------------------------------------------- cli_args
def cli_input(args, ctl=0):
    return bytes([ctl]) + b"\0".join(a.encode() for a in args)


CLI_RUN = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"


def seeds_cli_args():
    runs = [
        ("run", [CLI_RUN, "--profile", "hopper", "--a", "a", "--b", "b", "--c", "c"]),
        ("run-dout", [CLI_RUN, "--profile=exact:rz", "--a=a", "--b=b", "--c=c", "--d-out", "out"]),
        ("run-stdin", [CLI_RUN, "--profile", "A100", "--a", "-", "--b", "b", "--c", "c", "--d-out=-"]),
        ("run-bf16-k8", ["mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32", "--profile", "ampere", "--a", "a8",
                         "--b", "b8", "--c", "c"]),
        ("run-s8", ["mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32", "--a", "a32", "--b", "b32", "--c", "c"]),
        ("run-m8n8k4", ["mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32", "--profile", "volta", "--a", "a4", "--b",
                        "b4", "--c", "c8"]),
        ("run-sparse", ["mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", "--profile", "hopper", "--a", "a8",
                        "--b", "b", "--c", "c", "--meta", "meta", "--selector", "1"]),
        ("run-mxf8", ["mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0",
                      "--profile", "rtx_blackwell", "--a", "a32", "--b", "b32", "--c", "c", "--scale-a", "sa",
                      "--scale-b", "sb", "--scale-a-sel", "1,1", "--scale-b-sel", "2,3"]),
        ("run-warp", [CLI_RUN, "--warp", "--profile", "ampere", "--a", "wa", "--b", "wb", "--c", "wc"]),
        ("run-fmopa16", ["fmopa.za16.f8", "--vl", "128", "--fpmr", "0x9", "--zn", "zn", "--zm", "zm", "--za", "za16",
                         "--pn", "pn", "--pm", "pm"]),
        ("run-fmopa32", ["fmopa.za32.f8", "--vl", "128", "--fpmr", "0x10000", "--zn", "zn", "--zm", "zm", "--za",
                         "za32", "--strict-fpmr", "--fpcr-ah"]),
        ("run-fdot16x", ["fdot.f16.f8", "--vl=128", "--fpmr=1", "--zn", "zn", "--zm", "zm", "--zda", "zda16",
                         "--index", "7"]),
        ("run-fdot32", ["fdot.f32.f8", "--vl", "128", "--fpmr", "0", "--zn", "zn", "--zm", "zm", "--za", "zda32"]),
        ("run-missing", [CLI_RUN, "--profile", "hopper", "--a", "a"]),
        ("run-no-profile", [CLI_RUN, "--a", "a", "--b", "b", "--c", "c"]),
        ("run-bad-file", [CLI_RUN, "--profile", "hopper", "--a", "junk", "--b", "nul", "--c", "empty"]),
        ("run-unknown-option", [CLI_RUN, "--x"]),
        ("run-sme-option", [CLI_RUN, "--vl", "128"]),
        ("run-help", ["--help"]),
    ]
    for name, args in runs:
        write("cli_args", name, cli_input(["run"] + args))
    others = [
        ("no-args", []), ("help", ["--help"]), ("version", ["--version"]), ("help-run", ["help", "run"]),
        ("help-bare", ["help"]), ("unknown-command", ["frobnicate"]),
        ("conform", ["conform", "ds"]), ("conform-two", ["conform", "ds", "."]), ("conform-none", ["conform"]),
        ("conform-option", ["conform", "-x"]), ("conform-missing-dir", ["conform", "nope"]),
        ("layout", ["layout", CLI_RUN, "a", "--header", "--svg", "out"]),
        ("layout-wgmma", ["layout", "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16", "d"]),
        ("layout-sparse-e", ["layout", "mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", "e", "--selector=2"]),
        ("layout-sfa", ["layout", "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1"
                        ".e2m1.f32.ue4m3", "sfa", "--scale-a-sel", "0,1"]),
        ("layout-bad-operand", ["layout", CLI_RUN, "q"]), ("layout-wmma", ["layout",
                                                                        "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f16", "a"]),
        ("bench", ["bench", "--size", "2", "--profile", "ampere"]), ("bench-size-0", ["bench", "--size=0"]),
        ("bench-no-value", ["bench", "--profile"]), ("bench-big", ["bench", "--size", "4096"]),
        ("parse", ["parse", CLI_RUN, "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16"]),
        ("parse-bad", ["parse", "mma.sync", "x"]), ("parse-none", ["parse"]),
        ("catalog", ["catalog"]), ("catalog-arg", ["catalog", "x"]),
    ]
    for name, args in others:
        write("cli_args", name, cli_input(args, ctl=len(name) % 4))


# ---------------------------------------------------------------- elf_load, summary_json (sim/)
def elf32(entry, segments, phoff=52, machine=243, etype=2):
    """A little-endian ELF32 executable: segments = [(p_type, p_paddr, data, p_memsz)], data after the headers."""
    data_off = phoff + 32 * len(segments)
    ph, blob = b"", b""
    for p_type, paddr, data, memsz in segments:
        ph += struct.pack("<IIIIIIII", p_type, data_off + len(blob), paddr, paddr, len(data), memsz, 5, 4)
        blob += data
    ident = b"\x7fELF" + bytes([1, 1, 1]) + bytes(9)
    hdr = ident + struct.pack("<HHIIIIIHHHHHH", etype, machine, 1, entry, phoff, 0, 0, 52, 32, len(segments), 40, 0, 0)
    return hdr + bytes(phoff - 52) + ph + blob


def seeds_elf_load():
    code = bytes.fromhex("13000000" "6f000000")  # nop; j .
    ram = 0x80000000
    # control byte: RAM size 256 KiB (3), at 0x80000000
    write("elf_load", "one-segment", bytes([3]) + elf32(ram, [(1, ram, code, 64)]))
    write("elf_load", "text-data-bss", bytes([3]) + elf32(ram, [(1, ram, code, 8), (1, ram + 0x1000, b"\x01\x02", 0x100),
                                                          (4, 0, b"note", 4)]))
    write("elf_load", "overlap", bytes([3]) + elf32(ram, [(1, ram, code, 8), (1, ram + 4, code, 8)]))
    write("elf_load", "outside-ram", bytes([1]) + elf32(ram, [(1, ram + 0x2000, code, 8)]))
    write("elf_load", "ram-at-0", bytes([6]) + elf32(0, [(1, 0, code, 8)]))
    write("elf_load", "truncated", bytes([3]) + elf32(ram, [(1, ram, code, 64)])[:90])
    write("elf_load", "x86", bytes([3]) + elf32(ram, [(1, ram, code, 64)], machine=62))


def summary(jobs=6, passed=6, failures=(), shard="0/2", seconds=1.25, failed=None):
    fl = ",".join('\n    {"job": %d, "message": "%s", "reproduce": "%s"}' % f for f in failures)
    return ('{\n  "config": "default",\n  "seed": 9,\n  "shard": "%s",\n  "jobs": %d,\n  "passed": %d,\n  "failed": %d,\n'
            '  "cycles": 51234,\n  "busy": 4000,\n  "macs": 300000,\n  "avail": 512000,\n  "useful_macs": 290000,\n'
            '  "seconds": %r,\n  "utilisation": 0.5859375,\n  "failures": [%s\n  ],\n'
            '  "expected_bins": ["mode:0", "fault:none", "N:within-tile"],\n'
            '  "coverage": {\n    "fault:none": 5,\n    "mode:0": 6\n  }\n}\n'
            % (shard, jobs, passed, jobs - passed if failed is None else failed, seconds, fl))


def seeds_summary_json():
    write("summary_json", "shard", summary())
    write("summary_json", "failures", summary(passed=4, failures=[(2, "D[0][1] = 0x3c00, golden \\\"0x3c01\\\"",
                                                                      "build/bin/mmasim regress --seed 9 --job 2"),
                                                                     (5, "hang\\u0009(watchdog)", "x")]))
    write("summary_json", "escapes", summary(shard="0/2\\n\\t\\/\\u00e9"))
    write("summary_json", "not-adding-up", summary(jobs=6, passed=7, failed=0))
    write("summary_json", "truncated", summary()[:70])
    write("summary_json", "nested", "[" * 30 + "]" * 30)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--catalog")
    ap.add_argument("--vectors", default=VECTORS, help="vectors/gpu directory of the conformance data")
    args = ap.parse_args()
    seeds_format()
    seeds_instr()
    seeds_run(args.catalog)
    seeds_hexfile()
    seeds_metadata()
    seeds_conform(args.vectors)
    seeds_fragment(args.catalog)
    seeds_mx_quantize()
    seeds_sme()
    seeds_cli_args()
    seeds_elf_load()
    seeds_summary_json()


if __name__ == "__main__":
    main()
