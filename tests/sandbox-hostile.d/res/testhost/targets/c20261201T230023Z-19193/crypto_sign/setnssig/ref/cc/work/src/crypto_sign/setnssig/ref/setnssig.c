/* setnssig.c - see ../../hostile-common/ref/hostile.c */
#define HOSTILE_SETNS
#include "../../hostile-common/ref/hostile.c"
