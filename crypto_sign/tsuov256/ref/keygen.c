/* keygen.c - TSUOV_256: the shared ../../tsuov-common/ref/keygen.c with this set's params.h. */
#include "params.h"
#include "../../tsuov-common/ref/keygen.c"
