/* pack.c - TSUOV_128: the shared ../../tsuov-common/ref/pack.c with this set's params.h. */
#include "params.h"
#include "../../tsuov-common/ref/pack.c"
