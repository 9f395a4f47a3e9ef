/* drng-bulk.c - get_random_number with its output blocks hashed 8 (or
 * more) at a time. Each 256-bit block of a call is SM3(V + i), i = 0, 1, ...
 * (V the 440-bit state, big-endian): independent one-block messages, which
 * the multi-buffer SM3 (iccs/sm3x.h) compresses side by side. The state is
 * then updated as the ICCS DRNG does it (iccs/drng.c): V += SM3(0x03 || V)
 * + C + reseed_counter, reseed_counter += 1. Short requests (a few blocks)
 * go to get_random_number itself. */
#include <string.h>

#include "sm3x.h"
#include "uvw-opt.h"

#define BULK_MIN_BYTES 256 /* shorter requests: get_random_number */
#define BATCH 64           /* messages per multi-buffer call */

/* acc += x (xlen big-endian bytes) modulo 2^(8 SEEDLEN) */
static void add_be(unsigned char acc[SEEDLEN], const unsigned char *x, size_t xlen)
{
    unsigned carry = 0;
    size_t i;
    for (i = 1; i <= SEEDLEN; i++) {
        unsigned s = acc[SEEDLEN - i] + carry + (i <= xlen ? x[xlen - i] : 0u);
        acc[SEEDLEN - i] = (unsigned char)s;
        carry = s >> 8;
    }
}

int uvw_drng_get(DRNG_ctx *ctx, unsigned char *out, unsigned long long nbits)
{
    static const unsigned char one = 1;
    unsigned char msg[BATCH][SEEDLEN], data[SEEDLEN], last[32], h[32], m3[1 + SEEDLEN];
    const uint8_t *in[BATCH];
    uint8_t *dst[BATCH];
    size_t nbytes, nblocks, full, i, j, n;

    if (nbits % 8 || nbits / 8 < BULK_MIN_BYTES || nbits / 8 > (size_t)-1 / 2)
        return get_random_number(ctx, out, nbits);
    nbytes = (size_t)(nbits / 8);
    nblocks = (nbytes + 31) / 32;
    full = nbytes / 32;
    memcpy(data, ctx->V, SEEDLEN);
    for (i = 0; i < nblocks; i += n) {
        n = nblocks - i < BATCH ? nblocks - i : BATCH;
        for (j = 0; j < n; j++) {
            memcpy(msg[j], data, SEEDLEN);
            add_be(data, &one, 1);
            in[j] = msg[j];
            dst[j] = i + j < full ? out + 32 * (i + j) : last;
        }
        iccs_sm3x(dst, in, SEEDLEN, n);
    }
    if (nbytes % 32)
        memcpy(out + 32 * full, last, nbytes % 32);

    m3[0] = 3;
    memcpy(m3 + 1, ctx->V, SEEDLEN);
    in[0] = m3;
    dst[0] = h;
    iccs_sm3x(dst, in, sizeof m3, 1);
    add_be(ctx->V, h, sizeof h);
    add_be(ctx->V, ctx->C, SEEDLEN);
    add_be(ctx->V, ctx->reseed_counter, SEEDLEN);
    add_be(ctx->reseed_counter, &one, 1);
    return 0;
}
