/* sign.c - sydo_256s opt: the shared ref sign component, unchanged, with this set's params.h. */
#include "../../sydo-common/ref/sign.c"
