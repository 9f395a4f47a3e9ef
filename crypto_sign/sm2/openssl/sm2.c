/* sm2.c - SM2 signatures (GB/T 32918.2) as a baseline row: the curve
 * arithmetic, big numbers and SM3 are OpenSSL's libcrypto (the
 * distribution's, linked through -lcrypto in ../openssl.cflags); the
 * signing equation is written here so that k comes from the ICCS DRNG, as
 * every candidate's randomness does, and the KAT file is deterministic.
 * OpenSSL's own SM2 signer makes the same calls (a generator
 * multiplication, an inverse modulo n) but draws k from its own generator.
 * Verification is the standard's (a double multiplication); its result is
 * the one OpenSSL's EVP SM2 verifier gives (crypto_sign/sm2-common/tests/).
 * Keys: sk = d || xP || yP, pk = xP || yP; signatures r || s, 64 bytes. */
#include <string.h>

#include <openssl/evp.h>
#include <openssl/obj_mac.h>

#include "api.h"
#include "drng.h"
#include "iccs_sig.h"
#include "sm2.h"

unsigned long long sig_get_pk_len_bytes(void) { return CRYPTO_PUBLICKEYBYTES; }
unsigned long long sig_get_sk_len_bytes(void) { return CRYPTO_SECRETKEYBYTES; }
unsigned long long sig_get_sn_len_bytes(void) { return CRYPTO_BYTES; }

/* ---- the scheme on a group ---- */

static int put32(const BIGNUM *x, unsigned char out[32])
{
    return BN_bn2binpad(x, out, 32) == 32 ? 0 : -1;
}

int sm2_public(const EC_GROUP *g, const unsigned char d[32], unsigned char pk[64])
{
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *bd = BN_secure_new(), *x = BN_new(), *y = BN_new();
    EC_POINT *p = EC_POINT_new(g);
    int rc = -1;
    if (ctx && bd && x && y && p && BN_bin2bn(d, 32, bd)) {
        BN_set_flags(bd, BN_FLG_CONSTTIME);
        if (EC_POINT_mul(g, p, bd, NULL, NULL, ctx) && EC_POINT_get_affine_coordinates(g, p, x, y, ctx) &&
            put32(x, pk) == 0 && put32(y, pk + 32) == 0)
            rc = 0;
    }
    EC_POINT_free(p);
    BN_clear_free(bd);
    BN_free(x);
    BN_free(y);
    BN_CTX_free(ctx);
    return rc;
}

static int sm3(const unsigned char *a, size_t alen, const unsigned char *b, size_t blen, unsigned char out[32])
{
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    unsigned int n = 0;
    int ok = c && EVP_DigestInit_ex(c, EVP_sm3(), NULL) && EVP_DigestUpdate(c, a, alen) &&
             (blen == 0 || EVP_DigestUpdate(c, b, blen)) && EVP_DigestFinal_ex(c, out, &n) && n == 32;
    EVP_MD_CTX_free(c);
    return ok ? 0 : -1;
}

int sm2_z(const EC_GROUP *g, const unsigned char *id, size_t idlen, const unsigned char pk[64], unsigned char z[32])
{
    unsigned char buf[2 + 256 + 6 * 32];
    BIGNUM *p = BN_new(), *a = BN_new(), *b = BN_new(), *x = BN_new(), *y = BN_new();
    const EC_POINT *gen = EC_GROUP_get0_generator(g);
    size_t o = 0;
    int rc = -1;
    if (idlen > 256 || !p || !a || !b || !x || !y || !gen)
        goto out;
    buf[o++] = (unsigned char)((idlen * 8) >> 8); /* ENTL: the identity's length in bits */
    buf[o++] = (unsigned char)(idlen * 8);
    memcpy(buf + o, id, idlen);
    o += idlen;
    if (!EC_GROUP_get_curve(g, p, a, b, NULL) || !EC_POINT_get_affine_coordinates(g, gen, x, y, NULL) ||
        put32(a, buf + o) || put32(b, buf + o + 32) || put32(x, buf + o + 64) || put32(y, buf + o + 96))
        goto out;
    o += 128;
    memcpy(buf + o, pk, 64);
    o += 64;
    rc = sm3(buf, o, NULL, 0, z);
out:
    BN_free(p);
    BN_free(a);
    BN_free(b);
    BN_free(x);
    BN_free(y);
    return rc;
}

int sm2_e(const unsigned char z[32], const unsigned char *m, size_t mlen, unsigned char e[32])
{
    return sm3(z, 32, m, mlen, e);
}

int sm2_sign_k(const EC_GROUP *g, const unsigned char d[32], const unsigned char e[32], const BIGNUM *k,
               unsigned char sig[64])
{
    BN_CTX *ctx = BN_CTX_new();
    const BIGNUM *n = EC_GROUP_get0_order(g);
    BIGNUM *bd = BN_secure_new(), *be = BN_new(), *x1 = BN_new(), *r = BN_new(), *s = BN_new(), *t = BN_secure_new(),
           *kk = BN_secure_new();
    EC_POINT *q = EC_POINT_new(g);
    int rc = -1;
    if (!ctx || !n || !bd || !be || !x1 || !r || !s || !t || !kk || !q || !BN_bin2bn(d, 32, bd) ||
        !BN_bin2bn(e, 32, be) || !BN_copy(kk, k))
        goto out;
    BN_set_flags(bd, BN_FLG_CONSTTIME);
    BN_set_flags(kk, BN_FLG_CONSTTIME);
    /* (x1, y1) = k G; r = (e + x1) mod n */
    if (!EC_POINT_mul(g, q, kk, NULL, NULL, ctx) || !EC_POINT_get_affine_coordinates(g, q, x1, NULL, ctx) ||
        !BN_mod_add(r, be, x1, n, ctx))
        goto out;
    rc = 1;
    if (BN_is_zero(r) || !BN_add(t, r, kk) || BN_cmp(t, n) == 0)
        goto out; /* r = 0 or r + k = n: another k */
    rc = -1;
    /* s = (1 + d)^-1 (k - r d) mod n */
    if (!BN_add(t, bd, BN_value_one()) || !BN_mod_inverse(t, t, n, ctx) || !BN_mod_mul(s, r, bd, n, ctx) ||
        !BN_mod_sub(s, kk, s, n, ctx) || !BN_mod_mul(s, s, t, n, ctx))
        goto out;
    rc = 1;
    if (BN_is_zero(s))
        goto out;
    rc = put32(r, sig) || put32(s, sig + 32) ? -1 : 0;
out:
    EC_POINT_free(q);
    BN_clear_free(bd);
    BN_clear_free(t);
    BN_clear_free(kk);
    BN_free(be);
    BN_free(x1);
    BN_free(r);
    BN_free(s);
    BN_CTX_free(ctx);
    return rc;
}

int sm2_verify_e(const EC_GROUP *g, const unsigned char pk[64], const unsigned char e[32],
                 const unsigned char sig[64])
{
    BN_CTX *ctx = BN_CTX_new();
    const BIGNUM *n = EC_GROUP_get0_order(g);
    BIGNUM *r = BN_new(), *s = BN_new(), *t = BN_new(), *be = BN_new(), *x = BN_new(), *y = BN_new();
    EC_POINT *p = EC_POINT_new(g), *q = EC_POINT_new(g);
    int rc = -1;
    if (!ctx || !n || !r || !s || !t || !be || !x || !y || !p || !q || !BN_bin2bn(sig, 32, r) ||
        !BN_bin2bn(sig + 32, 32, s) || !BN_bin2bn(e, 32, be) || !BN_bin2bn(pk, 32, x) || !BN_bin2bn(pk + 32, 32, y))
        goto out;
    /* r, s in [1, n - 1]; P on the curve (set_affine_coordinates checks it) */
    if (BN_is_zero(r) || BN_is_zero(s) || BN_cmp(r, n) >= 0 || BN_cmp(s, n) >= 0 ||
        !EC_POINT_set_affine_coordinates(g, p, x, y, ctx))
        goto out;
    /* t = (r + s) mod n, t != 0; (x1, y1) = s G + t P; R = (e + x1) mod n = r */
    if (!BN_mod_add(t, r, s, n, ctx) || BN_is_zero(t) || !EC_POINT_mul(g, q, s, p, t, ctx) ||
        !EC_POINT_get_affine_coordinates(g, q, x, NULL, ctx) || !BN_mod_add(t, be, x, n, ctx))
        goto out;
    rc = BN_cmp(t, r) == 0 ? 0 : -1;
out:
    EC_POINT_free(p);
    EC_POINT_free(q);
    BN_free(r);
    BN_free(s);
    BN_free(t);
    BN_free(be);
    BN_free(x);
    BN_free(y);
    BN_CTX_free(ctx);
    return rc;
}

/* ---- the ICCS entry points on the SM2 curve ---- */

/* the curve, made once per process (a signer keeps it, as OpenSSL's key objects do) */
static const EC_GROUP *curve(void)
{
    static EC_GROUP *g;
    if (!g)
        g = EC_GROUP_new_by_curve_name(NID_sm2);
    return g;
}

/* a scalar in [1, max] from the DRNG, by rejection (32 bytes a draw) */
static int draw(const BIGNUM *max, BIGNUM *out, unsigned char b[32])
{
    int i;
    for (i = 0; i < 1000; i++) {
        get_random_number(&drng_algorithm, b, 256);
        if (!BN_bin2bn(b, 32, out))
            return -1;
        if (!BN_is_zero(out) && BN_cmp(out, max) <= 0)
            return 0;
    }
    return -1;
}

int sig_keygen(unsigned char *pk, unsigned long long *pk_len, unsigned char *sk, unsigned long long *sk_len)
{
    const EC_GROUP *g = curve();
    BIGNUM *max = BN_new(), *d = BN_secure_new();
    int rc = -1;
    /* d in [1, n - 2] (GB/T 32918.1, 6.1) */
    if (g && max && d && BN_copy(max, EC_GROUP_get0_order(g)) && BN_sub_word(max, 2) && draw(max, d, sk) == 0 &&
        put32(d, sk) == 0 && sm2_public(g, sk, pk) == 0) {
        memcpy(sk + 32, pk, 64);
        *pk_len = CRYPTO_PUBLICKEYBYTES;
        *sk_len = CRYPTO_SECRETKEYBYTES;
        rc = 0;
    }
    BN_free(max);
    BN_clear_free(d);
    return rc;
}

int sig_sign(unsigned char *sk, unsigned long long sk_len, unsigned char *m, unsigned long long m_len,
             unsigned char *sn, unsigned long long *sn_len)
{
    const EC_GROUP *g = curve();
    unsigned char z[32], e[32], b[32];
    BIGNUM *max = BN_new(), *k = BN_secure_new();
    int rc = -1, i;
    if (sk_len != CRYPTO_SECRETKEYBYTES || !g || !max || !k || !BN_copy(max, EC_GROUP_get0_order(g)) ||
        !BN_sub_word(max, 1) ||
        sm2_z(g, (const unsigned char *)SM2_DEFAULT_ID, sizeof SM2_DEFAULT_ID - 1, sk + 32, z) != 0 ||
        sm2_e(z, m, (size_t)m_len, e) != 0)
        goto out;
    for (i = 0; i < 100 && rc != 0; i++) { /* k in [1, n - 1], again when the standard says so */
        if (draw(max, k, b) != 0)
            break;
        rc = sm2_sign_k(g, sk, e, k, sn);
        if (rc < 0)
            break;
    }
    if (rc == 0)
        *sn_len = CRYPTO_BYTES;
out:
    BN_free(max);
    BN_clear_free(k);
    return rc == 0 ? 0 : -1;
}

int sig_verify(unsigned char *pk, unsigned long long pk_len, unsigned char *sn, unsigned long long sn_len,
               unsigned char *m, unsigned long long m_len)
{
    const EC_GROUP *g = curve();
    unsigned char z[32], e[32];
    if (pk_len != CRYPTO_PUBLICKEYBYTES || sn_len != CRYPTO_BYTES || !g ||
        sm2_z(g, (const unsigned char *)SM2_DEFAULT_ID, sizeof SM2_DEFAULT_ID - 1, pk, z) != 0 ||
        sm2_e(z, m, (size_t)m_len, e) != 0)
        return -1;
    return sm2_verify_e(g, pk, e, sn);
}
