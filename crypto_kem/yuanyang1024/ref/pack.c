/* pack.c - yuanyang-1024: the public-key and ciphertext encodings.
 * Shared code; the parameters are this directory's params.h. */
#include "../../yuanyang-common/ref/pack.c"
