/* gf.c - sydo_512f opt: the opt gf component, with this set's params.h. */
#include "../../sydo-common/opt/gf.c"
