/* Sigurd-128 opt: the shared ref verify.c, unchanged, with this set's parameters. */
#include "params.h"
#include "../../sigurd-common/ref/verify.c"
