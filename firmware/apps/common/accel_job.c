/* One accelerator job checked against the golden model (accel_check.h).
 *
 * The operands are drawn once as element codes for mma_gemm (A m x k or, sparse, m x k/2 with
 * m x k/4 metadata nibbles; B k x n; C m x n; block scales m x nblk and nblk x n), then written in
 * the accelerator's memory layout (mma/driver.h) into a static arena in RAM: every region 32-byte
 * aligned, rows padded to the bus beat, D's rows and padding filled with a pattern first so a row
 * the accelerator did not write, or a byte past a row it wrote, shows. */
#include "accel_check.h"

#include <stddef.h>

#include "app.h"
#include "board.h"
#include "mma/hw/mma_accel_regs.h"
#include "mma/instr.h"
#include "mma/mma.h"
#include "mma/profile.h"

enum {
    BEAT = 32u,                        /* the DMA beat: alignment of every address and stride */
    MAXM = ACCEL_JOB_MAX_M,
    MAXN = ACCEL_JOB_MAX_N,
    MAXK = ACCEL_JOB_MAX_K,
    MAXBLK = ACCEL_JOB_MAX_K / 16u,    /* scale blocks of K (block_k >= 16) */
    D_FILL = 0xA5u                     /* what D holds before the accelerator writes it */
};

/* golden-model operands: one code per element */
static uint64_t g_a[MAXM * MAXK], g_b[MAXK * MAXN], g_c[MAXM * MAXN], g_d[MAXM * MAXN];
static uint64_t g_sa[MAXM * MAXBLK], g_sb[MAXBLK * MAXN];
static uint8_t g_meta[MAXM * (MAXK / 4u)];

/* the accelerator's operands: A (4-byte elements), B^T, C, D, metadata, scales, rounded to beats */
#define ROUND(x) (((x) + BEAT - 1u) / BEAT * BEAT)
#define ARENA_BYTES (MAXM * ROUND(MAXK * 4u) + MAXN * ROUND(MAXK * 4u) + 2u * MAXM * ROUND(MAXN * 4u) + \
                     MAXM * BEAT + (MAXM + MAXN) * BEAT + BEAT)
static uint8_t arena[ARENA_BYTES] __attribute__((aligned(32)));

/* One region of the arena: rows of `row` bytes, `stride` apart. */
typedef struct region {
    uint8_t *p;
    uint32_t row, stride, rows;
} region;

static uint32_t round_beat(uint32_t v)
{
    return (v + BEAT - 1u) / BEAT * BEAT;
}

static bool region_take(uint32_t *used, region *r, uint32_t rows, uint32_t row)
{
    r->row = row;
    r->stride = round_beat(row == 0u ? 1u : row);
    r->rows = rows;
    r->p = &arena[*used];
    if (rows != 0u && *used + rows * r->stride > ARENA_BYTES) {
        return false;
    }
    *used += rows * r->stride;
    return true;
}

/* Writes cnt codes (every step-th of src) as a row of the accelerator's layout. */
static void put_row(uint8_t *dst, const uint64_t *src, unsigned cnt, unsigned step, unsigned eb, bool packed)
{
    for (unsigned e = 0; e < cnt; ++e) {
        const uint64_t c = src[(size_t)e * step];
        if (packed) {
            if (e % 2u == 0u) {
                dst[e / 2u] = (uint8_t)(c & 0xFu);
            } else {
                dst[e / 2u] = (uint8_t)(dst[e / 2u] | ((c & 0xFu) << 4));
            }
        } else {
            for (unsigned b = 0; b < eb; ++b) {
                dst[e * eb + b] = (uint8_t)(c >> (8u * b));
            }
        }
    }
}

static unsigned acc_bytes(uint8_t fmt)
{
    return fmt == MMA_FMT_F16 ? 2u : 4u;
}

static bool shape_ok(const mma_hw_mode *md, const accel_job_spec *s)
{
    if (s->m == 0u || s->n == 0u || s->k == 0u || s->m > MAXM || s->n > MAXN || s->k > MAXK) {
        return false;
    }
    if (md->sparse && s->k % 4u != 0u) {
        return false;
    }
    if ((md->packed || md->stype) && s->k % 2u != 0u) {
        return false;
    }
    return md->stype == 0u || (s->k + md->block_k - 1u) / md->block_k <= MAXBLK;
}

/* The regions of a job, in the arena's order. */
typedef struct layout {
    region a, b, c, d, meta, sa, sb;
    unsigned nblk;
} layout;

/* Draws the operands of spec into the golden arrays and lays them out for the accelerator. */
static bool job_make(const mma_hw_mode *md, const accel_job_spec *s, layout *l)
{
    const unsigned m = s->m, n = s->n, k = s->k, eb = md->elem_bytes, ka = md->sparse ? k / 2u : k;
    const bool packed = md->packed != 0u;
    uint32_t rng = s->seed != 0u ? s->seed : 1u;
    uint32_t used = 0;
    l->nblk = md->stype ? (k + md->block_k - 1u) / md->block_k : 0u;
    if (!region_take(&used, &l->a, m, packed ? (ka + 1u) / 2u : ka * eb) ||
        !region_take(&used, &l->b, n, packed ? (k + 1u) / 2u : k * eb) ||
        !region_take(&used, &l->c, m, n * acc_bytes(md->ctype)) ||
        !region_take(&used, &l->d, m, n * acc_bytes(md->dtype)) ||
        !region_take(&used, &l->meta, md->sparse ? m : 0u, (k / 4u + 1u) / 2u) ||
        !region_take(&used, &l->sa, md->stype ? m : 0u, l->nblk) ||
        !region_take(&used, &l->sb, md->stype ? n : 0u, l->nblk)) {
        return false;
    }
    for (uint32_t i = 0; i < used; ++i) {
        arena[i] = 0u;
    }
    for (unsigned i = 0; i < m * ka; ++i) {
        g_a[i] = accel_code(&rng, (mma_format)md->atype);
    }
    for (unsigned i = 0; i < k * n; ++i) {
        g_b[i] = accel_code(&rng, (mma_format)md->btype);
    }
    for (unsigned i = 0; i < m * n; ++i) {
        g_c[i] = accel_code(&rng, (mma_format)md->ctype);
        g_d[i] = 0u;
    }
    if (md->sparse) {
        /* ::ordered_metadata: two different positions of each group of 4, the lower first */
        for (unsigned i = 0; i < m * (k / 4u); ++i) {
            unsigned i0 = app_rand(&rng) % 4u, i1 = app_rand(&rng) % 3u;
            if (i1 >= i0) {
                i1++;
            } else {
                const unsigned t = i0;
                i0 = i1;
                i1 = t;
            }
            g_meta[i] = (uint8_t)(i0 | (i1 << 2));
        }
    }
    for (unsigned i = 0; i < m * l->nblk; ++i) {
        g_sa[i] = accel_scale(&rng, (mma_format)md->stype);
    }
    for (unsigned i = 0; i < l->nblk * n; ++i) {
        g_sb[i] = accel_scale(&rng, (mma_format)md->stype);
    }
    for (unsigned i = 0; i < m; ++i) {
        put_row(l->a.p + i * l->a.stride, &g_a[(size_t)i * ka], ka, 1u, eb, packed);
        put_row(l->c.p + i * l->c.stride, &g_c[(size_t)i * n], n, 1u, acc_bytes(md->ctype), false);
        for (uint32_t b = 0; b < l->d.stride; ++b) {
            l->d.p[i * l->d.stride + b] = D_FILL;
        }
        if (md->sparse) {
            uint8_t *row = l->meta.p + i * l->meta.stride;
            for (unsigned q = 0; q < k / 4u; ++q) {
                row[q / 2u] = (uint8_t)(row[q / 2u] | (g_meta[i * (k / 4u) + q] << (4u * (q % 2u))));
            }
        }
        if (md->stype) {
            put_row(l->sa.p + i * l->sa.stride, &g_sa[(size_t)i * l->nblk], l->nblk, 1u, 1u, false);
        }
    }
    for (unsigned j = 0; j < n; ++j) {
        put_row(l->b.p + j * l->b.stride, &g_b[j], k, n, eb, packed);   /* B^T: column j of B */
        if (md->stype) {
            put_row(l->sb.p + j * l->sb.stride, &g_sb[j], l->nblk, n, 1u, false);
        }
    }
    return true;
}

static mma_accel_job job_of(const mma_hw_mode *md, const accel_job_spec *s, const layout *l, unsigned mode)
{
    mma_accel_job j = {0};
    j.mode = (uint8_t)mode;
    j.ordered = true;
    j.m = s->m;
    j.n = s->n;
    j.k = s->k;
    j.a = l->a.p;
    j.a_stride = l->a.stride;
    j.bt = l->b.p;
    j.b_stride = l->b.stride;
    j.c = l->c.p;
    j.c_stride = l->c.stride;
    j.d = l->d.p;
    j.d_stride = l->d.stride;
    if (md->sparse) {
        j.meta = l->meta.p;
        j.meta_stride = l->meta.stride;
    }
    if (md->stype) {
        j.scale_a = l->sa.p;
        j.sa_stride = l->sa.stride;
        j.scale_bt = l->sb.p;
        j.sb_stride = l->sb.stride;
    }
    return j;
}

/* D elements of the accelerator that differ from the golden ones, + rows whose padding changed. */
static unsigned job_compare(const mma_hw_mode *md, const accel_job_spec *s, const layout *l)
{
    const unsigned eb = acc_bytes(md->dtype);
    const uint64_t mask = eb == 2u ? 0xFFFFu : 0xFFFFFFFFu;
    unsigned bad = 0;
    for (unsigned i = 0; i < s->m; ++i) {
        const uint8_t *row = l->d.p + i * l->d.stride;
        for (unsigned j = 0; j < s->n; ++j) {
            uint64_t got = 0;
            for (unsigned b = 0; b < eb; ++b) {
                got |= (uint64_t)row[j * eb + b] << (8u * b);
            }
            const uint64_t want = g_d[i * s->n + j] & mask;
            if (got != want) {
                if (bad < 4u) {
                    board_printf("    D[%u][%u]: accelerator 0x%08x, golden model 0x%08x\n", i, j, (unsigned)got,
                                 (unsigned)want);
                }
                bad++;
            }
        }
        for (uint32_t b = l->d.row; b < l->d.stride; ++b) {
            if (row[b] != D_FILL) {
                board_printf("    byte %u past row %u of D was written\n", (unsigned)(b - l->d.row), i);
                bad++;
                break;
            }
        }
    }
    return bad;
}

bool accel_job_run(mma_accel *dev, const mma_hw_config *cfg, const accel_job_spec *spec, accel_job_result *r)
{
    r->sw_status = MMA_ERR_SHAPE;
    r->hw_status = MMA_ERR_DEVICE;
    r->mismatches = 0;
    r->sw_ticks = r->hw_ticks = r->hw_busy = 0;
    r->crc = 0;
    if (spec->mode >= cfg->nmodes) {
        r->sw_status = MMA_ERR_FORMAT_PAIR;
        return false;
    }
    const mma_hw_mode *md = &cfg->modes[spec->mode];
    mma_instr ins;
    mma_profile prof;
    layout l;
    if (!shape_ok(md, spec) || !job_make(md, spec, &l)) {
        return false;
    }
    if (mma_accel_mode_model(cfg, md, &ins, &prof) != MMA_OK) {
        r->sw_status = MMA_ERR_PROFILE;
        return false;
    }
    const unsigned ka = md->sparse ? spec->k / 2u : spec->k;
    mma_gemm_desc g = app_gemm_desc(&ins, &prof, spec->m, spec->n, spec->k, g_a, g_b, g_c, g_d);
    g.lda = ka;
    g.meta = md->sparse ? g_meta : NULL;
    g.ldm = spec->k / 4u;
    g.scale_a = md->stype ? g_sa : NULL;
    g.ldsa = l.nblk;
    g.scale_b = md->stype ? g_sb : NULL;
    g.ldsb = spec->n;
    uint64_t t0 = board_ticks();
    r->sw_status = mma_gemm(&g);
    r->sw_ticks = board_ticks() - t0;
    r->crc = app_crc32(0u, g_d, (size_t)spec->m * spec->n);
    if (dev == NULL) {
        return r->sw_status == MMA_OK;
    }

    const mma_accel_job job = job_of(md, spec, &l, spec->mode);
    mma_accel_counters c0, c1;
    mma_accel_error err = {MMA_OK, 0u, false, 0u};
    mma_accel_counters_read(dev, &c0);
    t0 = board_ticks();
    r->hw_status = mma_accel_run(dev, &job, &err);
    r->hw_ticks = board_ticks() - t0;
    mma_accel_counters_read(dev, &c1);
    r->hw_busy = c1.busy - c0.busy;
    if (r->hw_status == MMA_ERR_TIMEOUT) {
        (void)mma_accel_reset(dev);   /* leave it idle for the next job */
    } else if (r->hw_status != MMA_OK) {
        board_printf("    accelerator: %s (ERR_INFO 0x%08x, %s, resp %u)\n", mma_status_name(r->hw_status),
                     (unsigned)err.info, err.write ? "write" : "read", err.resp);
    }
    if (r->hw_status == MMA_OK && r->sw_status == MMA_OK) {
        r->mismatches = job_compare(md, spec, &l);
    }
    return r->sw_status == MMA_OK && r->hw_status == MMA_OK && r->mismatches == 0u;
}

mma_status accel_job_misaligned(mma_accel *dev, const mma_hw_config *cfg, const accel_job_spec *spec,
                                bool *info_ok)
{
    *info_ok = false;
    if (spec->mode >= cfg->nmodes) {
        return MMA_ERR_FORMAT_PAIR;
    }
    const mma_hw_mode *md = &cfg->modes[spec->mode];
    layout l;
    if (!shape_ok(md, spec) || !job_make(md, spec, &l)) {
        return MMA_ERR_SHAPE;
    }
    mma_accel_job job = job_of(md, spec, &l, spec->mode);
    job.a = l.a.p + 4;   /* on the CPU's word grid, off the 32-byte bus grid */
    mma_accel_error err = {MMA_OK, 0u, false, 0u};
    const mma_status st = mma_accel_run(dev, &job, &err);
    *info_ok = err.info == (uint32_t)offsetof(mma_accel_t, A_ADDR);
    if (st == MMA_ERR_TIMEOUT) {
        (void)mma_accel_reset(dev);
    }
    /* refused before any bus traffic: D still holds the fill pattern */
    for (unsigned i = 0; i < spec->m; ++i) {
        if (l.d.p[i * l.d.stride] != D_FILL) {
            *info_ok = false;
        }
    }
    return st;
}

/* the job accel_job_prepare laid out last: its D region and rows */
static layout prepared;
static unsigned prepared_m;

bool accel_job_prepare(const mma_hw_config *cfg, const accel_job_spec *spec, mma_accel_job *job)
{
    prepared_m = 0u;
    if (spec->mode >= cfg->nmodes) {
        return false;
    }
    const mma_hw_mode *md = &cfg->modes[spec->mode];
    if (!shape_ok(md, spec) || !job_make(md, spec, &prepared)) {
        return false;
    }
    prepared_m = spec->m;
    *job = job_of(md, spec, &prepared, spec->mode);
    return true;
}

bool accel_job_d_untouched(void)
{
    for (unsigned i = 0; i < prepared_m; ++i) {
        for (uint32_t b = 0; b < prepared.d.stride; ++b) {
            if (prepared.d.p[i * prepared.d.stride + b] != D_FILL) {
                return false;
            }
        }
    }
    return true;
}
