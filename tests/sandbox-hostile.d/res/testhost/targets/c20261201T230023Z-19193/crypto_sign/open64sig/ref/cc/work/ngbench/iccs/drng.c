/* drng.c - SM3 Hash_DRBG, bit-exact with the official ICCS drng.c: Hash_df
 * with a one-byte counter, no reseeding, state update once per call. */
#include <string.h>

#include "drng.h"
#include "sm3.h"

/* 440 as a 32-bit big-endian value: the number of bits Hash_df returns. */
static const uint8_t df_bits[4] = { 0x00, 0x00, 0x01, 0xB8 };

static void hash_df(const uint8_t *prefix, size_t plen, const uint8_t *in, size_t inlen,
                    uint8_t out[SEEDLEN])
{
    uint8_t d[2 * SM3_DIGEST_BYTES];
    uint8_t counter;
    for (counter = 1; counter <= 2; counter++) {
        iccs_sm3_ctx ctx;
        iccs_sm3_init(&ctx);
        iccs_sm3_update(&ctx, &counter, 1);
        iccs_sm3_update(&ctx, df_bits, 4);
        iccs_sm3_update(&ctx, prefix, plen);
        iccs_sm3_update(&ctx, in, inlen);
        iccs_sm3_final(&ctx, d + SM3_DIGEST_BYTES * (counter - 1));
    }
    memcpy(out, d, SEEDLEN);
}

/* acc = (acc + x) mod 2^440, x given as xlen big-endian bytes (xlen <= 55). */
static void add_be(uint8_t acc[SEEDLEN], const uint8_t *x, size_t xlen)
{
    unsigned carry = 0;
    size_t i;
    for (i = 0; i < SEEDLEN; i++) {
        unsigned s = acc[SEEDLEN - 1 - i] + carry;
        if (i < xlen)
            s += x[xlen - 1 - i];
        acc[SEEDLEN - 1 - i] = (uint8_t)s;
        carry = s >> 8;
    }
}

int init_random_number(DRNG_ctx *drng, const unsigned char *seed,
                       unsigned long long seed_len_bytes)
{
    static const uint8_t zero = 0;
    memset(drng, 0, sizeof *drng);
    hash_df(NULL, 0, seed, (size_t)seed_len_bytes, drng->V);
    hash_df(&zero, 1, drng->V, SEEDLEN, drng->C);
    drng->reseed_counter[SEEDLEN - 1] = 1;
    return 0;
}

int get_random_number(DRNG_ctx *drng, unsigned char *random_number,
                      unsigned long long random_number_len_bits)
{
    static const uint8_t one = 1, three = 3;
    unsigned long long left = (random_number_len_bits + 7) / 8;
    uint8_t data[SEEDLEN], w[SM3_DIGEST_BYTES], h[SM3_DIGEST_BYTES];
    iccs_sm3_ctx ctx;

    memcpy(data, drng->V, SEEDLEN);
    while (left) {
        if (left >= SM3_DIGEST_BYTES) {
            iccs_sm3(data, SEEDLEN, random_number);
            random_number += SM3_DIGEST_BYTES;
            left -= SM3_DIGEST_BYTES;
        } else {
            iccs_sm3(data, SEEDLEN, w);
            memcpy(random_number, w, (size_t)left);
            random_number += left;
            left = 0;
        }
        add_be(data, &one, 1);
    }
    if (random_number_len_bits % 8)
        random_number[-1] &= (uint8_t)(0xFF00u >> (random_number_len_bits % 8));

    iccs_sm3_init(&ctx); /* H = SM3(0x03 || V), V as at the start of the call */
    iccs_sm3_update(&ctx, &three, 1);
    iccs_sm3_update(&ctx, drng->V, SEEDLEN);
    iccs_sm3_final(&ctx, h);
    add_be(drng->V, h, sizeof h);
    add_be(drng->V, drng->C, SEEDLEN);
    add_be(drng->V, drng->reseed_counter, SEEDLEN);
    add_be(drng->reseed_counter, &one, 1);
    return 0;
}
