/* CEDRUSALPHA-512f: the shared hash.c with this set's parameters. */
#include "params.h"
#include "../../cedrusalpha-common/ref/hash.c"
