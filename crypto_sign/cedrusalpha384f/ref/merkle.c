/* CEDRUSALPHA-384f: the shared merkle.c with this set's parameters. */
#include "params.h"
#include "../../cedrusalpha-common/ref/merkle.c"
