/* sign.c - UVW-256: signing, from the shared code. */
#include "params.h"
#include "../../uvw-common/ref/sign.c"
