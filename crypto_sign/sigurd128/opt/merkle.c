/* Sigurd-128 opt: the shared ref merkle.c, unchanged, with this set's parameters. */
#include "params.h"
#include "../../sigurd-common/ref/merkle.c"
