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

/* Decodes codes[r * ld + c]; reports a bad code or, if asked, a NaN. */
static mma_status check_one(mma_format stype, const uint64_t *codes, size_t ld, size_t r, size_t c,
                            mma_scale_operand which, bool nan_is_error, mma_scale_diag *diag)
{
    const uint64_t code = codes[r * ld + c];
    mma_value v;
    if (mma_decode(stype, code, &v) != MMA_OK) {
        return report(diag, MMA_ERR_CODE, which, r, c, code);
    }
    if (nan_is_error && v.cls == MMA_CLASS_NAN) {
        return report(diag, MMA_ERR_SCALE_NAN, which, r, c, code);
    }
    return MMA_OK;
}

mma_status mmai_scale_scan(mma_format stype, const uint64_t *codes, size_t rows, size_t cols, size_t ld,
                           mma_scale_operand which, bool nan_is_error, mma_scale_diag *diag)
{
    if (codes == NULL && rows != 0 && cols != 0) {
        return MMA_ERR_NULL;
    }
    mma_status st = MMA_OK;
    for (size_t r = 0; r < rows && st == MMA_OK; ++r) {
        for (size_t c = 0; c < cols && st == MMA_OK; ++c) {
            st = check_one(stype, codes, ld, r, c, which, nan_is_error, diag);
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
    if (ops->scale_a == NULL || ops->scale_b == NULL) {
        return MMA_ERR_NULL;
    }
    st = mmai_scale_scan((mma_format)shape.stype, ops->scale_a, ins->m, shape.vec, shape.vec, MMA_SCALE_A, true, diag);
    if (st == MMA_OK) {
        st = mmai_scale_scan((mma_format)shape.stype, ops->scale_b, shape.vec, ins->n, ins->n, MMA_SCALE_B, true, diag);
    }
    return st;
}
