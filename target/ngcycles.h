/* ngcycles.h - a cycle counter chosen at run time (libcpucycles style).
 *
 * Candidates, in order of preference: the system libcpucycles (when configure
 * found it), rdtsc on x86-64 with an invariant TSC, cntvct_el0 on arm64,
 * perf_event hardware cycles where the kernel permits it, and
 * clock_gettime(CLOCK_MONOTONIC) in nanoseconds as the last resort. The first
 * candidate that works here (monotonic, nonzero resolution) is used; its name,
 * resolution, overhead and the ticks-per-second estimate are printable. */
#ifndef NGBENCH_NGCYCLES_H
#define NGBENCH_NGCYCLES_H

#include <stdint.h>

/* Current counter value. The first call selects the backend. */
int64_t ngcycles(void);
/* "rdtsc", "cntvct_el0", "perf_event", "clock_gettime", "libcpucycles:<name>". */
const char *ngcycles_implementation(void);
/* What one tick of the chosen counter is: "cycles" (rdtsc: reference cycles
 * at the TSC rate; perf_event: core cycles; libcpucycles), "ticks" (a timer
 * of fixed rate that is not the CPU clock: cntvct_el0) or "ns"
 * (clock_gettime): figures from it must be labelled so, never "cycles". */
const char *ngcycles_unit(void);
/* Estimated counter ticks per second (measured over about 50 ms once). */
int64_t ngcycles_persecond(void);
/* Median cost of one ngcycles() call, in ticks (measured once). */
int64_t ngcycles_overhead(void);
/* Smallest nonzero difference seen between consecutive readings, in ticks. */
int64_t ngcycles_resolution(void);
/* Forces a backend by name (for tests and --counter); 0 if it works here. */
int ngcycles_select(const char *name);

#endif
