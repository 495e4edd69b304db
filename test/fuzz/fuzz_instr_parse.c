/*
 * fuzz_instr_parse: the PTX instruction-string parser, validator, formatter and catalogue.
 *
 * Text mode (any input not starting with 0xFF): the bytes, copied into an exactly sized heap
 * buffer (no NUL: ASan catches any read past len), go to mma_instr_parse. Properties:
 *   - the status is an mma_status; the diagnostic points inside the text, with a reason on failure;
 *   - the same status without a diag;
 *   - on success: mma_instr_validate accepts the descriptor, mma_instr_format spells it, parsing
 *     that spelling gives an identical descriptor and formatting again gives the same text;
 *     formatting into every smaller buffer gives MMA_ERR_BUFFER and never writes past it.
 * Struct mode (first byte 0xFF): the next bytes are a hand-built mma_instr for mma_instr_validate
 * (and mmai_instr_check through it); a valid one must format and parse back to an equivalent
 * descriptor. Also one catalogue entry (index from the input) must validate and round-trip.
 */
#include <stdbool.h>
#include <string.h>

#include "mma/mmacore.h"

#include "fuzz_common.h"
#include "fuzz_instr.h"

#define TEXT_MAX 512

static bool instr_equal(const mma_instr *x, const mma_instr *y)
{
    return x->family == y->family && x->m == y->m && x->n == y->n && x->k == y->k && x->atype == y->atype &&
           x->btype == y->btype && x->ctype == y->ctype && x->dtype == y->dtype && x->alayout == y->alayout &&
           x->blayout == y->blayout && x->satfinite == y->satfinite && x->bitop == y->bitop &&
           x->f64_round == y->f64_round && x->kind == y->kind && x->sparsity == y->sparsity &&
           x->block_scale == y->block_scale && x->scale_vec == y->scale_vec && x->stype == y->stype;
}

/*
 * The descriptor the parser gives for a valid hand-built one: fields that the text cannot carry
 * take their defaults (stype without .block_scale is unused; an absent scale_vec is filled in as
 * the PTX default for .kind::mxf8f6f4 (1X) and .kind::mxf4 (2X)).
 */
static mma_instr canonical(const mma_instr *ins)
{
    mma_instr c = *ins;
    if (c.block_scale == 0u) {
        c.stype = 0;
    } else if (c.scale_vec == 0u) {
        if (c.kind == MMA_KINDQ_MXF8F6F4) {
            c.scale_vec = 1;
        } else if (c.kind == MMA_KINDQ_MXF4) {
            c.scale_vec = 2;
        }
    }
    return c;
}

static void describe(const char *what, const mma_instr *i)
{
    fprintf(stderr,
            "%s: family %u m %u n %u k %u a %u b %u c %u d %u layout %u/%u sat %u bitop %u rnd %u kind %u sp %u bs %u "
            "sv %u st %u\n",
            what, i->family, i->m, i->n, i->k, i->atype, i->btype, i->ctype, i->dtype, i->alayout, i->blayout,
            i->satfinite, i->bitop, i->f64_round, i->kind, i->sparsity, i->block_scale, i->scale_vec, i->stype);
}

/* A descriptor that validates: format it, check the buffer-size behaviour, parse it back. */
static void roundtrip(const mma_instr *ins, const char *origin)
{
    char text[TEXT_MAX];
    mma_status st = mma_instr_format(ins, text, sizeof text);
    if (st != MMA_OK) {
        describe(origin, ins);
    }
    FZ_CHECK(st == MMA_OK, "%s: valid descriptor does not format: %s", origin, mma_status_name(st));
    const size_t n = strlen(text);
    FZ_CHECK(n > 0 && n + 1u < sizeof text, "formatted length %zu", n);

    /* Every buffer too small by at least one byte: MMA_ERR_BUFFER, nothing written past it. */
    const size_t sizes[3] = {1u, n / 2u + 1u, n};
    for (unsigned i = 0; i < 3; ++i) {
        char *small = (char *)malloc(sizes[i]);
        FZ_CHECK(small != NULL, "malloc");
        st = mma_instr_format(ins, small, sizes[i]);
        FZ_CHECK(st == MMA_ERR_BUFFER, "format into %zu bytes (needs %zu): %s", sizes[i], n + 1u,
                 mma_status_name(st));
        free(small);
    }
    char *exact = (char *)malloc(n + 1u);
    FZ_CHECK(exact != NULL, "malloc");
    FZ_CHECK(mma_instr_format(ins, exact, n + 1u) == MMA_OK && strcmp(exact, text) == 0, "exact-size format");
    free(exact);
    FZ_CHECK(mma_instr_format(ins, text, 0) == MMA_ERR_BUFFER, "size 0");

    mma_instr back;
    mma_diag diag;
    st = mma_instr_parse(text, n, &back, &diag);
    FZ_CHECK(st == MMA_OK, "%s: '%s' does not parse back: %s (%s at %zu)", origin, text, mma_status_name(st),
             diag.reason ? diag.reason : "?", diag.pos);
    const mma_instr want = canonical(ins);
    if (!instr_equal(&back, &want)) {
        describe("want", &want);
        describe("got ", &back);
    }
    FZ_CHECK(instr_equal(&back, &want), "%s: '%s' parses to a different descriptor", origin, text);
    /* Formatting is stable: the parsed descriptor spells the same (for a hand-built one that
       leaves a defaulted field 0, the spelling of its canonical form). */
    char again[TEXT_MAX];
    char want_text[TEXT_MAX];
    FZ_CHECK(mma_instr_format(&want, want_text, sizeof want_text) == MMA_OK, "canonical form does not format");
    FZ_CHECK(mma_instr_format(&back, again, sizeof again) == MMA_OK && strcmp(again, want_text) == 0,
             "format is not stable: '%s' then '%s'", want_text, again);
}

static void fuzz_text(const uint8_t *data, size_t size)
{
    char *text = (char *)malloc(size ? size : 1u); /* exactly sized, not NUL-terminated */
    FZ_CHECK(text != NULL, "malloc");
    if (size) {
        memcpy(text, data, size);
    }
    mma_instr ins;
    mma_diag diag;
    memset(&ins, 0x5A, sizeof ins);
    const mma_status st = mma_instr_parse(text, size, &ins, &diag);
    FZ_CHECK_STATUS(st);
    if (st != MMA_OK) {
        FZ_CHECK(diag.reason != NULL, "failed parse without a reason (%s)", mma_status_name(st));
        FZ_CHECK(diag.pos <= size && diag.len <= size - diag.pos, "diag %zu+%zu outside %zu bytes", diag.pos,
                 diag.len, size);
        FZ_CHECK(st != MMA_ERR_NULL, "MMA_ERR_NULL for non-NULL arguments");
    }
    mma_instr ins2;
    FZ_CHECK(mma_instr_parse(text, size, &ins2, NULL) == st, "status differs without diag");
    FZ_CHECK(mma_instr_parse(text, size, NULL, &diag) == MMA_ERR_NULL, "NULL out");
    if (st == MMA_OK) {
        FZ_CHECK(instr_equal(&ins, &ins2), "parse is not deterministic");
        FZ_CHECK(mma_instr_validate(&ins, NULL) == MMA_OK, "parsed descriptor does not validate");
        roundtrip(&ins, "parsed");
        mma_profile prof;
        for (unsigned p = 0; p <= (unsigned)MMA_PRESET_COUNT; ++p) {
            mma_status ps = mma_instr_profile((mma_preset)p, &ins, &prof);
            FZ_CHECK_STATUS(ps);
            if (ps == MMA_OK) {
                FZ_CHECK(mma_profile_validate(&prof) == MMA_OK, "preset %u gives an invalid profile", p);
            }
        }
    }
    free(text);
}

static void fuzz_struct(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    mma_instr ins;
    ins.family = fz_u8(&in);
    ins.m = fz_u8(&in);
    ins.n = fz_u16(&in);
    ins.k = fz_u16(&in);
    ins.atype = fz_u8(&in);
    ins.btype = fz_u8(&in);
    ins.ctype = fz_u8(&in);
    ins.dtype = fz_u8(&in);
    ins.alayout = fz_u8(&in);
    ins.blayout = fz_u8(&in);
    ins.satfinite = fz_u8(&in);
    ins.bitop = fz_u8(&in);
    ins.f64_round = fz_u8(&in);
    ins.kind = fz_u8(&in);
    ins.sparsity = fz_u8(&in);
    ins.block_scale = fz_u8(&in);
    ins.scale_vec = fz_u8(&in);
    ins.stype = fz_u8(&in);
    const uint16_t index = fz_u16(&in);

    mma_diag diag;
    diag.reason = NULL;
    const mma_status st = mma_instr_validate(&ins, &diag);
    FZ_CHECK_STATUS(st);
    FZ_CHECK(st == MMA_OK || diag.reason != NULL, "invalid descriptor without a reason");
    FZ_CHECK(mma_instr_validate(&ins, NULL) == st, "status differs without diag");
    char text[TEXT_MAX];
    const mma_status fs = mma_instr_format(&ins, text, sizeof text);
    FZ_CHECK(st == MMA_OK ? fs == MMA_OK : fs == st, "format %s, validate %s", mma_status_name(fs),
             mma_status_name(st));
    if (st == MMA_OK) {
        roundtrip(&ins, "hand-built");
    }

    const size_t n = fz_catalog_size();
    FZ_CHECK(n > 0, "empty catalogue");
    mma_instr cat;
    FZ_CHECK(mma_instr_catalog(n, &cat) == MMA_ERR_BUFFER, "catalogue end");
    FZ_CHECK(mma_instr_catalog(index % n, &cat) == MMA_OK, "catalogue entry %u", index);
    FZ_CHECK(mma_instr_validate(&cat, NULL) == MMA_OK, "catalogue entry %zu does not validate", index % n);
    FZ_CHECK(cat.sparsity == MMA_SPARSE_NONE && cat.block_scale == 0u, "catalogue entry is not dense");
    roundtrip(&cat, "catalogue");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 0 && data[0] == 0xFFu) {
        fuzz_struct(data + 1, size - 1u);
    } else {
        fuzz_text(data, size);
    }
    return 0;
}
