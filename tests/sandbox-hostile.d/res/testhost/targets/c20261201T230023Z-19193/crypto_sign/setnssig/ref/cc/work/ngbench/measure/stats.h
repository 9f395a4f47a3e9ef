/* stats.h - the statistics ngbench reports, defined once: mean, median,
 * quartiles (linear interpolation between order statistics, as R's default
 * "type 7" and numpy's default), min, max. */
#ifndef NGBENCH_STATS_H
#define NGBENCH_STATS_H

#include <stddef.h>

typedef struct {
    size_t n;
    double mean, median, q1, q3, min, max;
} stats;

/* Sorts x in place and fills s; n must be > 0. */
void stats_compute(double *x, size_t n, stats *s);
/* The p-quantile (0 <= p <= 1) of sorted x. */
double stats_quantile(const double *sorted, size_t n, double p);

#endif
