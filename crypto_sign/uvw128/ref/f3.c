/* f3.c - UVW-128: F3 arithmetic, from the shared code. */
#include "params.h"
#include "../../uvw-common/ref/f3.c"
