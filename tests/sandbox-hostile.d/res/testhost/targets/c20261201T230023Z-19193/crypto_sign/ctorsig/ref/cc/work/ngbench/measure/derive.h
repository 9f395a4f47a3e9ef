/* derive.h - the figures derived from measured ones, defined once: the
 * measurement stage (through ngbench-stats -p) records them and
 * ngbench-report check recomputes them with the same functions. Each
 * formats its value exactly as the records carry it. */
#ifndef NGBENCH_DERIVE_H
#define NGBENCH_DERIVE_H

#include <stddef.h>

/* a trial whose process spent less than this share of the timed wall clock
 * on a CPU was preempted: its figures count time off the CPU */
#define NGD_PREEMPTED_BELOW 0.9

/* seconds per call: mean cycles / cycles per second ("%.9g") */
void ngd_mean_seconds(char *out, size_t size, double mean_cycles, double persecond);
/* calls per second: cycles per second / mean cycles ("%.6g") */
void ngd_ops_per_second(char *out, size_t size, double mean_cycles, double persecond);
/* the share of the timed wall clock spent on a CPU: the process's CPU
 * seconds over the timed cycles at the counter's rate ("%.3f"); returns 0
 * (and writes nothing) when it cannot be known */
int ngd_cpu_share(char *out, size_t size, double cpu_seconds, double persecond, double timed_cycles);
/* 1 when a trial with this (recorded) CPU share counts as preempted */
int ngd_preempted(double cpu_share);

#endif
