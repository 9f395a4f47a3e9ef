/* uhash.c - sydo_256s: the shared uhash component, built with this set's params.h. */
#include "../../sydo-common/ref/uhash.c"
