/* toysig.c - a tiny signature-shaped fixture that drives the pipeline end to
 * end: keygen, sign and verify use the ICCS DRNG and sm3hash exactly as a real
 * submission would, and verify rejects any modified message or signature.
 * It is NOT secure: the "signature" is a keyed hash under the public key.
 *   sk = s (32 DRNG bytes) || pk,  pk = SM3(s)
 *   sn = SM3(pk || r || m) || r   with r = 16 DRNG bytes */
#include <string.h>

#include "api.h"
#include "auxfunc.h"
#include "drng.h"
#include "iccs_sig.h"

unsigned long long sig_get_pk_len_bytes(void) { return CRYPTO_PUBLICKEYBYTES; }
unsigned long long sig_get_sk_len_bytes(void) { return CRYPTO_SECRETKEYBYTES; }
unsigned long long sig_get_sn_len_bytes(void) { return CRYPTO_BYTES; }

static void tag(const unsigned char *pk, const unsigned char *r, const unsigned char *m,
                unsigned long long mlen, unsigned char out[32])
{
    unsigned char buf[32 + 16 + 256];
    if (mlen > 256)
        mlen = 256; /* fixture: messages are short */
    memcpy(buf, pk, 32);
    memcpy(buf + 32, r, 16);
    memcpy(buf + 48, m, (size_t)mlen);
    sm3hash(256, buf, 8 * (48 + mlen), out);
}

int sig_keygen(unsigned char *pk, unsigned long long *pk_len, unsigned char *sk, unsigned long long *sk_len)
{
    get_random_number(&drng_algorithm, sk, 256);
    sm3hash(256, sk, 256, pk);
    memcpy(sk + 32, pk, 32);
    *pk_len = CRYPTO_PUBLICKEYBYTES;
    *sk_len = CRYPTO_SECRETKEYBYTES;
    return 0;
}

int sig_sign(unsigned char *sk, unsigned long long sk_len, unsigned char *m, unsigned long long m_len,
             unsigned char *sn, unsigned long long *sn_len)
{
    if (sk_len != CRYPTO_SECRETKEYBYTES)
        return -2;
    get_random_number(&drng_algorithm, sn + 32, 128);
    tag(sk + 32, sn + 32, m, m_len, sn);
    *sn_len = CRYPTO_BYTES;
    return 0;
}

int sig_verify(unsigned char *pk, unsigned long long pk_len, unsigned char *sn, unsigned long long sn_len,
               unsigned char *m, unsigned long long m_len)
{
    unsigned char t[32];
    if (pk_len != CRYPTO_PUBLICKEYBYTES || sn_len != CRYPTO_BYTES)
        return -1;
    tag(pk, sn + 32, m, m_len, t);
    return memcmp(t, sn, 32) == 0 ? 0 : -1;
}
