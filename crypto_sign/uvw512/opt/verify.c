/* UVW-512 opt: ref's verify.c, unchanged, with this set's parameters. */
#include "params.h"
#include "../../uvw-common/ref/verify.c"
