/* UVW-128 opt: ref's secret.c, unchanged, with this set's parameters. */
#include "params.h"
#include "../../uvw-common/ref/secret.c"
