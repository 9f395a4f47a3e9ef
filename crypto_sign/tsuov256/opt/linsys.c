/* TSUOV_256 opt: the shared ref linsys.c with this set's parameters and the opt settings. */
#include "params.h"
#include "../../tsuov-common/ref/linsys.c"
