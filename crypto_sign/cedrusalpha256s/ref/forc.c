/* CEDRUSALPHA-256s: the shared forc.c with this set's parameters. */
#include "params.h"
#include "../../cedrusalpha-common/ref/forc.c"
