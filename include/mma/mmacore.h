/* mmacore: umbrella header of the bit-exact MMA golden model (freestanding C11). */
#ifndef MMA_MMACORE_H
#define MMA_MMACORE_H

#include "mma/status.h"
#include "mma/format.h"
#include "mma/profile.h"
#include "mma/accumulate.h"
#include "mma/instr.h"
#include "mma/mma.h"
#include "mma/convert.h"
#include "mma/sparse.h"
#include "mma/block_scale.h"
#include "mma/sme.h"

#define MMACORE_VERSION_MAJOR 0
#define MMACORE_VERSION_MINOR 1
#define MMACORE_VERSION_PATCH 0

#endif /* MMA_MMACORE_H */
