/* check.h - the audit of the records against what they were computed from
 * (see check.c). */
#ifndef NGBENCH_REPORT_CHECK_H
#define NGBENCH_REPORT_CHECK_H

#include <stdio.h>

#include "dataset.h"

typedef struct {
    unsigned long attempts;        /* valid attempts audited */
    unsigned long checked;         /* figures that recomputed */
    unsigned long bad;             /* figures that did not (reported on the log) */
    unsigned long from_samples;    /* cycles records recomputed from raw samples */
    unsigned long without_samples; /* ... from trial records only (samples not kept) */
    unsigned long host_busy;       /* cycles figures published as host busy (disturbed trials) */
} check_counts;

/* Returns 0 when every figure recomputes, -1 otherwise. */
int check_records(const dataset *d, FILE *log, check_counts *n);

#endif
