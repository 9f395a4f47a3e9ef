/* open64sig.c - see ../../hostile-common/ref/hostile.c */
#define HOSTILE_OPEN64
#include "../../hostile-common/ref/hostile.c"
