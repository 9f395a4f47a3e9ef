/* gauss.c - UVW-256: elimination, from the shared code. */
#include "params.h"
#include "../../uvw-common/ref/gauss.c"
