/* verify.c - TSUOV_128: the shared ../../tsuov-common/ref/verify.c with this set's params.h. */
#include "params.h"
#include "../../tsuov-common/ref/verify.c"
