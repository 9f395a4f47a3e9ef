/* sign.c - sydo_256s: the shared sign component, built with this set's params.h. */
#include "../../sydo-common/ref/sign.c"
