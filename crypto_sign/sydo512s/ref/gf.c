/* gf.c - sydo_512s: the shared gf component, built with this set's params.h. */
#include "../../sydo-common/ref/gf.c"
