/* Sigurd-512 opt: the shared ref keygen.c, unchanged, with this set's parameters. */
#include "params.h"
#include "../../sigurd-common/ref/keygen.c"
