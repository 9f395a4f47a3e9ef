/* gbt32918.c - the SM2 baseline (crypto_sign/sm2/openssl) against the
 * worked example of GB/T 32918.2-2016 Annex A (A.2: a signature over the
 * standard's 256-bit example curve, with its fixed k): the public key from
 * d, Z, e, and (r, s) must be the published values, and the signature must
 * verify. Then, on the SM2 curve, signatures made through the ICCS entry
 * points must be accepted by OpenSSL's own SM2 verifier (EVP, default
 * identity), and a modified message or signature rejected by both. */
#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/core_names.h>
#include <openssl/obj_mac.h>
#include <openssl/params.h>

#include "api.h"
#include "drng.h"
#include "iccs_sig.h"
#include "sm2.h"

#include "target.h" /* drng_algorithm: defined once, in target/target.c */
static int fails;

static void hex(const char *s, unsigned char *out, size_t n)
{
    size_t i = 0;
    for (; *s && i < 2 * n; s++) {
        int v;
        if (*s == ' ')
            continue;
        v = *s <= '9' ? *s - '0' : (*s | 0x20) - 'a' + 10;
        if (i % 2 == 0)
            out[i / 2] = (unsigned char)(v << 4);
        else
            out[i / 2] |= (unsigned char)v;
        i++;
    }
}

static void expect(const char *what, const unsigned char *got, const char *want_hex, size_t n)
{
    unsigned char want[64];
    hex(want_hex, want, n);
    if (memcmp(got, want, n) == 0) {
        printf("ok: %s\n", what);
    } else {
        size_t i;
        printf("FAIL: %s: got ", what);
        for (i = 0; i < n; i++)
            printf("%02X", got[i]);
        printf("\n      want %s\n", want_hex);
        fails++;
    }
}

static void check(int cond, const char *what)
{
    printf("%s: %s\n", cond ? "ok" : "FAIL", what);
    fails += !cond;
}

static BIGNUM *bn(const char *h)
{
    unsigned char b[32];
    hex(h, b, 32);
    return BN_bin2bn(b, 32, NULL);
}

/* Annex A.2: the example curve over F_p (256 bits), identity ALICE123@YAHOO.COM, M = "message digest" */
static void annex_a(void)
{
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *p = bn("8542D69E 4C044F18 E8B92435 BF6FF7DE 45728391 5C45517D 722EDB8B 08F1DFC3");
    BIGNUM *a = bn("787968B4 FA32C3FD 2417842E 73BBFEFF 2F3C848B 6831D7E0 EC65228B 3937E498");
    BIGNUM *b = bn("63E4C6D3 B23B0C84 9CF84241 484BFE48 F61D59A5 B16BA06E 6E12D1DA 27C5249A");
    BIGNUM *xg = bn("421DEBD6 1B62EAB6 746434EB C3CC315E 32220B3B ADD50BDC 4C4E6C14 7FEDD43D");
    BIGNUM *yg = bn("0680512B CBB42C07 D47349D2 153B70C4 E5D7FDFC BFA36EA1 A85841B9 E46E09A2");
    BIGNUM *n = bn("8542D69E 4C044F18 E8B92435 BF6FF7DD 29772063 0485628D 5AE74EE7 C32E79B7");
    BIGNUM *k = bn("6CB28D99 385C175C 94F94E93 4817663F C176D925 DD72B727 260DBAAE 1FB2F96F");
    static const char id[] = "ALICE123@YAHOO.COM", msg[] = "message digest";
    unsigned char d[32], pk[64], z[32], e[32], sig[64];
    EC_GROUP *g = EC_GROUP_new_curve_GFp(p, a, b, ctx);
    EC_POINT *gen = g ? EC_POINT_new(g) : NULL;
    if (!g || !gen || !EC_POINT_set_affine_coordinates(g, gen, xg, yg, ctx) ||
        !EC_GROUP_set_generator(g, gen, n, BN_value_one())) {
        check(0, "the example curve of Annex A (OpenSSL refused it)");
        return;
    }
    hex("128B2FA8 BD433C6C 068C8D80 3DFF7979 2A519A55 171B1B65 0C23661D 15897263", d, 32);
    check(sm2_public(g, d, pk) == 0, "P = d G");
    expect("Annex A.2 public key xA", pk, "0AE4C779 8AA0F119 471BEE11 825BE462 02BB79E2 A5844495 E97C04FF 4DF2548A", 32);
    expect("Annex A.2 public key yA", pk + 32, "7C0240F8 8F1CD4E1 6352A73C 17B7F16F 07353E53 A176D684 A9FE0C6B B798E857", 32);
    check(sm2_z(g, (const unsigned char *)id, sizeof id - 1, pk, z) == 0, "Z");
    expect("Annex A.2 ZA", z, "F4A38489 E32B45B6 F876E3AC 2168CA39 2362DC8F 23459C1D 1146FC3D BFB7BC9A", 32);
    check(sm2_e(z, (const unsigned char *)msg, sizeof msg - 1, e) == 0, "e");
    expect("Annex A.2 e", e, "B524F552 CD82B8B0 28476E00 5C377FB1 9A87E6FC 682D48BB 5D42E3D9 B9EFFE76", 32);
    check(sm2_sign_k(g, d, e, k, sig) == 0, "signing with the example's k");
    expect("Annex A.2 r", sig, "40F1EC59 F793D9F4 9E09DCEF 49130D41 94F79FB1 EED2CAA5 5BACDB49 C4E755D1", 32);
    expect("Annex A.2 s", sig + 32, "6FC6DAC3 2C5D5CF1 0C77DFB2 0F7C2EB6 67A45787 2FB09EC5 6327A67E C7DEEBE7", 32);
    check(sm2_verify_e(g, pk, e, sig) == 0, "the example's signature verifies");
    sig[63] ^= 1;
    check(sm2_verify_e(g, pk, e, sig) == -1, "a modified s is rejected");
    EC_POINT_free(gen);
    EC_GROUP_free(g);
    BN_free(p);
    BN_free(a);
    BN_free(b);
    BN_free(xg);
    BN_free(yg);
    BN_free(n);
    BN_free(k);
    BN_CTX_free(ctx);
}

/* 1 when OpenSSL's own SM2 verifier (EVP, the default identity) accepts sig on m under pk */
static int openssl_verifies(const unsigned char pk[64], const unsigned char *m, size_t mlen,
                            const unsigned char sig[64])
{
    EVP_PKEY *key = NULL;
    EVP_PKEY_CTX *kc = EVP_PKEY_CTX_new_from_name(NULL, "SM2", NULL);
    unsigned char point[65];
    OSSL_PARAM params[3];
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pc = NULL;
    ECDSA_SIG *es = ECDSA_SIG_new();
    BIGNUM *r = BN_bin2bn(sig, 32, NULL), *s = BN_bin2bn(sig + 32, 32, NULL);
    unsigned char *der = NULL;
    int dlen, ok = 0;
    point[0] = 4; /* an uncompressed point */
    memcpy(point + 1, pk, 64);
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)"SM2", 0);
    params[1] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, point, sizeof point);
    params[2] = OSSL_PARAM_construct_end();
    if (!kc || !md || !es || !r || !s || EVP_PKEY_fromdata_init(kc) != 1 ||
        EVP_PKEY_fromdata(kc, &key, EVP_PKEY_PUBLIC_KEY, params) != 1)
        goto out;
    if (!ECDSA_SIG_set0(es, r, s))
        goto out;
    r = s = NULL;
    if ((dlen = i2d_ECDSA_SIG(es, &der)) <= 0)
        goto out;
    /* an SM2 key verifies as SM2 through EVP_DigestVerify with SM3; the default identity, named */
    if (EVP_DigestVerifyInit(md, &pc, EVP_sm3(), NULL, key) != 1 ||
        EVP_PKEY_CTX_set1_id(pc, SM2_DEFAULT_ID, sizeof SM2_DEFAULT_ID - 1) != 1)
        goto out;
    ok = EVP_DigestVerify(md, der, (size_t)dlen, m, mlen) == 1;
out:
    OPENSSL_free(der);
    ECDSA_SIG_free(es);
    BN_free(r);
    BN_free(s);
    EVP_PKEY_CTX_free(kc);
    EVP_MD_CTX_free(md);
    EVP_PKEY_free(key);
    return ok;
}

static void against_openssl(void)
{
    unsigned char seed[48], pk[CRYPTO_PUBLICKEYBYTES], sk[CRYPTO_SECRETKEYBYTES], sig[CRYPTO_BYTES], m[100];
    unsigned long long pkl, skl, sl = CRYPTO_BYTES;
    int i, acc = 0, rej = 0, ours = 0;
    for (i = 0; i < 48; i++)
        seed[i] = (unsigned char)i;
    init_random_number(&drng_algorithm, seed, sizeof seed);
    for (i = 0; i < 8; i++) {
        size_t ml = (size_t)(i * 13);
        memset(m, 'a' + i, sizeof m);
        if (sig_keygen(pk, &pkl, sk, &skl) != 0 || sig_sign(sk, skl, m, ml, sig, &sl) != 0) {
            check(0, "keygen and sign through the ICCS entry points");
            return;
        }
        acc += openssl_verifies(pk, m, ml, sig);
        ours += sig_verify(pk, pkl, sig, sl, m, ml) == 0;
        m[0] ^= 1;
        rej += !openssl_verifies(pk, m, ml > 0 ? ml : 1, sig) && sig_verify(pk, pkl, sig, sl, m, ml > 0 ? ml : 1) == -1;
    }
    check(ours == 8, "8 signatures on the SM2 curve verify (ours)");
    check(acc == 8, "OpenSSL's own SM2 verifier (EVP, identity 1234567812345678) accepts all 8");
    check(rej == 8, "both reject them on a modified message");
}

int main(void)
{
    annex_a();
    against_openssl();
    printf("%d failed\n", fails);
    return fails != 0;
}
