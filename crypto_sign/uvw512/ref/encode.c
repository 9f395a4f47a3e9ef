/* encode.c - UVW-512: byte formats and size getters, from the shared code. */
#include "params.h"
#include "../../uvw-common/ref/encode.c"
