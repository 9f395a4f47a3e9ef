/* CEDRUSALPHA-160s opt: the shared opt wots.c with this set's parameters. */
#include "params.h"
#include "../../cedrusalpha-common/opt/wots.c"
