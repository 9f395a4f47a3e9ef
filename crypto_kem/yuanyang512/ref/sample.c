/* sample.c - yuanyang-512: byte source and samplers.
 * Shared code; the parameters are this directory's params.h. */
#include "../../yuanyang-common/ref/sample.c"
