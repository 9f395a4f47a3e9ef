/* matvec.c - TSUOV_128: the shared ../../tsuov-common/ref/matvec.c with this set's params.h. */
#include "params.h"
#include "../../tsuov-common/ref/matvec.c"
