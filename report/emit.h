/* emit.h - the layer between the generators (tables.c, summary.c,
 * compilers.c, index.c, page*.c) and the models below them (doc, table,
 * plots, output): writing a doc, a table or a plot as output files, the cell
 * of a figure, and tables described as column specs. It knows nothing of
 * records: the generators call down into it, it never calls up. */
#ifndef NGBENCH_REPORT_EMIT_H
#define NGBENCH_REPORT_EMIT_H

#include "doc.h"
#include "output.h"
#include "table.h"
#include "schema.h"

/* an en dash: how the seeds write a missing figure */
#define DASH "\xe2\x80\x93"

/* writes d as base.md and base.html and frees it */
void emit_doc(outset *o, const char *base, doc *d);
/* writes t as base.txt, .md, .csv and .json and frees it */
void emit_table(outset *o, const char *base, table *t);
/* writes an SVG plot as rel (relative to the output root), adds it to d
 * (caption; href relative to d) and frees svg */
void emit_plot(outset *o, doc *d, const char *rel, const char *caption, char *svg);

/* a cell with a unit formatter applied to a figure, raw (NULL: the figure
 * with 15 significant digits) as its machine form; DASH when v is absent */
void cell_fig(table *t, char *(*fmt)(char *, double), double v, const char *raw);
/* a text cell; NULL as "" */
void cell_str(table *t, const char *s);

/* A table as a list of columns: each names its title, its CSV/JSON key and
 * how its cell is made from a row (whatever the generator passes as row).
 * kind, field, sel, fmt and arg are the cell function's to use: e.g. a figure
 * straight from a record of kind with key field, formatted by fmt. */
typedef struct colspec colspec;
typedef void (*colfn)(table *t, const void *row, const colspec *col);
struct colspec {
    const char *head;  /* column title for people */
    const char *key;   /* CSV and JSON name (NULL: the title) */
    colfn cell;
    ngk_id kind;      /* a record kind (NGK__NONE: none) */
    ngf_id field;     /* and its field (NGF__NONE: none) */
    const char *sel;  /* the cell function's own selector, not a record field */
    char *(*fmt)(char *, double);
    const void *arg;
};
table *tbl_spec(const colspec *cols, size_t ncols);
/* one row: every column's cell function on row */
void tbl_spec_row(table *t, const colspec *cols, size_t ncols, const void *row);

#endif
