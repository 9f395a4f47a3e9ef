/* uhash.c - sydo_160f: the shared uhash component, built with this set's params.h. */
#include "../../sydo-common/ref/uhash.c"
