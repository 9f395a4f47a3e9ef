/* params.h - CEDRUSALPHA-256f: the parameters of ../ref/params.h. */
#include "../ref/params.h"
