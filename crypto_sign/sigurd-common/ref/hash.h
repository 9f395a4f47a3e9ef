/* hash.h - the scheme's Hash and labelled XOF (spec §3), on top of the ICCS
 * helpers only, and the word orders of XOF (BE16) and DRNG (LE16) output.
 *
 * Hooks for the opt implementation (its params.h defines them): SIGURD_XOF
 * replaces pseudoXOF, and SIGURD_HASHX_EXTERNAL says that sigurd_hashx is
 * defined elsewhere (a multi-buffer one instead of the loop in hash.c). */
#ifndef SIGURD_HASH_H
#define SIGURD_HASH_H

#include <stddef.h>
#include <stdint.h>

#include "sigurd.h"

/* out (SIGURD_HBYTES) = Hash(in); len in bytes, at most SIGURD_MAX_MLEN.
 * Returns 0, or nonzero if the ICCS helper failed. */
int sigurd_hash(uint8_t *out, const uint8_t *in, unsigned long long len);

/* out[i] (SIGURD_HBYTES each) = Hash(in[i]) for i < n, every input len
 * bytes; no out[i] may overlap an input. The Merkle trees hash whole levels
 * through this. Returns 0, or nonzero if a helper failed. */
int sigurd_hashx(uint8_t *const out[], const uint8_t *const in[], size_t len, size_t n);

/* out = Hash(a || b || c), concatenated in buf (which must hold all three;
 * any part may be empty). */
int sigurd_hash3(uint8_t *out, uint8_t *buf, const uint8_t *a, size_t alen,
                 const uint8_t *b, size_t blen, const uint8_t *c, size_t clen);

/* out (outbytes) = pseudoXOF(SIGURD_LABEL || label, d). */
int sigurd_xof(uint8_t *out, size_t outbytes, const char *label, const uint8_t *d, size_t dlen);

static inline uint16_t sigurd_be16(const uint8_t *s, size_t i)
{
    return (uint16_t)((s[2 * i] << 8) | s[2 * i + 1]);
}

static inline uint16_t sigurd_le16(const uint8_t *s, size_t i)
{
    return (uint16_t)(s[2 * i] | (s[2 * i + 1] << 8));
}

#endif
