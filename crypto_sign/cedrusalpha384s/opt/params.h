/* params.h - CEDRUSALPHA-384s: the parameters of ../ref/params.h. */
#include "../ref/params.h"
