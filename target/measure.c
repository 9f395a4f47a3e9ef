/* measure.c - one timing trial of one operation, in this process (./do runs
 * each trial in a fresh process).
 *
 * Prints the counter it uses (with its unit and the on-CPU sources of
 * oncpu.h), then times one warm-up call (the calibration, "calibrate
 * <ticks>"; -w 0 skips it, for calls long enough not to need one; a warm-up
 * call over 0.1 s is also counted as the first sample) and then the timed
 * calls, one line each:
 *     sample <ticks> <cpu_ns> <switches>
 * the counter ticks of the call, and the thread's CPU-clock nanoseconds and
 * context switches read around it, just outside the timed interval (-1
 * where not known; a call whose warm-up took under NGBENCH_SHORT_CALL has
 * its switches not read and its clock read once per batch: run_batch):
 * whether the call was descheduled, and its on-CPU estimate, are derived
 * from them (measure/derive.h). The calls: exactly -n
 * ITERS, or, when a plan is given, calls until at least -N MIN calls and -t
 * MINTIME seconds of timed work are done, stopping early once -T BUDGET
 * seconds have passed (always at least one call, at most ITERS).
 * Statistics are computed by ngbench-stats from these raw samples, so they
 * can be recomputed later. Last, "cpu <seconds> timed <ticks>": the
 * thread's on-CPU seconds over the timed calls and their ticks (the trial's
 * CPU share). Around the calls (the warm-up too), the CPU lines of
 * /proc/stat as they are, "stat0 cpuN ..." before and "stat1 cpuN ..."
 * after, and "ran_on <cpu>": whether other work held the other CPUs
 * meanwhile (measure/derive.h; nothing where there is no /proc/stat). */

#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sched_getcpu */
#endif
#if !defined(_POSIX_C_SOURCE) && !defined(_GNU_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <sched.h>
#endif

#include "ngcycles.h"
#include "oncpu.h"
#include "ops.h"
#include "record.h"

/* a call shorter than this (seconds, by the warm-up call) has its switches
 * judged by the CPU clock alone */
#define NGBENCH_SHORT_CALL 100e-6

static long made; /* calls made so far, the warm-up included */

/* one call between the readings: its ticks, CPU-clock ns and switches
 * (-1 where not known) */
static int call(int op, int64_t *ticks, int64_t *cpu, long *sw)
{
    ngo_reading a, b;
    int64_t t0, t1;
    int rc;
    if (made++ > 0)
        op_next(op); /* this call's own message, signature or ciphertext: untimed */
    ngo_before(&a);
    t0 = ngcycles();
    rc = op_run(op);
    t1 = ngcycles();
    ngo_after(&b);
    *ticks = t1 - t0;
    *cpu = a.cpu_ns >= 0 && b.cpu_ns >= 0 ? b.cpu_ns - a.cpu_ns : -1;
    *sw = a.switches >= 0 && b.switches >= 0 ? b.switches - a.switches : -1;
    return rc;
}

/* the CPU lines of /proc/stat, each after TAG (copied, not parsed: the
 * statistics read them) */
static void proc_stat(const char *tag)
{
    FILE *f = fopen("/proc/stat", "r");
    char line[512];
    if (!f)
        return;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "cpu", 3) == 0 && line[3] >= '0' && line[3] <= '9')
            printf("%s %s", tag, line);
    fclose(f);
}

/* a timed call's line, and its share of the totals */
static int64_t spent, oncpu_ns;
static int oncpu_known = 1;
static void sample(int64_t ticks, int64_t cpu, long sw)
{
    printf("sample %lld %lld %ld\n", (long long)ticks, (long long)cpu, sw);
    spent += ticks;
    if (cpu >= 0)
        oncpu_ns += cpu > ngo_overhead_ns() ? cpu - ngo_overhead_ns() : 0;
    else
        oncpu_known = 0;
}

/* ---- short calls: one reading of the CPU clock per batch ----
 * Two clock readings cost a microsecond or more (system calls), more than
 * a short call itself, so that a trial spent most of its time reading. A
 * call whose warm-up took under NGBENCH_SHORT_CALL is timed in batches of
 * about NGBENCH_BATCH_NS of calls: the counter around every call, the CPU
 * clock around the batch. Whatever time the batch spent off the CPU (its
 * wall time less its CPU time) went to the call it landed in, and that
 * call's ticks hold it: it is given to the batch's longest call (unless an
 * untimed preparation between calls, timed by the counter too, took
 * longer: then no call lost the CPU), whose
 * cpu_ns is its wall time less that gap; every other call's cpu_ns is its
 * wall time (each plus the readings' overhead, which derive.c takes off
 * again). So the samples read as before: derive.c's rule flags the call
 * that lost the CPU, and its on-CPU estimate is the batch's. The batch
 * size is printed ("oncpu_batch B"; 1: every call read on its own). */
#define NGBENCH_BATCH_NS 20000.0
enum { MAXBATCH = 1024 };
static long batch = 1;

static void sample(int64_t ticks, int64_t cpu, long sw);

/* m calls (m <= batch) between two readings; their samples. Returns the
 * first non-zero return code (the calls after it are not made) or 0. */
static int run_batch(int op, long m, long *done)
{
    static int64_t bt[MAXBATCH];
    ngo_reading a, b;
    int64_t w0, w1, t0, t1, p0, longest_prep = 0;
    double ns = 1e9 / (double)ngcycles_persecond(), gap;
    long k, kmax = 0;
    int rc = 0;
    ngo_before(&a);
    w0 = ngcycles();
    for (k = 0; k < m; k++) {
        p0 = ngcycles();
        if (made++ > 0)
            op_next(op); /* this call's own input: untimed (timed here only to place a gap) */
        t0 = ngcycles();
        if (t0 - p0 > longest_prep)
            longest_prep = t0 - p0;
        rc = op_run(op);
        t1 = ngcycles();
        bt[k] = t1 - t0;
        if (bt[k] > bt[kmax])
            kmax = k;
        if (rc != 0)
            break;
    }
    w1 = ngcycles();
    ngo_after(&b);
    m = k; /* the calls that returned 0 */
    /* the batch's time off the CPU (0 when the clock is not known) */
    gap = 0;
    if (a.cpu_ns >= 0 && b.cpu_ns >= 0) {
        gap = (double)(w1 - w0) * ns - (double)(b.cpu_ns - a.cpu_ns - ngo_overhead_ns());
        if (gap < 0)
            gap = 0;
    }
    /* the interval that lost the CPU is the longest of the batch: when that
     * is the preparation of an input (a pool's signature, say), no call did */
    if (m > 0 && longest_prep > bt[kmax])
        kmax = -1;
    for (k = 0; k < m; k++) {
        double c = (double)bt[k] * ns - (k == kmax ? gap : 0);
        if (a.cpu_ns < 0 || b.cpu_ns < 0)
            sample(bt[k], -1, -1);
        else
            sample(bt[k], (int64_t)((c > 0 ? c : 0) + (double)ngo_overhead_ns() + 0.5), -1);
    }
    *done += m;
    return rc;
}

int main(int argc, char **argv)
{
    long iters = 1, min_calls = 0, i;
    int warm = 1, op, rc, prepare_only = 0;
    double budget = 0, min_time = 0;
    int64_t t, cpu, start, limit = 0, floor_time = 0;
    long sw;
    op = op_options(&argc, argv,
                    "usage: measure -o OP [-n ITERS] [-N MIN -t MINTIME -T BUDGET] [-w 0|1] [-s STATE]\n"
                    "               [-m MLEN] [-C CPU] [-P many|ngcc] [-S STREAM]\n"
                    "       measure -o OP -s STATE -p [-m MLEN] [-P many|ngcc]\n"
                    "One timing trial: a timed warm-up call ('calibrate'), then ITERS timed calls\n"
                    "('sample TICKS CPU_NS SWITCHES' lines); with a plan, at least MIN calls and\n"
                    "MINTIME seconds of timed work, stopping once BUDGET seconds have passed (at\n"
                    "least one call, at most ITERS). -p: only the setup, into STATE (the keys, and the\n"
                    "signature or ciphertext verify or dec start from), timing nothing: run before the\n"
                    "timing CPU is taken, so that no trial pays for it there. NGBENCH_COUNTER and\n"
                    "NGBENCH_ONCPU force the counter and the on-CPU source.");
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
        else if (strcmp(argv[i], "-p") == 0)
            prepare_only = 1;
        else {
            fprintf(stderr, "measure: unknown argument '%s' (try --help)\n", argv[i]);
            return 1;
        }
    }
    if (iters < 1)
        iters = 1;
    if (prepare_only) {
        if (!op_has_state()) {
            fputs("measure: -p wants -s STATE (where the setup goes)\n", stderr);
            return 1;
        }
        op_prepare(op);
        printf("prepared %s\n", op_name(op));
        return fflush(stdout) == 0 ? 0 : 1;
    }
    ngo_init();
    {
        /* the counter record's fields, as a field line (report/record.c) */
        ngr_out o;
        const char *why = NULL;
        ngr_out_begin(&o, NGK_counter);
        ngr_out_str(&o, NGF_name, ngcycles_implementation());
        ngr_out_str(&o, NGF_unit, ngcycles_unit());
        ngr_out_printf(&o, NGF_resolution, "%lld", (long long)ngcycles_resolution());
        ngr_out_printf(&o, NGF_overhead, "%lld", (long long)ngcycles_overhead());
        ngr_out_printf(&o, NGF_persecond, "%lld", (long long)ngcycles_persecond());
        ngr_out_str(&o, NGF_oncpu, ngo_source());
        ngr_out_printf(&o, NGF_oncpu_overhead_ns, "%lld", (long long)ngo_overhead_ns());
        ngr_out_str(&o, NGF_switches, ngo_switches_source());
        if (ngr_out_end(&o, stdout, &why) != 0) {
            fprintf(stderr, "measure: a counter line the schema refuses: %s\n", why);
            return 5;
        }
    }
    if (budget > 0)
        limit = (int64_t)(budget * (double)ngcycles_persecond());
    floor_time = (int64_t)(min_time * (double)ngcycles_persecond());
    op_setup(op);
    proc_stat("stat0");
    i = 0;
    start = ngcycles();
    if (warm) {
        rc = call(op, &t, &cpu, &sw);
        printf("calibrate %lld\n", (long long)t);
        if (rc != 0) {
            fprintf(stderr, "measure: %s returned %d\n", op_name(op), rc);
            return 4;
        }
        /* under NGBENCH_SHORT_CALL the switches are left to the CPU clock
         * (oncpu.h): their two system calls would cost more than the call */
        if ((double)t < NGBENCH_SHORT_CALL * (double)ngcycles_persecond() && !ngo_switches_per_call(0)) {
            /* a CPU clock to go by: batches of about NGBENCH_BATCH_NS */
            double per = (double)(t > 0 ? t : 1) * 1e9 / (double)ngcycles_persecond();
            batch = (long)(NGBENCH_BATCH_NS / per + 0.999);
            if (batch < 1)
                batch = 1;
            if (batch > MAXBATCH)
                batch = MAXBATCH;
        }

        if ((double)t > 0.1 * (double)ngcycles_persecond()) {
            /* a call this long warms the caches for itself: count it rather
             * than pay for it twice */
            sample(t, cpu, sw);
            i = 1;
        }
    }
    printf("oncpu_batch %ld\n", batch);
    while (i < iters) {
        /* the budget is wall clock, the readings around each call included */
        if (i > 0 && limit > 0 && (ngcycles() - start >= limit || (i >= min_calls && spent >= floor_time)))
            break;
        if (batch > 1) {
            rc = run_batch(op, batch < iters - i ? batch : iters - i, &i);
        } else {
            rc = call(op, &t, &cpu, &sw);
            if (rc == 0) {
                sample(t, cpu, sw);
                i++;
            }
        }
        if (rc != 0) {
            fprintf(stderr, "measure: %s returned %d on timed call %ld\n", op_name(op), rc, i);
            return 4;
        }
    }
    proc_stat("stat1");
#ifdef __linux__
    printf("ran_on %d\n", sched_getcpu());
#endif
    if (oncpu_known) /* with the timed ticks: the samples' total, for the CPU share */
        printf("cpu %.9f timed %lld\n", (double)oncpu_ns * 1e-9, (long long)spent);
    return fflush(stdout) == 0 ? 0 : 1;
}
