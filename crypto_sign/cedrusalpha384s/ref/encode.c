/* CEDRUSALPHA-384s: the shared encode.c with this set's parameters. */
#include "params.h"
#include "../../cedrusalpha-common/ref/encode.c"
