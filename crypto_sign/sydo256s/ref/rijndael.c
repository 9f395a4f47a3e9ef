/* rijndael.c - sydo_256s: the shared rijndael component, built with this set's params.h. */
#include "../../sydo-common/ref/rijndael.c"
