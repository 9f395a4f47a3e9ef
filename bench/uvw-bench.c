/* uvw-bench.c - one UVW build (fast or -DUVW_NAIVE) timed operation by
 * operation, for bench/uvw-bench.sh, which runs both builds and compares
 * them. A benchmark, not a test: it prints figures and only fails if an
 * operation fails.
 *
 * Inputs as in target/speed.c (the NGCC seed reports): drng_algorithm seeded
 * with the bytes 00..2f, a 64-byte message 00..3f. Per operation it prints CPU
 * seconds (robust on a shared machine), wall seconds, counter ticks, the peak
 * heap the operation allocated (malloc wrapped at link time: -Wl,--wrap=...),
 * the process's peak RSS during the operation (VmHWM after malloc_trim and
 * resetting it through /proc/self/clear_refs; Linux, glibc; it includes the
 * driver's pk, sk, sn and message buffers), and SHA-256 of what it wrote, so
 * that two builds can be checked to agree.
 *
 * Output, one line per operation and call:
 *   op <name> cpu <s> wall <s> ticks <n> heap <bytes> rss <KiB> out <sha256> rc <rc> */
#define _GNU_SOURCE
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "drng.h"
#include "iccs_sig.h"
#include "ngcycles.h"
#include "sha256.h"

#include "target.h" /* drng_algorithm: defined once, in target/target.c */

/* ---- heap accounting ---- */
void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t m);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t m);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

static size_t heap_now, heap_peak;

static void heap_add(void *p)
{
    if (p) {
        heap_now += malloc_usable_size(p);
        if (heap_now > heap_peak)
            heap_peak = heap_now;
    }
}

void *__wrap_malloc(size_t n)
{
    void *p = __real_malloc(n);
    heap_add(p);
    return p;
}

void *__wrap_calloc(size_t n, size_t m)
{
    void *p = __real_calloc(n, m);
    heap_add(p);
    return p;
}

void *__wrap_realloc(void *p, size_t n)
{
    size_t old = p ? malloc_usable_size(p) : 0;
    void *q = __real_realloc(p, n);
    if (q || n == 0)
        heap_now -= old;
    heap_add(q);
    return q;
}

void __wrap_free(void *p)
{
    if (p)
        heap_now -= malloc_usable_size(p);
    __real_free(p);
}

/* ---- clocks and RSS ---- */
static double seconds(clockid_t c)
{
    struct timespec t;
    clock_gettime(c, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void rss_reset(void)
{
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (f) {
        fputs("5", f);
        fclose(f);
    }
}

static long rss_peak_kib(void)
{
    char line[256];
    long kib = -1;
    FILE *f = fopen("/proc/self/status", "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmHWM:", 6) == 0)
            kib = strtol(line + 6, NULL, 10);
    fclose(f);
    return kib;
}

typedef struct {
    double cpu, wall;
    int64_t ticks;
    size_t heap_base;
} probe;

static void start(probe *p)
{
    malloc_trim(0); /* give back what earlier operations freed, so RSS is this operation's */
    rss_reset();
    p->heap_base = heap_now;
    heap_peak = heap_now;
    p->cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
    p->wall = seconds(CLOCK_MONOTONIC);
    p->ticks = ngcycles();
}

static void stop(const probe *p, const char *op, const unsigned char *out, size_t outlen, int rc)
{
    int64_t ticks = ngcycles() - p->ticks;
    double wall = seconds(CLOCK_MONOTONIC) - p->wall, cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - p->cpu;
    uint8_t d[32];
    char hex[65];
    sha256_ctx h;
    sha256_init(&h);
    sha256_update(&h, out, outlen);
    sha256_final(&h, d);
    sha256_hex(d, hex);
    printf("op %s cpu %.3f wall %.3f ticks %lld heap %zu rss %ld out %s rc %d\n", op, cpu, wall,
           (long long)ticks, heap_peak - p->heap_base, rss_peak_kib(), hex, rc);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    unsigned long long pkb = sig_get_pk_len_bytes(), skb = sig_get_sk_len_bytes(), snb = sig_get_sn_len_bytes();
    unsigned long long pkl = pkb, skl = skb, snl = snb;
    unsigned char seed[48], m[64], *pk, *sk, *sn;
    int i, n = 1, rc;
    probe p;

    if (argc > 1 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
        printf("usage: %s [N]\nRuns keygen, sign and verify N times (default 1) and prints one line per call.\n",
               argv[0]);
        return 0;
    }
    if (argc > 1)
        n = atoi(argv[1]);
    pk = malloc(pkb);
    sk = malloc(skb);
    sn = malloc(snb);
    if (!pk || !sk || !sn)
        return 2;
    for (i = 0; i < 48; i++)
        seed[i] = (unsigned char)i;
    for (i = 0; i < 64; i++)
        m[i] = (unsigned char)i;
    printf("counter %s %lld ticks/s\n", ngcycles_implementation(), (long long)ngcycles_persecond());
    for (i = 0; i < n; i++) {
        init_random_number(&drng_algorithm, seed, sizeof seed);
        start(&p);
        rc = sig_keygen(pk, &pkl, sk, &skl);
        stop(&p, "keygen", pk, (size_t)pkl, rc);
        if (rc)
            return 2;
        start(&p);
        rc = sig_sign(sk, skl, m, sizeof m, sn, &snl);
        stop(&p, "sign", sn, (size_t)snl, rc);
        if (rc)
            return 2;
        start(&p);
        rc = sig_verify(pk, pkl, sn, snl, m, sizeof m);
        stop(&p, "verify", (const unsigned char *)"", 0, rc);
        if (rc)
            return 2;
    }
    free(pk);
    free(sk);
    free(sn);
    return 0;
}
