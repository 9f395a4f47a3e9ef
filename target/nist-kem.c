/* nist-kem.c - maps the ICCS KEM entry points onto a SUPERCOP/NIST-API
 * implementation (crypto_kem_keypair / crypto_kem_enc / crypto_kem_dec). */
#include "api.h"
#include "iccs_kem.h"

#ifdef NGBENCH_NIST_DECLARE /* api.h does not declare the functions itself */
int crypto_kem_keypair(unsigned char *pk, unsigned char *sk);
int crypto_kem_enc(unsigned char *ct, unsigned char *ss, const unsigned char *pk);
int crypto_kem_dec(unsigned char *ss, const unsigned char *ct, const unsigned char *sk);
#endif

unsigned long long kem_get_pk_len_bytes(void) { return CRYPTO_PUBLICKEYBYTES; }
unsigned long long kem_get_sk_len_bytes(void) { return CRYPTO_SECRETKEYBYTES; }
unsigned long long kem_get_ss_len_bytes(void) { return CRYPTO_BYTES; }
unsigned long long kem_get_ct_len_bytes(void) { return CRYPTO_CIPHERTEXTBYTES; }

int kem_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk,
               unsigned long long *sk_len_bytes)
{
    if (crypto_kem_keypair(pk, sk) != 0)
        return -2;
    *pk_len_bytes = CRYPTO_PUBLICKEYBYTES;
    *sk_len_bytes = CRYPTO_SECRETKEYBYTES;
    return 0;
}

int kem_enc(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *ss, unsigned long long *ss_len_bytes,
            unsigned char *ct, unsigned long long *ct_len_bytes)
{
    if (pk_len_bytes != CRYPTO_PUBLICKEYBYTES)
        return -2;
    if (crypto_kem_enc(ct, ss, pk) != 0)
        return -3;
    *ss_len_bytes = CRYPTO_BYTES;
    *ct_len_bytes = CRYPTO_CIPHERTEXTBYTES;
    return 0;
}

int kem_dec(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *ct, unsigned long long ct_len_bytes,
            unsigned char *ss, unsigned long long *ss_len_bytes)
{
    if (sk_len_bytes != CRYPTO_SECRETKEYBYTES || ct_len_bytes != CRYPTO_CIPHERTEXTBYTES)
        return -2;
    if (crypto_kem_dec(ss, ct, sk) != 0)
        return -1;
    *ss_len_bytes = CRYPTO_BYTES;
    return 0;
}
