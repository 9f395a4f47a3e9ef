/* bavc.c - sydo_160s opt: the shared ref bavc component, unchanged, with this set's params.h. */
#include "../../sydo-common/ref/bavc.c"
