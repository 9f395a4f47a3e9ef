/* UVW-512 opt: the opt keygen.c with this set's parameters. */
#include "params.h"
#include "../../uvw-common/opt/keygen.c"
