/* CEDRUSALPHA-256s: the shared sign.c with this set's parameters. */
#include "params.h"
#include "../../cedrusalpha-common/ref/sign.c"
