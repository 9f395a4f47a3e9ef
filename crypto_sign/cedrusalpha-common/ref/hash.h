/* hash.h - Hraw_n, the one hash behind Th and PRF (spec §4): truncated SM3
 * for n <= 32, the ICCS pseudoXOF for n = 48 and 64. Inline because it is
 * called a few hundred thousand times per signature. */
#ifndef CEDRUS_HASH_H
#define CEDRUS_HASH_H

#include "auxfunc.h"
#include "cedrus.h"

/* out receives n bytes, plus CEDRUS_SLACK bytes of the digest tail that the
 * caller must have room for. out must not overlap in: the official ICCS
 * helpers give no guarantee for overlapping buffers. */
static inline void cedrus_hash(cedrus_ctx *ctx, uint8_t *out, const uint8_t *in, size_t inlen)
{
#if CEDRUS_N <= 32
    ctx->err |= sm3hash(256, in, 8 * (unsigned long long)inlen, out);
#else
    ctx->err |= pseudoXOF(8 * (unsigned long long)CEDRUS_N, in, 8 * (unsigned long long)inlen, out);
#endif
}

#endif
