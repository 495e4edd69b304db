/* mmacore: canonical PTX spelling of an instruction descriptor (mma_instr_format). */
#include "instr_int.h"

typedef struct out_buf {
    char *buf;
    size_t size;
    size_t used;  /* characters written, excluding the NUL */
    bool overflow;
} out_buf;

static void put(out_buf *o, const char *s)
{
    for (; *s != '\0'; s++) {
        if (o->used + 1u >= o->size) {
            o->overflow = true;
            return;
        }
        o->buf[o->used++] = *s;
    }
}

static void put_uint(out_buf *o, unsigned v)
{
    char tmp[12];
    size_t n = 0;
    char rev[12];
    do {
        rev[n++] = (char)('0' + (int)(v % 10u));
        v /= 10u;
    } while (v != 0u && n < sizeof rev);
    for (size_t i = 0; i < n; i++) {
        tmp[i] = rev[n - 1u - i];
    }
    tmp[n] = '\0';
    put(o, tmp);
}

static bool put_type(out_buf *o, unsigned fmt)
{
    const mma_format_info *info = mma_format_get((mma_format)fmt);
    if (info == NULL || info->name == NULL) {
        return false;
    }
    put(o, ".");
    put(o, info->name);
    return true;
}

static void put_shape(out_buf *o, const mma_instr *ins)
{
    put(o, ".m");
    put_uint(o, ins->m);
    put(o, "n");
    put_uint(o, ins->n);
    put(o, "k");
    put_uint(o, ins->k);
}

static void put_layouts(out_buf *o, const mma_instr *ins)
{
    put(o, ins->alayout == MMA_LAYOUT_ROW ? ".row" : ".col");
    put(o, ins->blayout == MMA_LAYOUT_ROW ? ".row" : ".col");
}

static void put_tail(out_buf *o, const mma_instr *ins)
{
    if (ins->bitop == MMA_BITOP_XOR) {
        put(o, ".xor.popc");
    } else if (ins->bitop == MMA_BITOP_AND) {
        put(o, ".and.popc");
    }
    /* .rn is the default and is not written. */
    switch (ins->f64_round) {
    case MMA_RND_RZ: put(o, ".rz"); break;
    case MMA_RND_RD: put(o, ".rm"); break;
    case MMA_RND_RU: put(o, ".rp"); break;
    default: break;
    }
}

static const char *kind_name(unsigned kind)
{
    switch (kind) {
    case MMA_KINDQ_F8F6F4: return ".kind::f8f6f4";
    case MMA_KINDQ_MXF8F6F4: return ".kind::mxf8f6f4";
    case MMA_KINDQ_MXF4: return ".kind::mxf4";
    case MMA_KINDQ_MXF4NVF4: return ".kind::mxf4nvf4";
    default: return "";
    }
}

static bool format_mma(out_buf *o, const mma_instr *ins)
{
    bool ok = true;
    put(o, "mma");
    if (ins->sparsity == MMA_SPARSE_SP) {
        put(o, ".sp");
    } else if (ins->sparsity == MMA_SPARSE_SP_ORDERED) {
        put(o, ".sp::ordered_metadata");
    }
    put(o, ".sync.aligned");
    put_shape(o, ins);
    put_layouts(o, ins);
    put(o, kind_name(ins->kind));
    if (ins->block_scale != 0u) {
        put(o, ".block_scale");
        if (ins->scale_vec == 1u) {
            put(o, ".scale_vec::1X");
        } else if (ins->scale_vec == 2u) {
            put(o, ".scale_vec::2X");
        } else if (ins->scale_vec == 4u) {
            put(o, ".scale_vec::4X");
        }
    }
    if (ins->satfinite != 0u) {
        put(o, ".satfinite");
    }
    ok = put_type(o, ins->dtype) && put_type(o, ins->atype) && put_type(o, ins->btype) && put_type(o, ins->ctype);
    if (ok && ins->block_scale != 0u) {
        ok = put_type(o, ins->stype);
    }
    put_tail(o, ins);
    return ok;
}

static bool format_wmma(out_buf *o, const mma_instr *ins)
{
    bool ok;
    put(o, "wmma.mma.sync.aligned");
    put_layouts(o, ins);
    put_shape(o, ins);
    if (ins->atype == MMA_FMT_F16) {
        ok = put_type(o, ins->dtype) && put_type(o, ins->ctype);
    } else {
        ok = put_type(o, ins->dtype) && put_type(o, ins->atype) && put_type(o, ins->btype) &&
             put_type(o, ins->ctype);
    }
    if (ins->satfinite != 0u) {
        put(o, ".satfinite");
    }
    put_tail(o, ins);
    return ok;
}

static bool format_wgmma(out_buf *o, const mma_instr *ins)
{
    bool ok;
    put(o, "wgmma.mma_async.sync.aligned");
    put_shape(o, ins);
    if (ins->satfinite != 0u) {
        put(o, ".satfinite");
    }
    ok = put_type(o, ins->dtype) && put_type(o, ins->atype) && put_type(o, ins->btype);
    put_tail(o, ins);
    return ok;
}

mma_status mma_instr_format(const mma_instr *ins, char *buf, size_t size)
{
    out_buf o;
    bool ok;
    mma_status st;
    if (ins == NULL || buf == NULL) {
        return MMA_ERR_NULL;
    }
    if (size == 0u) {
        return MMA_ERR_BUFFER;
    }
    buf[0] = '\0';
    st = mma_instr_validate(ins, NULL);
    if (st != MMA_OK) {
        return st;
    }
    o.buf = buf;
    o.size = size;
    o.used = 0;
    o.overflow = false;
    if (ins->family == MMA_FAMILY_WMMA) {
        ok = format_wmma(&o, ins);
    } else if (ins->family == MMA_FAMILY_WGMMA) {
        ok = format_wgmma(&o, ins);
    } else {
        ok = format_mma(&o, ins);
    }
    if (!ok) {
        buf[0] = '\0';
        return MMA_ERR_FORMAT;
    }
    if (o.overflow) {
        buf[0] = '\0';
        return MMA_ERR_BUFFER;
    }
    buf[o.used] = '\0';
    return MMA_OK;
}
