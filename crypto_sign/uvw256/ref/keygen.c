/* keygen.c - UVW-256: key generation, from the shared code. */
#include "params.h"
#include "../../uvw-common/ref/keygen.c"
