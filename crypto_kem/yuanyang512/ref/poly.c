/* poly.c - yuanyang-512: arithmetic in R_q.
 * Shared code; the parameters are this directory's params.h. */
#include "../../yuanyang-common/ref/poly.c"
