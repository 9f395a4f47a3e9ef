/* TSUOV_128 opt: the opt matvec.c with this set's parameters. */
#include "params.h"
#include "../../tsuov-common/opt/matvec.c"
