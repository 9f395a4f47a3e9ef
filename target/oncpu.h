/* oncpu.h - what the thread did around one timed call: its CPU-clock time
 * and its context switches, read just outside the timed interval, so that
 * each sample says whether the call was descheduled (measure/derive.h
 * decides) and how long it ran on a CPU (the on-CPU estimator).
 *
 * Sources, chosen once (NGBENCH_ONCPU forces one by name):
 *   thread_cputime   clock_gettime(CLOCK_THREAD_CPUTIME_ID), nanoseconds
 *                    (the default: portable, and on Linux the scheduler's
 *                    own per-thread runtime)
 *   perf_task_clock  the perf software event task-clock of this thread (the
 *                    same kernel quantity through perf_event_open; where
 *                    perf is allowed)
 *   none             neither works here, or the clock does not advance
 *                    over a busy millisecond (too coarse to time calls)
 * Switches: getrusage(RUSAGE_THREAD) ru_nvcsw + ru_nivcsw ("rusage_thread")
 * where it exists, else none. Its CPU times are not used: on Linux they
 * advance per scheduler tick. */
#ifndef NGBENCH_ONCPU_H
#define NGBENCH_ONCPU_H

#include <stdint.h>

typedef struct {
    int64_t cpu_ns;   /* -1: no on-CPU source */
    long switches;    /* -1: no switch counts */
} ngo_reading;

/* Chooses the sources and measures the readings' own on-CPU overhead (the
 * median over an empty call). Call once, before timing. */
void ngo_init(void);
const char *ngo_source(void);
const char *ngo_switches_source(void);
/* Whether the readings count switches (on by default). A short call pays
 * for getrusage twice over its own length, and with a CPU clock the
 * switches add nothing that matters: a call that lost the CPU for more than
 * the gap (measure/derive.h, NGD_GAP_NS and NGD_GAP_SHARE) is flagged by
 * its clock. Off: switches read -1 (the clock's verdict alone), unless
 * there is no CPU clock. Returns whether they are counted now. */
int ngo_switches_per_call(int on);
/* the median on-CPU nanoseconds the readings add around an empty call */
int64_t ngo_overhead_ns(void);
/* the readings before a call (switches first, then the clock) and after
 * it (the clock first): the clock brackets only the counter reads */
void ngo_before(ngo_reading *r);
void ngo_after(ngo_reading *r);

#endif
