/* bc512.c - BC512 (spec P3): ten BLAKE2s rounds applied to the input block as
 * the state, with the key as the message words. */
#include "bc512.h"

static const uint8_t sigma[10][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
};

static uint32_t rotr32(uint32_t x, unsigned s)
{
    return (x >> s) | (x << (32 - s));
}

static uint32_t load32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

#define G(a, b, c, d, x, y)                                                                                  \
    do {                                                                                                     \
        v[a] += v[b] + (x);                                                                                  \
        v[d] = rotr32(v[d] ^ v[a], 16);                                                                      \
        v[c] += v[d];                                                                                        \
        v[b] = rotr32(v[b] ^ v[c], 12);                                                                      \
        v[a] += v[b] + (y);                                                                                  \
        v[d] = rotr32(v[d] ^ v[a], 8);                                                                       \
        v[c] += v[d];                                                                                        \
        v[b] = rotr32(v[b] ^ v[c], 7);                                                                       \
    } while (0)

void sydo_bc512_setkey(sydo_bc512_key *k, const uint8_t key[64])
{
    unsigned i;
    for (i = 0; i < 16; i++)
        k->m[i] = load32(key + 4 * i);
}

void sydo_bc512_encrypt(const sydo_bc512_key *k, const uint8_t in[64], uint8_t out[64])
{
    uint32_t v[16];
    const uint32_t *m = k->m;
    unsigned i, r;

    for (i = 0; i < 16; i++)
        v[i] = load32(in + 4 * i);
    for (r = 0; r < 10; r++) {
        const uint8_t *s = sigma[r];
        G(0, 4, 8, 12, m[s[0]], m[s[1]]);
        G(1, 5, 9, 13, m[s[2]], m[s[3]]);
        G(2, 6, 10, 14, m[s[4]], m[s[5]]);
        G(3, 7, 11, 15, m[s[6]], m[s[7]]);
        G(0, 5, 10, 15, m[s[8]], m[s[9]]);
        G(1, 6, 11, 12, m[s[10]], m[s[11]]);
        G(2, 7, 8, 13, m[s[12]], m[s[13]]);
        G(3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
    for (i = 0; i < 16; i++) {
        out[4 * i] = (uint8_t)v[i];
        out[4 * i + 1] = (uint8_t)(v[i] >> 8);
        out[4 * i + 2] = (uint8_t)(v[i] >> 16);
        out[4 * i + 3] = (uint8_t)(v[i] >> 24);
    }
}
