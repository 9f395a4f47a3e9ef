/* killsig.c - see ../../hostile-common/ref/hostile.c */
#define HOSTILE_KILL
#include "../../hostile-common/ref/hostile.c"
