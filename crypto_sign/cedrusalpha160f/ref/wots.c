/* CEDRUSALPHA-160f: the shared wots.c with this set's parameters. */
#include "params.h"
#include "../../cedrusalpha-common/ref/wots.c"
