/* sign.c - UVW-512: signing, from the shared code. */
#include "params.h"
#include "../../uvw-common/ref/sign.c"
