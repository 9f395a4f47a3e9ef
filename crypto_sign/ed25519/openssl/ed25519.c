/* ed25519.c - Ed25519 (RFC 8032) as a baseline row, entirely OpenSSL's
 * libcrypto (the distribution's, linked through -lcrypto in
 * ../openssl.cflags). The 32-byte seed comes from the ICCS DRNG, as every
 * candidate's randomness does; signing is deterministic, so the KAT file
 * is. Keys: sk = seed || pk (64 bytes), pk 32 bytes; signatures 64 bytes.
 * A signer keeps its key object: building one from the seed derives the
 * public key (a scalar multiplication signing does not need), so sign
 * keeps the last one it built and reuses it for the same sk. */
#include <string.h>

#include <openssl/evp.h>

#include "api.h"
#include "drng.h"
#include "iccs_sig.h"

unsigned long long sig_get_pk_len_bytes(void) { return CRYPTO_PUBLICKEYBYTES; }
unsigned long long sig_get_sk_len_bytes(void) { return CRYPTO_SECRETKEYBYTES; }
unsigned long long sig_get_sn_len_bytes(void) { return CRYPTO_BYTES; }

int sig_keygen(unsigned char *pk, unsigned long long *pk_len, unsigned char *sk, unsigned long long *sk_len)
{
    EVP_PKEY *key;
    size_t n = CRYPTO_PUBLICKEYBYTES;
    int ok;
    get_random_number(&drng_algorithm, sk, 256);
    key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, sk, 32);
    ok = key && EVP_PKEY_get_raw_public_key(key, pk, &n) == 1 && n == CRYPTO_PUBLICKEYBYTES;
    EVP_PKEY_free(key);
    if (!ok)
        return -1;
    memcpy(sk + 32, pk, 32);
    *pk_len = CRYPTO_PUBLICKEYBYTES;
    *sk_len = CRYPTO_SECRETKEYBYTES;
    return 0;
}

/* the key object of sk: the one kept from the last call when sk is the same */
static EVP_PKEY *signer(const unsigned char *sk)
{
    static EVP_PKEY *key;
    static unsigned char kept[CRYPTO_SECRETKEYBYTES];
    if (key && memcmp(kept, sk, sizeof kept) == 0)
        return key;
    EVP_PKEY_free(key);
    key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, sk, 32);
    if (key)
        memcpy(kept, sk, sizeof kept);
    return key;
}

int sig_sign(unsigned char *sk, unsigned long long sk_len, unsigned char *m, unsigned long long m_len,
             unsigned char *sn, unsigned long long *sn_len)
{
    EVP_PKEY *key;
    EVP_MD_CTX *md;
    size_t n = CRYPTO_BYTES;
    int ok;
    if (sk_len != CRYPTO_SECRETKEYBYTES || !(key = signer(sk)) || !(md = EVP_MD_CTX_new()))
        return -1;
    ok = EVP_DigestSignInit(md, NULL, NULL, NULL, key) == 1 && EVP_DigestSign(md, sn, &n, m, (size_t)m_len) == 1 &&
         n == CRYPTO_BYTES;
    EVP_MD_CTX_free(md);
    if (!ok)
        return -1;
    *sn_len = CRYPTO_BYTES;
    return 0;
}

int sig_verify(unsigned char *pk, unsigned long long pk_len, unsigned char *sn, unsigned long long sn_len,
               unsigned char *m, unsigned long long m_len)
{
    EVP_PKEY *key;
    EVP_MD_CTX *md;
    int ok;
    if (pk_len != CRYPTO_PUBLICKEYBYTES || sn_len != CRYPTO_BYTES)
        return -1;
    if (!(key = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pk, 32)))
        return -1;
    if (!(md = EVP_MD_CTX_new())) {
        EVP_PKEY_free(key);
        return -1;
    }
    ok = EVP_DigestVerifyInit(md, NULL, NULL, NULL, key) == 1 && EVP_DigestVerify(md, sn, 64, m, (size_t)m_len) == 1;
    EVP_MD_CTX_free(md);
    EVP_PKEY_free(key);
    return ok ? 0 : -1;
}
