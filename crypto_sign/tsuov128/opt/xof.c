/* TSUOV_128 opt: the shared ref xof.c with this set's parameters and the opt settings. */
#include "params.h"
#include "../../tsuov-common/ref/xof.c"
