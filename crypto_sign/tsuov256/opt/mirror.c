/* TSUOV_256 opt: the opt mirror.c with this set's parameters. */
#include "params.h"
#include "../../tsuov-common/opt/mirror.c"
