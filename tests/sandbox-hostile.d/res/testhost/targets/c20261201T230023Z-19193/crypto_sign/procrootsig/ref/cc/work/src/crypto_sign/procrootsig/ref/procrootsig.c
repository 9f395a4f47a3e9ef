/* procrootsig.c - see ../../hostile-common/ref/hostile.c */
#define HOSTILE_PROCROOT
#include "../../hostile-common/ref/hostile.c"
