/* target.c - see target.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "target.h"

DRNG_ctx drng_algorithm;

void target_seed(void)
{
    unsigned char s[48];
    int i;
    for (i = 0; i < 48; i++)
        s[i] = (unsigned char)i;
    init_random_number(&drng_algorithm, s, sizeof s);
}

unsigned char *target_alloc(unsigned long long n, const char *prog)
{
    unsigned char *p = NULL;
    if (n <= TARGET_MAX_CLAIM)
        p = malloc((size_t)n + 2 * TARGET_GUARD);
    if (!p) {
        fprintf(stderr, "%s: cannot allocate %llu bytes\n", prog, n);
        exit(2);
    }
    memset(p, TARGET_GUARD_BYTE, (size_t)n + 2 * TARGET_GUARD);
    return p + TARGET_GUARD;
}

void target_free(unsigned char *buf)
{
    if (buf)
        free(buf - TARGET_GUARD);
}

const char *target_broken(const unsigned char *buf, unsigned long long n)
{
    int i;
    for (i = 0; i < TARGET_GUARD; i++) {
        if (buf[-1 - i] != TARGET_GUARD_BYTE)
            return "before the start";
        if (buf[n + (unsigned long long)i] != TARGET_GUARD_BYTE)
            return "past the claimed length";
    }
    return NULL;
}

void target_rearm(unsigned char *buf, unsigned long long n)
{
    memset(buf - TARGET_GUARD, TARGET_GUARD_BYTE, TARGET_GUARD);
    memset(buf + n, TARGET_GUARD_BYTE, TARGET_GUARD);
}
