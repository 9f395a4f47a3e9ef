/* UVW-256 opt: the opt simd.c with this set's parameters. */
#include "params.h"
#include "../../uvw-common/opt/simd.c"
