/* UVW-128 opt: ref's f3.c, unchanged, with this set's parameters. */
#include "params.h"
#include "../../uvw-common/ref/f3.c"
