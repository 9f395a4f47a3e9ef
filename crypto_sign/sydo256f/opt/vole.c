/* vole.c - sydo_256f opt: the opt vole component, with this set's params.h. */
#include "../../sydo-common/opt/vole.c"
