/* forksig.c - see ../../hostile-common/ref/hostile.c */
#define HOSTILE_FORK
#include "../../hostile-common/ref/hostile.c"
