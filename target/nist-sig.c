/* nist-sig.c - maps the ICCS signature entry points onto a SUPERCOP/NIST-API
 * implementation (crypto_sign_keypair / crypto_sign / crypto_sign_open).
 *
 * NIST signatures are signed messages whose layout varies between schemes
 * (sig || m, m || sig, or interleaved), so the adapter does not try to detach
 * them: Sn is the signed message, at most CRYPTO_BYTES + NGBENCH_NIST_MAXMSG
 * bytes, and sig_verify opens it and compares the message. Sizes reported for
 * such implementations say so. */
#include <string.h>

#include "api.h"
#include "iccs_sig.h"

#ifndef NGBENCH_NIST_MAXMSG
#define NGBENCH_NIST_MAXMSG 4096
#endif

#ifdef NGBENCH_NIST_DECLARE /* api.h does not declare the functions itself */
int crypto_sign_keypair(unsigned char *pk, unsigned char *sk);
int crypto_sign(unsigned char *sm, unsigned long long *smlen, const unsigned char *m, unsigned long long mlen,
                const unsigned char *sk);
int crypto_sign_open(unsigned char *m, unsigned long long *mlen, const unsigned char *sm, unsigned long long smlen,
                     const unsigned char *pk);
#endif

unsigned long long sig_get_pk_len_bytes(void) { return CRYPTO_PUBLICKEYBYTES; }
unsigned long long sig_get_sk_len_bytes(void) { return CRYPTO_SECRETKEYBYTES; }
unsigned long long sig_get_sn_len_bytes(void) { return CRYPTO_BYTES + NGBENCH_NIST_MAXMSG; }

int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk,
               unsigned long long *sk_len_bytes)
{
    if (crypto_sign_keypair(pk, sk) != 0)
        return -2;
    *pk_len_bytes = CRYPTO_PUBLICKEYBYTES;
    *sk_len_bytes = CRYPTO_SECRETKEYBYTES;
    return 0;
}

int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *m, unsigned long long m_len_bytes,
             unsigned char *sn, unsigned long long *sn_len_bytes)
{
    unsigned long long smlen = 0;
    if (sk_len_bytes != CRYPTO_SECRETKEYBYTES || m_len_bytes > NGBENCH_NIST_MAXMSG)
        return -2;
    if (crypto_sign(sn, &smlen, m, m_len_bytes, sk) != 0 || smlen > CRYPTO_BYTES + m_len_bytes)
        return -3;
    *sn_len_bytes = smlen;
    return 0;
}

int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *sn, unsigned long long sn_len_bytes,
               unsigned char *m, unsigned long long m_len_bytes)
{
    static unsigned char opened[CRYPTO_BYTES + NGBENCH_NIST_MAXMSG];
    unsigned long long mlen = 0;
    if (pk_len_bytes != CRYPTO_PUBLICKEYBYTES || sn_len_bytes > sizeof opened || m_len_bytes > NGBENCH_NIST_MAXMSG)
        return -1;
    if (crypto_sign_open(opened, &mlen, sn, sn_len_bytes, pk) != 0)
        return -1;
    return mlen == m_len_bytes && memcmp(opened, m, (size_t)mlen) == 0 ? 0 : -1;
}
