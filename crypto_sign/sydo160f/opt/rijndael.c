/* rijndael.c - sydo_160f opt: the opt rijndael component, with this set's params.h. */
#include "../../sydo-common/opt/rijndael.c"
