/* UVW-128 opt: the opt expand.c with this set's parameters. */
#include "params.h"
#include "../../uvw-common/opt/expand.c"
