/* Sigurd-128 opt: the shared ref rs.c, unchanged, with this set's parameters. */
#include "params.h"
#include "../../sigurd-common/ref/rs.c"
