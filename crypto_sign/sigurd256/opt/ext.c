/* Sigurd-256 opt: the opt ext.c with this set's parameters. */
#include "params.h"
#include "../../sigurd-common/opt/ext.c"
