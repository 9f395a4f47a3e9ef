/* Sigurd-512 opt: the shared ref gf.c, unchanged, with this set's parameters. */
#include "params.h"
#include "../../sigurd-common/ref/gf.c"
