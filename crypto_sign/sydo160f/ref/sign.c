/* sign.c - sydo_160f: the shared sign component, built with this set's params.h. */
#include "../../sydo-common/ref/sign.c"
