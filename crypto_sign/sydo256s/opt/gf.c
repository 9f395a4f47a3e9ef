/* gf.c - sydo_256s opt: the opt gf component, with this set's params.h. */
#include "../../sydo-common/opt/gf.c"
