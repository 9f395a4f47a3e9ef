/* rfc8032.c - the Ed25519 baseline (crypto_sign/ed25519/openssl) on RFC
 * 8032 section 7.1, TEST 1 and TEST 2: the DRNG is replaced by a driver
 * whose output is the test's secret key, so sig_keygen must give the
 * test's public key and sig_sign its signature; sig_verify accepts it and
 * rejects a modified one. */
#include <stdio.h>
#include <string.h>

#include "api.h"
#include "drng.h"
#include "iccs_sig.h"

#include "target.h" /* drng_algorithm: defined once, in target/target.c */
static const unsigned char *next_secret;
static int fails;

/* the test's DRNG: the secret key of the vector at hand (linked with
 * -Wl,--wrap=get_random_number: every call of the implementation lands
 * here, while the one drng_algorithm stays target/target.c's) */
int __wrap_get_random_number(DRNG_ctx *drng, unsigned char *out, unsigned long long nbits);
int __wrap_get_random_number(DRNG_ctx *drng, unsigned char *out, unsigned long long nbits)
{
    (void)drng;
    memcpy(out, next_secret, (size_t)((nbits + 7) / 8));
    return 0;
}

static void hex(const char *s, unsigned char *out, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        unsigned v;
        sscanf(s + 2 * i, "%2x", &v);
        out[i] = (unsigned char)v;
    }
}

static void check(int cond, const char *what, const char *name)
{
    printf("%s: %s: %s\n", cond ? "ok" : "FAIL", name, what);
    fails += !cond;
}

static void vector(const char *name, const char *sk_hex, const char *pk_hex, const char *m_hex, size_t mlen,
                   const char *sig_hex)
{
    unsigned char secret[32], want_pk[32], m[1], want_sig[64], pk[CRYPTO_PUBLICKEYBYTES], sk[CRYPTO_SECRETKEYBYTES],
        sig[CRYPTO_BYTES];
    unsigned long long pkl, skl, sl = CRYPTO_BYTES;
    hex(sk_hex, secret, 32);
    hex(pk_hex, want_pk, 32);
    hex(m_hex, m, mlen);
    hex(sig_hex, want_sig, 64);
    next_secret = secret;
    check(sig_keygen(pk, &pkl, sk, &skl) == 0 && memcmp(pk, want_pk, 32) == 0, "the public key", name);
    check(sig_sign(sk, skl, m, mlen, sig, &sl) == 0 && sl == 64 && memcmp(sig, want_sig, 64) == 0, "the signature",
          name);
    check(sig_verify(pk, pkl, sig, sl, m, mlen) == 0, "it verifies", name);
    sig[10] ^= 4;
    check(sig_verify(pk, pkl, sig, sl, m, mlen) == -1, "a modified signature is rejected", name);
}

int main(void)
{
    vector("RFC 8032 TEST 1", "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
           "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "", 0,
           "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f05"
           "95bbe24655141438e7a100b");
    vector("RFC 8032 TEST 2", "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
           "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72", 1,
           "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eae"
           "b4302aeeb00d291612bb0c00");
    printf("%d failed\n", fails);
    return fails != 0;
}
