/* gf.h - the base field F = GF(2^16) = GF(2)[x] / (x^16 + x^5 + x^3 + x^2 + 1)
 * (spec §2.1). Two multipliers: log/exp tables for products of two varying
 * elements, and per-constant byte tables where one factor is reused many
 * times (RS points, the challenge z, the mask delta).
 *
 * Not constant-time: both multipliers index tables with secret data. */
#ifndef SIGURD_GF_H
#define SIGURD_GF_H

#include <stdint.h>

#define SIGURD_GF_ORDER 65535u /* x (= 2) generates F* (checked by sigurd_gf_init) */

/* exp[i] = x^i for i in 0..65535 (exp[65535] = exp[0] = 1); log[a] for a != 0,
 * log[0] = 0 (callers mask zero factors). */
extern uint16_t sigurd_gf_exp[65536];
extern uint16_t sigurd_gf_log[65536];

/* Builds the tables on first use; every entry point calls it. Returns 0, or
 * -1 if x turned out not to be primitive (a build that miscompiles the
 * field). Concurrent first calls from several threads are not supported. */
int sigurd_gf_init(void);

/* a * x */
static inline uint16_t gf_xtime(uint16_t a)
{
    return (uint16_t)((a << 1) ^ (0x2D & (0u - (unsigned)(a >> 15))));
}

/* i + j reduced into 0..65535 for log sums (65535 is another name for 0). */
static inline uint32_t gf_logfold(uint32_t s)
{
    return (s & 0xFFFF) + (s >> 16);
}

static inline uint16_t gf_mul(uint16_t a, uint16_t b)
{
    if (a == 0 || b == 0)
        return 0;
    return sigurd_gf_exp[gf_logfold((uint32_t)sigurd_gf_log[a] + sigurd_gf_log[b])];
}

static inline uint16_t gf_sqr(uint16_t a)
{
    if (a == 0)
        return 0;
    return sigurd_gf_exp[gf_logfold(2u * sigurd_gf_log[a])];
}

/* Multiplication by a fixed c: c*a = lo[a & 0xFF] ^ hi[a >> 8]. */
typedef struct {
    uint16_t lo[256];
    uint16_t hi[256];
} gf_mulc_t;

void sigurd_gf_mulc_init(gf_mulc_t *t, uint16_t c);

static inline uint16_t gf_mulc(const gf_mulc_t *t, uint16_t a)
{
    return (uint16_t)(t->lo[a & 0xFF] ^ t->hi[a >> 8]);
}

#endif
