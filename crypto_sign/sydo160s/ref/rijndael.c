/* rijndael.c - sydo_160s: the shared rijndael component, built with this set's params.h. */
#include "../../sydo-common/ref/rijndael.c"
