/* api.c - TSUOV_256: the shared ../../tsuov-common/ref/api.c with this set's params.h. */
#include "params.h"
#include "../../tsuov-common/ref/api.c"
