/* expand.c - UVW-128: expansion of DRNG output, from the shared code. */
#include "params.h"
#include "../../uvw-common/ref/expand.c"
