/* UVW-128 opt: the opt drng-bulk.c with this set's parameters. */
#include "params.h"
#include "../../uvw-common/opt/drng-bulk.c"
