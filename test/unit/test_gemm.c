/*
 * mma_gemm (with its fast block-FMA path) equals a chain of per-element mma_dot calls, bit for bit;
 * a sparse mma_gemm equals that chain on A decompressed here from the PTX metadata rule (sparse.h);
 * a block-scaled one (dense or sparse, K ragged) equals a chain of single-instruction mma_run calls
 * on 16 x 8 tiles with the documented padding (zero elements, unit scales).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mma/mmacore.h"

#define MAXD 80

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Random code of a format: mostly ordinary values, some zeros, subnormals and specials. */
static uint64_t random_code(mma_format f, int specials)
{
    const mma_format_info *info = mma_format_get(f);
    uint64_t mask = info->storage_bits >= 64 ? ~0ull : ((1ull << info->storage_bits) - 1u);
    uint64_t c = rnd() & mask;
    if (f == MMA_FMT_TF32) {
        c &= ~0x1FFFull | (rnd() & 1 ? 0x1FFFull : 0); /* low bits are ignored: exercise both */
    }
    int r = (int)(rnd() % 16);
    if (r == 0) {
        return 0;
    }
    if (!specials) {
        mma_value v;
        mma_decode(f, c, &v);
        while (v.cls == MMA_CLASS_NAN || v.cls == MMA_CLASS_INF) {
            c = rnd() & mask;
            mma_decode(f, c, &v);
        }
    }
    return c;
}

/* Independent integer reference: exact sum of one chunk, then .satfinite clamp or wrap to s32. */
static int64_t int_of(mma_format f, uint64_t code)
{
    const mma_format_info *info = mma_format_get(f);
    if (info->kind == MMA_KIND_SIGNED_INT && (code >> (info->storage_bits - 1)) & 1u) {
        return (int64_t)code - ((int64_t)1 << info->storage_bits);
    }
    return (int64_t)code;
}

static uint64_t int_chunk(const mma_instr *ins, const uint64_t *a, const uint64_t *b, uint64_t c)
{
    int64_t sum = (int32_t)(uint32_t)c;
    for (size_t t = 0; t < ins->k; ++t) {
        sum += int_of((mma_format)ins->atype, a[t]) * int_of((mma_format)ins->btype, b[t]);
    }
    if (ins->satfinite) {
        sum = sum > INT32_MAX ? INT32_MAX : (sum < INT32_MIN ? INT32_MIN : sum);
    }
    return (uint32_t)(uint64_t)sum;
}

static uint64_t A[MAXD * MAXD], B[MAXD * MAXD], C[MAXD * MAXD], D[MAXD * MAXD];
static uint64_t A_DENSE[MAXD * MAXD]; /* a sparse check's A, decompressed by the test */
static uint8_t META[MAXD * MAXD];
static uint64_t SCALE_A[MAXD * MAXD], SCALE_B[MAXD * MAXD];

/* Outcome of one check. */
enum { PASS, FAIL, SKIP /* the preset has no datapath for the instruction */ };

/*
 * Random valid metadata for m rows of k dense elements, and A_DENSE (m x k) from the stored A
 * (m x k/2, row stride lda) by the PTX rule of include/mma/sparse.h, written out here: index 0 in
 * bits [1:0] places stored value 0, index 1 in bits [3:2] stored value 1 (2:4); tf32 (1:2) keeps
 * element 0 for 0b0100 and element 1 for 0b1110; 4:8 pairs place stored values 0,1 in pair index 0
 * and 2,3 in pair index 1. mma.sp takes the two indices in either order, ::ordered_metadata only
 * ascending.
 */
static void random_sparse(const mma_instr *ins, size_t m, size_t k, size_t lda)
{
    const int tf32 = ins->atype == MMA_FMT_TF32;
    const int pairs = !tf32 && mma_format_get((mma_format)ins->atype)->storage_bits == 4 &&
                      ins->kind != MMA_KINDQ_F8F6F4 && ins->kind != MMA_KINDQ_MXF8F6F4;
    const size_t chunk = tf32 ? 2u : (pairs ? 8u : 4u);
    for (size_t i = 0; i < m; ++i) {
        for (size_t c = 0; c < k / chunk; ++c) {
            const uint64_t *st = &A[i * lda + c * chunk / 2u];
            uint64_t *dn = &A_DENSE[i * k + c * chunk];
            memset(dn, 0, chunk * sizeof *dn);
            uint8_t v;
            if (tf32) {
                const unsigned e = (unsigned)(rnd() & 1u);
                v = e ? 0xEu : 0x4u;
                dn[e] = st[0];
            } else {
                unsigned i0 = (unsigned)(rnd() % 4u), i1 = (unsigned)(rnd() % 3u);
                i1 += i1 >= i0; /* distinct */
                if (ins->sparsity == MMA_SPARSE_SP_ORDERED && i1 < i0) {
                    const unsigned t = i0;
                    i0 = i1;
                    i1 = t;
                }
                v = (uint8_t)(i0 | i1 << 2);
                if (pairs) {
                    dn[2 * i0] = st[0];
                    dn[2 * i0 + 1] = st[1];
                    dn[2 * i1] = st[2];
                    dn[2 * i1 + 1] = st[3];
                } else {
                    dn[i0] = st[0];
                    dn[i1] = st[1];
                }
            }
            META[i * (k / chunk) + c] = v;
        }
    }
}

/* One check's instruction, profile and shape. */
typedef struct draw {
    mma_instr ins;
    mma_profile prof;
    int sparse;
    size_t k;     /* K, cut to whole metadata chunks for a sparse instruction */
    size_t ka;    /* stored elements of a row of A */
    size_t chunk; /* dense elements per metadata value (1: dense) */
} draw;

/*
 * Parses text, resolves its profile on preset and fills A, B and C (a sparse instruction: also
 * META and A_DENSE) with random codes for m x n x k: PASS, FAIL (bad text) or SKIP.
 */
static int draw_operands(mma_preset preset, const char *text, size_t m, size_t n, size_t k, int specials, draw *d)
{
    mma_diag diag;
    if (mma_instr_parse(text, strlen(text), &d->ins, &diag) != MMA_OK) {
        printf("FAIL parse %s: %s\n", text, diag.reason);
        return FAIL;
    }
    if (mma_instr_profile(preset, &d->ins, &d->prof) != MMA_OK) {
        return SKIP;
    }
    d->sparse = d->ins.sparsity != MMA_SPARSE_NONE;
    d->chunk = 1;
    if (d->sparse) {
        mma_sparse_layout lay;
        if (mma_sparse_layout_of(&d->ins, &lay) != MMA_OK) {
            printf("FAIL sparse layout %s\n", text);
            return FAIL;
        }
        d->chunk = lay.chunk;
    }
    d->k = k - k % d->chunk;
    d->ka = d->sparse ? d->k / 2u : d->k;
    for (size_t i = 0; i < m * d->ka; ++i) A[i] = random_code((mma_format)d->ins.atype, specials);
    for (size_t i = 0; i < d->k * n; ++i) B[i] = random_code((mma_format)d->ins.btype, specials);
    for (size_t i = 0; i < m * n; ++i) C[i] = random_code((mma_format)d->ins.ctype, specials);
    if (d->sparse) {
        random_sparse(&d->ins, m, d->k, d->ka);
    }
    return PASS;
}

/* The drawn GEMM (dense or sparse, no block scale) through mma_gemm against the dot-product chain. */
static int check(const draw *d, mma_preset preset, const char *text, size_t m, size_t n)
{
    const mma_instr ins = d->ins;
    const mma_profile prof = d->prof;
    const size_t k = d->k;
    const uint64_t *a = d->sparse ? A_DENSE : A;
    mma_gemm_desc g = {&ins, &prof, m, n, k, A, d->ka, B, n, C, n, D, n, d->sparse ? META : NULL,
                       d->sparse ? k / d->chunk : 0, NULL, 0, NULL, 0};
    mma_status st = mma_gemm(&g);
    if (st != MMA_OK) {
        printf("FAIL gemm %s: %s\n", text, mma_status_message(st));
        return FAIL;
    }
    int fails = 0;
    uint64_t arow[256], bcol[256];
    for (size_t i = 0; i < m; ++i) {
        for (size_t j = 0; j < n; ++j) {
            uint64_t acc = C[i * n + j];
            mma_format ct = (mma_format)ins.ctype;
            size_t k0 = 0;
            do {
                for (size_t t = 0; t < ins.k; ++t) {
                    arow[t] = k0 + t < k ? a[i * k + k0 + t] : 0;
                    bcol[t] = k0 + t < k ? B[(k0 + t) * n + j] : 0;
                }
                if (!mma_format_is_float((mma_format)ins.atype)) {
                    acc = int_chunk(&ins, arow, bcol, acc);
                    k0 += ins.k;
                    continue;
                }
                st = mma_dot(&prof, (mma_format)ins.atype, arow, 1, (mma_format)ins.btype, bcol, 1, ins.k, ct, acc,
                             (mma_format)ins.dtype, &acc);
                if (st != MMA_OK) {
                    printf("FAIL dot %s\n", mma_status_message(st));
                    return FAIL;
                }
                ct = (mma_format)ins.dtype;
                k0 += ins.k;
            } while (k0 < k);
            if (acc != D[i * n + j]) {
                if (fails++ < 3) {
                    printf("FAIL %s %s (%zu,%zu): gemm %llx dot %llx\n", mma_preset_name(preset), text, i, j,
                           (unsigned long long)D[i * n + j], (unsigned long long)acc);
                }
            }
        }
    }
    return fails != 0 ? FAIL : PASS;
}

/* A random scale code: ue8m0 within 2^-10..2^10 (NaN, 0xFF, now and then with specials), ue4m3 any non-NaN. */
static uint64_t random_scale(mma_format stype, int specials)
{
    if (stype == MMA_FMT_UE8M0) {
        return specials && rnd() % 64u == 0 ? 0xFFu : 0x7Fu - 10u + rnd() % 21u;
    }
    return rnd() % 0x7Fu;
}

/* The unit scale, from the formats' definitions: ue8m0 2^(127 - 127), ue4m3 0.0111.000 = 1.0. */
static uint64_t unit_scale(mma_format stype)
{
    return stype == MMA_FMT_UE8M0 ? 0x7Fu : 0x38u;
}

/*
 * A block-scaled instruction (dense or sparse) through mma_gemm against a chain of mma_run (or
 * mma_sparse_run) calls, one per 16 x 8 tile and chunk of K, operands cut out and padded here:
 * elements beyond m, n, k are code 0, metadata beyond k the valid 0b0100, scales beyond
 * ceil(k / block_k) the unit scale. The instruction's C and D types must be equal (each chunk's D
 * is the next one's C).
 */
static int check_scaled(const draw *d, mma_preset preset, const char *text, size_t m, size_t n, int specials)
{
    const mma_instr ins = d->ins;
    const mma_profile prof = d->prof;
    mma_scale_shape shape;
    if (mma_block_scale_shape(&ins, &shape) != MMA_OK || ins.ctype != ins.dtype) {
        printf("FAIL %s: not a block-scaled instruction with ctype == dtype\n", text);
        return FAIL;
    }
    const int sparse = d->sparse;
    const size_t chunk = d->chunk, k = d->k, ka = d->ka;
    const mma_format stype = (mma_format)ins.stype;
    const size_t nblk = (k + shape.block_k - 1u) / shape.block_k;
    for (size_t i = 0; i < m * nblk; ++i) SCALE_A[i] = random_scale(stype, specials);
    for (size_t i = 0; i < nblk * n; ++i) SCALE_B[i] = random_scale(stype, specials);
    const size_t ldm = sparse ? k / chunk : 0;
    mma_gemm_desc g = {&ins, &prof, m, n, k, A, ka, B, n, C, n, D, n, sparse ? META : NULL, ldm,
                       SCALE_A, nblk, SCALE_B, n};
    mma_status st = mma_gemm(&g);
    if (st != MMA_OK) {
        printf("FAIL gemm %s: %s\n", text, mma_status_message(st));
        return FAIL;
    }
    static uint64_t ta[16 * 128], tb[128 * 8], tc[16 * 8], td[16 * 8], tsa[16 * 4], tsb[4 * 8];
    static uint8_t tmeta[16 * 32];
    const size_t im = ins.m, in = ins.n, ik = ins.k, ika = sparse ? ik / 2u : ik;
    if (im * ika > sizeof ta / sizeof ta[0] || ik * in > sizeof tb / sizeof tb[0] || im * in > sizeof tc / sizeof tc[0] ||
        shape.vec > 4u || (sparse && ik / chunk > 32u)) {
        printf("FAIL %s: instruction shape beyond this test's tiles\n", text);
        return FAIL;
    }
    int fails = 0;
    for (size_t i0 = 0; i0 < m; i0 += im) {
        for (size_t j0 = 0; j0 < n; j0 += in) {
            for (size_t r = 0; r < im; ++r) {
                for (size_t c = 0; c < in; ++c) {
                    tc[r * in + c] = i0 + r < m && j0 + c < n ? C[(i0 + r) * n + j0 + c] : 0;
                }
            }
            size_t k0 = 0;
            do {
                for (size_t r = 0; r < im; ++r) {
                    const int row = i0 + r < m;
                    for (size_t t = 0; t < ika; ++t) {
                        const size_t kt = k0 / (ik / ika) + t;
                        ta[r * ika + t] = row && kt < ka ? A[(i0 + r) * ka + kt] : 0;
                    }
                    for (size_t c = 0; sparse && c < ik / chunk; ++c) {
                        const size_t kc = k0 / chunk + c;
                        tmeta[r * (ik / chunk) + c] = row && kc < ldm ? META[(i0 + r) * ldm + kc] : 0x4u;
                    }
                    for (size_t s = 0; s < shape.vec; ++s) {
                        const size_t b = k0 / shape.block_k + s;
                        tsa[r * shape.vec + s] = row && b < nblk ? SCALE_A[(i0 + r) * nblk + b] : unit_scale(stype);
                    }
                }
                for (size_t c = 0; c < in; ++c) {
                    const int col = j0 + c < n;
                    for (size_t t = 0; t < ik; ++t) {
                        tb[t * in + c] = col && k0 + t < k ? B[(k0 + t) * n + j0 + c] : 0;
                    }
                    for (size_t s = 0; s < shape.vec; ++s) {
                        const size_t b = k0 / shape.block_k + s;
                        tsb[s * in + c] = col && b < nblk ? SCALE_B[b * n + j0 + c] : unit_scale(stype);
                    }
                }
                const mma_operands ops = {ta, tb, tc, td, sparse ? tmeta : NULL, tsa, tsb};
                st = sparse ? mma_sparse_run(&ins, &prof, &ops, NULL) : mma_run(&ins, &prof, &ops);
                if (st != MMA_OK) {
                    printf("FAIL run %s: %s\n", text, mma_status_message(st));
                    return FAIL;
                }
                memcpy(tc, td, im * in * sizeof td[0]);
                k0 += ik;
            } while (k0 < k);
            for (size_t r = 0; r < im && i0 + r < m; ++r) {
                for (size_t c = 0; c < in && j0 + c < n; ++c) {
                    const uint64_t want = td[r * in + c], got = D[(i0 + r) * n + j0 + c];
                    if (want != got && fails++ < 3) {
                        printf("FAIL %s %s m%zu n%zu k%zu (%zu,%zu): gemm %llx run %llx\n", mma_preset_name(preset),
                               text, m, n, k, i0 + r, j0 + c, (unsigned long long)got, (unsigned long long)want);
                    }
                }
            }
        }
    }
    return fails != 0 ? FAIL : PASS;
}

int main(void)
{
    static const char *const instrs[] = {
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
        "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
        "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32",
        "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32",
        "mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16",
        "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e3m2.f32",
        "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3",
        "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32",
        "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64",
        "mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32",
        "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32",
        "mma.sp.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16",
        "mma.sp.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32",
        "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f32.e4m3.e5m2.f32",
        "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.e3m2.e2m1.f32",
        "mma.sp.sync.aligned.m16n8k64.row.col.satfinite.s32.s8.u8.s32",
        "mma.sp.sync.aligned.m16n8k128.row.col.s32.s4.s4.s32",
    };
    static const char *const scaled[] = {
        "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e5m2.f32.ue8m0",
        "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e2m3.e2m1.f32.ue8m0",
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
        "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0",
        "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
    };
    /* Sparse checks take K down to whole metadata chunks (37 -> 36 or 32; 40 stays): ragged for every k. */
    static const size_t sizes[][3] = {{16, 8, 16}, {5, 13, 37}, {33, 17, 64}, {1, 1, 1}, {3, 9, 0}, {7, 5, 40}};
    enum { NI = sizeof instrs / sizeof instrs[0], NS = sizeof scaled / sizeof scaled[0] };
    int count[3] = {0, 0, 0}, ran[NI + NS] = {0};
    for (unsigned p = 0; p < MMA_PRESET_COUNT; ++p) {
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
            for (int specials = 0; specials < 2; ++specials) {
                for (size_t t = 0; t < NI + NS; ++t) {
                    const char *text = t < NI ? instrs[t] : scaled[t - NI];
                    const size_t m = sizes[s][0], n = sizes[s][1];
                    draw d;
                    int r = draw_operands((mma_preset)p, text, m, n, sizes[s][2], specials, &d);
                    if (r == PASS) {
                        r = t < NI ? check(&d, (mma_preset)p, text, m, n)
                                   : check_scaled(&d, (mma_preset)p, text, m, n, specials);
                    }
                    ++count[r];
                    ran[t] += r != SKIP;
                }
            }
        }
    }
    int failures = count[FAIL];
    for (size_t t = 0; t < NI + NS; ++t) {
        if (!ran[t]) { /* a check that never ran must not look like a pass */
            printf("FAIL no preset runs %s\n", t < NI ? instrs[t] : scaled[t - NI]);
            ++failures;
        }
    }
    printf("%d passed, %d failed (%d preset x instruction x size runs without that datapath on the preset)\n",
           count[PASS], failures, count[SKIP]);
    return failures != 0;
}
