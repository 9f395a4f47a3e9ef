/* toykem.c - a tiny KEM-shaped fixture that drives the pipeline end to end.
 * It is NOT secure: the ciphertext is r masked with a function of pk.
 *   sk = s (32 DRNG bytes) || pk,  pk = SM3(s)
 *   ct = r XOR pseudoXOF(pk),  ss = first 16 bytes of SM3(r || ct), r = 32 DRNG bytes */
#include <string.h>

#include "api.h"
#include "auxfunc.h"
#include "drng.h"
#include "iccs_kem.h"

unsigned long long kem_get_pk_len_bytes(void) { return CRYPTO_PUBLICKEYBYTES; }
unsigned long long kem_get_sk_len_bytes(void) { return CRYPTO_SECRETKEYBYTES; }
unsigned long long kem_get_ss_len_bytes(void) { return CRYPTO_BYTES; }
unsigned long long kem_get_ct_len_bytes(void) { return CRYPTO_CIPHERTEXTBYTES; }

static void secret(const unsigned char r[32], const unsigned char ct[32], unsigned char *ss)
{
    unsigned char buf[64], h[32];
    memcpy(buf, r, 32);
    memcpy(buf + 32, ct, 32);
    sm3hash(256, buf, 512, h);
    memcpy(ss, h, CRYPTO_BYTES);
}

int kem_keygen(unsigned char *pk, unsigned long long *pk_len, unsigned char *sk, unsigned long long *sk_len)
{
    get_random_number(&drng_algorithm, sk, 256);
    sm3hash(256, sk, 256, pk);
    memcpy(sk + 32, pk, 32);
    *pk_len = CRYPTO_PUBLICKEYBYTES;
    *sk_len = CRYPTO_SECRETKEYBYTES;
    return 0;
}

int kem_enc(unsigned char *pk, unsigned long long pk_len, unsigned char *ss, unsigned long long *ss_len,
            unsigned char *ct, unsigned long long *ct_len)
{
    unsigned char r[32], mask[32];
    int i;
    if (pk_len != CRYPTO_PUBLICKEYBYTES)
        return -2;
    get_random_number(&drng_algorithm, r, 256);
    pseudoXOF(256, pk, 256, mask);
    for (i = 0; i < 32; i++)
        ct[i] = r[i] ^ mask[i];
    secret(r, ct, ss);
    *ss_len = CRYPTO_BYTES;
    *ct_len = CRYPTO_CIPHERTEXTBYTES;
    return 0;
}

int kem_dec(unsigned char *sk, unsigned long long sk_len, unsigned char *ct, unsigned long long ct_len,
            unsigned char *ss, unsigned long long *ss_len)
{
    unsigned char r[32], mask[32];
    int i;
    if (sk_len != CRYPTO_SECRETKEYBYTES || ct_len != CRYPTO_CIPHERTEXTBYTES)
        return -2;
    pseudoXOF(256, sk + 32, 256, mask);
    for (i = 0; i < 32; i++)
        r[i] = ct[i] ^ mask[i];
    secret(r, ct, ss);
    *ss_len = CRYPTO_BYTES;
    return 0;
}
