/* mmacore: names and one-line descriptions of the status codes. */
#include <stddef.h>

#include "mma/status.h"

typedef struct status_text {
    const char *name;
    const char *message;
} status_text;

/* Indexed by mma_status; one row per enumerator, in enum order. */
static const status_text STATUS_TEXT[MMA_STATUS_COUNT] = {
    [MMA_OK] = {"MMA_OK", "success"},
    [MMA_ERR_NULL] = {"MMA_ERR_NULL", "a required pointer argument is NULL"},
    [MMA_ERR_FORMAT] = {"MMA_ERR_FORMAT", "unknown element format, or a format not allowed here"},
    [MMA_ERR_FORMAT_PAIR] = {"MMA_ERR_FORMAT_PAIR", "this combination of element formats does not exist"},
    [MMA_ERR_CODE] = {"MMA_ERR_CODE", "an element code has bits set outside its format's width"},
    [MMA_ERR_ROUNDING] = {"MMA_ERR_ROUNDING", "unknown or unsupported rounding mode or modifier"},
    [MMA_ERR_SHAPE] = {"MMA_ERR_SHAPE", "the shape does not exist for this instruction and type"},
    [MMA_ERR_INSTRUCTION] = {"MMA_ERR_INSTRUCTION", "this instruction, type and qualifier combination does not exist"},
    [MMA_ERR_PARSE] = {"MMA_ERR_PARSE", "malformed instruction text"},
    [MMA_ERR_PROFILE] = {"MMA_ERR_PROFILE", "unknown preset, or the preset has no datapath for this operation"},
    [MMA_ERR_PROFILE_PARAM] = {"MMA_ERR_PROFILE_PARAM", "a profile parameter is outside its documented range"},
    [MMA_ERR_BUFFER] = {"MMA_ERR_BUFFER", "a buffer is too small, or a size or index is out of range"},
    [MMA_ERR_METADATA] = {"MMA_ERR_METADATA", "invalid sparsity metadata"},
    [MMA_ERR_SPARSITY_SELECTOR] = {"MMA_ERR_SPARSITY_SELECTOR", "invalid sparsity selector"},
    [MMA_ERR_SCALE_SELECTOR] = {"MMA_ERR_SCALE_SELECTOR", "invalid block-scale byte-id or thread-id selector"},
    [MMA_ERR_SCALE_VEC] = {"MMA_ERR_SCALE_VEC", "invalid scale_vec size for this kind or scale type"},
    [MMA_ERR_SCALE_NAN] = {"MMA_ERR_SCALE_NAN", "a block scale is NaN"},
    [MMA_ERR_FPMR] = {"MMA_ERR_FPMR", "reserved FPMR field value"},
    [MMA_ERR_PREDICATE] = {"MMA_ERR_PREDICATE", "invalid predicate or vector length"},
    [MMA_ERR_OVERFLOW_RANGE] = {"MMA_ERR_OVERFLOW_RANGE", "an exact accumulator would overflow its range"},
    [MMA_ERR_UNREPRESENTABLE] = {"MMA_ERR_UNREPRESENTABLE",
                                 "the value cannot be encoded in the target format (it lacks that sign, NaN or Inf)"},
    [MMA_ERR_BUSY] = {"MMA_ERR_BUSY", "the accelerator is busy: a start or a job register write was refused"},
    [MMA_ERR_ALIGN] = {"MMA_ERR_ALIGN", "an address or stride is not a multiple of the accelerator's bus width"},
    [MMA_ERR_RANGE] = {"MMA_ERR_RANGE", "an operand region runs past the end of the bus address space"},
    [MMA_ERR_BUS] = {"MMA_ERR_BUS", "a bus error (AXI SLVERR or DECERR) answered the accelerator's DMA"},
    [MMA_ERR_TIMEOUT] = {"MMA_ERR_TIMEOUT", "the accelerator did not finish within the driver's timeout"},
    [MMA_ERR_DEVICE] = {"MMA_ERR_DEVICE", "no accelerator, or it is in an error state not yet acknowledged"},
    [MMA_ERR_ABORTED] = {"MMA_ERR_ABORTED", "the job was aborted by a soft reset"},
};

const char *mma_status_message(mma_status status)
{
    if ((unsigned)status >= (unsigned)MMA_STATUS_COUNT || STATUS_TEXT[status].message == NULL) {
        return "unknown status code";
    }
    return STATUS_TEXT[status].message;
}

const char *mma_status_name(mma_status status)
{
    if ((unsigned)status >= (unsigned)MMA_STATUS_COUNT || STATUS_TEXT[status].name == NULL) {
        return "MMA_STATUS_UNKNOWN";
    }
    return STATUS_TEXT[status].name;
}
