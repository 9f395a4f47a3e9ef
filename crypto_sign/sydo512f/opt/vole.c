/* vole.c - sydo_512f opt: the opt vole component, with this set's params.h. */
#include "../../sydo-common/opt/vole.c"
