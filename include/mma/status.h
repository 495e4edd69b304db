/* mmacore: the one error enum every public function returns. */
#ifndef MMA_STATUS_H
#define MMA_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

/* Every public function returns one of these; MMA_OK is 0, every error is non-zero. */
typedef enum mma_status {
    MMA_OK = 0,
    MMA_ERR_NULL,            /* a required pointer argument is NULL */
    MMA_ERR_FORMAT,          /* unknown element format, or a format not allowed here */
    MMA_ERR_FORMAT_PAIR,     /* the combination of formats does not exist */
    MMA_ERR_CODE,            /* an element code has bits outside its format's width */
    MMA_ERR_ROUNDING,        /* unknown or unsupported rounding mode / modifier */
    MMA_ERR_SHAPE,           /* shape does not exist for this instruction and type */
    MMA_ERR_INSTRUCTION,     /* instruction/type/qualifier combination does not exist */
    MMA_ERR_PARSE,           /* malformed instruction text */
    MMA_ERR_PROFILE,         /* unknown preset, or preset has no datapath for this op */
    MMA_ERR_PROFILE_PARAM,   /* a profile parameter is out of its documented range */
    MMA_ERR_BUFFER,          /* a buffer is too small, or a size is out of range */
    MMA_ERR_METADATA,        /* invalid sparse metadata */
    MMA_ERR_SPARSITY_SELECTOR, /* invalid sparsity selector */
    MMA_ERR_SCALE_SELECTOR,  /* invalid block-scale byte-id / thread-id */
    MMA_ERR_SCALE_VEC,       /* invalid scale_vec size for this kind / stype */
    MMA_ERR_SCALE_NAN,       /* a NaN scale where the caller asked to be told */
    MMA_ERR_FPMR,            /* reserved FPMR field value */
    MMA_ERR_PREDICATE,       /* invalid predicate / vector length */
    MMA_ERR_OVERFLOW_RANGE,  /* an exact accumulator would overflow its range */
    MMA_ERR_UNREPRESENTABLE, /* value cannot be encoded in the target format (sign, NaN or Inf it lacks) */
    /* The accelerator and its driver (the values are the hardware's ERR_CAUSE codes too). */
    MMA_ERR_BUSY,            /* the accelerator is busy: a start or a job register write was refused */
    MMA_ERR_ALIGN,           /* an address or stride is not a multiple of the accelerator's bus width */
    MMA_ERR_RANGE,           /* an operand region runs past the end of the bus address space */
    MMA_ERR_BUS,             /* a bus error (AXI SLVERR/DECERR) answered the accelerator's DMA */
    MMA_ERR_TIMEOUT,         /* the accelerator did not finish within the driver's timeout */
    MMA_ERR_DEVICE,          /* no accelerator, or it is in an error state not yet acknowledged */
    MMA_ERR_ABORTED,         /* the job was aborted by a soft reset */
    MMA_STATUS_COUNT
} mma_status;

/* Returns a static, human-readable one-line description of a status code (never NULL). */
const char *mma_status_message(mma_status status);

/* Returns the enumerator name of a status code, e.g. "MMA_ERR_METADATA" (never NULL). */
const char *mma_status_name(mma_status status);

#ifdef __cplusplus
}
#endif
#endif /* MMA_STATUS_H */
