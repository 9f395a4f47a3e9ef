/* CEDRUSALPHA-160s opt: the shared opt treex.c with this set's parameters. */
#include "params.h"
#include "../../cedrusalpha-common/opt/treex.c"
