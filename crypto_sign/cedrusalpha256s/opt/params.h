/* params.h - CEDRUSALPHA-256s: the parameters of ../ref/params.h. */
#include "../ref/params.h"
