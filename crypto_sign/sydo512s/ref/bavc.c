/* bavc.c - sydo_512s: the shared bavc component, built with this set's params.h. */
#include "../../sydo-common/ref/bavc.c"
