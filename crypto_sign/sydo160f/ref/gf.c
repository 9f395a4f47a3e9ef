/* gf.c - sydo_160f: the shared gf component, built with this set's params.h. */
#include "../../sydo-common/ref/gf.c"
