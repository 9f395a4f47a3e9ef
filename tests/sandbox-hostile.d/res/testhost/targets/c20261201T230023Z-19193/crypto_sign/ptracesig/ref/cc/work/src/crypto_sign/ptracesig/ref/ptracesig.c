/* ptracesig.c - see ../../hostile-common/ref/hostile.c */
#define HOSTILE_PTRACE
#include "../../hostile-common/ref/hostile.c"
