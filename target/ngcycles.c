/* ngcycles.c - the counter backends and the run-time choice among them. */
#if !defined(_POSIX_C_SOURCE) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "ngcycles.h"

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#define HAVE_PERF_EVENT 1
#endif
#ifdef HAVE_LIBCPUCYCLES
#include <cpucycles.h>
#endif

typedef struct {
    const char *name;
    const char *unit;        /* see ngcycles_unit() */
    int (*setup)(void);      /* 0 if usable here */
    int64_t (*read)(void);
} backend;

static int64_t read_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}
static int setup_clock(void) { return 0; }

#if defined(__x86_64__) || defined(__i386__)
static int64_t read_rdtsc(void)
{
    uint32_t lo, hi;
    __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
    return (int64_t)(((uint64_t)hi << 32) | lo);
}
static int setup_rdtsc(void)
{
    /* CPUID 0x80000007 EDX bit 8: invariant TSC (constant rate, never stops). */
    uint32_t a = 0x80000000u, b, c, d;
    __asm__ volatile("cpuid" : "+a"(a), "=b"(b), "=c"(c), "=d"(d));
    if (a < 0x80000007u)
        return -1;
    a = 0x80000007u;
    c = 0;
    __asm__ volatile("cpuid" : "+a"(a), "=b"(b), "+c"(c), "=d"(d));
    return (d & (1u << 8)) ? 0 : -1;
}
#endif

#if defined(__aarch64__)
static int64_t read_cntvct(void)
{
    uint64_t v;
    __asm__ volatile("isb; mrs %0, cntvct_el0" : "=r"(v));
    return (int64_t)v;
}
static int setup_cntvct(void) { return 0; }
#endif

#ifdef HAVE_PERF_EVENT
static int perf_fd = -1;
static int64_t read_perf(void)
{
    int64_t v = 0;
    if (read(perf_fd, &v, sizeof v) != (ssize_t)sizeof v)
        return 0;
    return v;
}
static int setup_perf(void)
{
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.type = PERF_TYPE_HARDWARE;
    attr.size = sizeof attr;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    perf_fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    if (perf_fd < 0)
        return -1;
    if (read_perf() == 0) { /* opened but not counting (common in VMs) */
        close(perf_fd);
        perf_fd = -1;
        return -1;
    }
    return 0;
}
#endif

#ifdef HAVE_LIBCPUCYCLES
static char libname[64];
static int64_t read_lib(void) { return (int64_t)cpucycles(); }
static int setup_lib(void)
{
    const char *impl = cpucycles_implementation();
    strcpy(libname, "libcpucycles:");
    strncat(libname, impl ? impl : "?", sizeof libname - strlen(libname) - 1);
    return 0;
}
#endif

static const backend backends[] = {
#ifdef HAVE_LIBCPUCYCLES
    { libname, "cycles", setup_lib, read_lib },
#endif
#if defined(__x86_64__) || defined(__i386__)
    { "rdtsc", "cycles", setup_rdtsc, read_rdtsc },
#endif
#if defined(__aarch64__)
    { "cntvct_el0", "ticks", setup_cntvct, read_cntvct },
#endif
#ifdef HAVE_PERF_EVENT
    { "perf_event", "cycles", setup_perf, read_perf },
#endif
    { "clock_gettime", "ns", setup_clock, read_clock },
};
#define NBACKENDS (sizeof backends / sizeof backends[0])

static const backend *chosen;
static int64_t overhead = -1, resolution = -1, persecond = -1;

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Checks monotonicity and measures overhead and resolution. */
static int probe(const backend *be)
{
    enum { N = 256 };
    int64_t d[N], prev, best = 0;
    int i;
    if (be->setup() != 0)
        return -1;
    prev = be->read();
    for (i = 0; i < N; i++) {
        int64_t now = be->read();
        if (now < prev)
            return -1;
        d[i] = now - prev;
        if (d[i] > 0 && (best == 0 || d[i] < best))
            best = d[i];
        prev = now;
    }
    if (best == 0) { /* coarse counter: wait for it to move at all */
        int64_t start = be->read(), now = start;
        for (i = 0; i < 1000000 && now == start; i++)
            now = be->read();
        if (now <= start)
            return -1;
        best = now - start;
    }
    qsort(d, N, sizeof d[0], cmp64);
    overhead = d[N / 2];
    resolution = best;
    return 0;
}

static void choose(void)
{
    size_t i;
    const char *want = getenv("NGBENCH_COUNTER");
    if (chosen)
        return;
    if (want && *want && ngcycles_select(want) == 0)
        return;
    for (i = 0; i < NBACKENDS; i++)
        if (probe(&backends[i]) == 0) {
            chosen = &backends[i];
            return;
        }
    chosen = &backends[NBACKENDS - 1];
}

int ngcycles_select(const char *name)
{
    size_t i;
    for (i = 0; i < NBACKENDS; i++)
        if (strcmp(backends[i].name, name) == 0 && probe(&backends[i]) == 0) {
            chosen = &backends[i];
            persecond = -1;
            return 0;
        }
    return -1;
}

int64_t ngcycles(void)
{
    if (!chosen)
        choose();
    return chosen->read();
}

const char *ngcycles_implementation(void)
{
    if (!chosen)
        choose();
    return chosen->name;
}

const char *ngcycles_unit(void)
{
    if (!chosen)
        choose();
    return chosen->unit;
}

int64_t ngcycles_overhead(void)
{
    if (!chosen)
        choose();
    return overhead;
}

int64_t ngcycles_resolution(void)
{
    if (!chosen)
        choose();
    return resolution;
}

int64_t ngcycles_persecond(void)
{
    if (!chosen)
        choose();
    if (persecond < 0) {
        int64_t t0, c0, t1, c1;
        if (chosen->read == read_clock) {
            persecond = 1000000000;
            return persecond;
        }
        t0 = read_clock();
        c0 = chosen->read();
        do
            t1 = read_clock();
        while (t1 - t0 < 50000000);
        c1 = chosen->read();
        persecond = (int64_t)((double)(c1 - c0) * 1e9 / (double)(t1 - t0));
    }
    return persecond;
}
