/* measure.c - one timing trial of one operation, in this process (./do runs
 * each trial in a fresh process).
 *
 * Prints the counter it uses, then times one warm-up call (the calibration,
 * "calibrate <cycles>"; -w 0 skips it, for calls long enough not to need
 * one; a warm-up call over 0.1 s is also counted as the first sample) and then the timed calls, one "sample <cycles>" line each: exactly
 * -n ITERS calls, or, when a plan is given, calls until at least -N MIN calls
 * and -t MINTIME seconds of timed work are done, stopping early once -T
 * BUDGET seconds are spent (always at least one call, at most ITERS).
 * Statistics are computed by ngbench-stats from these raw samples, so they
 * can be recomputed later. The process's CPU time over the timed calls is
 * printed too ("cpu <seconds>", the thread's CPU time): against the samples' total it shows how
 * much of the timed wall clock the process actually ran (preemption on a
 * busy host inflates cycle counts taken from a wall-clock counter). */

#if !defined(_POSIX_C_SOURCE) && !defined(_GNU_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ngcycles.h"
#include "ops.h"

static double cpu_seconds(void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
    /* the thread's clock: the process clock only advances per scheduler tick
     * here once a CPU-time limit (ulimit -t) is set */
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
        return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
#endif
    return -1.0;
}

int main(int argc, char **argv)
{
    long iters = 1, min_calls = 0, i;
    int warm = 1, op, rc;
    double budget = 0, min_time = 0;
    int64_t t0, t1, spent = 0, limit = 0, floor_time = 0;
    double cpu0;
    op = op_options(&argc, argv,
                    "usage: measure -o OP [-n ITERS] [-N MIN -t MINTIME -T BUDGET] [-w 0|1] [-s STATE]\n"
                    "               [-m MLEN] [-C CPU]\n"
                    "One timing trial: a timed warm-up call ('calibrate'), then ITERS timed calls\n"
                    "('sample' lines); with a plan, at least MIN calls and MINTIME seconds of timed\n"
                    "work, stopping once BUDGET seconds are spent (at least one call, at most ITERS).");
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            iters = atol(argv[++i]);
        else if (strcmp(argv[i], "-N") == 0 && i + 1 < argc)
            min_calls = atol(argv[++i]);
        else if (strcmp(argv[i], "-t") == 0 && i + 1 < argc)
            min_time = atof(argv[++i]);
        else if (strcmp(argv[i], "-T") == 0 && i + 1 < argc)
            budget = atof(argv[++i]);
        else if (strcmp(argv[i], "-w") == 0 && i + 1 < argc)
            warm = atoi(argv[++i]);
        else {
            fprintf(stderr, "measure: unknown argument '%s' (try --help)\n", argv[i]);
            return 1;
        }
    }
    if (iters < 1)
        iters = 1;
    printf("counter name=%s resolution=%lld overhead=%lld persecond=%lld\n", ngcycles_implementation(),
           (long long)ngcycles_resolution(), (long long)ngcycles_overhead(), (long long)ngcycles_persecond());
    if (budget > 0)
        limit = (int64_t)(budget * (double)ngcycles_persecond());
    floor_time = (int64_t)(min_time * (double)ngcycles_persecond());
    op_setup(op);
    cpu0 = cpu_seconds();
    i = 0;
    if (warm) {
        t0 = ngcycles();
        rc = op_run(op);
        t1 = ngcycles();
        printf("calibrate %lld\n", (long long)(t1 - t0));
        if (rc != 0) {
            fprintf(stderr, "measure: %s returned %d\n", op_name(op), rc);
            return 4;
        }
        if ((double)(t1 - t0) > 0.1 * (double)ngcycles_persecond()) {
            /* a call this long warms the caches for itself: count it rather
             * than pay for it twice */
            printf("sample %lld\n", (long long)(t1 - t0));
            spent = t1 - t0;
            i = 1;
        } else {
            cpu0 = cpu_seconds();
        }
    }
    for (; i < iters; i++) {
        if (i > 0 && limit > 0 && (spent >= limit || (i >= min_calls && spent >= floor_time)))
            break;
        t0 = ngcycles();
        rc = op_run(op);
        t1 = ngcycles();
        if (rc != 0) {
            fprintf(stderr, "measure: %s returned %d on timed call %ld\n", op_name(op), rc, i);
            return 4;
        }
        spent += t1 - t0;
        printf("sample %lld\n", (long long)(t1 - t0));
    }
    if (cpu0 >= 0) /* with the timed cycles: the samples' total, for the CPU share */
        printf("cpu %.9f timed %lld\n", cpu_seconds() - cpu0, (long long)spent);
    return fflush(stdout) == 0 ? 0 : 1;
}
