/* rsd.c - sydo_160f opt: the shared ref rsd component, unchanged, with this set's params.h. */
#include "../../sydo-common/ref/rsd.c"
