/* stats.c - see stats.h. */
#include <stdlib.h>

#include "stats.h"

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
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
    qsort(x, n, sizeof x[0], cmp);
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
