/* crypto_sign.h - what SUPERCOP's generated header gives an implementation:
 * the api.h sizes under crypto_sign_* names and the three prototypes. Used
 * only when the implementation directory has no crypto_sign.h of its own. */
#ifndef NGBENCH_SUPERCOP_CRYPTO_SIGN_H
#define NGBENCH_SUPERCOP_CRYPTO_SIGN_H
#include "api.h"
#define crypto_sign_SECRETKEYBYTES CRYPTO_SECRETKEYBYTES
#define crypto_sign_PUBLICKEYBYTES CRYPTO_PUBLICKEYBYTES
#define crypto_sign_BYTES CRYPTO_BYTES
int crypto_sign_keypair(unsigned char *pk, unsigned char *sk);
int crypto_sign(unsigned char *sm, unsigned long long *smlen, const unsigned char *m, unsigned long long mlen,
                const unsigned char *sk);
int crypto_sign_open(unsigned char *m, unsigned long long *mlen, const unsigned char *sm, unsigned long long smlen,
                     const unsigned char *pk);
#endif
