#!/usr/bin/env python3
"""End-to-end check of `mmacore run --warp` against `mmacore run` (matrix level), through files only.

For each instruction: random matrices; D from the matrix-level command; the same data packed into
per-lane register files using the map printed by `mmacore layout` and the packing rules of the issue
(written out here: f16x2 low half first, 8-bit 4 per word, 4-bit 8 per word, .f64 two words low first,
.kind::f8f6f4 containers e2m1 << 2); D registers from `mmacore run --warp`, unpacked with the layout
of d, must equal the matrix-level D. mma.m8n8k4 .f16 is four MMAs (one per quad pair) at matrix level.

usage: check_warp_cli.py PATH/TO/mmacore       exit 0 pass, 1 fail
"""
import os
import random
import subprocess
import sys
import tempfile

# instruction, profile, shape; a/b/c/d = element bits in the registers (a_code/b_code: code bits when
# they differ, i.e. .kind::f8f6f4 containers); sel/chunk for mma.sp; vec and selectors for .block_scale.
CASES = [
    dict(ins="mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", prof="hopper", m=16, n=8, k=16,
         a=16, b=16, c=32, d=32),
    dict(ins="mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64", prof=None, m=16, n=8, k=16,
         a=64, b=64, c=64, d=64),
    dict(ins="mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f16", prof="volta", m=8, n=8, k=4,
         a=16, b=16, c=16, d=32, nmat=4),
    dict(ins="mma.sync.aligned.m16n8k64.row.col.satfinite.s32.s4.u4.s32", prof=None, m=16, n=8, k=64,
         a=4, b=4, c=32, d=32),
    dict(ins="mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32", prof="ampere",
         m=16, n=8, k=32, a=16, b=16, c=32, d=32, sel=1, chunk=4),
    dict(ins="mma.sp.sync.aligned.m16n8k128.row.col.s32.u4.u4.s32", prof=None, m=16, n=8, k=128,
         a=4, b=4, c=32, d=32, sel=0, chunk=8),
    dict(ins="mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e2m1.e3m2.f32.ue8m0",
         prof="rtx_blackwell", m=16, n=8, k=32, a=8, b=8, c=32, d=32, a_code=4, b_code=6, vec=1,
         sa_sel=(3, 1), sb_sel=(1, 2)),
    dict(ins="mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X"
             ".f32.e2m1.e2m1.f32.ue4m3", prof="rtx_blackwell", m=16, n=8, k=128, a=4, b=4, c=32, d=32,
         sel=0, chunk=8, vec=4, sa_sel=(0, 1), sb_sel=(0, 3)),
    dict(ins="wgmma.mma_async.sync.aligned.m64n24k32.f16.e4m3.e5m2", prof="hopper", m=64, n=24, k=32,
         a=8, b=8, c=16, d=16, lanes=128),
]


def run(args, stdin=None):
    p = subprocess.run(args, capture_output=True, text=True, input=stdin)
    if p.returncode != 0:
        raise RuntimeError("%s failed (%d): %s" % (" ".join(args), p.returncode, p.stderr.strip()))
    return p.stdout


def layout(mm, ins, op, extra=()):
    out = run([mm, "layout", ins, op] + list(extra))
    rows = []
    for line in out.splitlines():
        lane, idx, r, c = (int(x) for x in line.split(","))
        rows.append((lane, idx, r, c))
    return rows


def write_matrix(path, mat, bits):
    digits = (bits + 3) // 4
    with open(path, "w") as f:
        for row in mat:
            f.write(" ".join("%0*x" % (digits, v) for v in row) + "\n")


def read_words(text):
    return [[int(w, 16) for w in line.split()] for line in text.splitlines() if line.strip()]


def pack(entries, mat, bits, lanes, regs, shift=0, fill_unused=False):
    """Registers (lanes x regs words) from a matrix through (lane, index, row, col) entries."""
    words = [[random.getrandbits(32) if fill_unused else 0 for _ in range(regs)] for _ in range(lanes)]
    if fill_unused:
        # clear the slots that are read so that garbage stays only where nothing is read
        for lane, idx, _, _ in entries:
            per = 32 // bits
            w, sh = idx // per, (idx % per) * bits
            words[lane][w] &= ~(((1 << bits) - 1) << sh) & 0xFFFFFFFF
    for lane, idx, r, c in entries:
        v = mat[r][c]
        if bits == 64:
            words[lane][2 * idx] = v & 0xFFFFFFFF
            words[lane][2 * idx + 1] = v >> 32
            continue
        per = 32 // bits
        words[lane][idx // per] |= (v << shift) << ((idx % per) * bits)
    return words


def unpack(entries, words, bits, rows, cols):
    mat = [[None] * cols for _ in range(rows)]
    for lane, idx, r, c in entries:
        if bits == 64:
            mat[r][c] = words[lane][2 * idx] | (words[lane][2 * idx + 1] << 32)
        else:
            per = 32 // bits
            mat[r][c] = (words[lane][idx // per] >> ((idx % per) * bits)) & ((1 << bits) - 1)
    return mat


def rand_matrix(rows, cols, bits):
    return [[random.getrandbits(bits) for _ in range(cols)] for _ in range(rows)]


def check(mm, case, tmp):
    ins, m, n, k = case["ins"], case["m"], case["n"], case["k"]
    nmat = case.get("nmat", 1)
    lanes = case.get("lanes", 32)
    sparse = "chunk" in case
    scaled = "vec" in case
    kst = k // 2 if sparse else k
    a_code = case.get("a_code", case["a"] if case["a"] < 64 else 64)
    b_code = case.get("b_code", case["b"] if case["b"] < 64 else 64)
    A = rand_matrix(m * nmat, kst, a_code)
    B = rand_matrix(k, n * nmat, b_code)
    C = rand_matrix(m * nmat, n, case["c"])
    prof = ["--profile", case["prof"]] if case["prof"] else []
    extra_layout = []
    meta = sa = sb = None
    if sparse:
        meta = [[random.choice([4, 8, 9, 12, 13, 14]) for _ in range(k // case["chunk"])] for _ in range(m)]
        extra_layout += ["--selector", str(case["sel"])]
    if scaled:
        vec = case["vec"]
        sa = rand_matrix(m, vec, 7 if "ue4m3" in ins else 8)
        sb = rand_matrix(vec, n, 7 if "ue4m3" in ins else 8)
        extra_layout += ["--scale-a-sel", "%d,%d" % case["sa_sel"], "--scale-b-sel", "%d,%d" % case["sb_sel"]]

    # matrix level (per quad pair for m8n8k4 .f16)
    D = []
    for q in range(nmat):
        write_matrix(os.path.join(tmp, "a.txt"), A[q * m:(q + 1) * m], a_code)
        write_matrix(os.path.join(tmp, "b.txt"), [row[q * n:(q + 1) * n] for row in B], b_code)
        write_matrix(os.path.join(tmp, "c.txt"), C[q * m:(q + 1) * m], case["c"])
        args = [mm, "run", ins] + prof + ["--a", os.path.join(tmp, "a.txt"), "--b", os.path.join(tmp, "b.txt"),
                                          "--c", os.path.join(tmp, "c.txt")]
        if sparse:
            write_matrix(os.path.join(tmp, "meta.txt"), meta, 4)
            args += ["--meta", os.path.join(tmp, "meta.txt")]
        if scaled:
            write_matrix(os.path.join(tmp, "sa.txt"), sa, 8)
            write_matrix(os.path.join(tmp, "sb.txt"), sb, 8)
            args += ["--scale-a", os.path.join(tmp, "sa.txt"), "--scale-b", os.path.join(tmp, "sb.txt")]
        D += read_words(run(args))

    # warp level
    la = layout(mm, ins, "a")
    lc = layout(mm, ins, "c")
    ld = layout(mm, ins, "d")
    def regs(entries, bits):
        elems = max(i for _, i, _, _ in entries) + 1
        return 2 * elems if bits == 64 else (elems * bits + 31) // 32

    wa = pack(la, A, case["a"], lanes, regs(la, case["a"]), shift=2 if case.get("a_code") == 4 and case["a"] == 8 else 0)
    wc = pack(lc, C, case["c"], lanes, regs(lc, case["c"]))
    write_matrix(os.path.join(tmp, "wa.txt"), wa, 32)
    write_matrix(os.path.join(tmp, "wc.txt"), wc, 32)
    if lanes == 128:
        write_matrix(os.path.join(tmp, "wb.txt"), B, b_code)
    else:
        lb = layout(mm, ins, "b")
        wb = pack(lb, B, case["b"], 32, regs(lb, case["b"]), shift=2 if case.get("b_code") == 4 and case["b"] == 8 else 0)
        write_matrix(os.path.join(tmp, "wb.txt"), wb, 32)
    args = [mm, "run", ins, "--warp"] + prof + ["--a", os.path.join(tmp, "wa.txt"), "--b",
                                               os.path.join(tmp, "wb.txt"), "--c", os.path.join(tmp, "wc.txt")]
    if sparse:
        le = layout(mm, ins, "e", extra_layout)
        we = pack(le, meta, 4, 32, 1, fill_unused=True)
        write_matrix(os.path.join(tmp, "we.txt"), we, 32)
        args += ["--meta", os.path.join(tmp, "we.txt"), "--selector", str(case["sel"])]
    if scaled:
        lsa = layout(mm, ins, "sfa", extra_layout)
        lsb = layout(mm, ins, "sfb", extra_layout)
        write_matrix(os.path.join(tmp, "wsa.txt"), pack(lsa, sa, 8, 32, 1, fill_unused=True), 32)
        write_matrix(os.path.join(tmp, "wsb.txt"), pack(lsb, sb, 8, 32, 1, fill_unused=True), 32)
        args += ["--scale-a", os.path.join(tmp, "wsa.txt"), "--scale-b", os.path.join(tmp, "wsb.txt"),
                 "--scale-a-sel", "%d,%d" % case["sa_sel"], "--scale-b-sel", "%d,%d" % case["sb_sel"]]
    wd = read_words(run(args))
    Dw = unpack(ld, wd, case["d"], m * nmat, n)
    if Dw != D:
        bad = [(r, c) for r in range(m * nmat) for c in range(n) if Dw[r][c] != D[r][c]]
        print("FAIL %s: %d elements differ, first %s: warp %x matrix %x" % (ins, len(bad), bad[0],
              Dw[bad[0][0]][bad[0][1]], D[bad[0][0]][bad[0][1]]))
        return False
    return True


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    mm = sys.argv[1]
    random.seed(12345)
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for case in CASES:
            for _ in range(2):
                try:
                    good = check(mm, case, tmp)
                except RuntimeError as e:
                    print("FAIL %s: %s" % (case["ins"], e))
                    good = False
                ok = ok and good
    print("check_warp_cli: %d instructions x 2, %s" % (len(CASES), "pass" if ok else "FAIL"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
