/* unsharesig.c - see ../../hostile-common/ref/hostile.c */
#define HOSTILE_UNSHARE
#include "../../hostile-common/ref/hostile.c"
