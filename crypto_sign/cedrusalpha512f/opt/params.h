/* params.h - CEDRUSALPHA-512f: the parameters of ../ref/params.h. */
#include "../ref/params.h"
