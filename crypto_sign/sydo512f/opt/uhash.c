/* uhash.c - sydo_512f opt: the shared ref uhash component, unchanged, with this set's params.h. */
#include "../../sydo-common/ref/uhash.c"
