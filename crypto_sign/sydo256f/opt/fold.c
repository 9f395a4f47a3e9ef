/* fold.c - sydo_256f opt: the opt fold component, with this set's params.h. */
#include "../../sydo-common/opt/fold.c"
