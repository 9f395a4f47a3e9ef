/* gf2.c - yuanyang-1024: binary polynomials mod x^n + 1.
 * Shared code; the parameters are this directory's params.h. */
#include "../../yuanyang-common/ref/gf2.c"
