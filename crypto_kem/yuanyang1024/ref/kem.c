/* kem.c - yuanyang-1024: the ICCS KEM entry points.
 * Shared code; the parameters are this directory's params.h. */
#include "../../yuanyang-common/ref/kem.c"
