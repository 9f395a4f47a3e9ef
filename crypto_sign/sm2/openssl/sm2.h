/* sm2.h - the SM2 signature (GB/T 32918.2-2016, section 6 and 7) on any
 * prime curve OpenSSL can hold, for the baseline row (sm2.c) and its unit
 * test (the standard's worked example, on its example curve). Integers are
 * 32-byte big-endian strings; signatures r || s. */
#ifndef NGBENCH_SM2_H
#define NGBENCH_SM2_H

#include <stddef.h>

#include <openssl/bn.h>
#include <openssl/ec.h>

/* the signer's default identity (GB/T 35276: "1234567812345678") */
#define SM2_DEFAULT_ID "1234567812345678"

/* P = d G as xP || yP; 0, or -1 */
int sm2_public(const EC_GROUP *g, const unsigned char d[32], unsigned char pk[64]);
/* Z = SM3(ENTL || ID || a || b || xG || yG || xP || yP); 0, or -1 */
int sm2_z(const EC_GROUP *g, const unsigned char *id, size_t idlen, const unsigned char pk[64],
          unsigned char z[32]);
/* e = SM3(Z || M); 0, or -1 */
int sm2_e(const unsigned char z[32], const unsigned char *m, size_t mlen, unsigned char e[32]);
/* the signature of digest e with the secret d and the random k (1 <= k < n):
 * 0, 1 when k must be drawn again (r = 0, r + k = n or s = 0), -1 on error */
int sm2_sign_k(const EC_GROUP *g, const unsigned char d[32], const unsigned char e[32], const BIGNUM *k,
               unsigned char sig[64]);
/* 0 when sig is a valid signature of digest e under pk, -1 otherwise */
int sm2_verify_e(const EC_GROUP *g, const unsigned char pk[64], const unsigned char e[32],
                 const unsigned char sig[64]);

#endif
