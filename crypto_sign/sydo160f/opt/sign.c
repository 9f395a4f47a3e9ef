/* sign.c - sydo_160f opt: the shared ref sign component, unchanged, with this set's params.h. */
#include "../../sydo-common/ref/sign.c"
