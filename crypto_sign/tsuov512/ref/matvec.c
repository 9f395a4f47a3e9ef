/* matvec.c - TSUOV_512: the shared ../../tsuov-common/ref/matvec.c with this set's params.h. */
#include "params.h"
#include "../../tsuov-common/ref/matvec.c"
