/* params.h - CEDRUSALPHA-160s: the parameters of ../ref/params.h. */
#include "../ref/params.h"
