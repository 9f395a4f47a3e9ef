/* gf.c - sydo_256s: the shared gf component, built with this set's params.h. */
#include "../../sydo-common/ref/gf.c"
