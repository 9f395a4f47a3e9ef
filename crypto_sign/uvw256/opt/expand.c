/* UVW-256 opt: the opt expand.c with this set's parameters. */
#include "params.h"
#include "../../uvw-common/opt/expand.c"
