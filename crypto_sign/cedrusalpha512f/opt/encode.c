/* CEDRUSALPHA-512f opt: the shared ref encode.c, unchanged, with this set's parameters. */
#include "params.h"
#include "../../cedrusalpha-common/ref/encode.c"
