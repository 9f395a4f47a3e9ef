/* rsd.c - sydo_256s opt: the shared ref rsd component, unchanged, with this set's params.h. */
#include "../../sydo-common/ref/rsd.c"
