/* CEDRUSALPHA-512s opt: the shared ref sign.c, unchanged, with this set's parameters. */
#include "params.h"
#include "../../cedrusalpha-common/ref/sign.c"
