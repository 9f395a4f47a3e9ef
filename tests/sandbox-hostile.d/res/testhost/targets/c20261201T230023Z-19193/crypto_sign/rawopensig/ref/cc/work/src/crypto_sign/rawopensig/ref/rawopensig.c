/* rawopensig.c - see ../../hostile-common/ref/hostile.c */
#define HOSTILE_RAWOPEN
#include "../../hostile-common/ref/hostile.c"
