/* uhash.c - universal hashing (spec P9, P10).
 *
 * VCH cuts the first R_q bits of a column into seven lambda-bit chunks (the
 * last one zero-filled past R_q; nothing beyond the column is ever read) and
 * hashes them twice: Horner in GF(2^lambda) with key s, and Horner over the
 * chunks' 64-bit words in GF(2^64) with key t. Both put the highest power on
 * the first input. The two hashes are combined by r_0..r_3 and masked with the
 * lambda + 16 column bits that follow the first R_q. */
#include <string.h>

#include "uhash.h"

#define CHUNKS ((SYDO_RQ + SYDO_LAMBDA - 1) / SYDO_LAMBDA)

void sydo_vch_hashes(uint64_t hs[SYDO_NW], uint64_t *ht, const uint8_t *col, const uint8_t chal1[SYDO_CHAL1B])
{
    uint8_t chunk[SYDO_LB];
    gf_t s, x;
    uint64_t t = 0, h64 = 0;
    unsigned kappa, i, have;

    gf_load(s, chal1 + 4 * SYDO_LB);
    for (i = 0; i < 8; i++)
        t |= (uint64_t)chal1[5 * SYDO_LB + i] << (8 * i);
    gf_zero(hs);
    for (kappa = 0; kappa < CHUNKS; kappa++) {
        have = SYDO_RQ / 8 - kappa * SYDO_LB;
        if (have > SYDO_LB)
            have = SYDO_LB;
        memset(chunk, 0, sizeof chunk);
        memcpy(chunk, col + kappa * SYDO_LB, have);
        gf_load(x, chunk);
        gf_mul(hs, hs, s);
        gf_add(hs, x);
        /* the chunk's words, last one zero-padded at 160, are x[0..NW) */
        for (i = 0; i < SYDO_NW; i++)
            h64 = sydo_gf64_mul(h64, t) ^ x[i];
    }
    *ht = h64;
}

void sydo_vch(uint8_t out[SYDO_VCHB], const uint8_t *col, const uint8_t chal1[SYDO_CHAL1B])
{
    gf_t hs, r, o;
    uint64_t ht;
    uint8_t o12[2 * SYDO_LB];
    unsigned i;

    sydo_vch_hashes(hs, &ht, col, chal1);
    for (i = 0; i < 2; i++) {
        gf_load(r, chal1 + 2 * i * SYDO_LB);
        gf_mul(o, r, hs);
        gf_load(r, chal1 + (2 * i + 1) * SYDO_LB);
        gf_mul64(r, r, ht);
        gf_add(o, r);
        gf_store(o12 + i * SYDO_LB, o);
    }
    for (i = 0; i < SYDO_VCHB; i++)
        out[i] = o12[i] ^ col[SYDO_RQ / 8 + i];
}

void sydo_uhash_step(uint64_t a[SYDO_NW], uint64_t b[SYDO_NW], const uint64_t s[SYDO_NW], uint64_t t,
                     const uint64_t e[SYDO_NW])
{
    gf_mul(a, a, s);
    gf_add(a, e);
    gf_mul64(b, b, t);
    gf_add(b, e);
}
