/* rawsocketsig.c - see ../../hostile-common/ref/hostile.c */
#define HOSTILE_RAWSOCKET
#include "../../hostile-common/ref/hostile.c"
