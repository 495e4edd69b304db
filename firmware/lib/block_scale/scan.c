/* Scale operand checks: valid 8-bit codes, and the strict NaN-scale report. */
#include "block_scale_int.h"

static mma_status report(mma_scale_diag *diag, mma_status st, mma_scale_operand which, size_t row, size_t col,
                         uint64_t value)
{
    if (diag != NULL) {
        diag->operand = (uint8_t)which;
        diag->row = (uint32_t)row;
        diag->col = (uint32_t)col;
        diag->value = value;
        if (st == MMA_ERR_CODE) {
            diag->reason = "scale code has bits above bit 7";
        } else if (which == MMA_SCALE_A) {
            diag->reason = "scale_A[row][col] is NaN: every output of that row of D is NaN";
        } else {
            diag->reason = "scale_B[row][col] is NaN: every output of that column of D is NaN";
        }
    }
    return st;
}

/* Decodes scale_X[r][c] (index r * cols + c); reports a bad code or, if asked, a NaN. */
static mma_status check_one(const mma_scale_shape *shape, const uint64_t *codes, size_t cols, size_t r, size_t c,
                            mma_scale_operand which, bool nan_is_error, mma_scale_diag *diag)
{
    const uint64_t code = codes[r * cols + c];
    mma_value v;
    if (mma_decode((mma_format)shape->stype, code, &v) != MMA_OK) {
        return report(diag, MMA_ERR_CODE, which, r, c, code);
    }
    if (nan_is_error && v.cls == MMA_CLASS_NAN) {
        return report(diag, MMA_ERR_SCALE_NAN, which, r, c, code);
    }
    return MMA_OK;
}

mma_status mma_bs_scan(const mma_instr *ins, const mma_scale_shape *shape, const mma_operands *ops, bool nan_is_error,
                       mma_scale_diag *diag)
{
    if (ops->scale_a == NULL || ops->scale_b == NULL) {
        return MMA_ERR_NULL;
    }
    mma_status st = MMA_OK;
    for (size_t r = 0; r < ins->m && st == MMA_OK; ++r) {
        for (size_t c = 0; c < shape->vec && st == MMA_OK; ++c) {
            st = check_one(shape, ops->scale_a, shape->vec, r, c, MMA_SCALE_A, nan_is_error, diag);
        }
    }
    for (size_t r = 0; r < shape->vec && st == MMA_OK; ++r) {
        for (size_t c = 0; c < ins->n && st == MMA_OK; ++c) {
            st = check_one(shape, ops->scale_b, ins->n, r, c, MMA_SCALE_B, nan_is_error, diag);
        }
    }
    return st;
}

mma_status mma_block_scale_find_nan(const mma_instr *ins, const mma_operands *ops, mma_scale_diag *diag)
{
    if (ops == NULL) {
        return MMA_ERR_NULL;
    }
    mma_scale_shape shape;
    mma_status st = mma_block_scale_shape(ins, &shape);
    if (st != MMA_OK) {
        return st;
    }
    return mma_bs_scan(ins, &shape, ops, true, diag);
}
