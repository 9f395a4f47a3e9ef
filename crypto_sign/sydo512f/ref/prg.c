/* prg.c - sydo_512f: the shared prg component, built with this set's params.h. */
#include "../../sydo-common/ref/prg.c"
