/* expand.c - UVW-256: expansion of DRNG output, from the shared code. */
#include "params.h"
#include "../../uvw-common/ref/expand.c"
