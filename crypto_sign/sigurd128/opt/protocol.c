/* Sigurd-128 opt: the shared ref protocol.c, unchanged, with this set's parameters. */
#include "params.h"
#include "../../sigurd-common/ref/protocol.c"
