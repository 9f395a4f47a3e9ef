/* table.h - one table model for every output format: the merged tables
 * (text, Markdown, CSV, JSON) and the tables of the pages (Markdown, HTML)
 * are built once and rendered by these functions, so the formats cannot
 * disagree. A cell has a human form (units, for people) and a raw form
 * (plain numbers, for programs). */
#ifndef NGBENCH_REPORT_TABLE_H
#define NGBENCH_REPORT_TABLE_H

#include <stddef.h>

#include "buf.h"

enum cell_mark { MARK_NONE = 0, MARK_BEST, MARK_BAD, MARK_GOOD, MARK_WARN };

typedef struct {
    char *text;  /* human form */
    char *raw;   /* machine form; NULL: the same as text */
    int num;     /* raw is a number (unquoted in JSON, right-aligned in text) */
    char *href;  /* a link (Markdown and HTML) */
    char *title; /* a tooltip (HTML) */
    int mark;    /* enum cell_mark: a class in HTML */
} cell;

typedef struct {
    size_t ncols;
    char **head; /* column titles for people */
    char **keys; /* column names for CSV and JSON */
    cell *cells;
    size_t nrows, cap;
    size_t filled; /* cells in the last row so far */
} table;

/* keys may be NULL: then the titles are used */
table *tbl_new(size_t ncols, const char *const *head, const char *const *keys);
void tbl_free(table *t);
void tbl_row(table *t);
/* adds a cell to the current row: text (human), raw (NULL: = text), num */
void tbl_cell(table *t, const char *text);
void tbl_cellx(table *t, const char *text, const char *raw, int num);
/* on the last cell added */
void tbl_href(table *t, const char *href);
void tbl_title(table *t, const char *title);
void tbl_mark(table *t, int mark);

void tbl_text(const table *t, buf *out); /* aligned columns */
void tbl_md(const table *t, buf *out);
void tbl_csv(const table *t, buf *out);
void tbl_json(const table *t, buf *out); /* an array of objects */
void tbl_html(const table *t, buf *out);

#endif
