/* report.h - the generators of ngbench-report's outputs. Each takes the
 * report context (dataset, output set, reference line) and emits its files
 * through out_emit, so the same code writes the outputs (merge) and
 * re-derives them for comparison (check). */
#ifndef NGBENCH_REPORT_REPORT_H
#define NGBENCH_REPORT_REPORT_H

#include "doc.h"
#include "model.h"

/* everything, in a fixed order */
void emit_all(report_ctx *c);

void emit_tables(report_ctx *c);     /* tables.c: tables/, records.txt, problems.txt */
void emit_pages(report_ctx *c);      /* pages.c: pages/<host>/<primitive>.{md,html}, evidence.sha256 */
void emit_summary(report_ctx *c);    /* summary.c: summary.{md,html} */
void emit_compilers(report_ctx *c);  /* summary.c: compilers/<primitive>.{md,html} */
void emit_index(report_ctx *c);      /* summary.c: index.{md,html} */

/* writes d as base.md and base.html and frees it */
void emit_doc(report_ctx *c, const char *base, doc *d);
/* writes t as base.txt, .md, .csv and .json and frees it */
void emit_table(report_ctx *c, const char *base, table *t);
/* emits an SVG plot as rel and adds it to d (caption; href relative to d) */
void add_plot(report_ctx *c, doc *d, const char *rel, const char *caption, char *svg);

/* a cell or text with a unit formatter applied to a figure; "–" when absent */
void cell_fig(table *t, char *(*fmt)(char *, double), double v, const char *raw);

#endif
