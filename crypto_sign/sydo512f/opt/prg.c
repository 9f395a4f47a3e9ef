/* prg.c - sydo_512f opt: the shared ref prg component, unchanged, with this set's params.h. */
#include "../../sydo-common/ref/prg.c"
