/* bavc.c - sydo_256f opt: the shared ref bavc component, unchanged, with this set's params.h. */
#include "../../sydo-common/ref/bavc.c"
