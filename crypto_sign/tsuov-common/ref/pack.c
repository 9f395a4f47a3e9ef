/* pack.c - Pack5 / Unpack5 (§3.7): value n occupies bits 5n .. 5n+4 of a
 * little-endian bit string, unused high bits of the last byte zero. The
 * reference's unpacking accepts 31 and padding bits (finding sign-31-6);
 * this one reports them, so that verification rejects every encoding that
 * signing and keygen cannot produce. */
#include "tsuov.h"

void tsuov_pack5(uint8_t *out, const uint8_t *vals, size_t n)
{
    uint32_t acc = 0;
    unsigned bits = 0;
    size_t i;

    for (i = 0; i < n; i++) {
        acc |= (uint32_t)(vals[i] & 31) << bits;
        bits += 5;
        while (bits >= 8) {
            *out++ = (uint8_t)acc;
            acc >>= 8;
            bits -= 8;
        }
    }
    if (bits > 0)
        *out = (uint8_t)acc;
}

int tsuov_unpack5(uint8_t *vals, const uint8_t *in, size_t n)
{
    uint32_t acc = 0;
    unsigned bits = 0;
    size_t i;
    int bad = 0;

    for (i = 0; i < n; i++) {
        if (bits < 5) {
            acc |= (uint32_t)*in++ << bits;
            bits += 8;
        }
        vals[i] = (uint8_t)(acc & 31);
        bad |= vals[i] == 31;
        acc >>= 5;
        bits -= 5;
    }
    /* what is left of the last byte read is padding */
    bad |= acc != 0;
    return bad ? -1 : 0;
}
