/* TSUOV_512 opt: the shared ref keygen.c with this set's parameters and the opt settings. */
#include "params.h"
#include "../../tsuov-common/ref/keygen.c"
