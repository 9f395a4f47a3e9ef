/* randombytes.h - randombytes() for SUPERCOP/NIST-API implementations,
 * served by ngbench from the ICCS DRNG (target/randombytes.c). Used only when
 * the implementation directory has no randombytes.h of its own. */
#ifndef NGBENCH_SUPERCOP_RANDOMBYTES_H
#define NGBENCH_SUPERCOP_RANDOMBYTES_H
int randombytes(unsigned char *x, unsigned long long xlen);
#endif
