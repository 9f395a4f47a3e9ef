/* ext.h - the extension ring E = F[Y] / (P(Y)) of spec §2.2. An element is an
 * array of SIGURD_TAU coefficients (index i = coefficient of Y^i). Products
 * can be accumulated unreduced (SIGURD_ULEN coefficients) and reduced once,
 * since reduction mod P is linear. */
#ifndef SIGURD_EXT_H
#define SIGURD_EXT_H

#include <stddef.h>
#include <stdint.h>

#include "gf.h"
#include "sigurd.h"

#define SIGURD_ULEN (2 * SIGURD_TAU - 1) /* an unreduced product */

/* out = u mod P, for u of len coefficients (len >= SIGURD_TAU); u is
 * clobbered. out may be u. */
void sigurd_ext_reduce(uint16_t *out, uint16_t *u, size_t len);

/* out = a * b (out may alias a or b). */
void sigurd_ext_mul(uint16_t *out, const uint16_t *a, const uint16_t *b);
/* u ^= a * b, unreduced. */
void sigurd_ext_mul_acc(uint16_t *u, const uint16_t *a, const uint16_t *b);

/* A factor prepared once for several products: logs and zero masks. */
typedef struct {
    uint16_t l[SIGURD_TAU];
    uint16_t m[SIGURD_TAU];
} ext_log_t;
void sigurd_ext_to_log(ext_log_t *lb, const uint16_t *b);
void sigurd_ext_mul_acc_log(uint16_t *u, const uint16_t *a, const ext_log_t *lb);

/* out = a^2 (the Frobenius: only the squares of the coefficients survive). */
void sigurd_ext_sqr(uint16_t *out, const uint16_t *a);
/* acc ^= c * a for c in F. */
void sigurd_ext_scale_acc(uint16_t *acc, uint16_t c, const uint16_t *a);
/* out = a * Y^k, for 0 <= k < SIGURD_TAU (out may alias a). */
void sigurd_ext_mul_ymono(uint16_t *out, const uint16_t *a, unsigned k);

/* A fixed multiplier c in E: byte tables for each coefficient of c. */
typedef struct {
    gf_mulc_t c[SIGURD_TAU];
} ext_mulc_t;
void sigurd_ext_mulc_init(ext_mulc_t *t, const uint16_t *c);
/* out = c * a (out may alias a). */
void sigurd_ext_mulc(uint16_t *out, const ext_mulc_t *t, const uint16_t *a);

/* ser(): count elements as LE16 coefficients, element 0 first (spec §2.2). */
void sigurd_ext_store(uint8_t *out, const uint16_t *a, size_t count);
void sigurd_ext_load(uint16_t *a, const uint8_t *in, size_t count);

static inline void sigurd_ext_add(uint16_t *acc, const uint16_t *a)
{
    size_t i;
    for (i = 0; i < SIGURD_TAU; i++)
        acc[i] ^= a[i];
}

#endif
