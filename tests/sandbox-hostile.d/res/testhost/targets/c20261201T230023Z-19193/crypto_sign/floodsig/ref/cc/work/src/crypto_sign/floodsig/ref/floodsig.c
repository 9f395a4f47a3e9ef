/* floodsig.c - see ../../hostile-common/ref/hostile.c */
#define HOSTILE_FLOOD
#include "../../hostile-common/ref/hostile.c"
