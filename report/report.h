/* report.h - the generators of ngbench-report's outputs. Each takes the
 * report context (dataset, output set, reference line) and emits its files
 * through the emit layer (emit.h), so the same code writes the outputs
 * (merge) and re-derives them for comparison (check). The generators call
 * only down: into model.h for what the records say, into emit.h for the
 * files; never into each other. */
#ifndef NGBENCH_REPORT_REPORT_H
#define NGBENCH_REPORT_REPORT_H

#include "model.h"

/* everything, in a fixed order (report.c) */
void emit_all(report_ctx *c);

void emit_tables(report_ctx *c);     /* tables.c: tables/, records.txt, problems.txt */
void emit_pages(report_ctx *c);      /* page.c: pages/<host>/<page>.{md,html}, evidence.sha256 */
void emit_summary(report_ctx *c);    /* summary.c: summary.{md,html} */
void emit_compilers(report_ctx *c);  /* compilers.c: compilers/<primitive>.{md,html} */
void emit_index(report_ctx *c);      /* index.c: index.{md,html} */

/* status.c: the terminal table of `ngbench-report status` into out: one row
 * per target and operation (host, target, status, KAT, checks, op, median
 * cycles, median time, ops/s, preempted) of host (NULL: every host), of the
 * newest attempt in campaign (NULL: the selected attempts); with target
 * ("operation/primitive/impl/compiler") the short form: a line for the
 * target, a line per operation, and where ref (NULL: none) has the same
 * target, the headline as a multiple of ref's ("1.08 x reference"). Returns
 * the number of targets shown. */
size_t report_status(const dataset *d, const char *host, const char *campaign, const char *target,
                     const dataset *ref, buf *out, size_t *failed);
/* what each campaign (of host and campaign, NULL: all) planned and did not
 * finish: per target "running on M since T", "interrupted at T (owner
 * gone)" or "never started", and where it was assigned. Returns how many
 * are unfinished with no live owner (worth a requeue); adds those a live
 * process runs to *running (when not NULL) */
size_t report_completeness(const dataset *d, const char *host, const char *campaign, buf *out, size_t *running);

#endif
