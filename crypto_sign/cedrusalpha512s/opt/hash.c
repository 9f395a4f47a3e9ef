/* CEDRUSALPHA-512s opt: the shared ref hash.c, unchanged, with this set's parameters. */
#include "params.h"
#include "../../cedrusalpha-common/ref/hash.c"
