/* UVW-128 opt: the opt sign.c with this set's parameters. */
#include "params.h"
#include "../../uvw-common/opt/sign.c"
