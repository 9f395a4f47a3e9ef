/* ring.c - TSUOV_512: the shared ../../tsuov-common/ref/ring.c with this set's params.h. */
#include "params.h"
#include "../../tsuov-common/ref/ring.c"
