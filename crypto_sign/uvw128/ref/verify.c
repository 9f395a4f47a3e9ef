/* verify.c - UVW-128: verification, from the shared code. */
#include "params.h"
#include "../../uvw-common/ref/verify.c"
