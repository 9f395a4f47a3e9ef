/* params.h - TSUOV_512 opt: the parameters of ../ref/params.h, then the opt
 * settings of the shared code. */
#ifndef TSUOV_OPT_PARAMS_H
#define TSUOV_OPT_PARAMS_H
#include "../ref/params.h"
#include "../../tsuov-common/opt/tsuov-opt.h"
#endif
