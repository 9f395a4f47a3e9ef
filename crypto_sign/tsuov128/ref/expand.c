/* expand.c - TSUOV_128: the shared ../../tsuov-common/ref/expand.c with this set's params.h. */
#include "params.h"
#include "../../tsuov-common/ref/expand.c"
