/* compare.h - `ngbench-report compare A B`: is B faster than A, per target
 * and operation, and how sure are we? The ratio of the headline times with
 * a 95% interval from a bootstrap over the kept per-call samples, a
 * verdict, a terminal table, a page with a forest plot, JSON, and a
 * regression gate (--fail-if-slower). See compare_usage() and README.md. */
#ifndef NGBENCH_REPORT_COMPARE_H
#define NGBENCH_REPORT_COMPARE_H

#include <stddef.h>
#include <stdio.h>

/* the help text of the compare command */
void compare_usage(FILE *f);
/* runs the compare command on argv[0..argc) (argv[0] is "compare").
 * Returns the exit status: 0 compared (and the gate, if any, held), 1 the
 * gate tripped (--fail-if-slower), 2 nothing could be compared (usage,
 * unreadable or missing data, no target in common). */
int compare_main(int argc, char **argv, const char *version);

/* ---- the statistics, exposed for the tests' fixtures ---- */

/* the median (R type 7: the mean of the two middle values when n is even)
 * of x[0..n), reordering x; NAN when n is 0 */
double cmp_median(double *x, size_t n);

/* one side of a figure: the per-call values of each trial that the
 * headline is the median of (the clean calls, the on-CPU estimates, or all
 * calls' ticks, by the record's estimator) */
typedef struct {
    double **v;  /* v[t][0..n[t]) */
    size_t *n;
    size_t T;
} cmp_trials;

/* the bootstrap: B resamples of each side (the trials drawn with
 * replacement, then within each drawn trial its calls drawn with
 * replacement), the ratio of the pooled medians (b's over a's, each
 * divided by its counter rate) per resample, and its 2.5% and 97.5%
 * quantiles. A trial with more than CMP_CAP values is represented by
 * CMP_CAP evenly spaced order statistics first. seed makes it
 * reproducible. Returns 0, or -1 when a side has no values. */
#define CMP_CAP 2048
int cmp_bootstrap(const cmp_trials *a, double ps_a, const cmp_trials *b, double ps_b, size_t B,
                  unsigned long long seed, double *lo, double *hi);

#endif
