/* params.h - Sigurd-512 opt: the parameters of ../ref/params.h, then the
 * opt settings of the shared code. */
#ifndef SIGURD_OPT_PARAMS_H
#define SIGURD_OPT_PARAMS_H
#include "../ref/params.h"
#include "../../sigurd-common/opt/sigurd-opt.h"
#endif
