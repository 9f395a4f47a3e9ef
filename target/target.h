/* target.h - what every program linked into an implementation shares
 * (katgen, try, measure, probe, profile, ctcheck, speed; the SUPERCOP
 * try-anything model): the global drng_algorithm the ICCS API draws from,
 * its default seed, and output buffers with guard bytes on both sides.
 * The operations themselves are described once, in target/ops.c. */
#ifndef NGBENCH_TARGET_H
#define NGBENCH_TARGET_H

#include "drng.h"

/* the DRNG every ICCS implementation calls get_random_number on */
extern DRNG_ctx drng_algorithm;

/* drng_algorithm <- the bytes 00..2f (the NGCC seed reports' inputs) */
void target_seed(void);

/* guard bytes on each side of a buffer, and the byte they (and the
 * buffer's own bytes, until written) hold */
#define TARGET_GUARD 64
#define TARGET_GUARD_BYTE 0xD7
/* the largest size a getter may claim (4 GiB): above it, no real claim */
#define TARGET_MAX_CLAIM (1ull << 32)

/* A buffer of n usable bytes between guards (n <= TARGET_MAX_CLAIM);
 * exits with status 2 and a message naming prog when out of memory. */
unsigned char *target_alloc(unsigned long long n, const char *prog);
void target_free(unsigned char *buf);
/* NULL when both guards of buf's n bytes are intact, else where a call
 * wrote: "before the start" or "past the claimed length" */
const char *target_broken(const unsigned char *buf, unsigned long long n);
/* restores both guards (after a call that broke them) */
void target_rearm(unsigned char *buf, unsigned long long n);

#endif
