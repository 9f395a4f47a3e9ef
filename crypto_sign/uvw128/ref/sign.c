/* sign.c - UVW-128: signing, from the shared code. */
#include "params.h"
#include "../../uvw-common/ref/sign.c"
