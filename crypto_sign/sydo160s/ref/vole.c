/* vole.c - sydo_160s: the shared vole component, built with this set's params.h. */
#include "../../sydo-common/ref/vole.c"
