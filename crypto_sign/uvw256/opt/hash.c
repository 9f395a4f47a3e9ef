/* UVW-256 opt: ref's hash.c, unchanged, with this set's parameters. */
#include "params.h"
#include "../../uvw-common/ref/hash.c"
