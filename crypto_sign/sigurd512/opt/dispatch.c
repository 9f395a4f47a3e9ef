/* Sigurd-512 opt: the opt dispatch.c (kernel level) with this set's parameters. */
#include "params.h"
#include "../../sigurd-common/opt/dispatch.c"
