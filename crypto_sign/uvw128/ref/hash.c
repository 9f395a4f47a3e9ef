/* hash.c - UVW-128: hash to trits, from the shared code. */
#include "params.h"
#include "../../uvw-common/ref/hash.c"
