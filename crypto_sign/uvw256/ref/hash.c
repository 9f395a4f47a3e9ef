/* hash.c - UVW-256: hash to trits, from the shared code. */
#include "params.h"
#include "../../uvw-common/ref/hash.c"
