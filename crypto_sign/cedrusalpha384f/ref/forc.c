/* CEDRUSALPHA-384f: the shared forc.c with this set's parameters. */
#include "params.h"
#include "../../cedrusalpha-common/ref/forc.c"
