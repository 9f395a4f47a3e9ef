/* pke.c - yuanyang-1024: deterministic encryption, decryption.
 * Shared code; the parameters are this directory's params.h. */
#include "../../yuanyang-common/ref/pke.c"
