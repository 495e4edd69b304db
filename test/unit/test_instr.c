/* Unit test of the instruction layer: parse, validate, format, catalogue, status strings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mma/mmacore.h"

#include "unit_check.h"

static int instr_eq(const mma_instr *x, const mma_instr *y)
{
    return x->family == y->family && x->m == y->m && x->n == y->n && x->k == y->k && x->atype == y->atype &&
           x->btype == y->btype && x->ctype == y->ctype && x->dtype == y->dtype && x->alayout == y->alayout &&
           x->blayout == y->blayout && x->satfinite == y->satfinite && x->bitop == y->bitop &&
           x->f64_round == y->f64_round && x->kind == y->kind && x->sparsity == y->sparsity &&
           x->block_scale == y->block_scale && x->scale_vec == y->scale_vec && x->stype == y->stype;
}

/* Parses from an exactly-sized heap copy (no NUL after it), so an over-read is caught by ASan. */
static mma_status parse_exact(const char *text, size_t len, mma_instr *out, mma_diag *diag)
{
    char *copy = malloc(len == 0 ? 1 : len);
    mma_status st;
    if (copy == NULL) {
        abort();
    }
    memcpy(copy, text, len);
    st = mma_instr_parse(copy, len, out, diag);
    free(copy);
    return st;
}

static mma_status parse_str(const char *text, mma_instr *out, mma_diag *diag)
{
    return parse_exact(text, strlen(text), out, diag);
}

/* ---- valid instructions --------------------------------------------------------------------- */

static const char *const VALID[] = {
    "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32",
    "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
    "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
    "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32",
    "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32",
    "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e3m2.e2m1.f32",
    "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e3m2.e2m3.f32",
    "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f16.e2m3.e2m1.f16",
    "mma.sync.aligned.m16n8k16.row.col.satfinite.s32.s8.u8.s32",
    "mma.sync.aligned.m16n8k16.row.col.s32.s8.u8.s32",
    "mma.sync.aligned.m8n8k16.row.col.satfinite.s32.s8.u8.s32",
    "mma.sync.aligned.m8n8k32.row.col.satfinite.s32.u4.u4.s32",
    "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.u4.s4.s32",
    "mma.sync.aligned.m16n8k64.row.col.satfinite.s32.u4.u4.s32",
    "mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.xor.popc",
    "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.and.popc",
    "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc",
    "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64",
    "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64.rn",
    "mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64.rz",
    "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64.rm",
    "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64.rp",
    "mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16",
    "mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f16",
    "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32",
    "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32",
    "mma.sync.aligned.m16n8k16.row.col.f32.e5m2.e4m3.f32",
    "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16",
    "mma.sync.aligned.m16n8k16.row.col.f16.e5m2.e5m2.f16",
    "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16",
    "wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16",
    "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16",
    "wgmma.mma_async.sync.aligned.m64n120k8.f32.tf32.tf32",
    "wgmma.mma_async.sync.aligned.m64n200k32.f16.e4m3.e5m2",
    "wgmma.mma_async.sync.aligned.m64n24k32.s32.s8.u8",
    "wgmma.mma_async.sync.aligned.m64n48k32.satfinite.s32.u8.u8",
    "wgmma.mma_async.sync.aligned.m64n256k256.s32.b1.b1.and.popc",
    "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32",
    "wmma.mma.sync.aligned.row.col.m16n16k16.f16.f16",
    "wmma.mma.sync.aligned.col.row.m32n8k16.f32.f16",
    "wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32",
    "wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32",
    "wmma.mma.sync.aligned.row.row.m8n8k4.f64.f64.f64.f64.rz",
    "wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32.satfinite",
    "wmma.mma.sync.aligned.row.col.m8n8k32.s32.u4.u4.s32",
    "wmma.mma.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32.xor.popc",
    /* sparse (PTX 9.7.14.6.3 examples) */
    "mma.sp.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
    "mma.sp.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32",
    "mma.sp.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
    "mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32",
    "mma.sp.sync.aligned.m16n8k64.row.col.f32.e5m2.e4m3.f32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.e3m2.e2m3.f32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f16.e2m3.e2m1.f16",
    "mma.sp.sync.aligned.m16n8k32.row.col.satfinite.s32.u8.u8.s32",
    "mma.sp.sync.aligned.m16n8k64.row.col.satfinite.s32.s8.s8.s32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.satfinite.s32.s8.s8.s32",
    "mma.sp.sync.aligned.m16n8k64.row.col.s32.s4.s4.s32",
    "mma.sp.sync.aligned.m16n8k128.row.col.satfinite.s32.u4.u4.s32",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e3m2.e2m1.f32.ue8m0",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e5m2.f32.ue8m0",
    /* block scaling (PTX 9.7.14.5.14 examples) */
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e3m2.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e5m2.f32.ue8m0",
    /* whitespace and ';' */
    "  mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 ; \n",
    "\tmma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16;",
};

static void test_valid(void)
{
    char buf[256];
    for (size_t i = 0; i < sizeof VALID / sizeof VALID[0]; i++) {
        mma_instr ins, again;
        mma_diag diag;
        mma_status st = parse_str(VALID[i], &ins, &diag);
        CHECK(st == MMA_OK, "'%s' -> %s (%s at %zu+%zu)", VALID[i], mma_status_name(st),
              diag.reason ? diag.reason : "(null)", diag.pos, diag.len);
        if (st != MMA_OK) {
            continue;
        }
        CHECK(mma_instr_validate(&ins, NULL) == MMA_OK, "validate '%s'", VALID[i]);
        st = mma_instr_format(&ins, buf, sizeof buf);
        CHECK(st == MMA_OK, "format '%s' -> %s", VALID[i], mma_status_name(st));
        st = parse_str(buf, &again, &diag);
        CHECK(st == MMA_OK && instr_eq(&ins, &again), "round trip '%s' -> '%s'", VALID[i], buf);
    }
}

static void test_fields(void)
{
    mma_instr i;
    mma_diag d;
    CHECK(parse_str("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32", &i, &d) == MMA_OK, "parse");
    CHECK(i.family == MMA_FAMILY_MMA && i.m == 16 && i.n == 8 && i.k == 32 && i.atype == MMA_FMT_E4M3 &&
              i.btype == MMA_FMT_E5M2 && i.ctype == MMA_FMT_F32 && i.dtype == MMA_FMT_F32 &&
              i.alayout == MMA_LAYOUT_ROW && i.blayout == MMA_LAYOUT_COL && i.kind == MMA_KINDQ_NONE &&
              i.f64_round == MMA_RND_RNE,
          "fields of e4m3.e5m2");
    CHECK(parse_str("wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16", &i, &d) == MMA_OK, "parse");
    CHECK(i.family == MMA_FAMILY_WGMMA && i.m == 64 && i.n == 64 && i.k == 16 && i.ctype == MMA_FMT_F32 &&
              i.dtype == MMA_FMT_F32 && i.atype == MMA_FMT_F16,
          "wgmma: ctype = dtype");
    CHECK(parse_str("wmma.mma.sync.aligned.row.col.m16n16k16.f32.f16", &i, &d) == MMA_OK, "parse");
    CHECK(i.family == MMA_FAMILY_WMMA && i.dtype == MMA_FMT_F32 && i.ctype == MMA_FMT_F16 && i.atype == MMA_FMT_F16 &&
              i.btype == MMA_FMT_F16 && i.m == 16 && i.n == 16 && i.k == 16,
          "wmma two-type form");
    CHECK(parse_str("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64.rm", &i, &d) == MMA_OK &&
              i.f64_round == MMA_RND_RD, ".rm -> RD");
    CHECK(parse_str("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64.rp", &i, &d) == MMA_OK &&
              i.f64_round == MMA_RND_RU, ".rp -> RU");
    CHECK(parse_str("mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0", &i, &d) ==
                  MMA_OK && i.scale_vec == 2 && i.block_scale == 1 && i.kind == MMA_KINDQ_MXF4 &&
              i.stype == MMA_FMT_UE8M0,
          "mxf4 scale_vec default 2X");
    CHECK(parse_str("mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e5m2.f32.ue8m0", &i, &d) ==
                  MMA_OK && i.scale_vec == 1,
          "mxf8f6f4 scale_vec default 1X");
    CHECK(parse_str("mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", &i, &d) == MMA_OK &&
              i.sparsity == MMA_SPARSE_SP_ORDERED && i.k == 16,
          "sparse ordered");
    CHECK(parse_str("mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f16", &i, &d) == MMA_OK &&
              i.alayout == MMA_LAYOUT_COL && i.blayout == MMA_LAYOUT_ROW && i.ctype == MMA_FMT_F16 &&
              i.dtype == MMA_FMT_F32,
          "m8n8k4 layouts");
    CHECK(parse_str("mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.xor.popc", &i, &d) == MMA_OK &&
              i.bitop == MMA_BITOP_XOR,
          "xor");
    CHECK(parse_str("mma.sync.aligned.m16n8k16.row.col.satfinite.s32.s8.u8.s32", &i, &d) == MMA_OK && i.satfinite == 1,
          "satfinite");
}

/* ---- invalid instructions ------------------------------------------------------------------- */

typedef struct bad_case {
    const char *text;
    mma_status status;
    const char *reason; /* substring of diag.reason */
    const char *token;  /* expected text at diag.pos/len, or NULL not to check */
} bad_case;

static const bad_case BAD[] = {
    {"", MMA_ERR_PARSE, "empty instruction", ""},
    {"   ;  ", MMA_ERR_PARSE, "empty instruction", NULL},
    {"mma.aligned.m16n8k16.row.col.f32.f16.f16.f32", MMA_ERR_PARSE, "missing .sync", "aligned"},
    {"mma.sync.m16n8k16.row.col.f32.f16.f16.f32", MMA_ERR_PARSE, "missing .aligned", "m16n8k16"},
    {"mma.sync.aligned.row.col.f32.f16.f16.f32", MMA_ERR_PARSE, "missing shape", "row"},
    {"mma.sync.aligned.m16n8k16.f32.f16.f16.f32", MMA_ERR_PARSE, "missing A layout", "f32"},
    {"mma.sync.aligned.m16n8k16.row.f32.f16.f16.f32", MMA_ERR_PARSE, "missing B layout", "f32"},
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16", MMA_ERR_PARSE, "missing ctype", ""},
    {"mma.sync.aligned.m16n8k16.row.col.f32.e9m9.f16.f32", MMA_ERR_FORMAT, "unknown type", "e9m9"},
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.fp32", MMA_ERR_FORMAT, "unknown type", "fp32"},
    {"mma.sync.aligned.m16n8k8.row.col.f32.e4m3.e4m3.f32", MMA_ERR_SHAPE, "shape does not exist for .e4m3", "m16n8k8"},
    {"mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f32", MMA_ERR_INSTRUCTION, "dtype .f16 requires ctype .f16 for .m16n8k8", "f32"},
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f16", MMA_ERR_INSTRUCTION, "dtype .f32 requires ctype .f32 for .m16n8k16", NULL},
    {"mma.sync.aligned.m16n8k16.row.col.s32.s8.f16.s32", MMA_ERR_INSTRUCTION, "A and B types must both be integer", "f16"},
    {"mma.sync.aligned.m16n8k32.row.col.s32.s8.s4.s32", MMA_ERR_INSTRUCTION, "both be 8-bit", "s4"},
    {"mma.sync.aligned.m16n8k16.row.col.f32.bf16.f16.f32", MMA_ERR_INSTRUCTION, "must be the same", "f16"},
    {"mma.sync.aligned.m16n8k16.row.col.f32.f32.f32.f32", MMA_ERR_FORMAT, "not an input type", NULL},
    {"mma.sync.aligned.m16n8k16.row.col.e4m3.f16.f16.f32", MMA_ERR_FORMAT, "dtype must be an accumulator", "e4m3"},
    {"mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f32", MMA_ERR_INSTRUCTION, "ctype .f32 requires dtype .f32 for .m8n8k4", NULL},
    {"mma.sync.aligned.m16n8k16.row.col.f16.bf16.bf16.f16", MMA_ERR_INSTRUCTION, "dtype must be .f32 for .bf16", NULL},
    {"mma.sync.aligned.m16n8k16.row.col.satfinite.f32.f16.f16.f32", MMA_ERR_INSTRUCTION, ".satfinite exists only", "satfinite"},
    {"mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32.satfinite", MMA_ERR_PARSE, "out of order", "satfinite"},
    {"mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32", MMA_ERR_INSTRUCTION, ".b1 requires .xor.popc", NULL},
    {"mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.xor", MMA_ERR_PARSE, "missing .popc", NULL},
    {"mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.popc", MMA_ERR_PARSE, "missing .xor or .and", "popc"},
    {"mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.xor.popc", MMA_ERR_PARSE, "missing ctype", "xor"},
    {"mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32.xor.popc", MMA_ERR_INSTRUCTION, "exist only for .b1", "xor"},
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32.rz", MMA_ERR_INSTRUCTION, "rounding modifier exists only for .f64", "rz"},
    {"mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64.rna", MMA_ERR_PARSE, "unknown qualifier", "rna"},
    {"mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64.rz.rn", MMA_ERR_PARSE, "out of order", "rn"},
    {"mma.sync.aligned.m16n8k16.col.row.f32.f16.f16.f32", MMA_ERR_INSTRUCTION, "A layout must be .row", "col"},
    {"mma.sync.aligned.m16n8k16.row.row.f32.f16.f16.f32", MMA_ERR_INSTRUCTION, "B layout must be .col", "row"},
    {"mma.sync.aligned.m16n8k32.row.col.f32.e3m2.e2m1.f32", MMA_ERR_INSTRUCTION, "require .kind::f8f6f4", "e3m2"},
    {"mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.f16.f16.f32", MMA_ERR_INSTRUCTION, ".kind::f8f6f4/.kind::mxf8f6f4 require", "kind::f8f6f4"},
    {"mma.sync.aligned.m16n8k32.row.col.kind::f9.f32.e4m3.e4m3.f32", MMA_ERR_PARSE, "unknown .kind", "kind::f9"},
    {"mma.sync.aligned.m16n8k16.row.col.kind::f8f6f4.f32.e4m3.e4m3.f32", MMA_ERR_SHAPE, ".kind::f8f6f4", "m16n8k16"},
    {"mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e4m3.f16", MMA_ERR_INSTRUCTION, "dtype .f32 requires ctype .f32 for .m16n8k32", "f16"},
    {"mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.f32.e2m1.e2m1.f32.ue8m0", MMA_ERR_SCALE_VEC, "requires an explicit", "kind::mxf4nvf4"},
    {"mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue4m3", MMA_ERR_SCALE_VEC, ".ue4m3 requires .scale_vec::4X", "scale_vec::2X"},
    {"mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::2X.f32.e4m3.e4m3.f32.ue8m0", MMA_ERR_SCALE_VEC, "requires .scale_vec::1X", "scale_vec::2X"},
    {"mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue8m0", MMA_ERR_SCALE_VEC, "requires .scale_vec::2X", NULL},
    {"mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue4m3", MMA_ERR_SCALE_VEC, "requires scale type .ue8m0", "ue4m3"},
    {"mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.e4m3", MMA_ERR_FORMAT, "scale type must be", "e4m3"},
    {"mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32", MMA_ERR_PARSE, "missing scale type", ""},
    {"mma.sync.aligned.m16n8k64.row.col.kind::mxf4.f32.e2m1.e2m1.f32", MMA_ERR_INSTRUCTION, "require .block_scale", "kind::mxf4"},
    {"mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e4m3.e2m1.f32.ue8m0", MMA_ERR_INSTRUCTION, "require .e2m1 inputs", "e4m3"},
    {"mma.sync.aligned.m16n8k32.row.col.block_scale.f32.e4m3.e4m3.f32.ue8m0", MMA_ERR_INSTRUCTION, ".block_scale requires .kind", "block_scale"},
    {"mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f16.e4m3.e4m3.f16.ue8m0", MMA_ERR_INSTRUCTION, "block-scaled mma requires dtype .f32", "f16"},
    {"mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::3X.f32.e4m3.e4m3.f32.ue8m0", MMA_ERR_SCALE_VEC, "unknown .scale_vec", "scale_vec::3X"},
    {"mma.sync.aligned.m16n8k32.row.col.scale_vec::1X.f32.e4m3.e4m3.f32", MMA_ERR_SCALE_VEC, "requires .block_scale", "scale_vec::1X"},
    {"mma.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0", MMA_ERR_SHAPE, ".kind::mxf8f6f4", "m16n8k64"},
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32.ue8m0", MMA_ERR_PARSE, "unexpected type after ctype", "ue8m0"},
    {"mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16.f16", MMA_ERR_PARSE, "unexpected type", NULL},
    {"mma.sp.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.e3m2.e2m3.f32", MMA_ERR_INSTRUCTION, "requires mma.sp::ordered_metadata", "sp"},
    {"mma.sp.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64", MMA_ERR_INSTRUCTION, "sparse mma does not exist for .f64", "sp"},
    {"mma.sp::unordered.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", MMA_ERR_PARSE, "unknown sparsity variant", "sp::unordered"},
    {"mma.sp.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16", MMA_ERR_SHAPE, "sparse .f16", "m16n8k8"},
    {"mma.sp.sync.aligned.m16n8k64.row.col.f16.e4m3.e4m3.f16", MMA_ERR_INSTRUCTION, "requires dtype .f32", "f16"},
    {"mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f16", MMA_ERR_INSTRUCTION, "requires ctype .f32 for .m16n8k16", NULL},
    {"mma.sp.sync.aligned.m16n8k128.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0", MMA_ERR_INSTRUCTION, "ordered_metadata", NULL},
    {"mma.sync.aligned.m16n8k16x.row.col.f32.f16.f16.f32", MMA_ERR_PARSE, "malformed shape", "m16n8k16x"},
    {"mma.sync.aligned.m016n8k16.row.col.f32.f16.f16.f32", MMA_ERR_PARSE, "malformed shape", "m016n8k16"},
    {"mma.sync.aligned.m16n8.row.col.f32.f16.f16.f32", MMA_ERR_PARSE, "malformed shape", "m16n8"},
    {"mma.sync.aligned.m16n8k9999999.row.col.f32.f16.f16.f32", MMA_ERR_PARSE, "malformed shape", NULL},
    {"mma.sync.aligned.m16n8k999999.row.col.f32.f16.f16.f32", MMA_ERR_SHAPE, "out of range", NULL},
    {"mma.sync.aligned.m16n8k0.row.col.f32.f16.f16.f32", MMA_ERR_SHAPE, "out of range", NULL},
    {"mma.sync.aligned.m16n8k12.row.col.f32.f16.f16.f32", MMA_ERR_SHAPE, "shape does not exist for .f16", "m16n8k12"},
    {"mma.sync.aligned.m16n16k16.row.col.f32.f16.f16.f32", MMA_ERR_SHAPE, "shape does not exist for .f16 mma", NULL},
    {"mma..sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", MMA_ERR_PARSE, "empty qualifier", "."},
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32.", MMA_ERR_PARSE, "empty qualifier", ""},
    {".mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", MMA_ERR_PARSE, "empty qualifier", "."},
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 d, a, b, c;", MMA_ERR_PARSE, "operands", NULL},
    {"mma.sync.aligned\t.m16n8k16.row.col.f32.f16.f16.f32", MMA_ERR_PARSE, "operands", NULL},
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32;;", MMA_ERR_PARSE, "unexpected character", ";"},
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32\xff", MMA_ERR_PARSE, "unexpected character", "\xff"},
    {"mma.sync.aligned.m16n8k16.row-col.f32.f16.f16.f32", MMA_ERR_PARSE, "unexpected character", "-"},
    {"mmx.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", MMA_ERR_PARSE, "unknown opcode", "mmx"},
    {"MMA.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", MMA_ERR_PARSE, "unknown opcode", "MMA"},
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32.f32.f32.f32.f32.f32.f32.f32.f32.f32.f32.f32.f32.f32.f32.f32.f32.f32", MMA_ERR_PARSE, "too many qualifiers", NULL},
    {"wgmma.mma_async.sync.aligned.m64n12k16.f32.f16.f16", MMA_ERR_SHAPE, "wgmma N is not a multiple of 8", "m64n12k16"},
    {"wgmma.mma_async.sync.aligned.m64n264k16.f32.f16.f16", MMA_ERR_SHAPE, "between 8 and 256", NULL},
    {"wgmma.mma_async.sync.aligned.m64n40k32.s32.s8.s8", MMA_ERR_SHAPE, "multiple of 16", "m64n40k32"},
    {"wgmma.mma_async.sync.aligned.m64n272k256.s32.b1.b1.and.popc", MMA_ERR_SHAPE, "multiple of 16", NULL},
    {"wgmma.mma_async.sync.aligned.m64n64k32.f32.f16.f16", MMA_ERR_SHAPE, "wgmma K must be 16 for .f16", NULL},
    {"wgmma.mma_async.sync.aligned.m64n64k16.f32.tf32.tf32", MMA_ERR_SHAPE, "wgmma K must be 8 for .tf32", NULL},
    {"wgmma.mma_async.sync.aligned.m32n64k16.f32.f16.f16", MMA_ERR_SHAPE, "wgmma M must be 64", NULL},
    {"wgmma.mma_async.sync.aligned.m64n64k256.s32.b1.b1.xor.popc", MMA_ERR_INSTRUCTION, "only with .and.popc", "xor"},
    {"wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16.f32", MMA_ERR_PARSE, "unexpected type", "f32"},
    {"wgmma.mma_async.sync.aligned.m64n64k16.f16.bf16.bf16", MMA_ERR_INSTRUCTION, "dtype must be .f32 for .bf16", NULL},
    {"wgmma.mma_async.sync.aligned.m64n64k32.f32.e3m2.e3m2", MMA_ERR_INSTRUCTION, "wgmma inputs must be", "e3m2"},
    {"wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e2m1", MMA_ERR_INSTRUCTION, "wgmma inputs must be", "e2m1"},
    {"wgmma.mma_async.sync.aligned.m64n64k16.satfinite.f32.f16.f16", MMA_ERR_INSTRUCTION, ".satfinite exists only", NULL},
    {"wgmma.sync.aligned.m64n64k16.f32.f16.f16", MMA_ERR_PARSE, "missing .mma_async", "sync"},
    {"wgmma.mma_async.aligned.m64n64k16.f32.f16.f16", MMA_ERR_PARSE, "missing .sync", "aligned"},
    {"wmma.mma.sync.aligned.row.col.m16n16k16.f32.f16.f16.f32", MMA_ERR_INSTRUCTION, "two types", "f16"},
    {"wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16", MMA_ERR_PARSE, "two-type wmma", "bf16"},
    {"wmma.mma.sync.aligned.row.col.m16n16k8.f32.f32", MMA_ERR_SHAPE, ".f16 wmma", "m16n16k8"},
    {"wmma.sync.aligned.row.col.m16n16k16.f32.f32", MMA_ERR_PARSE, "missing .mma after wmma", "sync"},
    {"wmma.mma.sync.aligned.m16n16k16.row.col.f32.f32", MMA_ERR_PARSE, "missing A layout", "m16n16k16"},
    {"wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.u8.s32", MMA_ERR_INSTRUCTION, "wmma A and B", "u8"},
    {"wmma.mma.sync.aligned.col.row.m8n8k32.s32.s4.s4.s32", MMA_ERR_INSTRUCTION, "layout must be .row", "col"},
    {"wmma.mma.sync.aligned.row.col.m16n16k32.f32.e4m3.e4m3.f32", MMA_ERR_INSTRUCTION, "wmma inputs must be", NULL},
};

static void test_invalid(void)
{
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        const bad_case *b = &BAD[i];
        mma_instr ins;
        mma_diag diag = {12345, 12345, NULL};
        size_t len = strlen(b->text);
        mma_status st = parse_exact(b->text, len, &ins, &diag);
        CHECK(st == b->status, "'%s': got %s, want %s (%s)", b->text, mma_status_name(st), mma_status_name(b->status),
              diag.reason ? diag.reason : "(null)");
        CHECK(diag.reason != NULL && strstr(diag.reason, b->reason) != NULL, "'%s': reason '%s' lacks '%s'", b->text,
              diag.reason ? diag.reason : "(null)", b->reason);
        CHECK(diag.pos <= len && diag.len <= len - diag.pos, "'%s': diag span %zu+%zu outside %zu", b->text, diag.pos,
              diag.len, len);
        if (b->token != NULL && diag.pos <= len && diag.len <= len - diag.pos) {
            CHECK(strlen(b->token) == diag.len && memcmp(b->text + diag.pos, b->token, diag.len) == 0,
                  "'%s': token '%.*s' (at %zu), want '%s'", b->text, (int)diag.len, b->text + diag.pos, diag.pos,
                  b->token);
        }
    }
    printf("invalid strings: %zu\n", sizeof BAD / sizeof BAD[0]);
}

/* Every proper prefix of a valid instruction fails cleanly (unless the prefix is itself listed). */
static void test_prefixes(void)
{
    static const char *const texts[] = {
        "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e3m2.e2m1.f32",
        "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e5m2.f32.ue8m0",
        "mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.xor.popc",
        "wgmma.mma_async.sync.aligned.m64n256k32.satfinite.s32.s8.u8",
        "wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32",
        "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64.rz",
        "wgmma.mma_async.sync.aligned.m64n8k256.s32.b1.b1.and.popc",
    };
    /* Prefixes that are complete instructions themselves. */
    static const char *const ok_prefixes[] = {
        "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64",
    };
    size_t tried = 0;
    for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
        size_t n = strlen(texts[t]);
        for (size_t len = 0; len <= n; len++) {
            mma_instr ins;
            mma_diag diag;
            mma_status st = parse_exact(texts[t], len, &ins, &diag);
            int prefix_ok = len == n;
            for (size_t k = 0; k < sizeof ok_prefixes / sizeof ok_prefixes[0]; k++) {
                if (strlen(ok_prefixes[k]) == len && memcmp(ok_prefixes[k], texts[t], len) == 0) {
                    prefix_ok = 1;
                }
            }
            CHECK((st == MMA_OK) == (prefix_ok != 0), "prefix %zu of '%s' -> %s", len, texts[t], mma_status_name(st));
            if (st != MMA_OK) {
                CHECK(diag.reason != NULL && diag.pos <= len && diag.len <= len - diag.pos, "prefix diag %zu of '%s'",
                      len, texts[t]);
            }
            /* The same prefix read from the full NUL-terminated string: len must bound the read. */
            {
                mma_instr ins2;
                mma_status st2 = mma_instr_parse(texts[t], len, &ins2, &diag);
                CHECK(st2 == st, "len %zu of '%s' differs when the rest of the string follows", len, texts[t]);
            }
            tried++;
        }
    }
    printf("prefixes: %zu\n", tried);
}

/* ---- catalogue ------------------------------------------------------------------------------ */

static mma_instr *catalog;
static size_t catalog_n;

static void load_catalog(void)
{
    mma_instr ins;
    size_t cap = 0;
    while (mma_instr_catalog(catalog_n, &ins) == MMA_OK) {
        if (catalog_n == cap) {
            cap = cap ? cap * 2 : 256;
            catalog = realloc(catalog, cap * sizeof *catalog);
            if (catalog == NULL) {
                abort();
            }
        }
        catalog[catalog_n++] = ins;
    }
    CHECK(mma_instr_catalog(catalog_n, &ins) == MMA_ERR_BUFFER, "past the end");
    CHECK(mma_instr_catalog((size_t)-1, &ins) == MMA_ERR_BUFFER, "huge index");
    CHECK(mma_instr_catalog(0, NULL) == MMA_ERR_NULL, "NULL out");
    printf("catalogue: %zu instructions\n", catalog_n);
}

static int in_catalog(const mma_instr *x)
{
    for (size_t i = 0; i < catalog_n; i++) {
        if (instr_eq(&catalog[i], x)) {
            return 1;
        }
    }
    return 0;
}

static void test_catalog_round_trip(void)
{
    char buf[160];
    char (*texts)[160] = malloc(catalog_n * sizeof *texts);
    size_t wgmma = 0, wmma = 0, mma = 0, kind = 0;
    if (texts == NULL) {
        abort();
    }
    for (size_t i = 0; i < catalog_n; i++) {
        const mma_instr *c = &catalog[i];
        mma_instr back;
        mma_diag diag;
        mma_status st = mma_instr_validate(c, &diag);
        CHECK(st == MMA_OK, "catalogue %zu invalid: %s", i, diag.reason);
        CHECK(c->sparsity == MMA_SPARSE_NONE && c->block_scale == 0, "catalogue %zu not dense", i);
        st = mma_instr_format(c, buf, sizeof buf);
        CHECK(st == MMA_OK, "catalogue %zu format -> %s", i, mma_status_name(st));
        st = parse_str(buf, &back, &diag);
        CHECK(st == MMA_OK, "catalogue %zu '%s' does not parse: %s", i, buf, diag.reason);
        CHECK(st != MMA_OK || instr_eq(c, &back), "catalogue %zu '%s' round trip differs", i, buf);
        memcpy(texts[i], buf, sizeof buf);
        /* Every smaller buffer is rejected cleanly. */
        {
            size_t need = strlen(buf) + 1;
            char small[160];
            for (size_t sz = 1; sz < need; sz += (need > 40 ? 7 : 1)) {
                memset(small, 'x', sizeof small);
                CHECK(mma_instr_format(c, small, sz) == MMA_ERR_BUFFER && small[0] == '\0', "size %zu", sz);
            }
            CHECK(mma_instr_format(c, small, need) == MMA_OK && strcmp(small, buf) == 0, "exact size");
        }
        mma += c->family == MMA_FAMILY_MMA;
        wmma += c->family == MMA_FAMILY_WMMA;
        wgmma += c->family == MMA_FAMILY_WGMMA;
        kind += c->kind == MMA_KINDQ_F8F6F4;
    }
    for (size_t i = 0; i < catalog_n; i++) {
        for (size_t j = i + 1; j < catalog_n; j++) {
            CHECK(strcmp(texts[i], texts[j]) != 0, "duplicate '%s'", texts[i]);
        }
    }
    CHECK(kind == 50, "kind::f8f6f4 entries: %zu", kind);
    CHECK(wmma == 6, "wmma entries: %zu", wmma);
    printf("catalogue: mma %zu, wmma %zu, wgmma %zu\n", mma, wmma, wgmma);
    free(texts);
}

/*
 * The catalogue against the validator: every dense, non-block-scaled mma/wgmma descriptor the
 * validator accepts over a wide cross product of fields is in the catalogue.
 */
static void test_catalog_complete(void)
{
    static const uint8_t ab[] = {MMA_FMT_F64, MMA_FMT_F32, MMA_FMT_TF32, MMA_FMT_F16, MMA_FMT_BF16, MMA_FMT_E5M2,
                                 MMA_FMT_E4M3, MMA_FMT_E3M2, MMA_FMT_E2M3, MMA_FMT_E2M1, MMA_FMT_S8, MMA_FMT_U8,
                                 MMA_FMT_S4, MMA_FMT_U4, MMA_FMT_B1, MMA_FMT_UE8M0};
    static const uint8_t cd[] = {MMA_FMT_F16, MMA_FMT_F32, MMA_FMT_F64, MMA_FMT_S32, MMA_FMT_E4M3};
    static const uint16_t ks[] = {4, 8, 16, 32, 64, 128, 256};
    static const uint8_t ms[] = {8, 16, 32};
    size_t accepted = 0, tried = 0;
    mma_instr x;
    memset(&x, 0, sizeof x);
    x.family = MMA_FAMILY_MMA;
    for (unsigned mi = 0; mi < sizeof ms; mi++)
    for (unsigned n = 8; n <= 16; n += 8)
    for (unsigned ki = 0; ki < sizeof ks / sizeof ks[0]; ki++)
    for (unsigned a = 0; a < sizeof ab; a++)
    for (unsigned b = 0; b < sizeof ab; b++)
    for (unsigned c = 0; c < sizeof cd; c++)
    for (unsigned d = 0; d < sizeof cd; d++)
    for (unsigned lay = 0; lay < 4; lay++)
    for (unsigned kind = 0; kind < 2; kind++)
    for (unsigned sat = 0; sat < 2; sat++)
    for (unsigned op = 0; op < 3; op++)
    for (unsigned rnd = 0; rnd < 2; rnd++) {
        x.m = ms[mi];
        x.n = (uint16_t)n;
        x.k = ks[ki];
        x.atype = ab[a];
        x.btype = ab[b];
        x.ctype = cd[c];
        x.dtype = cd[d];
        x.alayout = (uint8_t)(lay >> 1);
        x.blayout = (uint8_t)(lay & 1);
        x.kind = kind ? MMA_KINDQ_F8F6F4 : MMA_KINDQ_NONE;
        x.satfinite = (uint8_t)sat;
        x.bitop = (uint8_t)op;
        x.f64_round = rnd ? MMA_RND_RZ : MMA_RND_RNE;
        tried++;
        if (mma_instr_validate(&x, NULL) == MMA_OK) {
            accepted++;
            CHECK(in_catalog(&x), "accepted mma m%un%uk%u a%u b%u c%u d%u lay%u kind%u sat%u op%u rnd%u missing",
                  x.m, n, x.k, x.atype, x.btype, x.ctype, x.dtype, lay, kind, sat, op, rnd);
        }
    }
    /* wgmma: every N from 1 to 300 for every type combination. */
    memset(&x, 0, sizeof x);
    x.family = MMA_FAMILY_WGMMA;
    x.m = 64;
    x.blayout = MMA_LAYOUT_COL;
    for (unsigned n = 1; n <= 300; n++)
    for (unsigned ki = 0; ki < sizeof ks / sizeof ks[0]; ki++)
    for (unsigned a = 0; a < sizeof ab; a++)
    for (unsigned b = 0; b < sizeof ab; b++)
    for (unsigned d = 0; d < 4; d++)
    for (unsigned sat = 0; sat < 2; sat++)
    for (unsigned op = 0; op < 3; op++) {
        x.n = (uint16_t)n;
        x.k = ks[ki];
        x.atype = ab[a];
        x.btype = ab[b];
        x.ctype = cd[d];
        x.dtype = cd[d];
        x.satfinite = (uint8_t)sat;
        x.bitop = (uint8_t)op;
        tried++;
        if (mma_instr_validate(&x, NULL) == MMA_OK) {
            accepted++;
            CHECK(in_catalog(&x), "accepted wgmma n%u k%u a%u b%u d%u sat%u op%u missing", n, x.k, x.atype, x.btype,
                  x.dtype, sat, op);
        }
    }
    printf("cross product: %zu tried, %zu accepted (f64 rounding: .rn/.rz only)\n", tried, accepted);
    /* Expected: every catalogue mma/wgmma entry except f64 .rm/.rp (not in the cross product). */
    {
        size_t expect = 0;
        for (size_t i = 0; i < catalog_n; i++) {
            if (catalog[i].family != MMA_FAMILY_WMMA && catalog[i].f64_round != MMA_RND_RD &&
                catalog[i].f64_round != MMA_RND_RU) {
                expect++;
            }
        }
        CHECK(accepted == expect, "accepted %zu, catalogue has %zu", accepted, expect);
    }
}

/* Descriptor-level checks that text cannot reach. */
static void test_validate_descriptors(void)
{
    mma_instr x;
    mma_diag diag;
    CHECK(mma_instr_validate(NULL, &diag) == MMA_ERR_NULL && diag.reason != NULL, "NULL");
    CHECK(mma_instr_catalog(0, &x) == MMA_OK, "first");
    x.family = 7;
    CHECK(mma_instr_validate(&x, &diag) == MMA_ERR_INSTRUCTION, "family");
    CHECK(mma_instr_catalog(0, &x) == MMA_OK, "first");
    x.atype = MMA_FMT_COUNT;
    CHECK(mma_instr_validate(&x, &diag) == MMA_ERR_FORMAT, "atype range");
    CHECK(mma_instr_catalog(0, &x) == MMA_OK, "first");
    x.f64_round = MMA_RND_COUNT;
    CHECK(mma_instr_validate(&x, &diag) == MMA_ERR_ROUNDING, "rounding range");
    {
        mma_diag d2;
        CHECK(mma_instr_parse("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64", 49, &x, &d2) == MMA_OK, "f64");
        x.f64_round = MMA_RND_RNA;
        CHECK(mma_instr_validate(&x, &diag) == MMA_ERR_ROUNDING, "f64 .rna");
        x.f64_round = MMA_RND_RZ;
        x.scale_vec = 3;
        CHECK(mma_instr_validate(&x, &diag) == MMA_ERR_SCALE_VEC, "scale_vec 3");
        x.scale_vec = 0;
        x.alayout = 2;
        CHECK(mma_instr_validate(&x, &diag) == MMA_ERR_INSTRUCTION, "layout 2");
    }
    {
        /* A wgmma descriptor must say ctype = dtype. */
        CHECK(parse_str("wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16", &x, &diag) == MMA_OK, "wgmma");
        x.ctype = MMA_FMT_F16;
        CHECK(mma_instr_validate(&x, &diag) == MMA_ERR_INSTRUCTION && strstr(diag.reason, "wgmma ctype") != NULL,
              "wgmma c != d: %s", diag.reason);
        x.ctype = MMA_FMT_F32;
        x.sparsity = MMA_SPARSE_SP;
        CHECK(mma_instr_validate(&x, &diag) == MMA_ERR_INSTRUCTION, "sparse wgmma");
    }
    {
        /* format refuses invalid descriptors and NULLs. */
        char buf[64];
        memset(&x, 0, sizeof x);
        CHECK(mma_instr_format(&x, buf, sizeof buf) != MMA_OK && buf[0] == '\0', "format of zeroed descriptor");
        CHECK(mma_instr_format(NULL, buf, sizeof buf) == MMA_ERR_NULL, "format NULL");
        CHECK(mma_instr_catalog(0, &x) == MMA_OK && mma_instr_format(&x, NULL, 10) == MMA_ERR_NULL, "NULL buf");
        CHECK(mma_instr_format(&x, buf, 0) == MMA_ERR_BUFFER, "size 0");
    }
    {
        mma_diag d2;
        CHECK(mma_instr_parse(NULL, 3, &x, &d2) == MMA_ERR_NULL && d2.reason != NULL, "NULL text");
        CHECK(mma_instr_parse("mma", 3, NULL, &d2) == MMA_ERR_NULL, "NULL out");
        CHECK(mma_instr_parse(NULL, 0, &x, &d2) == MMA_ERR_PARSE, "NULL empty text");
        CHECK(mma_instr_parse("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", 49, &x, NULL) == MMA_OK, "NULL diag");
        CHECK(mma_instr_parse("mma.sync", 8, &x, NULL) == MMA_ERR_PARSE, "NULL diag, error");
    }
}

/* len shorter than strlen: only the first len bytes count. */
static void test_len(void)
{
    const char *base = "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16";
    const char *full = "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16.garbage after";
    const char *suffix_ws = "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 ; trailing";
    const size_t n = strlen(base);
    mma_instr x;
    mma_diag d;
    CHECK(mma_instr_parse(full, n, &x, &d) == MMA_OK, "len of the instruction in a longer text");
    CHECK(mma_instr_parse(full, n + 1, &x, &d) == MMA_ERR_PARSE, "ends in a dot");
    CHECK(mma_instr_parse(full, strlen(full), &x, &d) == MMA_ERR_PARSE, "whole text");
    CHECK(mma_instr_parse(suffix_ws, n + 2, &x, &d) == MMA_OK, "len covering ' ;'");
    CHECK(mma_instr_parse(suffix_ws, n + 3, &x, &d) == MMA_OK, "len covering ' ; '");
    CHECK(mma_instr_parse(suffix_ws, n + 4, &x, &d) == MMA_ERR_PARSE, "len covering ' ; t'");
}

static void test_status(void)
{
    for (int s = 0; s < MMA_STATUS_COUNT; s++) {
        const char *name = mma_status_name((mma_status)s);
        const char *msg = mma_status_message((mma_status)s);
        CHECK(name != NULL && strncmp(name, "MMA_", 4) == 0, "name of %d", s);
        CHECK(msg != NULL && msg[0] != '\0' && strcmp(msg, "unknown status code") != 0, "message of %d", s);
        for (int t = 0; t < s; t++) {
            CHECK(strcmp(name, mma_status_name((mma_status)t)) != 0, "names %d and %d equal", s, t);
            CHECK(strcmp(msg, mma_status_message((mma_status)t)) != 0, "messages %d and %d equal", s, t);
        }
    }
    CHECK(strcmp(mma_status_name(MMA_OK), "MMA_OK") == 0, "MMA_OK");
    CHECK(strcmp(mma_status_name(MMA_ERR_METADATA), "MMA_ERR_METADATA") == 0, "METADATA");
    CHECK(strcmp(mma_status_name(MMA_ERR_SHAPE), "MMA_ERR_SHAPE") == 0, "SHAPE");
    CHECK(mma_status_name(MMA_STATUS_COUNT) != NULL && mma_status_message(MMA_STATUS_COUNT) != NULL, "out of range");
    CHECK(mma_status_name((mma_status)-1) != NULL && mma_status_message((mma_status)-1) != NULL, "negative");
}

int main(void)
{
    test_status();
    test_valid();
    test_fields();
    test_invalid();
    test_prefixes();
    test_len();
    load_catalog();
    test_catalog_round_trip();
    test_catalog_complete();
    test_validate_descriptors();
    free(catalog);
    printf("%d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
