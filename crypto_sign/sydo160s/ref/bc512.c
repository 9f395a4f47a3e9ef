/* bc512.c - sydo_160s: the shared bc512 component, built with this set's params.h. */
#include "../../sydo-common/ref/bc512.c"
