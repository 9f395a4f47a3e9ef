/* fold.c - sydo_160s opt: the opt fold component, with this set's params.h. */
#include "../../sydo-common/opt/fold.c"
