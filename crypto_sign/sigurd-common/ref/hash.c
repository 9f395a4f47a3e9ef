/* hash.c - Hash is sm3hash(256) for Sigurd-128 and pseudohash(8h) for the
 * other sets (spec §3.1); every XOF input is the ASCII label (no NUL) followed
 * by the material (§3.2). */
#include <string.h>

#include "auxfunc.h"
#include "hash.h"

/* out = pseudoXOF(8 outbytes, in, 8 inbytes); 0 or the helper's error */
#ifndef SIGURD_XOF
#define SIGURD_XOF(out, outbytes, in, inbytes) \
    pseudoXOF(8 * (unsigned long long)(outbytes), (in), 8 * (unsigned long long)(inbytes), (out))
#endif

int sigurd_hash(uint8_t *out, const uint8_t *in, unsigned long long len)
{
    if (len > SIGURD_MAX_MLEN)
        return -1;
#if SIGURD_HASH_SM3
    return sm3hash(256, in, 8 * len, out);
#else
    return pseudohash(8 * SIGURD_HBYTES, in, 8 * len, out);
#endif
}

#ifndef SIGURD_HASHX_EXTERNAL
int sigurd_hashx(uint8_t *const out[], const uint8_t *const in[], size_t len, size_t n)
{
    size_t i;
    int rc = 0;
    for (i = 0; i < n && rc == 0; i++)
        rc = sigurd_hash(out[i], in[i], len);
    return rc;
}
#endif

int sigurd_hash3(uint8_t *out, uint8_t *buf, const uint8_t *a, size_t alen,
                 const uint8_t *b, size_t blen, const uint8_t *c, size_t clen)
{
    if (alen)
        memcpy(buf, a, alen);
    if (blen)
        memcpy(buf + alen, b, blen);
    if (clen)
        memcpy(buf + alen + blen, c, clen);
    return sigurd_hash(out, buf, (unsigned long long)alen + blen + clen);
}

int sigurd_xof(uint8_t *out, size_t outbytes, const char *label, const uint8_t *d, size_t dlen)
{
    /* longest label: SIGURD_LABEL "commitment"; longest material: lambda or h */
    uint8_t in[sizeof SIGURD_LABEL + 16 + (SIGURD_LAMBDA > SIGURD_HBYTES ? SIGURD_LAMBDA : SIGURD_HBYTES)];
    size_t plen = sizeof SIGURD_LABEL - 1, llen = strlen(label);

    if (plen + llen + dlen > sizeof in)
        return -1;
    memcpy(in, SIGURD_LABEL, plen);
    memcpy(in + plen, label, llen);
    memcpy(in + plen + llen, d, dlen);
    return SIGURD_XOF(out, outbytes, in, plen + llen + dlen);
}
