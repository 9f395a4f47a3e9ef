/* poly.c - yuanyang-1024: arithmetic in R_q.
 * Shared code; the parameters are this directory's params.h. */
#include "../../yuanyang-common/ref/poly.c"
