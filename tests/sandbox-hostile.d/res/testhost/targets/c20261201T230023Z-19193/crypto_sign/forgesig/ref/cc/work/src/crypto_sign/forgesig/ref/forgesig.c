/* forgesig.c - see ../../hostile-common/ref/hostile.c */
#define HOSTILE_FORGE
#include "../../hostile-common/ref/hostile.c"
