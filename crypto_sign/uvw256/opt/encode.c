/* UVW-256 opt: ref's encode.c, unchanged, with this set's parameters. */
#include "params.h"
#include "../../uvw-common/ref/encode.c"
