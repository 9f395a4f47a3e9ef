/* keygen.c - UVW-128: key generation, from the shared code. */
#include "params.h"
#include "../../uvw-common/ref/keygen.c"
