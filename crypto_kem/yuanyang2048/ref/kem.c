/* kem.c - yuanyang-2048: the ICCS KEM entry points.
 * Shared code; the parameters are this directory's params.h. */
#include "../../yuanyang-common/ref/kem.c"
