/* samples.h - reading the raw timing samples ./do keeps per trial
 * (samples/OP-T.txt.gz: gzip'ed, or plain), the way ngbench-stats reads
 * them: "sample TICKS [CPU_NS SWITCHES]" lines or bare numbers, and the
 * "calibrate", "cpu" and "counter ... oncpu_overhead_ns=" lines measure
 * prints around them. Shared by the audit (check.c) and compare.c. */
#ifndef NGBENCH_REPORT_SAMPLES_H
#define NGBENCH_REPORT_SAMPLES_H

#include <stddef.h>

#include "derive.h"

typedef struct {
    double *x, *cpu, *sw; /* per call: ticks, CPU-clock ns, switches (-1: unknown) */
    size_t n, cap;
    double calibrate;     /* the first "calibrate" line (NAN: none) */
    double cpu_seconds;   /* the "cpu" line (NAN: none) */
    double overhead;      /* oncpu_overhead_ns of the counter line (0: none) */
    ngd_trialhost *host;  /* when set: the host readings around the trial go there (derive.h) */
} samples;

void samples_init(samples *sm);
void samples_free(samples *sm);
/* reads the file at path into sm (zlib, or gzip -dc without it). Returns 0,
 * or -1 when it cannot be read. */
int samples_read(const char *path, samples *sm);
/* 1 when path is a regular file */
int samples_is_file(const char *path);

#endif
