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
#include "sm3.h"
#include "sm3x.h"

#ifdef HAVE_OPENSSL
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/core_names.h>
#endif

#include "target.h" /* drng_algorithm: defined once, in target/target.c */

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

/* ---- every backend side by side ----
 * Each column is a function of no arguments on the globals below; the
 * columns are timed round-robin, `reps` calls per sample, ROUNDS samples,
 * and compared by their medians. A column that runs an ngbench backend
 * selects it first (a store), so one process times them all. */
#define NBE 3
static const char *const be_names[NBE] = { "portable", "avx2", "avx512" };
#define MB 16
static unsigned char mb_in[MB][65536], mb_out[MB][32];
static const unsigned char *mb_ip[MB];
static unsigned char *mb_op[MB];
static size_t mb_len;

typedef void (*col)(void);

static void time_cols(const col *f, int k, int reps, double *med)
{
    static int64_t s[8][ROUNDS];
    int i, j, r;
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

/* single stream: sm3hash of mb_in[0] on each single-stream backend */
static void ss_run(int be)
{
    iccs_sm3_select(be_names[be]);
    sm3hash(256, mb_ip[0], 8ull * mb_len, mb_op[0]);
}
static void ss_portable(void) { ss_run(0); }
static void ss_avx2(void) { ss_run(1); }
static void ss_avx512(void) { ss_run(2); }
static const col ss_cols[NBE] = { ss_portable, ss_avx2, ss_avx512 };

/* multi-buffer: 16 messages through iccs_sm3x on each backend */
static void mb_run(int be, size_t per)
{
    size_t i;
    iccs_sm3x_select(be_names[be]);
    for (i = 0; i < MB; i += per)
        iccs_sm3x(mb_op + i, mb_ip + i, mb_len, per);
}
static void mb_portable(void) { mb_run(0, MB); }
static void mb_avx2(void) { mb_run(1, MB); }
static void mb_avx512(void) { mb_run(2, MB); }
static void mb_avx512_by8(void) { mb_run(2, 8); }
static const col mb_cols[NBE] = { mb_portable, mb_avx2, mb_avx512 };

static void mb_single(void)
{
    int i;
    for (i = 0; i < MB; i++)
        sm3hash(256, mb_ip[i], 8ull * mb_len, mb_op[i]);
}

#ifdef HAVE_OPENSSL
static void ss_ossl(void) { ossl_sm3(mb_ip[0], mb_len, mb_op[0], 32); }
static void mb_ossl(void)
{
    int i;
    for (i = 0; i < MB; i++)
        ossl_sm3(mb_ip[i], mb_len, mb_op[i], 32);
}
#endif

/* The dispatch check (a benchmark figure, not a test): the automatic
 * choice against portable, from the same run; "slower" if by more than 5%,
 * the spread of medians this harness shows on a busy host. */
static void dispatch_line(const char *what, const char *chosen, double t_chosen, double t_portable)
{
    double r = t_portable / t_chosen;
    printf("dispatch %-19s picks %-8s: %.2fx portable  %s\n", what, chosen, r,
           r >= 0.95 ? "ok (not slower than portable beyond noise)" : "SLOWER than portable");
}

static void fill_mb(void)
{
    size_t i, j;
    for (i = 0; i < MB; i++) {
        for (j = 0; j < sizeof mb_in[i]; j++)
            mb_in[i][j] = (unsigned char)(i * 31 + j * 7 + 1);
        mb_ip[i] = mb_in[i];
        mb_op[i] = mb_out[i];
    }
}

static void ss_rows(int have_ossl, const char *auto_short, const char *auto_ss, double *t64k_auto,
                    double *t64k_portable)
{
    static const size_t lens[] = { 64, 256, 1024, 4096, 16384, 65536 };
    col f[NBE + 1];
    int idx[NBE + 1], k = 0, i, j;
    double med[NBE + 1];
    for (i = 0; i < NBE; i++)
        if (iccs_sm3_backend_runs(be_names[i])) {
            idx[k] = i;
            f[k++] = ss_cols[i];
        }
#ifdef HAVE_OPENSSL
    if (have_ossl)
        f[k++] = ss_ossl;
#else
    (void)have_ossl;
#endif
    printf("\n== single-stream SM3, every backend (sm3hash; * = the automatic choice: %s below %d bytes, %s from there): "
           "ticks per message, ticks per byte, OpenSSL / backend\n", auto_short, 8 * 64, auto_ss);
    printf("%6s", "bytes");
    for (j = 0; j < k; j++)
        printf("  %17s", j < k - have_ossl || !have_ossl ? be_names[idx[j]] : "openssl");
    printf("  ratios (openssl/backend)\n");
    for (i = 0; i < (int)(sizeof lens / sizeof lens[0]); i++) {
        int nb = k - (have_ossl ? 1 : 0);
        mb_len = lens[i];
        time_cols(f, k, mb_len > 4096 ? 2 : 16, med);
        printf("%6zu", mb_len);
        for (j = 0; j < k; j++)
            printf("  %9.0f %6.2f%s", med[j], med[j] / (double)mb_len,
                   j < nb && strcmp(be_names[idx[j]], mb_len >= 8 * 64 ? auto_ss : auto_short) == 0 ? "*" : " ");
        for (j = 0; have_ossl && j < nb; j++)
            printf("  %s %.2f", be_names[idx[j]], med[k - 1] / med[j]);
        printf("\n");
        if (mb_len == 65536)
            for (j = 0; j < nb; j++) {
                if (strcmp(be_names[idx[j]], auto_ss) == 0)
                    *t64k_auto = med[j];
                if (idx[j] == 0)
                    *t64k_portable = med[j];
            }
    }
    iccs_sm3_select("auto");
}

static void mb_rows(int have_ossl, const char *auto_mb, double *t64_auto, double *t64_portable)
{
    static const size_t lens[] = { 32, 64, 1024 };
    col f[NBE + 3];
    const char *name[NBE + 3];
    int k = 0, i, j, nbe = 0;
    double med[NBE + 3];
    f[k] = mb_single;
    name[k++] = "single";
    for (i = 0; i < NBE; i++)
        if (iccs_sm3x_backend_runs(be_names[i])) {
            f[k] = mb_cols[i];
            name[k++] = be_names[i];
            nbe++;
        }
    if (iccs_sm3x_backend_runs("avx512")) {
        f[k] = mb_avx512_by8;
        name[k++] = "avx512/8";
    }
#ifdef HAVE_OPENSSL
    if (have_ossl) {
        f[k] = mb_ossl;
        name[k++] = "openssl";
    }
#else
    (void)have_ossl;
#endif
    printf("\n== multi-buffer SM3, every backend (iccs_sm3x, 16 messages per call; avx512/8: two "
           "calls of 8, as callers sized by ICCS_SM3X_LANES; * = the automatic choice, %s): "
           "ticks per message, OpenSSL / column\n", auto_mb);
    printf("%6s", "bytes");
    for (j = 0; j < k; j++)
        printf(" %9s", name[j]);
    printf("   ratios (openssl/column)\n");
    for (i = 0; i < 3; i++) {
        mb_len = lens[i];
        time_cols(f, k, mb_len > 256 ? 2 : 16, med);
        printf("%6zu", mb_len);
        for (j = 0; j < k; j++) {
            med[j] /= MB;
            printf(" %8.0f%s", med[j], strcmp(name[j], auto_mb) == 0 ? "*" : " ");
        }
        for (j = 0; have_ossl && j < k - 1; j++)
            printf("  %s %.2f", name[j], med[k - 1] / med[j]);
        printf("\n");
        if (mb_len == 64)
            for (j = 1; j <= nbe; j++) {
                if (strcmp(name[j], auto_mb) == 0)
                    *t64_auto = med[j];
                if (strcmp(name[j], "portable") == 0)
                    *t64_portable = med[j];
            }
    }
    iccs_sm3x_select("auto");
}

/* pseudoXOF with many output blocks (the TSUOV matrix expansion): the
 * blocks finalised 16 at a time against the single-stream pseudoXOF. */
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
    printf("\n== pseudoXOF, 64-byte input: output blocks finalised 16 at a time (iccs_pseudoxof_mb)\n");
    printf("%6s  %10s %10s  %6s\n", "out", "pseudoXOF", "mb", "ratio");
    for (i = 0; i < 2; i++) {
        time_pair(ng_xof, mbx_xof, in, sizeof in, out, outs[i], &c_s, &c_m);
        printf("%6zu  %10.0f %10.0f  %6.2f\n", outs[i], c_s, c_m, c_s / c_m);
    }
}

int main(int argc, char **argv)
{
    static const size_t outs[] = { 32, 64, 128 };
    const char *auto_ss, *auto_short, *auto_mb;
    double t_ss = 0, t_ssp = 0, t_mb = 0, t_mbp = 0;
    op ossl_hash = NULL, ossl_xof = NULL, ossl_xof2 = NULL;
    size_t i;
    (void)argv;
    if (argc > 1) {
        puts("usage: iccs-bench\nPrints every SM3 backend of ngbench (single-stream sm3hash and the "
             "multi-buffer iccs_sm3x: portable, avx2, avx512, those this host runs) and pseudoXOF "
             "against OpenSSL's SM3 (EVP), side by side in one run: counter ticks per call and per "
             "byte, the ratios OpenSSL/backend, and whether the automatic choice of backend is "
             "slower than portable. NGBENCH_SM3X=NAME forces the choice.");
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
    auto_ss = iccs_sm3_backend(); /* calibrates: before any select */
    auto_short = iccs_sm3_backend_for(1);
    auto_mb = iccs_sm3x_backend();
    fill_mb();
    printf("# counter %s, %lld ticks/s (wall clock: 1 tick = %.3f ns), overhead %lld ticks\n",
           ngcycles_implementation(), (long long)ngcycles_persecond(), 1e9 / (double)ngcycles_persecond(),
           (long long)ngcycles_overhead());
    printf("# backends: single-stream %s (short runs) and %s (8 blocks or more), multi-buffer %s (%zu lanes)\n", auto_short, auto_ss, auto_mb, iccs_sm3x_lanes());
    if (!ossl_hash)
        printf("# OpenSSL SM3 not available: ngbench figures only\n");
    printf("%-10s %6s %6s  %10s %8s  %10s %8s  %6s\n", "function", "in", "out", "ngbench", "c/byte",
           "openssl", "c/byte", "ratio");
    for (i = 0; i < 3; i++)
        row("pseudoXOF", 64, outs[i], ng_xof, ossl_xof, "X9.63 KDF over EVP_Digest");
    for (i = 0; ossl_xof2 && i < 3; i++)
        row("pseudoXOF", 64, outs[i], ng_xof, ossl_xof2, "EVP_KDF X963KDF");
    xof_rows();
    ss_rows(ossl_hash != NULL, auto_short, auto_ss, &t_ss, &t_ssp);
    mb_rows(ossl_hash != NULL, auto_mb, &t_mb, &t_mbp);
    printf("\n");
    dispatch_line("single-stream 64 KiB", auto_ss, t_ss, t_ssp);
    dispatch_line("multi-buffer 64 B", auto_mb, t_mb, t_mbp);
    return 0;
}
