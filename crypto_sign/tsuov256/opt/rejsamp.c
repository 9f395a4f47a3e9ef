/* TSUOV_256 opt: the opt rejsamp.c with this set's parameters. */
#include "params.h"
#include "../../tsuov-common/opt/rejsamp.c"
