/* params.h - CEDRUSALPHA-384f: the parameters of ../ref/params.h. */
#include "../ref/params.h"
