/* randombytes.c - randombytes() for SUPERCOP/NIST-API implementations,
 * served from the ICCS DRNG so that runs are reproducible like ICCS ones.
 * Declared int (NIST rng.h); SUPERCOP's void callers ignore the result. */
#include "drng.h"

int randombytes(unsigned char *x, unsigned long long xlen);

int randombytes(unsigned char *x, unsigned long long xlen)
{
    get_random_number(&drng_algorithm, x, 8 * xlen);
    return 0;
}
