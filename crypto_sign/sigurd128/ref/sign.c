/* sign.c - Sigurd-128: the shared source with this directory's params.h. */
#include "../../sigurd-common/ref/sign.c"
