/* ctorsig.c - see ../../hostile-common/ref/hostile.c */
#define HOSTILE_CTOR
#include "../../hostile-common/ref/hostile.c"
