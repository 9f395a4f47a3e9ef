/* iccs-bench.c - ngbench's SM3 and pseudoXOF against OpenSSL's, side by side
 * in one run (a benchmark, not a test: it prints figures and never fails on
 * them).
 *
 * For each size the two implementations are timed alternately, many rounds,
 * and the median cycles per call are compared: ratio = OpenSSL / ngbench, so a
 * ratio >= 1.00 means ngbench is at least as fast. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "auxfunc.h"
#include "drng.h"
#include "ngcycles.h"
#include "sm3x.h"

#ifdef HAVE_OPENSSL
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/core_names.h>
#endif

DRNG_ctx drng_algorithm;

#define ROUNDS 301

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

typedef void (*op)(const unsigned char *in, size_t inlen, unsigned char *out, size_t outlen);

static volatile unsigned char sink;

/* Median cycles of one call of f and of g, timed alternately round by round
 * so that both see the same machine state; each sample times `reps` calls. */
static void time_pair(op f, op g, const unsigned char *in, size_t inlen, unsigned char *out, size_t outlen,
                      double *cf, double *cg)
{
    static int64_t sf[ROUNDS], sg[ROUNDS];
    int i, r, reps = inlen + outlen > 4096 ? 1 : 16;
    f(in, inlen, out, outlen); /* warm up */
    if (g)
        g(in, inlen, out, outlen);
    for (i = 0; i < ROUNDS; i++) {
        int64_t t0 = ngcycles();
        for (r = 0; r < reps; r++)
            f(in, inlen, out, outlen);
        sf[i] = ngcycles() - t0;
        if (g) {
            t0 = ngcycles();
            for (r = 0; r < reps; r++)
                g(in, inlen, out, outlen);
            sg[i] = ngcycles() - t0;
        }
        sink ^= out[0];
    }
    qsort(sf, ROUNDS, sizeof sf[0], cmp64);
    *cf = (double)sf[ROUNDS / 2] / reps;
    if (g) {
        qsort(sg, ROUNDS, sizeof sg[0], cmp64);
        *cg = (double)sg[ROUNDS / 2] / reps;
    }
}

static void ng_sm3(const unsigned char *in, size_t inlen, unsigned char *out, size_t outlen)
{
    (void)outlen;
    sm3hash(256, in, 8ull * inlen, out);
}

static void ng_xof(const unsigned char *in, size_t inlen, unsigned char *out, size_t outlen)
{
    pseudoXOF(8ull * outlen, in, 8ull * inlen, out);
}

#ifdef HAVE_OPENSSL
static const EVP_MD *md;
static EVP_MD_CTX *mdctx;
static EVP_KDF_CTX *kdfctx;

static void ossl_sm3(const unsigned char *in, size_t inlen, unsigned char *out, size_t outlen)
{
    unsigned int n;
    (void)outlen;
    EVP_DigestInit_ex(mdctx, md, NULL);
    EVP_DigestUpdate(mdctx, in, inlen);
    EVP_DigestFinal_ex(mdctx, out, &n);
}

/* The X9.63 KDF as a caller would write it over EVP: one digest per block. */
static void ossl_kdf_loop(const unsigned char *in, size_t inlen, unsigned char *out, size_t outlen)
{
    unsigned char block[32], ctr[4];
    unsigned int n, i;
    size_t done = 0;
    for (i = 1; done < outlen; i++) {
        size_t take = outlen - done < 32 ? outlen - done : 32;
        ctr[0] = (unsigned char)(i >> 24);
        ctr[1] = (unsigned char)(i >> 16);
        ctr[2] = (unsigned char)(i >> 8);
        ctr[3] = (unsigned char)i;
        EVP_DigestInit_ex(mdctx, md, NULL);
        EVP_DigestUpdate(mdctx, in, inlen);
        EVP_DigestUpdate(mdctx, ctr, 4);
        EVP_DigestFinal_ex(mdctx, block, &n);
        memcpy(out + done, block, take);
        done += take;
    }
}

static void ossl_kdf(const unsigned char *in, size_t inlen, unsigned char *out, size_t outlen)
{
    OSSL_PARAM p[3];
    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)"SM3", 0);
    p[1] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)in, inlen);
    p[2] = OSSL_PARAM_construct_end();
    EVP_KDF_derive(kdfctx, out, outlen, p);
}
#endif

static void row(const char *what, size_t inlen, size_t outlen, op ng, op ossl, const char *osslname)
{
    static unsigned char in[65536], out[256];
    size_t bytes = outlen > 32 ? outlen : inlen; /* per byte of the dominant side */
    double c_ng, c_os;
    size_t i;
    for (i = 0; i < inlen; i++)
        in[i] = (unsigned char)(i * 7 + 1);
    time_pair(ng, ossl, in, inlen, out, outlen, &c_ng, &c_os);
    if (!ossl) {
        printf("%-10s %6zu %6zu  %10.0f %8.2f  %10s %8s  %6s\n", what, inlen, outlen, c_ng, c_ng / bytes, "-", "-", "-");
        return;
    }
    printf("%-10s %6zu %6zu  %10.0f %8.2f  %10.0f %8.2f  %6.2f  (%s)\n", what, inlen, outlen, c_ng,
           c_ng / bytes, c_os, c_os / bytes, c_os / c_ng, osslname);
}

/* ---- multi-buffer SM3: 8 independent messages of one length ---- */
#define MB 8
static unsigned char mb_in[MB][1024], mb_out[MB][32];
static const unsigned char *mb_ip[MB];
static unsigned char *mb_op[MB];
static size_t mb_len;

static void mb_single(void)
{
    int i;
    for (i = 0; i < MB; i++)
        sm3hash(256, mb_ip[i], 8ull * mb_len, mb_op[i]);
}

static void mb_x8(void) { iccs_sm3x(mb_op, mb_ip, mb_len, MB); }

static void mb_x4(void)
{
    iccs_sm3x(mb_op, mb_ip, mb_len, 4);
    iccs_sm3x(mb_op + 4, mb_ip + 4, mb_len, 4);
}

#ifdef HAVE_OPENSSL
static void mb_ossl(void)
{
    int i;
    for (i = 0; i < MB; i++)
        ossl_sm3(mb_ip[i], mb_len, mb_op[i], 32);
}
#endif

/* Median cycles per call of each of the k functions, timed round-robin. */
static void time_round_robin(void (*const f[])(void), int k, double *med)
{
    static int64_t s[4][ROUNDS];
    int i, j, r, reps = mb_len > 256 ? 2 : 16;
    for (j = 0; j < k; j++)
        f[j]();
    for (i = 0; i < ROUNDS; i++)
        for (j = 0; j < k; j++) {
            int64_t t0 = ngcycles();
            for (r = 0; r < reps; r++)
                f[j]();
            s[j][i] = ngcycles() - t0;
            sink ^= mb_out[0][0];
        }
    for (j = 0; j < k; j++) {
        qsort(s[j], ROUNDS, sizeof s[j][0], cmp64);
        med[j] = (double)s[j][ROUNDS / 2] / reps;
    }
}

static void mb_rows(int have_ossl)
{
    static const size_t lens[] = { 32, 64, 1024 };
    void (*f[4])(void);
    double med[4];
    int i, j, k;
    for (i = 0; i < MB; i++) {
        for (j = 0; j < 1024; j++)
            mb_in[i][j] = (unsigned char)(i * 31 + j * 7 + 1);
        mb_ip[i] = mb_in[i];
        mb_op[i] = mb_out[i];
    }
    f[0] = mb_single;
    f[1] = mb_x8;
    f[2] = mb_x4;
    k = 3;
#ifdef HAVE_OPENSSL
    if (have_ossl)
        f[k++] = mb_ossl;
#else
    (void)have_ossl;
#endif
    printf("\n== multi-buffer SM3 (iccs/sm3x.h, backend %s): cycles per message, 8 messages per sample\n",
           iccs_sm3x_backend());
    printf("%6s  %10s %10s %10s %10s  %8s %8s %8s %9s\n", "bytes", "single", "x8", "2 x4", "openssl",
           "x8/sgl", "x4/sgl", "x8/ossl", "sgl/ossl");
    for (i = 0; i < 3; i++) {
        mb_len = lens[i];
        time_round_robin(f, k, med);
        for (j = 0; j < k; j++)
            med[j] /= MB;
        if (k == 4)
            printf("%6zu  %10.0f %10.0f %10.0f %10.0f  %8.2f %8.2f %8.2f %9.2f\n", mb_len, med[0], med[1],
                   med[2], med[3], med[0] / med[1], med[0] / med[2], med[3] / med[1], med[3] / med[0]);
        else
            printf("%6zu  %10.0f %10.0f %10.0f %10s  %8.2f %8.2f %8s %9s\n", mb_len, med[0], med[1], med[2],
                   "-", med[0] / med[1], med[0] / med[2], "-", "-");
    }
}

/* pseudoXOF with many output blocks (the TSUOV matrix expansion): the
 * blocks finalised 8 at a time against the single-stream pseudoXOF. */
static void mbx_xof(const unsigned char *in, size_t inlen, unsigned char *out, size_t outlen)
{
    iccs_pseudoxof_mb(out, outlen, in, inlen);
}

static void xof_rows(void)
{
    static unsigned char in[64], out[4096];
    static const size_t outs[] = { 256, 4096 };
    double c_s, c_m;
    size_t i;
    for (i = 0; i < sizeof in; i++)
        in[i] = (unsigned char)(i * 5 + 3);
    printf("\n== pseudoXOF, 64-byte input: output blocks finalised 8 at a time (iccs_pseudoxof_mb)\n");
    printf("%6s  %10s %10s  %6s\n", "out", "pseudoXOF", "mb", "ratio");
    for (i = 0; i < 2; i++) {
        time_pair(ng_xof, mbx_xof, in, sizeof in, out, outs[i], &c_s, &c_m);
        printf("%6zu  %10.0f %10.0f  %6.2f\n", outs[i], c_s, c_m, c_s / c_m);
    }
}

int main(int argc, char **argv)
{
    static const size_t sizes[] = { 64, 1024, 65536 }, outs[] = { 32, 64, 128 };
    op ossl_hash = NULL, ossl_xof = NULL, ossl_xof2 = NULL;
    size_t i;
    (void)argv;
    if (argc > 1) {
        puts("usage: iccs-bench\nPrints ngbench's sm3hash and pseudoXOF against OpenSSL's SM3 "
             "(EVP) in cycles per call and per byte, and the ratio OpenSSL/ngbench.");
        return 0;
    }
#ifdef HAVE_OPENSSL
    md = EVP_sm3();
    mdctx = EVP_MD_CTX_new();
    {
        EVP_KDF *kdf = EVP_KDF_fetch(NULL, "X963KDF", NULL);
        if (kdf) {
            kdfctx = EVP_KDF_CTX_new(kdf);
            ossl_xof2 = ossl_kdf;
        }
    }
    if (md && mdctx) {
        ossl_hash = ossl_sm3;
        ossl_xof = ossl_kdf_loop;
    }
#endif
    printf("# counter %s, %lld ticks/s, overhead %lld ticks\n", ngcycles_implementation(),
           (long long)ngcycles_persecond(), (long long)ngcycles_overhead());
    if (!ossl_hash)
        printf("# OpenSSL SM3 not available: ngbench figures only\n");
    printf("%-10s %6s %6s  %10s %8s  %10s %8s  %6s\n", "function", "in", "out", "ngbench", "c/byte",
           "openssl", "c/byte", "ratio");
    for (i = 0; i < 3; i++)
        row("sm3", sizes[i], 32, ng_sm3, ossl_hash, "EVP_Digest SM3");
    for (i = 0; i < 3; i++)
        row("pseudoXOF", 64, outs[i], ng_xof, ossl_xof, "X9.63 KDF over EVP_Digest");
    for (i = 0; ossl_xof2 && i < 3; i++)
        row("pseudoXOF", 64, outs[i], ng_xof, ossl_xof2, "EVP_KDF X963KDF");
    mb_rows(ossl_hash != NULL);
    xof_rows();
    return 0;
}
