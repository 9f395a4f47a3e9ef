/* hash.c (opt) - ref's hash.c (its XOF on iccs_pseudoxof_mb, sigurd-opt.h)
 * and sigurd_hashx on the multi-buffer SM3 of iccs/sm3x.h: iccs_sm3x itself
 * for Sigurd-128, and for 256 and 512 the ICCS pseudohash (spec iccs.md
 * §1.4) with each of its HMAC and SM3 steps run over a whole batch of
 * messages (the HMACs of h1 and h2 of 512 as one batch of twice the size). */
#include "../ref/hash.c"

#include "sm3x.h"

#if SIGURD_HASH_SM3

int sigurd_hashx(uint8_t *const out[], const uint8_t *const in[], size_t len, size_t n)
{
    iccs_sm3x(out, in, len, n);
    return 0;
}

#else

#define PH_BATCH 16                                  /* messages per round of steps */
#define PH_MAXLEN (4 * SIGURD_HBYTES)                 /* Merkle nodes: 2h; leaves: 4 tau <= 2h */
#define PH_ROW (64 + 2 + PH_MAXLEN)                   /* ipad-key || D || message */
#define PH_T (SIGURD_HBYTES / 32)                     /* t = digest bits / 256: 2 or 4 */

/* The HMAC key (iccs.md §1.3) xor ipad and xor opad, made at first use. */
static uint8_t hmac_pad[2][64];
static int hmac_ready;

static void hmac_pads(void)
{
    uint8_t key[64];
    size_t i;
    if (hmac_ready)
        return;
    sm3hash(256, (const unsigned char *)"3.14159265358979", 128, key);
    sm3hash(256, (const unsigned char *)"2.71828182845904", 128, key + 32);
    for (i = 0; i < 64; i++) {
        hmac_pad[0][i] = (uint8_t)(key[i] ^ 0x36);
        hmac_pad[1][i] = (uint8_t)(key[i] ^ 0x5C);
    }
    hmac_ready = 1;
}

/* out[i] = SM3(in + i istride), len bytes, for i < n; out[i] 32 bytes */
static void sm3_rows(uint8_t *const out[], const uint8_t *in, size_t istride, size_t len, size_t n)
{
    const uint8_t *p[2 * PH_BATCH];
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = in + i * istride;
    iccs_sm3x(out, p, len, n);
}

/* out[i] = HMAC(x[i]) for the rows x[i] = row + i stride, each holding
 * 64 free bytes and then its message of len bytes (the 64 bytes and row
 * 0..n-1 are overwritten). n <= 2 PH_BATCH. */
static void hmac_rows(uint8_t *const out[], uint8_t *row, size_t stride, size_t len, size_t n)
{
    uint8_t outer[2 * PH_BATCH][96];
    uint8_t *inner[2 * PH_BATCH];
    size_t i;
    for (i = 0; i < n; i++) {
        memcpy(row + i * stride, hmac_pad[0], 64);
        memcpy(outer[i], hmac_pad[1], 64);
        inner[i] = outer[i] + 64;
    }
    sm3_rows(inner, row, stride, 64 + len, n);
    sm3_rows(out, outer[0], sizeof outer[0], sizeof outer[0], n);
}

/* pseudohash(8h) of n <= PH_BATCH messages of len <= PH_MAXLEN bytes */
static void pseudohash_batch(uint8_t *const out[], const uint8_t *const in[], size_t len, size_t n)
{
    uint8_t row[PH_BATCH][PH_ROW], two[2 * PH_BATCH][64 + 32], pair[PH_BATCH][96];
    uint8_t k[2 * PH_BATCH][32];
    uint8_t *po[2 * PH_BATCH];
    size_t i;

    if (n == 0) /* (also lets gcc -O1 see the rows written before use) */
        return;

    /* k1 = HMAC(D || m) */
    for (i = 0; i < n; i++) {
        row[i][64] = PH_T;
        row[i][65] = 0;
        memcpy(row[i] + 66, in[i], len);
        po[i] = k[i];
    }
    hmac_rows(po, row[0], PH_ROW, 2 + len, n);
    /* h1 = SM3(m || D) into out[i] */
    for (i = 0; i < n; i++) {
        memcpy(row[i], in[i], len);
        row[i][len] = PH_T;
        row[i][len + 1] = 0;
        po[i] = out[i];
    }
    sm3_rows(po, row[0], PH_ROW, len + 2, n);
    /* h2 = SM3(k1 || h1) */
    for (i = 0; i < n; i++) {
        memcpy(pair[i], k[i], 32);
        memcpy(pair[i] + 32, out[i], 32);
        po[i] = out[i] + 32;
    }
    sm3_rows(po, pair[0], sizeof pair[0], 64, n);
#if PH_T == 4
    /* k2 = HMAC(h1) and k3 = HMAC(h2), one batch: k[i] and k[n + i] */
    for (i = 0; i < n; i++) {
        memcpy(two[i] + 64, out[i], 32);
        memcpy(two[n + i] + 64, out[i] + 32, 32);
        po[i] = k[i];
        po[n + i] = k[n + i];
    }
    hmac_rows(po, two[0], sizeof two[0], 32, 2 * n);
    /* h3 = SM3(h2 || k2) */
    for (i = 0; i < n; i++) {
        memcpy(pair[i], out[i] + 32, 32);
        memcpy(pair[i] + 32, k[i], 32);
        po[i] = out[i] + 64;
    }
    sm3_rows(po, pair[0], sizeof pair[0], 64, n);
    /* k4 = HMAC(h3), into k[i] (k2 is no longer needed) */
    for (i = 0; i < n; i++) {
        memcpy(two[i] + 64, out[i] + 64, 32);
        po[i] = k[i];
    }
    hmac_rows(po, two[0], sizeof two[0], 32, n);
    /* h4 = SM3(k3 || h3 || k4) */
    for (i = 0; i < n; i++) {
        memcpy(pair[i], k[n + i], 32);
        memcpy(pair[i] + 32, out[i] + 64, 32);
        memcpy(pair[i] + 64, k[i], 32);
        po[i] = out[i] + 96;
    }
    sm3_rows(po, pair[0], sizeof pair[0], 96, n);
#elif PH_T != 2
#error "opt/hash.c: pseudohash of this length is not batched"
#else
    (void)two;
#endif
}

int sigurd_hashx(uint8_t *const out[], const uint8_t *const in[], size_t len, size_t n)
{
    size_t done, i;
    int rc;
    if (len > PH_MAXLEN) {
        for (i = 0; i < n; i++)
            if ((rc = sigurd_hash(out[i], in[i], len)) != 0)
                return rc;
        return 0;
    }
    hmac_pads();
    for (done = 0; done < n; done += PH_BATCH)
        pseudohash_batch(out + done, in + done, len, n - done < PH_BATCH ? n - done : PH_BATCH);
    return 0;
}

#endif
