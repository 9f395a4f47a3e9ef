/* kem.c - the ICCS KEM entry points of YuanYang.KEM: key generation
 * (spec §8), encapsulation (§9) and decapsulation with implicit rejection
 * (§10.2), plus the size getters (§3). */
#include <string.h>

#include "api.h"
#include "auxfunc.h"
#include "drng.h"
#include "iccs_kem.h"
#include "yuanyang.h"

/* api.h states the sizes as plain numbers; they must be the derived ones. */
typedef char yy_check_pk[CRYPTO_PUBLICKEYBYTES == YY_PK_BYTES ? 1 : -1];
typedef char yy_check_sk[CRYPTO_SECRETKEYBYTES == YY_SK_BYTES ? 1 : -1];
typedef char yy_check_ct[CRYPTO_CIPHERTEXTBYTES == YY_CT_BYTES ? 1 : -1];
typedef char yy_check_ss[CRYPTO_BYTES == YY_S ? 1 : -1];

/* Key attempts before giving up (spec §8): parity and q-inversion failures
 * both count. */
#define YY_KEYGEN_ATTEMPTS 255

unsigned long long kem_get_pk_len_bytes(void) { return CRYPTO_PUBLICKEYBYTES; }
unsigned long long kem_get_sk_len_bytes(void) { return CRYPTO_SECRETKEYBYTES; }
unsigned long long kem_get_ss_len_bytes(void) { return CRYPTO_BYTES; }
unsigned long long kem_get_ct_len_bytes(void) { return CRYPTO_CIPHERTEXTBYTES; }

/* Called through a volatile pointer, memset cannot be proven dead and
 * dropped, and stays as fast as memset. */
static void *(*const volatile wipe_memset)(void *, int, size_t) = memset;

void yy_wipe(void *p, size_t len)
{
    wipe_memset(p, 0, len);
}

int kem_keygen(unsigned char *pk, unsigned long long *pk_len_bytes,
               unsigned char *sk, unsigned long long *sk_len_bytes)
{
    yy_bytesrc src;
    int8_t f[YY_D], g[YY_D];
    uint16_t f_hat[YY_D], finv_hat[YY_D], h[YY_D];
    uint64_t fbar[YY_W], finv2[YY_W];
    unsigned char hpk[64];
    int attempt, found = 0;
    size_t i;

    if (pk_len_bytes != NULL)
        *pk_len_bytes = CRYPTO_PUBLICKEYBYTES;
    if (sk_len_bytes != NULL)
        *sk_len_bytes = CRYPTO_SECRETKEYBYTES;
    if (pk == NULL || pk_len_bytes == NULL || sk == NULL || sk_len_bytes == NULL)
        return -3;

    /* One byte stream for f, g and K', in that order. */
    yy_bytesrc_init(&src, &drng_algorithm);
    for (attempt = 0; attempt < YY_KEYGEN_ATTEMPTS && !found; attempt++) {
        int sum = 0;
        yy_sample_key(f, &src);
        for (i = 0; i < YY_D; i++)
            sum += f[i];
        /* f must be invertible mod 2; g is not drawn for an f that is not. */
        if (((unsigned)sum & 1u) == 0)
            continue;
        yy_sample_key(g, &src);
        yy_poly_from_small(f_hat, f);
        yy_poly_ntt(f_hat);
        found = yy_poly_baseinv(finv_hat, f_hat) == 0;
    }
    if (!found) {
        yy_wipe(&src, sizeof src);
        yy_wipe(f, sizeof f);
        yy_wipe(g, sizeof g);
        yy_wipe(f_hat, sizeof f_hat);
        yy_wipe(finv_hat, sizeof finv_hat);
        return -5;
    }

    /* h = g f^-1 mod q */
    yy_poly_from_small(h, g);
    yy_poly_ntt(h);
    yy_poly_basemul(h, h, finv_hat);
    yy_poly_invntt(h);
    yy_pack_pk(pk, h);

    yy_gf2_from_small(fbar, f);
    yy_gf2_inv(finv2, fbar);

    for (i = 0; i < YY_D; i++)
        sk[YY_SK_F + i] = (unsigned char)f[i]; /* two's complement byte */
    for (i = 0; i < YY_N; i++)
        sk[YY_SK_F2INV + i] = (unsigned char)((finv2[i / 64] >> (i % 64)) & 1);
    pseudohash(512, pk, 8 * (unsigned long long)YY_PK_BYTES, hpk);
    memcpy(sk + YY_SK_HPK, hpk, YY_S);
    yy_bytesrc_read(&src, sk + YY_SK_KPRIME, YY_S); /* K' continues the stream */
    memcpy(sk + YY_SK_PK, pk, YY_PK_BYTES);

    yy_wipe(&src, sizeof src);
    yy_wipe(f, sizeof f);
    yy_wipe(g, sizeof g);
    yy_wipe(f_hat, sizeof f_hat);
    yy_wipe(finv_hat, sizeof finv_hat);
    yy_wipe(fbar, sizeof fbar);
    yy_wipe(finv2, sizeof finv2);
    return 0;
}

/* o = PH1024(msg || H_pk[0:S] || 0x2A): K = o[0:S], and the seed of the
 * deterministic encryption is (o[S:2S] || 0x2D) cut to YY_SEED_BYTES, which
 * for d = 2048 drops the tag and keeps o[64:119] (spec §12.3). */
static void hash_msg(unsigned char k[YY_S], unsigned char seed[YY_SEED_BYTES],
                     const unsigned char msg[YY_S], const unsigned char hpk[YY_S])
{
    unsigned char in[2 * YY_S + 1], o[128], tail[YY_S + 1];
    memcpy(in, msg, YY_S);
    memcpy(in + YY_S, hpk, YY_S);
    in[2 * YY_S] = YY_TAG_HASH_MSG;
    pseudohash(1024, in, 8 * (unsigned long long)sizeof in, o);
    memcpy(k, o, YY_S);
    memcpy(tail, o + YY_S, YY_S);
    tail[YY_S] = YY_TAG_SEED;
    memcpy(seed, YY_SEED_BYTES == YY_S + 1 ? tail : o + YY_S, YY_SEED_BYTES);
    yy_wipe(in, sizeof in);
    yy_wipe(o, sizeof o);
    yy_wipe(tail, sizeof tail);
}

/* ss = PH512(key || ct || 0x2B)[0:S] */
static void hash_k(unsigned char ss[YY_S], const unsigned char key[YY_S], const unsigned char ct[YY_CT_BYTES])
{
    unsigned char in[YY_S + YY_CT_BYTES + 1], o[64];
    memcpy(in, key, YY_S);
    memcpy(in + YY_S, ct, YY_CT_BYTES);
    in[YY_S + YY_CT_BYTES] = YY_TAG_HASH_K;
    pseudohash(512, in, 8 * (unsigned long long)sizeof in, o);
    memcpy(ss, o, YY_S);
    yy_wipe(in, YY_S);
    yy_wipe(o, sizeof o);
}

/* The reference takes pk_len as the length of the H_pk input without any
 * check; here anything but the public-key size is refused (-2), so that no
 * length can make it read outside pk. Valid calls are unaffected. */
int kem_enc(unsigned char *pk, unsigned long long pk_len_bytes,
            unsigned char *ss, unsigned long long *ss_len_bytes,
            unsigned char *ct, unsigned long long *ct_len_bytes)
{
    uint16_t h[YY_D];
    unsigned char msg[YY_S], hpk[64], k[YY_S], seed[YY_SEED_BYTES];

    if (pk == NULL || ss == NULL || ss_len_bytes == NULL || ct == NULL || ct_len_bytes == NULL)
        return -3;
    if (pk_len_bytes != CRYPTO_PUBLICKEYBYTES)
        return -2;

    yy_unpack_pk(h, pk);
    yy_poly_ntt(h);
    get_random_number(&drng_algorithm, msg, YY_LAMBDA);
    pseudohash(512, pk, 8 * (unsigned long long)YY_PK_BYTES, hpk);
    hash_msg(k, seed, msg, hpk);
    yy_encrypt(ct, h, seed, msg);
    hash_k(ss, k, ct);
    *ss_len_bytes = CRYPTO_BYTES;
    *ct_len_bytes = CRYPTO_CIPHERTEXTBYTES;

    yy_wipe(msg, sizeof msg);
    yy_wipe(k, sizeof k);
    yy_wipe(seed, sizeof seed);
    return 0;
}

/* Decrypts, re-encrypts and compares; a ciphertext that does not re-encrypt
 * to itself gets PH512(K' || ct || 0x2B) instead (implicit rejection), and
 * kem_dec still returns 0. Only wrong lengths return -1. */
int kem_dec(unsigned char *sk, unsigned long long sk_len_bytes,
            unsigned char *ct, unsigned long long ct_len_bytes,
            unsigned char *ss, unsigned long long *ss_len_bytes)
{
    uint16_t h[YY_D];
    unsigned char msg[YY_S], kbar[YY_S], seed[YY_SEED_BYTES], ct2[YY_CT_BYTES], key[YY_S];
    unsigned char diff = 0, keep;
    size_t i;

    if (sk == NULL || ct == NULL || ss == NULL || ss_len_bytes == NULL)
        return -3;
    if (ct_len_bytes != CRYPTO_CIPHERTEXTBYTES || sk_len_bytes != CRYPTO_SECRETKEYBYTES)
        return -1;

    yy_decrypt(msg, sk, ct);
    /* The stored H_pk prefix, not a hash of the stored pk (spec §10.2). */
    hash_msg(kbar, seed, msg, sk + YY_SK_HPK);
    yy_unpack_pk(h, sk + YY_SK_PK);
    yy_poly_ntt(h);
    yy_encrypt(ct2, h, seed, msg);

    for (i = 0; i < YY_CT_BYTES; i++)
        diff |= ct2[i] ^ ct[i];
    keep = (unsigned char)(((unsigned)diff - 1u) >> 8); /* 0xFF iff equal */
    for (i = 0; i < YY_S; i++)
        key[i] = (unsigned char)((kbar[i] & keep) | (sk[YY_SK_KPRIME + i] & ~keep));
    hash_k(ss, key, ct);
    *ss_len_bytes = CRYPTO_BYTES;

    yy_wipe(msg, sizeof msg);
    yy_wipe(kbar, sizeof kbar);
    yy_wipe(seed, sizeof seed);
    yy_wipe(key, sizeof key);
    return 0;
}
