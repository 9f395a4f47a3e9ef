/* hash.c - HashToTrits (spec section 6.2): the syndrome s in F3^m from the
 * XOF stream of M || salt, five trits per byte below 243, least significant
 * first; bytes 243..255 are skipped.
 *
 * The reference asks pseudoXOF for 65536 bytes; pseudoXOF outputs are
 * prefixes of each other, so asking only for what is used gives the same
 * trits for 1/64 (UVW-128) to 1/16 (UVW-512) of the SM3 work. A request
 * that turns out too short is repeated at twice the length (the prefix
 * property again). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "auxfunc.h"
#include "uvw.h"

#ifndef UVW_NAIVE
/* ~5 % of bytes are skipped; this leaves a margin of many standard deviations */
#define XOF_FIRST_BYTES (((UVW_M / 5) * 5 / 4 + 64 + 31) / 32 * 32)
#else
#define XOF_FIRST_BYTES 65536 /* benchmark baseline only: the reference's request */
#endif

int uvw_hash_to_trits(f3word *s, const unsigned char *m, unsigned long long mlen,
                      const unsigned char *salt)
{
    size_t aw = UVW_WORDS(UVW_M), xlen, have = XOF_FIRST_BYTES, pos = 0, c = 0;
    unsigned char *x, *out = NULL;
    int rc = -1;

    memset(s, 0, 2 * aw * sizeof *s);
    /* the input length goes to pseudoXOF in bits */
    if (mlen > ULLONG_MAX / 8 - UVW_SALTBYTES || mlen > (unsigned long long)(SIZE_MAX - UVW_SALTBYTES))
        return -1;
    xlen = (size_t)mlen + UVW_SALTBYTES;
    x = malloc(xlen);
    if (!x)
        return -1;
    if (mlen)
        memcpy(x, m, (size_t)mlen);
    memcpy(x + mlen, salt, UVW_SALTBYTES);

    while (c < UVW_M) {
        unsigned b;
        int k;
        if (pos == 0 || pos == have) {
            unsigned char *bigger;
            if (pos == have)
                have *= 2;
            bigger = realloc(out, have);
            if (!bigger)
                goto done;
            out = bigger;
            if (pseudoXOF(8 * (unsigned long long)have, x, 8 * (unsigned long long)xlen, out) != 0)
                goto done;
        }
        b = out[pos++];
        if (b > 242)
            continue;
        for (k = 0; k < 5 && c < UVW_M; k++, b /= 3)
            uvw_f3_set(s, aw, c++, b % 3);
    }
    rc = 0;
done:
    free(out);
    free(x);
    return rc;
}
