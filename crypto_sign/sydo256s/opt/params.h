/* params.h - sydo_256s opt: the parameters of ../ref/params.h, then what the
 * opt implementation adds (its backends and the hooks of the shared code). */
#ifndef SYDO_OPT_PARAMS_H
#define SYDO_OPT_PARAMS_H
#include "../ref/params.h"
#include "../../sydo-common/opt/sydo-opt.h"
#endif
