/* Sigurd-256 opt: the shared ref sign.c, unchanged, with this set's parameters. */
#include "params.h"
#include "../../sigurd-common/ref/sign.c"
