/* params.h - CEDRUSALPHA-512s: the parameters of ../ref/params.h. */
#include "../ref/params.h"
