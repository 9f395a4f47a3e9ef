/* page.h - the sections of a page (page-*.c) and the helpers they share
 * (page-common.c). page.c assembles a page from the sections; the sections
 * call only down (model, emit, units, plots) and into page-common.c. Each
 * section takes the targets [first, end) of one host that the page covers. */
#ifndef NGBENCH_REPORT_PAGE_H
#define NGBENCH_REPORT_PAGE_H

#include "doc.h"
#include "emit.h"
#include "model.h"

/* the sections, in the order of the NGCC pages */
void sec_basic(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end);       /* 1. page-info.c */
void sec_environment(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end); /* 2. page-env.c */
void sec_kat(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end);         /* 3. page-kat.c */
void sec_performance(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end); /* 4. page-perf.c */
void sec_resources(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end);   /* 5. page-resources.c */
void sec_sizes(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end);       /* 6. page-sizes.c */
void sec_symmetric(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end);   /* page-symmetric.c */
void sec_evidence(report_ctx *c, doc *d, const ds_host *h, size_t first, size_t end);    /* 7. page-evidence.c */

/* ---- page-common.c ---- */

/* the last component of a path */
const char *base_name(const char *p);
/* 1 when the ", "-separated list holds item */
int list_has(const char *list, const char *item);
/* a figure with 15 significant digits (for cell_fig) */
char *plain_fmt(char *out, double v);
/* a status cell: PASS good, NOKAT or "-" a warning, anything else bad */
void status_cell(table *t, const char *s);
/* over targets[first, end): valid attempts superseded, unfinished ones */
void attempt_counts(const ds_host *h, size_t first, size_t end, size_t *older, size_t *unfinished);
/* the line of targets[i] as the pages name it: its compiler id, with the
 * implementation in front when the page has more than one */
void line_name(buf *b, const ds_host *h, size_t first, size_t end, size_t i);
/* the distinct values of key in the kind records of targets[first, end),
 * each with its lines unless every line gave the same (see page-common.c);
 * returns how many distinct values there were */
size_t distinct_values(const ds_host *h, size_t first, size_t end, const char *kind, const char *key,
                       const char *prefix, buf *out);
/* rows of [i, e) (one implementation) that share keys[k]: their compiler
 * lines into lines; keys of the rows merged into row k are freed and NULL */
void merge_lines(const ds_host *h, size_t i, size_t e, char **keys, size_t k, buf *lines);
/* 1 when dir/rel exists */
int exists(const char *dir, const char *rel);

#endif
