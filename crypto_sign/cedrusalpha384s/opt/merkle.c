/* CEDRUSALPHA-384s opt: the shared ref merkle.c, unchanged, with this set's parameters. */
#include "params.h"
#include "../../cedrusalpha-common/ref/merkle.c"
