/* CEDRUSALPHA-160s: the shared hash.c with this set's parameters. */
#include "params.h"
#include "../../cedrusalpha-common/ref/hash.c"
