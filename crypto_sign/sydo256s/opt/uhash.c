/* uhash.c - sydo_256s opt: the shared ref uhash component, unchanged, with this set's params.h. */
#include "../../sydo-common/ref/uhash.c"
