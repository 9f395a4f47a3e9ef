/* bavc.c - sydo_160f: the shared bavc component, built with this set's params.h. */
#include "../../sydo-common/ref/bavc.c"
