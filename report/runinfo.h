/* runinfo.h - how the results were made, from the run records: the ngbench
 * version, commit and ./do options of each campaign (fields version=,
 * commit=, options= of the run record; absent in older records), written as
 * a page's footer. */
#ifndef NGBENCH_REPORT_RUNINFO_H
#define NGBENCH_REPORT_RUNINFO_H

#include "doc.h"
#include "model.h"

/* the footer of a page covering targets[first, end) of h (h NULL: every
 * target of every host) */
void run_footer(const report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end);

#endif
