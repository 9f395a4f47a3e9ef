/* linsys.c - TSUOV_128: the shared ../../tsuov-common/ref/linsys.c with this set's params.h. */
#include "params.h"
#include "../../tsuov-common/ref/linsys.c"
