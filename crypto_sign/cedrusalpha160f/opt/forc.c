/* CEDRUSALPHA-160f opt: the shared opt forc.c with this set's parameters. */
#include "params.h"
#include "../../cedrusalpha-common/opt/forc.c"
