/* prgx.c - sydo_512s opt: the opt prgx component, with this set's params.h. */
#include "../../sydo-common/opt/prgx.c"
