/* Sigurd-256 opt: the opt rs.c with this set's parameters. */
#include "params.h"
#include "../../sigurd-common/opt/rs.c"
