/* crypto_kem.h - what SUPERCOP's generated header gives an implementation:
 * the api.h sizes under crypto_kem_* names and the three prototypes. Used
 * only when the implementation directory has no crypto_kem.h of its own. */
#ifndef NGBENCH_SUPERCOP_CRYPTO_KEM_H
#define NGBENCH_SUPERCOP_CRYPTO_KEM_H
#include "api.h"
#define crypto_kem_SECRETKEYBYTES CRYPTO_SECRETKEYBYTES
#define crypto_kem_PUBLICKEYBYTES CRYPTO_PUBLICKEYBYTES
#define crypto_kem_CIPHERTEXTBYTES CRYPTO_CIPHERTEXTBYTES
#define crypto_kem_BYTES CRYPTO_BYTES
int crypto_kem_keypair(unsigned char *pk, unsigned char *sk);
int crypto_kem_enc(unsigned char *ct, unsigned char *ss, const unsigned char *pk);
int crypto_kem_dec(unsigned char *ss, const unsigned char *ct, const unsigned char *sk);
#endif
