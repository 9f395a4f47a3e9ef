/* keygen.c - UVW-512: key generation, from the shared code. */
#include "params.h"
#include "../../uvw-common/ref/keygen.c"
