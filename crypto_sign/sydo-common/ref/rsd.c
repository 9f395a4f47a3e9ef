/* rsd.c - the secret of SYDO and its public syndrome (sydo.md 3, spec P4 and
 * P11). Row i of the secret is the unit vector with its 1 at p_i in a block of
 * 279 = 3 * 93 columns; the witness encodes p_i = 93*q0 + q1 as the q0-th
 * pattern of the 2-bit ball of radius 1 and the q1-th of the 8-bit ball of
 * radius 3. */
#include <string.h>

#include "prg.h"
#include "rsd.h"

#define T_MAX 4294967292u /* floor(2^32 / 279) * 279: larger words are skipped */

unsigned sydo_binom(unsigned a, unsigned b)
{
    unsigned r = 1, i;
    if (b > a)
        return 0;
    for (i = 1; i <= b; i++)
        r = r * (a - b + i) / i;
    return r;
}

static unsigned popcount(unsigned x)
{
    unsigned c = 0;
    for (; x; x &= x - 1)
        c++;
    return c;
}

unsigned sydo_subset_rank(unsigned n, unsigned mask)
{
    unsigned ell = popcount(mask), t = 0, rank = 0, s;
    for (s = 0; s < n; s++)
        if (mask >> s & 1) {
            t++;
            rank += sydo_binom(n - 1 - s, ell - t + 1);
        }
    return rank;
}

unsigned sydo_subset_unrank(unsigned n, unsigned ell, unsigned rank)
{
    unsigned mask = 0, left = ell, pos, c;
    for (pos = 0; pos < n && left > 0; pos++) {
        c = sydo_binom(n - 1 - pos, left);
        if (rank >= c) {
            rank -= c;
            mask |= 1u << pos;
            left--;
        }
    }
    return mask;
}

unsigned sydo_ball_rank(unsigned n, unsigned mask)
{
    unsigned w = popcount(mask), base = 0, l;
    for (l = 0; l < w; l++)
        base += sydo_binom(n, l);
    return base + sydo_subset_rank(n, mask);
}

unsigned sydo_ball_unrank(unsigned n, unsigned radius, unsigned rank)
{
    unsigned l, c;
    for (l = 0; l <= radius; l++) {
        c = sydo_binom(n, l);
        if (rank < c)
            return sydo_subset_unrank(n, l, rank);
        rank -= c;
    }
    return 0; /* out of range: callers only pass ranks inside the ball */
}

int sydo_block_index(unsigned mask10)
{
    unsigned s0 = mask10 & 3u, s1 = mask10 >> 2;
    if (mask10 >= 1024 || s0 == 3 || popcount(s1) > 3)
        return -1;
    return (int)(93 * sydo_ball_rank(2, s0) + sydo_ball_rank(8, s1));
}

int sydo_rsd_positions(uint16_t pos[SYDO_W], const uint8_t seed_sk[SYDO_LB])
{
    uint8_t in[SYDO_LB + 5], blk[32];
    unsigned got = 0, i;
    uint32_t c, z;

    memcpy(in, seed_sk, SYDO_LB);
    in[SYDO_LB + 4] = 0x58;
    /* rejection has probability 2^-30 per word: the bound is never reached */
    for (c = 0; got < SYDO_W && c < 4096; c++) {
        sydo_store32(in + SYDO_LB, c);
        if (sydo_xof(blk, sizeof blk, in, sizeof in) != 0)
            return -1;
        for (i = 0; i < 8 && got < SYDO_W; i++) {
            z = sydo_load32(blk + 4 * i);
            if (z < T_MAX)
                pos[got++] = (uint16_t)(z % SYDO_BLOCK);
        }
    }
    return got == SYDO_W ? 0 : -1;
}

void sydo_rsd_witness(uint8_t xbar[SYDO_WB], const uint16_t pos[SYDO_W])
{
    unsigned i, mask, b;
    memset(xbar, 0, SYDO_WB);
    for (i = 0; i < SYDO_W; i++) {
        mask = sydo_ball_unrank(2, 1, pos[i] / 93u) | sydo_ball_unrank(8, 3, pos[i] % 93u) << 2;
        for (b = 0; b < 10; b++)
            if (mask >> b & 1)
                xbar[(10 * i + b) / 8] |= (uint8_t)(1u << ((10 * i + b) % 8));
    }
}

void sydo_rsd_syndrome(uint8_t y[SYDO_M / 8], const uint8_t seed_pk[SYDO_LB], const uint16_t pos[SYDO_W])
{
    uint8_t rows[3 * SYDO_LB], h[SYDO_LB];
    sydo_hgen_key k;
    unsigned eta, i, b;

    memset(rows, 0, sizeof rows);
    sydo_hgen_setkey(&k, SYDO_LAMBDA, seed_pk);
    for (eta = 0; eta < 3; eta++)
        for (i = 0; i < SYDO_W; i++) {
            sydo_hgen(&k, (uint32_t)(eta * SYDO_N + SYDO_BLOCK * i + pos[i]), h);
            for (b = 0; b < SYDO_LB; b++)
                rows[eta * SYDO_LB + b] ^= h[b];
        }
    memcpy(y, rows, SYDO_M / 8);
}
