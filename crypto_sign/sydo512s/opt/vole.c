/* vole.c - sydo_512s opt: the opt vole component, with this set's params.h. */
#include "../../sydo-common/opt/vole.c"
