/* bc512.c - sydo_160f opt: the opt bc512 component, with this set's params.h. */
#include "../../sydo-common/opt/bc512.c"
