/* UVW-256 opt: the opt tiled.c with this set's parameters. */
#include "params.h"
#include "../../uvw-common/opt/tiled.c"
