/* prg.c - sydo_512s opt: the shared ref prg component, unchanged, with this set's params.h. */
#include "../../sydo-common/ref/prg.c"
