/* oncpu.c - the readings around a timed call (see oncpu.h). */
#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* RUSAGE_THREAD */
#endif
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "ngcycles.h"
#include "oncpu.h"

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/syscall.h>
#define HAVE_PERF_TASK_CLOCK 1
#endif

enum { SRC_NONE, SRC_THREAD, SRC_PERF };
static int src = -1, have_switches, read_switches = 1;
static int64_t overhead_ns;
#ifdef HAVE_PERF_TASK_CLOCK
static int perf_fd = -1;
#endif

static int64_t thread_ns(void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
        return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
#endif
    return -1;
}

#ifdef HAVE_PERF_TASK_CLOCK
static int64_t perf_ns(void)
{
    uint64_t v;
    if (read(perf_fd, &v, sizeof v) != (ssize_t)sizeof v)
        return -1;
    return (int64_t)v;
}

static int open_perf(void)
{
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.type = PERF_TYPE_SOFTWARE;
    attr.size = sizeof attr;
    attr.config = PERF_COUNT_SW_TASK_CLOCK;
    perf_fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    return perf_fd >= 0 ? 0 : -1;
}
#endif

static int64_t cpu_now(void)
{
    switch (src) {
    case SRC_THREAD: return thread_ns();
#ifdef HAVE_PERF_TASK_CLOCK
    case SRC_PERF: return perf_ns();
#endif
    default: return -1;
    }
}

static long switches_now(void)
{
#ifdef RUSAGE_THREAD
    struct rusage ru;
    if (have_switches && read_switches && getrusage(RUSAGE_THREAD, &ru) == 0)
        return ru.ru_nvcsw + ru.ru_nivcsw;
#endif
    return -1;
}

void ngo_before(ngo_reading *r)
{
    r->switches = switches_now();
    r->cpu_ns = cpu_now();
}

void ngo_after(ngo_reading *r)
{
    r->cpu_ns = cpu_now();
    r->switches = switches_now();
}

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* 1 when the clock advances over a busy millisecond about as the counter
 * does in one of 20 tries (a clock that moves per scheduler tick shows 0 or
 * a whole tick; on a loaded VM a try can lose its millisecond to steal) */
static int clock_fine(void)
{
    int k;
    int64_t ps = ngcycles_persecond();
    for (k = 0; k < 20; k++) {
        ngo_reading a, b;
        int64_t t0, t1;
        double ratio;
        ngo_before(&a);
        t0 = ngcycles();
        do
            t1 = ngcycles();
        while (t1 - t0 < ps / 1000);
        ngo_after(&b);
        if (a.cpu_ns < 0 || b.cpu_ns < 0)
            return 0;
        ratio = (double)(b.cpu_ns - a.cpu_ns) / ((double)(t1 - t0) * 1e9 / (double)ps);
        if (ratio >= 0.5 && ratio <= 1.5)
            return 1;
    }
    return 0;
}

void ngo_init(void)
{
    enum { WARM = 64, N = 255 };
    int64_t d[N];
    const char *want = getenv("NGBENCH_ONCPU");
    int i;
    if (src >= 0)
        return;
#ifdef RUSAGE_THREAD
    {
        struct rusage ru;
        have_switches = getrusage(RUSAGE_THREAD, &ru) == 0;
    }
#endif
    src = SRC_THREAD;
    if (want && strcmp(want, "none") == 0)
        src = SRC_NONE;
#ifdef HAVE_PERF_TASK_CLOCK
    else if (want && strcmp(want, "perf_task_clock") == 0 && open_perf() == 0 && perf_ns() >= 0)
        src = SRC_PERF;
#endif
    if (src == SRC_THREAD && thread_ns() < 0)
        src = SRC_NONE;
    if (src != SRC_NONE && !clock_fine())
        src = SRC_NONE;
    if (src == SRC_NONE)
        return;
    for (i = -WARM; i < N; i++) { /* warm first: the first system calls are slower */
        ngo_reading a, b;
        volatile int64_t t;
        ngo_before(&a);
        t = ngcycles();
        t = ngcycles() - t;
        ngo_after(&b);
        (void)t;
        if (i >= 0)
            d[i] = b.cpu_ns - a.cpu_ns;
    }
    qsort(d, N, sizeof d[0], cmp64);
    overhead_ns = d[N / 2];
}

const char *ngo_source(void)
{
    return src == SRC_THREAD ? "thread_cputime" : src == SRC_PERF ? "perf_task_clock" : "none";
}

int ngo_switches_per_call(int on)
{
    /* without a CPU clock, the switches are all there is to go by */
    read_switches = on || src == SRC_NONE;
    return read_switches && have_switches;
}

const char *ngo_switches_source(void)
{
    return have_switches ? "rusage_thread" : "none";
}

int64_t ngo_overhead_ns(void)
{
    return overhead_ns;
}
