/* sign.c - TSUOV_128: the shared ../../tsuov-common/ref/sign.c with this set's params.h. */
#include "params.h"
#include "../../tsuov-common/ref/sign.c"
