/* prgx.c - sydo_160f opt: the opt prgx component, with this set's params.h. */
#include "../../sydo-common/opt/prgx.c"
