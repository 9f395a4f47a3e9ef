/* verify.c - UVW-512: verification, from the shared code. */
#include "params.h"
#include "../../uvw-common/ref/verify.c"
