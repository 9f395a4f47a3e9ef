/* rsd.c - sydo_256s: the shared rsd component, built with this set's params.h. */
#include "../../sydo-common/ref/rsd.c"
