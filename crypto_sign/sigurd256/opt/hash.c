/* Sigurd-256 opt: the opt hash.c with this set's parameters. */
#include "params.h"
#include "../../sigurd-common/opt/hash.c"
