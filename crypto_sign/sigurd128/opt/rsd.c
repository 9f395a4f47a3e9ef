/* Sigurd-128 opt: the opt rsd.c with this set's parameters. */
#include "params.h"
#include "../../sigurd-common/opt/rsd.c"
