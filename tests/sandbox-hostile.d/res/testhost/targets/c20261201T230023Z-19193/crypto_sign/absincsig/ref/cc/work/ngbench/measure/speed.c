/* speed.c - a quick per-operation cycle count for one implementation (linked
 * by build-impl -p speed): median and quartiles of single calls, in one
 * process. The full measurement (fresh-process trials, memory, profile) is
 * ./do's job; this is the tool for a developer's inner loop.
 *
 * Inputs as in the NGCC seed reports: drng_algorithm seeded with the bytes
 * 00..2f, a 64-byte message (bytes 00..3f). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drng.h"
#include "ngcycles.h"

DRNG_ctx drng_algorithm;

#ifdef NGBENCH_KEM
#include "iccs_kem.h"
#else
#include "iccs_sig.h"
#endif

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static void report(const char *op, int64_t *s, int n)
{
    double mean = 0;
    int i;
    for (i = 0; i < n; i++)
        mean += (double)s[i];
    mean /= n;
    qsort(s, (size_t)n, sizeof s[0], cmp64);
    printf("%-7s calls %5d  median %13lld  mean %15.0f  q1 %13lld  q3 %13lld  min %13lld cycles\n", op, n,
           (long long)s[n / 2], mean, (long long)s[n / 4], (long long)s[(3 * n) / 4], (long long)s[0]);
}

static void *xmalloc(unsigned long long n)
{
    void *p = malloc((size_t)n + 1);
    if (!p) {
        fprintf(stderr, "speed: out of memory\n");
        exit(2);
    }
    return p;
}

static void die(const char *call, int rc)
{
    fprintf(stderr, "speed: %s returned %d\n", call, rc);
    exit(2);
}

int main(int argc, char **argv)
{
    int iters = 20, i, rc;
    double budget = 10.0;
    unsigned char seed[48];
    int64_t *s, t0, deadline;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
            iters = atoi(argv[++i]);
        } else if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) {
            budget = atof(argv[++i]);
        } else {
            printf("usage: %s [-n CALLS] [-t SECONDS]\n"
                   "Times each operation of the linked implementation: up to CALLS calls\n"
                   "(default 20), stopping early after SECONDS (default 10) per operation\n"
                   "(at least one call). Prints median, mean, quartiles and minimum cycles.\n",
                   argv[0]);
            return strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0 ? 0 : 1;
        }
    }
    if (iters < 1)
        iters = 1;
    for (i = 0; i < 48; i++)
        seed[i] = (unsigned char)i;
    init_random_number(&drng_algorithm, seed, sizeof seed);
    s = xmalloc(sizeof(int64_t) * (unsigned long long)iters);
    printf("# counter %s, %lld ticks/s\n", ngcycles_implementation(), (long long)ngcycles_persecond());
#define TIME(op, call)                                                               \
    do {                                                                             \
        int n_ = 0;                                                                  \
        deadline = ngcycles() + (int64_t)(budget * (double)ngcycles_persecond());    \
        for (; n_ < iters; n_++) {                                                   \
            t0 = ngcycles();                                                         \
            rc = call;                                                               \
            s[n_] = ngcycles() - t0;                                                 \
            if (rc != 0)                                                             \
                die(op, rc);                                                         \
            if (ngcycles() > deadline) {                                             \
                n_++;                                                                \
                break;                                                               \
            }                                                                        \
        }                                                                            \
        report(op, s, n_);                                                           \
    } while (0)
#ifdef NGBENCH_KEM
    {
        unsigned long long pkl = kem_get_pk_len_bytes(), skl = kem_get_sk_len_bytes(),
                           ssl = kem_get_ss_len_bytes(), ctl = kem_get_ct_len_bytes();
        unsigned char *pk = xmalloc(pkl), *sk = xmalloc(skl), *ss = xmalloc(ssl), *ss2 = xmalloc(ssl),
                      *ct = xmalloc(ctl);
        TIME("keygen", kem_keygen(pk, &pkl, sk, &skl));
        TIME("enc", kem_enc(pk, pkl, ss, &ssl, ct, &ctl));
        TIME("dec", kem_dec(sk, skl, ct, ctl, ss2, &ssl));
    }
#else
    {
        unsigned long long pkl = sig_get_pk_len_bytes(), skl = sig_get_sk_len_bytes(),
                           snl = sig_get_sn_len_bytes(), snmax = snl;
        unsigned char *pk = xmalloc(pkl), *sk = xmalloc(skl), *sn = xmalloc(snl), m[64];
        for (i = 0; i < 64; i++)
            m[i] = (unsigned char)i;
        TIME("keygen", sig_keygen(pk, &pkl, sk, &skl));
        TIME("sign", (snl = snmax, sig_sign(sk, skl, m, 64, sn, &snl)));
        TIME("verify", sig_verify(pk, pkl, sn, snl, m, 64));
    }
#endif
    return 0;
}
