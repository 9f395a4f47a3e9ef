/* Sigurd-128 opt: the shared ref ext.c, unchanged, with this set's parameters. */
#include "params.h"
#include "../../sigurd-common/ref/ext.c"
