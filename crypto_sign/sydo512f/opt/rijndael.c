/* rijndael.c - sydo_512f opt: the opt rijndael component, with this set's params.h. */
#include "../../sydo-common/opt/rijndael.c"
