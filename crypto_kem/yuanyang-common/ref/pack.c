/* pack.c - the mixed-radix encodings of spec §7.1: groups of G coefficients
 * as base-b numbers (first coefficient most significant), each group nb
 * bits, groups concatenated little-endian (stream bit P = bit P%8 of byte
 * P/8). pk = Pack(h; q, 4); the ciphertext's first part = Pack(c; b_c, B_c).
 *
 * Unpacking accepts every bit pattern (the top digit is reduced mod b), as
 * the reference does: the encodings are not canonical (spec §12.14). */
#include "yuanyang.h"

static void pack(unsigned char *out, const uint16_t *v, size_t n, uint64_t b, size_t g, unsigned nb)
{
    uint64_t acc = 0; /* at most nb + 7 <= 59 pending bits */
    unsigned have = 0;
    size_t i, j;
    for (i = 0; i < n; i += g) {
        uint64_t word = 0;
        for (j = 0; j < g; j++)
            word = word * b + v[i + j];
        acc |= word << have;
        have += nb;
        while (have >= 8) {
            *out++ = (unsigned char)acc;
            acc >>= 8;
            have -= 8;
        }
    }
}

static void unpack(uint16_t *v, const unsigned char *in, size_t n, uint64_t b, size_t g, unsigned nb)
{
    uint64_t acc = 0, mask = ((uint64_t)1 << nb) - 1;
    unsigned have = 0;
    size_t i, j;
    for (i = 0; i < n; i += g) {
        uint64_t word;
        while (have < nb) {
            acc |= (uint64_t)*in++ << have;
            have += 8;
        }
        word = acc & mask;
        acc >>= nb;
        have -= nb;
        for (j = g; j-- > 0;) {
            v[i + j] = (uint16_t)(word % b);
            word /= b;
        }
    }
}

void yy_pack_pk(unsigned char pk[YY_PK_BYTES], const uint16_t h[YY_D])
{
    pack(pk, h, YY_D, YY_Q, 4, YY_NB_PK);
}

void yy_unpack_pk(uint16_t h[YY_D], const unsigned char pk[YY_PK_BYTES])
{
    unpack(h, pk, YY_D, YY_Q, 4, YY_NB_PK);
}

void yy_pack_ct(unsigned char out[YY_CTC_BYTES], const uint16_t c[YY_D])
{
    pack(out, c, YY_D, YY_BC, YY_BC_GROUP, YY_NB_CT);
}

void yy_unpack_ct(uint16_t c[YY_D], const unsigned char in[YY_CTC_BYTES])
{
    unpack(c, in, YY_D, YY_BC, YY_BC_GROUP, YY_NB_CT);
}
