/* params.h - UVW-256 opt: the parameters of ../ref/params.h (the opt code
 * adds no settings of its own). */
#ifndef UVW_OPT_PARAMS_H
#define UVW_OPT_PARAMS_H
#include "../ref/params.h"
#endif
