/* secret.c - UVW-512: secret matrices, from the shared code. */
#include "params.h"
#include "../../uvw-common/ref/secret.c"
