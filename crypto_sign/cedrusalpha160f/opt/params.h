/* params.h - CEDRUSALPHA-160f: the parameters of ../ref/params.h. */
#include "../ref/params.h"
