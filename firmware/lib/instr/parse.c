/*
 * mmacore: the PTX-syntax instruction parser (mma_instr_parse).
 *
 * Accepted forms (qualifier order exactly as in the PTX syntax lines):
 *   mma{.sp|.sp::ordered_metadata}.sync.aligned.SHAPE.ALAYOUT.BLAYOUT{.kind::K}{.block_scale{.scale_vec::NX}}
 *       {.satfinite}.DTYPE.ATYPE.BTYPE.CTYPE{.STYPE}{.xor.popc|.and.popc}{.rn|.rz|.rm|.rp}
 *   wmma.mma.sync.aligned.ALAYOUT.BLAYOUT.SHAPE.DTYPE.CTYPE                 (f16 inputs)
 *   wmma.mma.sync.aligned.ALAYOUT.BLAYOUT.SHAPE.DTYPE.ATYPE.BTYPE.CTYPE{.satfinite}{.xor.popc|.and.popc}{.rnd}
 *   wgmma.mma_async.sync.aligned.SHAPE{.satfinite}.DTYPE.ATYPE.BTYPE{.and.popc}   (C is D: ctype = dtype)
 * Leading/trailing whitespace and one trailing ';' are ignored. Operands are not accepted.
 * Which combinations exist is decided by mmai_instr_check (instr_validate.c).
 */
#include "instr_int.h"

#define MAX_TOKENS 24

typedef struct span {
    size_t pos;
    size_t len;
} span;

typedef struct parser {
    const char *text;
    size_t end;                   /* end of the trimmed instruction */
    span tok[MAX_TOKENS];
    size_t ntok;
    size_t cur;
    span field[MMA_IF_COUNT];     /* token that spelled each part; len 0 = not spelled */
    bool has_field[MMA_IF_COUNT];
    mma_diag *diag;
} parser;

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static bool is_word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == ':';
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static mma_status err(parser *p, mma_status st, size_t pos, size_t len, const char *reason)
{
    p->diag->pos = pos;
    p->diag->len = len;
    p->diag->reason = reason;
    return st;
}

/* Error at the current token, or at the end of the text if there is none. */
static mma_status err_here(parser *p, mma_status st, const char *reason)
{
    if (p->cur < p->ntok) {
        return err(p, st, p->tok[p->cur].pos, p->tok[p->cur].len, reason);
    }
    return err(p, st, p->end, 0, reason);
}

static const span *peek(const parser *p)
{
    return p->cur < p->ntok ? &p->tok[p->cur] : NULL;
}

static bool cur_is(const parser *p, const char *lit)
{
    const span *t = peek(p);
    return t != NULL && mmai_name_equals(p->text + t->pos, t->len, lit);
}

static bool cur_prefix(const parser *p, const char *lit)
{
    const span *t = peek(p);
    return t != NULL && mmai_tok_prefix(p->text + t->pos, t->len, lit);
}

static void set_span(span *dst, const span *src)
{
    dst->pos = src->pos;
    dst->len = src->len;
}

static void take(parser *p, mmai_ifield f)
{
    set_span(&p->field[f], &p->tok[p->cur]);
    p->has_field[f] = true;
    p->cur++;
}

/* Splits the trimmed text into '.'-separated tokens. */
static mma_status tokenize(parser *p, size_t len)
{
    const char *s = p->text;
    size_t b = 0;
    size_t e = len;
    size_t i;
    while (b < e && is_space(s[b])) {
        b++;
    }
    while (e > b && is_space(s[e - 1])) {
        e--;
    }
    if (e > b && s[e - 1] == ';') {
        e--;
        while (e > b && is_space(s[e - 1])) {
            e--;
        }
    }
    p->end = e;
    if (b == e) {
        return err(p, MMA_ERR_PARSE, b, 0, "empty instruction");
    }
    i = b;
    for (;;) {
        size_t start = i;
        while (i < e && is_word_char(s[i])) {
            i++;
        }
        if (i < e && s[i] != '.') {
            if (is_space(s[i])) {
                return err(p, MMA_ERR_PARSE, i, e - i, "unexpected text after the instruction (operands are not accepted)");
            }
            return err(p, MMA_ERR_PARSE, i, 1, "unexpected character");
        }
        if (i == start) {
            return err(p, MMA_ERR_PARSE, start, i < e ? 1u : 0u, "empty qualifier (two dots, or a dot at either end)");
        }
        if (p->ntok == MAX_TOKENS) {
            return err(p, MMA_ERR_PARSE, start, i - start, "too many qualifiers");
        }
        p->tok[p->ntok].pos = start;
        p->tok[p->ntok].len = i - start;
        p->ntok++;
        if (i == e) {
            return MMA_OK;
        }
        i++; /* the dot */
    }
}

/* Words the grammar knows, other than type names (for "out of order" diagnostics). */
static bool is_known_word(const char *t, size_t n)
{
    static const char *const words[] = {
        "mma", "wmma", "wgmma", "mma_async", "sp", "sync", "aligned", "row", "col", "block_scale",
        "satfinite", "xor", "and", "popc", "rn", "rz", "rm", "rp",
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        if (mmai_name_equals(t, n, words[i])) {
            return true;
        }
    }
    if (mmai_tok_prefix(t, n, "kind::") || mmai_tok_prefix(t, n, "scale_vec::") || mmai_tok_prefix(t, n, "sp::")) {
        return true;
    }
    return n >= 2 && t[0] == 'm' && is_digit(t[1]); /* a shape */
}

static bool cur_is_type_name(const parser *p)
{
    const span *t = peek(p);
    mma_format f;
    return t != NULL && mma_format_from_name(p->text + t->pos, t->len, &f) == MMA_OK;
}

/* One type qualifier in the given role. */
static mma_status parse_type(parser *p, mmai_ifield role, const char *missing, uint8_t *out)
{
    const span *t = peek(p);
    mma_format f;
    if (t == NULL) {
        return err(p, MMA_ERR_PARSE, p->end, 0, missing);
    }
    if (mma_format_from_name(p->text + t->pos, t->len, &f) != MMA_OK) {
        if (is_known_word(p->text + t->pos, t->len)) {
            return err(p, MMA_ERR_PARSE, t->pos, t->len, missing);
        }
        return err(p, MMA_ERR_FORMAT, t->pos, t->len, "unknown type name");
    }
    *out = (uint8_t)f;
    take(p, role);
    return MMA_OK;
}

/* A decimal number without leading zeros; returns the index after it, or 0 on malformed input. */
static size_t parse_dim(const char *t, size_t n, size_t i, uint32_t *val)
{
    size_t start = i;
    uint32_t v = 0;
    while (i < n && is_digit(t[i])) {
        if (i - start >= 6) {
            return 0;
        }
        v = v * 10u + (uint32_t)(t[i] - '0');
        i++;
    }
    if (i == start || (t[start] == '0' && i - start > 1)) {
        return 0;
    }
    *val = v;
    return i;
}

static mma_status parse_shape(parser *p, mma_instr *ins)
{
    const span *s = peek(p);
    const char *t;
    uint32_t m = 0;
    uint32_t n = 0;
    uint32_t k = 0;
    size_t i;
    if (s == NULL || s->len < 2 || p->text[s->pos] != 'm' || !is_digit(p->text[s->pos + 1])) {
        return err_here(p, MMA_ERR_PARSE, "missing shape .mMnNkK");
    }
    t = p->text + s->pos;
    i = parse_dim(t, s->len, 1, &m);
    if (i != 0 && i < s->len && t[i] == 'n') {
        i = parse_dim(t, s->len, i + 1, &n);
        if (i != 0 && i < s->len && t[i] == 'k') {
            i = parse_dim(t, s->len, i + 1, &k);
        } else {
            i = 0;
        }
    } else {
        i = 0;
    }
    if (i == 0 || i != s->len) {
        return err(p, MMA_ERR_PARSE, s->pos, s->len, "malformed shape (expected .mMnNkK with decimal M, N, K)");
    }
    if (m == 0 || n == 0 || k == 0 || m > 255u || n > 65535u || k > 65535u) {
        return err(p, MMA_ERR_SHAPE, s->pos, s->len, "shape dimension out of range");
    }
    ins->m = (uint8_t)m;
    ins->n = (uint16_t)n;
    ins->k = (uint16_t)k;
    take(p, MMA_IF_SHAPE);
    return MMA_OK;
}

static mma_status expect_word(parser *p, const char *word, const char *missing)
{
    if (!cur_is(p, word)) {
        return err_here(p, MMA_ERR_PARSE, missing);
    }
    p->cur++;
    return MMA_OK;
}

static mma_status parse_layout(parser *p, mmai_ifield role, const char *missing, uint8_t *out)
{
    if (cur_is(p, "row")) {
        *out = MMA_LAYOUT_ROW;
    } else if (cur_is(p, "col")) {
        *out = MMA_LAYOUT_COL;
    } else {
        return err_here(p, MMA_ERR_PARSE, missing);
    }
    take(p, role);
    return MMA_OK;
}

/* {.xor.popc | .and.popc} */
static mma_status parse_bitop(parser *p, mma_instr *ins)
{
    if (cur_is(p, "xor") || cur_is(p, "and")) {
        ins->bitop = cur_is(p, "xor") ? MMA_BITOP_XOR : MMA_BITOP_AND;
        take(p, MMA_IF_BITOP);
        return expect_word(p, "popc", "missing .popc after .xor/.and");
    }
    if (cur_is(p, "popc")) {
        return err_here(p, MMA_ERR_PARSE, "missing .xor or .and before .popc");
    }
    return MMA_OK;
}

/* {.rn | .rz | .rm | .rp} */
static void parse_rnd(parser *p, mma_instr *ins)
{
    if (cur_is(p, "rn")) {
        ins->f64_round = MMA_RND_RNE;
    } else if (cur_is(p, "rz")) {
        ins->f64_round = MMA_RND_RZ;
    } else if (cur_is(p, "rm")) {
        ins->f64_round = MMA_RND_RD;
    } else if (cur_is(p, "rp")) {
        ins->f64_round = MMA_RND_RU;
    } else {
        return;
    }
    take(p, MMA_IF_RND);
}

/* Anything left over after the grammar is done. */
static mma_status check_end(parser *p, const char *extra_type)
{
    const span *t = peek(p);
    if (t == NULL) {
        return MMA_OK;
    }
    if (cur_is_type_name(p)) {
        return err(p, MMA_ERR_PARSE, t->pos, t->len, extra_type);
    }
    if (is_known_word(p->text + t->pos, t->len)) {
        return err(p, MMA_ERR_PARSE, t->pos, t->len, "qualifier out of order or not allowed here");
    }
    return err(p, MMA_ERR_PARSE, t->pos, t->len, "unknown qualifier");
}

static mma_status parse_mma(parser *p, mma_instr *ins)
{
    mma_status st;
    if (cur_is(p, "sp")) {
        ins->sparsity = MMA_SPARSE_SP;
        take(p, MMA_IF_SPARSITY);
    } else if (cur_is(p, "sp::ordered_metadata")) {
        ins->sparsity = MMA_SPARSE_SP_ORDERED;
        take(p, MMA_IF_SPARSITY);
    } else if (cur_prefix(p, "sp::")) {
        return err_here(p, MMA_ERR_PARSE, "unknown sparsity variant (expected .sp or .sp::ordered_metadata)");
    }
    if ((st = expect_word(p, "sync", "missing .sync")) != MMA_OK ||
        (st = expect_word(p, "aligned", "missing .aligned")) != MMA_OK ||
        (st = parse_shape(p, ins)) != MMA_OK ||
        (st = parse_layout(p, MMA_IF_ALAYOUT, "missing A layout .row/.col after the shape", &ins->alayout)) != MMA_OK ||
        (st = parse_layout(p, MMA_IF_BLAYOUT, "missing B layout .row/.col", &ins->blayout)) != MMA_OK) {
        return st;
    }
    if (cur_prefix(p, "kind::")) {
        if (cur_is(p, "kind::f8f6f4")) {
            ins->kind = MMA_KINDQ_F8F6F4;
        } else if (cur_is(p, "kind::mxf8f6f4")) {
            ins->kind = MMA_KINDQ_MXF8F6F4;
        } else if (cur_is(p, "kind::mxf4")) {
            ins->kind = MMA_KINDQ_MXF4;
        } else if (cur_is(p, "kind::mxf4nvf4")) {
            ins->kind = MMA_KINDQ_MXF4NVF4;
        } else {
            return err_here(p, MMA_ERR_PARSE, "unknown .kind (expected ::f8f6f4, ::mxf8f6f4, ::mxf4 or ::mxf4nvf4)");
        }
        take(p, MMA_IF_KIND);
    }
    if (cur_is(p, "block_scale")) {
        ins->block_scale = 1;
        take(p, MMA_IF_BLOCK_SCALE);
    }
    if (cur_prefix(p, "scale_vec::")) {
        if (cur_is(p, "scale_vec::1X")) {
            ins->scale_vec = 1;
        } else if (cur_is(p, "scale_vec::2X")) {
            ins->scale_vec = 2;
        } else if (cur_is(p, "scale_vec::4X")) {
            ins->scale_vec = 4;
        } else {
            return err_here(p, MMA_ERR_SCALE_VEC, "unknown .scale_vec (expected ::1X, ::2X or ::4X)");
        }
        if (ins->block_scale == 0u) {
            return err_here(p, MMA_ERR_SCALE_VEC, ".scale_vec requires .block_scale before it");
        }
        take(p, MMA_IF_SCALE_VEC);
    }
    if (cur_is(p, "satfinite")) {
        ins->satfinite = 1;
        take(p, MMA_IF_SATFINITE);
    }
    if ((st = parse_type(p, MMA_IF_DTYPE, "missing dtype", &ins->dtype)) != MMA_OK ||
        (st = parse_type(p, MMA_IF_ATYPE, "missing atype", &ins->atype)) != MMA_OK ||
        (st = parse_type(p, MMA_IF_BTYPE, "missing btype", &ins->btype)) != MMA_OK ||
        (st = parse_type(p, MMA_IF_CTYPE, "missing ctype", &ins->ctype)) != MMA_OK) {
        return st;
    }
    if (ins->block_scale != 0u) {
        if ((st = parse_type(p, MMA_IF_STYPE, "missing scale type (.ue8m0/.ue4m3) after ctype", &ins->stype)) != MMA_OK) {
            return st;
        }
    }
    if ((st = parse_bitop(p, ins)) != MMA_OK) {
        return st;
    }
    parse_rnd(p, ins);
    return check_end(p, ins->block_scale != 0u ? "unexpected type after the scale type"
                                               : "unexpected type after ctype (a scale type needs .block_scale)");
}

static mma_status parse_wmma(parser *p, mma_instr *ins)
{
    mma_status st;
    const span *t;
    if ((st = expect_word(p, "mma", "missing .mma after wmma")) != MMA_OK ||
        (st = expect_word(p, "sync", "missing .sync")) != MMA_OK ||
        (st = expect_word(p, "aligned", "missing .aligned")) != MMA_OK ||
        (st = parse_layout(p, MMA_IF_ALAYOUT, "missing A layout .row/.col after .aligned", &ins->alayout)) != MMA_OK ||
        (st = parse_layout(p, MMA_IF_BLAYOUT, "missing B layout .row/.col", &ins->blayout)) != MMA_OK ||
        (st = parse_shape(p, ins)) != MMA_OK ||
        (st = parse_type(p, MMA_IF_DTYPE, "missing dtype", &ins->dtype)) != MMA_OK) {
        return st;
    }
    t = peek(p);
    if ((st = parse_type(p, MMA_IF_ATYPE, "missing ctype", &ins->atype)) != MMA_OK) {
        return st;
    }
    /* Two types (.dtype.ctype, f16 inputs) or four (.dtype.atype.btype.ctype). */
    if (peek(p) != NULL && !is_known_word(p->text + peek(p)->pos, peek(p)->len)) {
        if (ins->atype == MMA_FMT_F16) {
            return err(p, MMA_ERR_INSTRUCTION, t->pos, t->len, ".f16 wmma is written with two types .dtype.ctype");
        }
        if ((st = parse_type(p, MMA_IF_BTYPE, "missing btype", &ins->btype)) != MMA_OK ||
            (st = parse_type(p, MMA_IF_CTYPE, "missing ctype", &ins->ctype)) != MMA_OK) {
            return st;
        }
    } else {
        if (ins->atype != MMA_FMT_F16 && ins->atype != MMA_FMT_F32) {
            return err(p, MMA_ERR_PARSE, t->pos, t->len,
                       "two-type wmma is the .f16 form .dtype.ctype; other inputs need .dtype.atype.btype.ctype");
        }
        ins->ctype = ins->atype;
        ins->atype = MMA_FMT_F16;
        ins->btype = MMA_FMT_F16;
        set_span(&p->field[MMA_IF_CTYPE], &p->field[MMA_IF_ATYPE]);
        p->has_field[MMA_IF_CTYPE] = true;
        set_span(&p->field[MMA_IF_ATYPE], &p->field[MMA_IF_DTYPE]);
        set_span(&p->field[MMA_IF_BTYPE], &p->field[MMA_IF_DTYPE]);
        p->has_field[MMA_IF_BTYPE] = true;
    }
    if (cur_is(p, "satfinite")) {
        ins->satfinite = 1;
        take(p, MMA_IF_SATFINITE);
    }
    if ((st = parse_bitop(p, ins)) != MMA_OK) {
        return st;
    }
    parse_rnd(p, ins);
    return check_end(p, "unexpected type after ctype");
}

static mma_status parse_wgmma(parser *p, mma_instr *ins)
{
    mma_status st;
    if ((st = expect_word(p, "mma_async", "missing .mma_async after wgmma")) != MMA_OK ||
        (st = expect_word(p, "sync", "missing .sync")) != MMA_OK ||
        (st = expect_word(p, "aligned", "missing .aligned")) != MMA_OK ||
        (st = parse_shape(p, ins)) != MMA_OK) {
        return st;
    }
    if (cur_is(p, "satfinite")) {
        ins->satfinite = 1;
        take(p, MMA_IF_SATFINITE);
    }
    if ((st = parse_type(p, MMA_IF_DTYPE, "missing dtype", &ins->dtype)) != MMA_OK ||
        (st = parse_type(p, MMA_IF_ATYPE, "missing atype", &ins->atype)) != MMA_OK ||
        (st = parse_type(p, MMA_IF_BTYPE, "missing btype", &ins->btype)) != MMA_OK) {
        return st;
    }
    ins->ctype = ins->dtype;
    set_span(&p->field[MMA_IF_CTYPE], &p->field[MMA_IF_DTYPE]);
    p->has_field[MMA_IF_CTYPE] = true;
    if ((st = parse_bitop(p, ins)) != MMA_OK) {
        return st;
    }
    return check_end(p, "unexpected type (wgmma is written .dtype.atype.btype; C is D)");
}

mma_status mma_instr_parse(const char *text, size_t len, mma_instr *out, mma_diag *diag)
{
    parser p;
    mma_diag local;
    mma_instr ins;
    mma_status st;
    size_t i;

    // cppcheck-suppress uninitvar ; only the address of local is taken here, its fields are written next
    p.diag = diag != NULL ? diag : &local;
    p.diag->pos = 0;
    p.diag->len = 0;
    p.diag->reason = NULL;
    if (out == NULL || (text == NULL && len != 0)) {
        p.diag->reason = "NULL argument";
        return MMA_ERR_NULL;
    }
    if (text == NULL) {
        p.diag->reason = "empty instruction";
        return MMA_ERR_PARSE;
    }
    p.text = text;
    p.ntok = 0;
    p.cur = 0;
    for (i = 0; i < (size_t)MMA_IF_COUNT; i++) {
        p.field[i].pos = 0;
        p.field[i].len = 0;
        p.has_field[i] = false;
    }
    st = tokenize(&p, len);
    if (st != MMA_OK) {
        return st;
    }
    if (cur_is(&p, "mma")) {
        mmai_instr_defaults(&ins, MMA_FAMILY_MMA);
        take(&p, MMA_IF_OPCODE);
        st = parse_mma(&p, &ins);
    } else if (cur_is(&p, "wmma")) {
        mmai_instr_defaults(&ins, MMA_FAMILY_WMMA);
        take(&p, MMA_IF_OPCODE);
        st = parse_wmma(&p, &ins);
    } else if (cur_is(&p, "wgmma")) {
        mmai_instr_defaults(&ins, MMA_FAMILY_WGMMA);
        take(&p, MMA_IF_OPCODE);
        st = parse_wgmma(&p, &ins);
    } else {
        return err_here(&p, MMA_ERR_PARSE, "unknown opcode (expected mma, wmma or wgmma)");
    }
    if (st != MMA_OK) {
        return st;
    }
    /* PTX defaults: .kind::mxf8f6f4 -> scale_vec::1X, .kind::mxf4 -> scale_vec::2X (mxf4nvf4: mandatory). */
    if (ins.block_scale != 0u && ins.scale_vec == 0u) {
        if (ins.kind == MMA_KINDQ_MXF8F6F4) {
            ins.scale_vec = 1;
        } else if (ins.kind == MMA_KINDQ_MXF4) {
            ins.scale_vec = 2;
        }
    }
    {
        const char *reason = NULL;
        mmai_ifield field = MMA_IF_OPCODE;
        st = mmai_instr_check(&ins, &reason, &field);
        if (st != MMA_OK) {
            if (p.has_field[field]) {
                return err(&p, st, p.field[field].pos, p.field[field].len, reason);
            }
            return err(&p, st, p.end, 0, reason);
        }
    }
    mmai_instr_copy(out, &ins);
    return MMA_OK;
}
