/* stats.c - see stats.h. */
#include <stdlib.h>

#include "stats.h"

#include <stdint.h>
#include <string.h>

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* A double's bits as an unsigned key in the doubles' order (negative
 * numbers: every bit flipped; the others: the sign bit set). */
static uint64_t key_of(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u >> 63 ? ~u : u | (UINT64_C(1) << 63);
}

static double double_of(uint64_t k)
{
    double d;
    k = k >> 63 ? k & ~(UINT64_C(1) << 63) : ~k;
    memcpy(&d, &k, sizeof d);
    return d;
}

/* Sorts x ascending: an LSD radix sort on the keys (four passes of 16
 * bits, a pass skipped where every key has the same digit), linear in n:
 * a trial of a microsecond operation has a million samples, and qsort's
 * comparisons were most of ngbench-stats' time. Falls back to qsort for
 * small arrays, a NaN (no place in the order) or no memory. */
static void sort_doubles(double *x, size_t n)
{
    uint64_t *a, *b, *t;
    size_t i, d;
    if (n < 256)
        goto fallback;
    for (i = 0; i < n; i++)
        if (x[i] != x[i])
            goto fallback;
    a = malloc(n * sizeof *a);
    b = malloc(n * sizeof *b);
    if (!a || !b) {
        free(a);
        free(b);
        goto fallback;
    }
    for (i = 0; i < n; i++)
        a[i] = key_of(x[i]);
    for (d = 0; d < 64; d += 16) {
        static size_t count[65536];
        size_t sum = 0, c;
        memset(count, 0, sizeof count);
        for (i = 0; i < n; i++)
            count[(a[i] >> d) & 0xffff]++;
        if (count[(a[0] >> d) & 0xffff] == n)
            continue; /* one digit for all: nothing to do */
        for (i = 0; i < 65536; i++) {
            c = count[i];
            count[i] = sum;
            sum += c;
        }
        for (i = 0; i < n; i++)
            b[count[(a[i] >> d) & 0xffff]++] = a[i];
        t = a;
        a = b;
        b = t;
    }
    for (i = 0; i < n; i++)
        x[i] = double_of(a[i]);
    free(a);
    free(b);
    return;
fallback:
    qsort(x, n, sizeof x[0], cmp);
}

double stats_quantile(const double *x, size_t n, double p)
{
    double h = (double)(n - 1) * p;
    size_t lo = (size_t)h;
    if (lo + 1 >= n)
        return x[n - 1];
    return x[lo] + (h - (double)lo) * (x[lo + 1] - x[lo]);
}

void stats_compute(double *x, size_t n, stats *s)
{
    double sum = 0;
    size_t i;
    sort_doubles(x, n);
    for (i = 0; i < n; i++)
        sum += x[i];
    s->n = n;
    s->mean = sum / (double)n;
    s->median = stats_quantile(x, n, 0.5);
    s->q1 = stats_quantile(x, n, 0.25);
    s->q3 = stats_quantile(x, n, 0.75);
    s->min = x[0];
    s->max = x[n - 1];
}
