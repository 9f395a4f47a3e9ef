/* remountsig.c - see ../../hostile-common/ref/hostile.c */
#define HOSTILE_REMOUNT
#include "../../hostile-common/ref/hostile.c"
