/* bavc.c - sydo_256f: the shared bavc component, built with this set's params.h. */
#include "../../sydo-common/ref/bavc.c"
