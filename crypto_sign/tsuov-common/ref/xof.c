/* xof.c - TSUOV's uses of the ICCS hash helpers (§3): the indexed XOF with
 * 5-bit rejection sampling, the message digest, the target and the salt
 * stream. Nothing else in the implementation hashes. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "auxfunc.h"
#include "tsuov.h"

/* The XOF behind Sample: pseudoXOF on byte lengths, 0 on success. The opt
 * implementation puts its multi-buffer pseudoXOF here (before this file). */
#ifndef TSUOV_XOF
#define TSUOV_XOF(out, outlen, in, inlen) pseudoXOF(8ULL * (outlen), (in), 8ULL * (inlen), (out))
#endif

/* Largest XOF output drawn through tsuov_sample. */
#define TAU_MAX                                                                                    \
    (TSUOV_TAU_P1 > TSUOV_TAU_V ? (TSUOV_TAU_P1 > TSUOV_TAU_T ? TSUOV_TAU_P1 : TSUOV_TAU_T)        \
                                : (TSUOV_TAU_V > TSUOV_TAU_T ? TSUOV_TAU_V : TSUOV_TAU_T))

/* Little-endian 64-bit load; compilers turn this into one load. */
static uint64_t load64(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

/* Stores chunk c of w at out[n] and advances n unless it is 31. */
static size_t keep5(uint8_t *out, size_t n, uint64_t w, unsigned c)
{
    uint8_t v = (uint8_t)((w >> (5 * c)) & 31);
    out[n] = v;
    return n + (v != 31);
}

/* RejSamp (§3.3): 5-bit chunks of the little-endian bit string x, value 31
 * skipped, zeros once the chunks run out. Five bytes hold exactly eight
 * chunks, so the bulk is decoded eight at a time from one 8-byte load. */
static void rejsamp(uint8_t *out, size_t count, const uint8_t *x, size_t tau)
{
    size_t n = 0, g = 0, j, groups = tau / 5, rest = tau % 5;
    uint64_t w;

#ifdef TSUOV_REJSAMP_BULK
    /* an implementation's own decoder for the bulk (opt: AVX2) decodes
     * whole groups of five bytes from the start and leaves g groups read,
     * n values kept; the loops below carry on from there */
    TSUOV_REJSAMP_BULK(out, count, x, tau, &g, &n);
#endif

    /* 5g + 8 <= tau: the load stays inside x; n + 8 <= count: the
     * branch-free stores (a rejected chunk is overwritten by the next one)
     * stay inside out */
    for (; 5 * g + 8 <= tau && n + 8 <= count; g++) {
        w = load64(x + 5 * g);
        n = keep5(out, n, w, 0);
        n = keep5(out, n, w, 1);
        n = keep5(out, n, w, 2);
        n = keep5(out, n, w, 3);
        n = keep5(out, n, w, 4);
        n = keep5(out, n, w, 5);
        n = keep5(out, n, w, 6);
        n = keep5(out, n, w, 7);
    }
    /* the last few values, then the partial group of rest bytes */
    for (; g < groups + (rest != 0) && n < count; g++) {
        size_t nbytes = g < groups ? 5 : rest, nchunks = 8 * nbytes / 5;
        w = 0;
        for (j = 0; j < nbytes; j++)
            w |= (uint64_t)x[5 * g + j] << (8 * j);
        for (j = 0; j < nchunks && n < count; j++) {
            uint8_t c = (uint8_t)((w >> (5 * j)) & 31);
            if (c != 31)
                out[n++] = c;
        }
    }
    if (n < count)
        memset(out + n, 0, count - n);
}

/* Sample(seed, idx, count, tau) of §3.2: pseudoXOF over seed || BE16(idx). */
int tsuov_sample(uint8_t *out, size_t count, const uint8_t seed[TSUOV_S], unsigned idx, size_t tau)
{
    uint8_t in[TSUOV_S + 2], x[TAU_MAX];

    if (tau > sizeof x)
        return -2;
    memcpy(in, seed, TSUOV_S);
    in[TSUOV_S] = (uint8_t)(idx >> 8);
    in[TSUOV_S + 1] = (uint8_t)idx;
    if (TSUOV_XOF(x, tau, in, sizeof in) != 0)
        return -2;
    rejsamp(out, count, x, tau);
    return 0;
}

/* mu = pseudohash512(seed_pk || M) (§3.5). The helper wants the message in
 * one piece; the length checks keep S + m_len and its bit count from
 * wrapping (finding sign-31-5), and a failed allocation is an error, never
 * a stale digest (finding sign-31-3). */
int tsuov_digest(uint8_t mu[TSUOV_MU_BYTES], const uint8_t seed_pk[TSUOV_S], const uint8_t *m,
                 unsigned long long m_len)
{
    uint8_t local[TSUOV_S + TSUOV_MSG_STACK], *buf = local;
    int rc;

    if (m_len > ULLONG_MAX / 8 - TSUOV_S || m_len > (unsigned long long)(SIZE_MAX - TSUOV_S))
        return -2;
    if (m == NULL && m_len != 0)
        return -2;
    if (m_len > TSUOV_MSG_STACK) {
        buf = malloc((size_t)m_len + TSUOV_S);
        if (buf == NULL)
            return -2;
    }
    memcpy(buf, seed_pk, TSUOV_S);
    if (m_len != 0)
        memcpy(buf + TSUOV_S, m, (size_t)m_len);
    rc = pseudohash(8 * TSUOV_MU_BYTES, buf, 8 * (TSUOV_S + m_len), mu);
    if (buf != local)
        free(buf);
    return rc == 0 ? 0 : -2;
}

/* t = RejSamp(pseudoXOF(mu || salt), m2) (§3.6). */
int tsuov_target(uint8_t t[TSUOV_M2], const uint8_t mu[TSUOV_MU_BYTES], const uint8_t salt[TSUOV_S])
{
    uint8_t in[TSUOV_MU_BYTES + TSUOV_S], x[TSUOV_TAU_T];

    memcpy(in, mu, TSUOV_MU_BYTES);
    memcpy(in + TSUOV_MU_BYTES, salt, TSUOV_S);
    if (pseudoXOF(8ULL * sizeof x, in, 8ULL * sizeof in, x) != 0)
        return -2;
    rejsamp(t, TSUOV_M2, x, sizeof x);
    return 0;
}

/* Salt of attempt n = bytes [nS, (n+1)S) of SM3(seed_r || BE32(j)), j = 0,
 * 1, ... (§3.4; the counter starts at 0, unlike pseudoXOF's). */
int tsuov_salt(uint8_t salt[TSUOV_S], const uint8_t seed_r[TSUOV_S], unsigned long attempt)
{
    uint8_t in[TSUOV_S + 4], block[32];
    unsigned long long pos = (unsigned long long)attempt * TSUOV_S, end = pos + TSUOV_S;
    size_t done = 0;

    memcpy(in, seed_r, TSUOV_S);
    while (pos < end) {
        unsigned long long j = pos / 32;
        size_t off = (size_t)(pos % 32), take = 32 - off;
        if (take > end - pos)
            take = (size_t)(end - pos);
        in[TSUOV_S] = (uint8_t)(j >> 24);
        in[TSUOV_S + 1] = (uint8_t)(j >> 16);
        in[TSUOV_S + 2] = (uint8_t)(j >> 8);
        in[TSUOV_S + 3] = (uint8_t)j;
        if (sm3hash(256, in, 8ULL * sizeof in, block) != 0)
            return -2;
        memcpy(salt + done, block + off, take);
        done += take;
        pos += take;
    }
    return 0;
}
