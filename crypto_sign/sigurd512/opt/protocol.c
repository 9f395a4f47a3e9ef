/* Sigurd-512 opt: the opt protocol.c with this set's parameters. */
#include "params.h"
#include "../../sigurd-common/opt/protocol.c"
