/* rsd.c - sydo_512f: the shared rsd component, built with this set's params.h. */
#include "../../sydo-common/ref/rsd.c"
