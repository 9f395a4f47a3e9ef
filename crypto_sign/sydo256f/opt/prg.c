/* prg.c - sydo_256f opt: the shared ref prg component, unchanged, with this set's params.h. */
#include "../../sydo-common/ref/prg.c"
