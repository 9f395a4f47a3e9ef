/* UVW-256 opt: the opt sign.c with this set's parameters. */
#include "params.h"
#include "../../uvw-common/opt/sign.c"
